import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import type { RoleListRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { roleQueryOptions } from '../api/get-role.ts';
import { ROLE_LIST_SOURCE } from '../api/role-sources.ts';

type Props = {
  /** The role being edited (not offered as a source). */
  roleId: number;
  disabled?: boolean;
  /** Adds the permissions of the chosen role to the form (saved with 'Speichern'). */
  onCopy: (permissions: readonly number[], sourceName: string) => void;
};

const getRoleId = (row: RoleListRow) => row.id;

/** 'Rechte einer anderen Rolle hinzufügen': the list picker in single mode over the role list. */
export function CopyPermissionsButton({ roleId, disabled, onCopy }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const columns = useMemo<ScrollingListColumn<RoleListRow>[]>(
    () => [
      {
        id: 'name',
        header: t('roles.name'),
        minWidth: 180,
        grow: 2,
        render: (row) => (row.id === roleId ? `${row.name} ${t('roles.thisRole')}` : row.name),
      },
      {
        id: 'permissionCount',
        header: t('roles.permissionCount'),
        minWidth: 80,
        grow: 0.5,
        align: 'right',
        render: (row) => (row.fullAccess ? t('roles.allPermissions') : formatNumber(row.permissionCount)),
      },
    ],
    [t, roleId],
  );

  const choose = async (row: RoleListRow | undefined) => {
    if (!row || row.id === roleId) return;
    setLoading(true);
    try {
      const source = await queryClient.fetchQuery({ ...roleQueryOptions(row.id), staleTime: 0 });
      onCopy(source.permissions, source.name);
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        disabled={disabled || loading}
        onClick={() => setOpen(true)}
      >
        {t('roles.copyPermissions')}
      </Button>
      <PickerDialog<RoleListRow>
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => void choose(rows[0])}
        source={ROLE_LIST_SOURCE}
        columns={columns}
        getRowId={getRoleId}
        orderBy="name"
        value={roleId}
        unavailableReason={(row) => (row.id === roleId ? t('roles.alreadyOpen') : null)}
      />
    </>
  );
}
