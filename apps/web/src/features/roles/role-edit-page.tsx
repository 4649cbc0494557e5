import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { P, permissionList, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { createRoleSchema, type Role } from '@schutzwerk/shared/roles/role.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteRole } from './api/delete-role.ts';
import { roleQueryOptions, useRole } from './api/get-role.ts';
import { useIsRoleMember } from './api/get-role-membership.ts';
import { useUpdateRole } from './api/update-role.ts';
import { CopyPermissionsButton } from './components/copy-permissions-button.tsx';
import { RoleMembers } from './components/role-members.tsx';
import { RolePermissionsEditor } from './components/role-permissions-editor.tsx';
import { draftFromRole, isDraftDirty, rebaseDraft } from './role-draft.ts';

const nameSchema = createRoleSchema.shape.name;
const descriptionSchema = createRoleSchema.shape.description.unwrap().unwrap();

export function RoleEditPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useRole(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('roles.editTitle')}
      back="/role/list"
      notFoundHint={t('roles.notFound')}
      backLabel={t('roles.backToList')}
    >
      {(role, key) => <RoleEditor key={key} role={role} />}
    </RecordPageLoader>
  );
}

/** Why a permission change needs confirming before it goes into the form. */
type PendingRemoval = { permissions: number[]; kind: 'superuser' | 'rolesManage' };

function RoleEditor({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const update = useUpdateRole(role.id);
  const remove = useDeleteRole(role.id);

  /** The server state the form is based on (its version goes with the next save), the draft, the conflict. */
  const record = useVersionedDraft({
    record: role,
    draftOf: draftFromRole,
    fetchLatest: () => queryClient.fetchQuery({ ...roleQueryOptions(role.id), staleTime: 0 }),
    rebaseWith: rebaseDraft,
    isDirty: isDraftDirty,
  });
  const { base, draft, setDraft, dirty, conflict, reloading } = record;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [touched, setTouched] = useState({ name: false, description: false });
  /** Field messages of the last refused save (e.g. 'Name bereits vergeben'); cleared when the field changes. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pendingRemoval, setPendingRemoval] = useState<PendingRemoval | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const selfMember = useIsRoleMember(role.id, user.employee).data === true;

  const nameCheck = nameSchema.safeParse(draft.name);
  const descriptionCheck = descriptionSchema.safeParse(draft.description);
  const nameError = nameCheck.success ? serverErrors.name : nameCheck.error.issues[0]?.message;
  const descriptionError = descriptionCheck.success
    ? serverErrors.description
    : descriptionCheck.error.issues[0]?.message;
  const formValid = nameCheck.success && descriptionCheck.success;

  const save = () => {
    setTouched({ name: true, description: true });
    if (!formValid || update.isPending) return;
    // A 'gespeichert' of the previous save must not stand next to this one's outcome.
    dismissNotification();
    setServerErrors({});
    update.mutate(
      {
        version: base.version,
        name: nameCheck.data,
        description: descriptionCheck.data,
        permissions: [...draft.permissions],
      },
      {
        onSuccess: (saved) => {
          record.saved(saved);
          notify(t('roles.saved'));
        },
        onError: (error) => {
          // The form keeps everything the user typed; 'Neu laden' moves the edits onto the newer version.
          record.saveFailed(error);
          setServerErrors(fieldErrors(error));
          setTouched({ name: true, description: true });
        },
      },
    );
  };

  const reloadLatest = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  // Member changes leave the role's version alone, but refresh its member count.
  const { adopt } = record;
  const onMembersChanged = useCallback(() => {
    void queryClient
      .fetchQuery({ ...roleQueryOptions(role.id), staleTime: 0 })
      .then((fresh) => {
        if (fresh.version === base.version) adopt(fresh);
      })
      .catch(() => undefined);
  }, [queryClient, role.id, base.version, adopt]);

  useToolbar({
    title: t('roles.editTitle'),
    back: '/role/list',
    onSave: save,
    saveDisabled: !dirty || update.isPending || !formValid,
  });

  // Unsaved changes: ask before leaving inside the app, warn the browser before unloading.
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const confirmDelete = () => {
    remove.mutate(base.version, {
      onSuccess: () => {
        leaving.current = true;
        setDeleteOpen(false);
        notify(t('roles.deleted'));
        void navigate('/role/list', { replace: true });
      },
    });
  };

  const saveError = update.error && !conflict ? errorMessage(update.error, t) : null;
  const totalPermissions = permissionList.length;
  const fullAccess = draft.permissions.includes(SUPERUSER_ID);

  // A refused save is announced where the user is: the alert at the top is scrolled into view and focused
  // (the toolbar's 'Speichern' is usually pressed far down in the permissions).
  const failedSave = update.isError ? update.submittedAt : 0;
  useEffect(() => {
    if (!failedSave) return;
    const alert = errorRef.current;
    if (!alert) return;
    alert.scrollIntoView({ block: 'nearest' });
    alert.focus({ preventScroll: true });
  }, [failedSave]);

  const changePermissions = (next: number[]) => {
    const removed = (id: number) => draft.permissions.includes(id) && !next.includes(id);
    if (removed(SUPERUSER_ID)) {
      setPendingRemoval({ permissions: next, kind: 'superuser' });
      return;
    }
    // Taking 'Rollen verwalten' from a role the user holds may lock the user out of this very page.
    if (removed(P.ROLES_MANAGE) && selfMember && !next.includes(SUPERUSER_ID)) {
      setPendingRemoval({ permissions: next, kind: 'rolesManage' });
      return;
    }
    setDraft((d) => ({ ...d, permissions: next }));
  };

  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflict ? (
        <ConflictAlert
          ref={errorRef}
          announce
          message={update.error ? errorMessage(update.error, t) : ''}
          reloading={reloading}
          onReload={reloadLatest}
        />
      ) : null}
      {saveError ? (
        <Alert ref={errorRef} tabIndex={-1} severity="error" role="alert" data-testid="save-error">
          {saveError}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography
            variant="h2"
            component="h2"
            sx={{ flex: 1, fontSize: '1.3rem' }}
            data-testid="role-heading"
          >
            {base.name}
          </Typography>
          {dirty ? <Chip size="small" color="warning" label={t('unsaved.chip')} /> : null}
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => {
              remove.reset();
              setDeleteOpen(true);
            }}
          >
            {t('roles.delete')}
          </Button>
        </Box>
        <Stack spacing={2}>
          <TextField
            label={t('roles.name')}
            value={draft.name}
            onChange={(event) => {
              setDraft((d) => ({ ...d, name: event.target.value }));
              setServerErrors(({ name: _, ...rest }) => rest);
            }}
            onBlur={() => setTouched((s) => ({ ...s, name: true }))}
            error={touched.name && Boolean(nameError)}
            helperText={touched.name ? nameError : undefined}
            slotProps={{ htmlInput: { maxLength: 100, 'aria-required': true } }}
          />
          <TextField
            label={t('roles.description')}
            value={draft.description}
            onChange={(event) => {
              setDraft((d) => ({ ...d, description: event.target.value }));
              setServerErrors(({ description: _, ...rest }) => rest);
            }}
            onBlur={() => setTouched((s) => ({ ...s, description: true }))}
            error={touched.description && Boolean(descriptionError)}
            helperText={touched.description ? descriptionError : undefined}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('roles.versionInfo', { version: base.version, updatedAt: formatDateTime(base.updatedAt) })}
          </Typography>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
            {t('roles.permissions')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="permission-summary">
            {fullAccess
              ? t('roles.fullAccessSummary')
              : t('roles.permissionsSummary', {
                  selected: draft.permissions.length,
                  total: totalPermissions,
                })}
          </Typography>
          <CopyPermissionsButton
            roleId={base.id}
            disabled={update.isPending}
            onCopy={(permissions, sourceName) => {
              const added = permissions.filter((id) => !draft.permissions.includes(id)).length;
              setDraft((d) => ({
                ...d,
                permissions: [...new Set([...d.permissions, ...permissions])].sort((a, b) => a - b),
              }));
              notify(t('roles.permissionsCopied', { count: added, name: sourceName }), 'info');
            }}
          />
        </Box>
        <RolePermissionsEditor
          value={draft.permissions}
          onChange={changePermissions}
          disabled={update.isPending}
        />
      </Paper>

      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 3 }, height: 520, display: 'flex', flexDirection: 'column' }}
      >
        <RoleMembers roleId={base.id} roleName={base.name} onMembersChanged={onMembersChanged} />
      </Paper>

      <ConfirmDialog
        open={deleteOpen}
        title={t('roles.deleteTitle')}
        text={t('roles.deleteConfirm', { name: base.name })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
        error={remove.error}
        pending={remove.isPending}
      />

      <Dialog
        open={pendingRemoval !== null}
        onClose={() => setPendingRemoval(null)}
        maxWidth="sm"
        aria-labelledby="confirm-removal-title"
      >
        <DialogTitle id="confirm-removal-title">
          {pendingRemoval?.kind === 'rolesManage'
            ? t('roles.confirmRolesManageTitle')
            : t('roles.confirmSuperuserTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            {pendingRemoval?.kind === 'rolesManage' ? (
              <DialogContentText>{t('roles.confirmRolesManageText')}</DialogContentText>
            ) : (
              <>
                <DialogContentText>{t('roles.confirmSuperuserText')}</DialogContentText>
                {selfMember ? <DialogContentText>{t('roles.confirmSuperuserSelf')}</DialogContentText> : null}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setPendingRemoval(null)} autoFocus>
            {t('roles.keepPermission')}
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              const next = pendingRemoval?.permissions;
              setPendingRemoval(null);
              if (next) setDraft((d) => ({ ...d, permissions: next }));
            }}
          >
            {t('roles.confirmRemovePermission')}
          </Button>
        </DialogActions>
      </Dialog>

      {unsavedDialog}
    </Box>
  );
}
