import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RoleMemberRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { EmployeePickerDialog } from '#features/employees/components/employee-picker-dialog.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useAddRoleMembers } from '../api/add-role-members.ts';
import { useRemoveRoleMember } from '../api/remove-role-member.ts';
import { roleMembersSource } from '../api/role-sources.ts';

type Props = { roleId: number; onMembersChanged?: () => void };

/** The employees holding the role: list with a remove button per row, 'Mitarbeiter zuweisen' via the picker. */
export function RoleMembers({ roleId, onMembersChanged }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const add = useAddRoleMembers(roleId);
  const remove = useRemoveRoleMember(roleId);
  const { mutate: removeMember, isPending: removing } = remove;

  const changed = useCallback(() => {
    setReloadKey((k) => k + 1);
    onMembersChanged?.();
  }, [onMembersChanged]);

  const columns = useMemo<ScrollingListColumn<RoleMemberRow>[]>(
    () => [
      { id: 'lastName', header: t('employees.lastName'), render: (row) => row.lastName },
      { id: 'firstName', header: t('employees.firstName'), render: (row) => row.firstName },
      {
        id: 'personnelNumber',
        header: t('employees.personnelNumber'),
        minWidth: 100,
        grow: 0.6,
        render: (row) => row.personnelNumber,
      },
      { id: 'departmentName', header: t('employees.department'), render: (row) => row.departmentName ?? '' },
      {
        id: 'actions',
        header: '',
        headerLabel: t('roles.removeMember'),
        minWidth: 64,
        grow: 0,
        align: 'right',
        render: (row) => (
          <Tooltip title={t('roles.removeMember')} describeChild>
            <span>
              <IconButton
                size="small"
                aria-label={`${t('roles.removeMember')}: ${row.lastName}, ${row.firstName}`}
                disabled={removing}
                onClick={(event) => {
                  event.stopPropagation();
                  removeMember(row.id, {
                    onSuccess: () => {
                      notify(t('roles.memberRemoved'));
                      changed();
                    },
                  });
                }}
              >
                <PersonRemoveIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ),
      },
    ],
    [t, removing, removeMember, notify, changed],
  );

  const error = add.error ?? remove.error;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
          {t('roles.members')}
          {count !== null ? (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="member-count">
              ({formatNumber(count)})
            </Typography>
          ) : null}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<PersonAddIcon />}
          onClick={() => setPickerOpen(true)}
          disabled={add.isPending}
        >
          {t('roles.assignMembers')}
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" role="alert">
          {errorMessage(error, t)}
        </Alert>
      ) : null}
      <ScrollingList<RoleMemberRow>
        source={roleMembersSource(roleId)}
        label={t('roles.members')}
        columns={columns}
        orderBy="lastName"
        reloadKey={reloadKey}
        onTotalChange={setCount}
        sx={{ minHeight: 300 }}
      />
      <EmployeePickerDialog
        open={pickerOpen}
        multiple
        onClose={() => setPickerOpen(false)}
        onSelect={(rows) => {
          if (rows.length === 0) return;
          add.mutate(
            rows.map((row) => row.id),
            {
              onSuccess: () => {
                notify(t('roles.membersAdded', { count: rows.length }));
                changed();
              },
            },
          );
        }}
      />
    </Box>
  );
}
