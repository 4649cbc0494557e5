import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { RoleMemberRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { formatEmployeeName } from '#lib/session/session.tsx';
import { useAddRoleMembers } from '../api/add-role-members.ts';
import { useRemoveRoleMember } from '../api/remove-role-member.ts';
import { roleMembersSource } from '../api/role-sources.ts';

type Props = { roleId: number; roleName: string; onMembersChanged?: () => void };

/**
 * The employees holding the role: list with a remove button per row (asks first), 'Mitarbeiter zuweisen'
 * via the picker (the toast names how many were really added).
 */
export function RoleMembers({ roleId, roleName, onMembersChanged }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [pickerOpen, setPickerOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [removing, setRemoving] = useState<RoleMemberRow | null>(null);
  const add = useAddRoleMembers(roleId);
  const remove = useRemoveRoleMember(roleId);
  const { reset: resetRemove } = remove;

  const changed = useCallback(() => {
    setReloadKey((k) => k + 1);
    onMembersChanged?.();
  }, [onMembersChanged]);

  const askRemove = useCallback(
    (row: RoleMemberRow) => {
      resetRemove();
      setRemoving(row);
    },
    [resetRemove],
  );

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
        compact: 'trailing',
        render: (row, _index, cell) => (
          <Tooltip title={t('roles.removeMember')} describeChild>
            <IconButton
              size="small"
              tabIndex={cell.tabbable ? 0 : -1}
              aria-label={`${t('roles.removeMember')}: ${row.lastName}, ${row.firstName}`}
              onClick={(event) => {
                event.stopPropagation();
                askRemove(row);
              }}
            >
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, askRemove],
  );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        notify(t('roles.memberRemoved'));
        changed();
      },
    });
  };

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
          onClick={() => {
            add.reset();
            setPickerOpen(true);
          }}
          disabled={add.isPending}
        >
          {t('roles.assignMembers')}
        </Button>
      </Box>
      {add.error ? (
        <Alert severity="error" role="alert">
          {errorMessage(add.error, t)}
        </Alert>
      ) : null}
      <ScrollingList<RoleMemberRow>
        source={roleMembersSource(roleId)}
        label={t('roles.members')}
        columns={columns}
        orderBy="lastName"
        reloadKey={reloadKey}
        onTotalChange={setCount}
        compact={phone}
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
              onSuccess: (added) => {
                if (added === 0) notify(t('roles.membersNoneAdded'), 'info');
                else notify(t('roles.membersAdded', { count: added }));
                if (added > 0) changed();
              },
            },
          );
        }}
      />
      <Dialog
        open={removing !== null}
        onClose={() => !remove.isPending && setRemoving(null)}
        maxWidth="sm"
        aria-labelledby="remove-member-title"
      >
        <DialogTitle id="remove-member-title">{t('roles.removeMemberTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('roles.removeMemberConfirm', {
                name: removing ? formatEmployeeName(removing) : '',
                role: roleName,
              })}
            </DialogContentText>
            {remove.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(remove.error, t)}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setRemoving(null)} disabled={remove.isPending} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={confirmRemove} disabled={remove.isPending}>
            {t('roles.removeMemberSubmit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
