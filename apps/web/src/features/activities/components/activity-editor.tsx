import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Activity, createActivitySchema } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime, formatNumber } from '#lib/format.ts';
import { designationsFromText, draftFromActivity, isDraftDirty, rebaseDraft } from '../activity-draft.ts';
import { activityQueryOptions } from '../api/get-activity.ts';
import { useUpdateActivity } from '../api/update-activity.ts';

const nameSchema = createActivitySchema.shape.name;
const descriptionSchema = createActivitySchema.shape.description.unwrap().unwrap();

export type EditorStatus = { dirty: boolean; valid: boolean; saving: boolean };

type Props = {
  activity: Activity;
  readOnly: boolean;
  /** The page's toolbar 'Speichern' calls this. */
  saveRef: RefObject<(() => void) | null>;
  onStatusChange: (status: EditorStatus) => void;
};

/** The edit panel of one activity: name, description, designations; 409 keeps what was typed. */
export function ActivityEditor({ activity, readOnly, saveRef, onStatusChange }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const update = useUpdateActivity(activity.id);

  /** The server state the form is based on (its version goes with the next save), the draft, the conflict. */
  const record = useVersionedDraft({
    record: activity,
    draftOf: draftFromActivity,
    fetchLatest: () => queryClient.fetchQuery({ ...activityQueryOptions(activity.id), staleTime: 0 }),
    rebaseWith: rebaseDraft,
    isDirty: isDraftDirty,
  });
  const { base, draft, setDraft, dirty, conflict, reloading } = record;
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const alertRef = useRef<HTMLDivElement>(null);

  // A newer version from outside the form (moved, made a role) is taken over; typed fields are kept.
  // A shown conflict is settled by it (as by 'Neu laden'); a running save is left alone (its callbacks stay).
  const { rebaseOn } = record;
  const { reset: resetUpdate, isError: updateFailed } = update;
  useEffect(() => {
    if (activity.version > base.version) {
      rebaseOn(activity);
      if (updateFailed) resetUpdate();
    }
  }, [activity, base.version, rebaseOn, resetUpdate, updateFailed]);

  const nameCheck = nameSchema.safeParse(draft.name);
  const descriptionCheck = descriptionSchema.safeParse(draft.description);
  const nameError = nameCheck.success ? serverErrors.name : nameCheck.error.issues[0]?.message;
  const descriptionError = descriptionCheck.success
    ? serverErrors.description
    : descriptionCheck.error.issues[0]?.message;
  const valid = nameCheck.success && descriptionCheck.success;

  const save = () => {
    if (readOnly || !valid || !dirty || update.isPending) return;
    dismissNotification();
    setServerErrors({});
    update.mutate(
      {
        version: base.version,
        name: nameCheck.data,
        description: descriptionCheck.data,
        designations: designationsFromText(draft.designations),
      },
      {
        onSuccess: (saved) => {
          record.saved(saved);
          notify(t('activities.saved'));
        },
        onError: (error) => {
          // The form keeps everything typed; 'Neu laden' moves the edits onto the newer version.
          record.saveFailed(error);
          setServerErrors(fieldErrors(error));
        },
      },
    );
  };
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    onStatusChange({ dirty, valid, saving: update.isPending });
  }, [dirty, valid, update.isPending, onStatusChange]);

  const failedAt = update.isError ? update.submittedAt : 0;
  useEffect(() => {
    if (failedAt) alertRef.current?.focus();
  }, [failedAt]);

  const reloadLatest = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const saveError = update.error && !conflict ? errorMessage(update.error, t) : null;
  const pathText = base.path.length > 0 ? base.path.map((p) => p.name).join(' › ') : t('activities.topLevel');

  return (
    <Stack spacing={2} data-testid="activity-editor" data-activity-id={base.id}>
      {conflict ? (
        <ConflictAlert
          ref={alertRef}
          announce
          message={t('apiErrors.CONFLICT')}
          reloading={reloading}
          onReload={reloadLatest}
        />
      ) : null}
      {saveError ? (
        <Alert ref={alertRef} tabIndex={-1} severity="error" role="alert" data-testid="save-error">
          {saveError}
        </Alert>
      ) : null}
      <Box>
        <Typography variant="h6" component="h2" data-testid="activity-heading">
          {base.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('activities.path')}: {pathText}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {base.isSystem ? <Chip size="small" label={t('activities.system')} /> : null}
          {base.isRoleBase ? <Chip size="small" color="primary" label={t('activities.roleBase')} /> : null}
          {base.isRole ? <Chip size="small" color="secondary" label={t('activities.role')} /> : null}
          <Chip
            size="small"
            variant="outlined"
            label={t('activities.employeeCount', {
              count: base.employeeCount,
              formatted: formatNumber(base.employeeCount),
            })}
          />
          <Chip
            size="small"
            variant="outlined"
            label={t('activities.childCount', { count: base.childCount })}
          />
        </Stack>
      </Box>
      {base.isSystem ? <Alert severity="info">{t('activities.systemHint')}</Alert> : null}
      {base.isRoleBase ? <Alert severity="info">{t('activities.roleBaseHint')}</Alert> : null}
      {base.isRole ? <Alert severity="info">{t('activities.roleHint')}</Alert> : null}
      <TextField
        label={t('activities.name')}
        value={draft.name}
        onChange={(event) => {
          setDraft((d) => ({ ...d, name: event.target.value }));
          setServerErrors(({ name: _, ...rest }) => rest);
        }}
        error={Boolean(nameError)}
        helperText={nameError ?? ' '}
        slotProps={{ input: { readOnly } }}
      />
      <TextField
        label={t('activities.description')}
        value={draft.description}
        onChange={(event) => setDraft((d) => ({ ...d, description: event.target.value }))}
        error={Boolean(descriptionError)}
        helperText={descriptionError ?? ' '}
        multiline
        minRows={2}
        slotProps={{ input: { readOnly } }}
      />
      <TextField
        label={t('activities.designations')}
        value={draft.designations}
        onChange={(event) => {
          setDraft((d) => ({ ...d, designations: event.target.value }));
          setServerErrors(({ designations: _, ...rest }) => rest);
        }}
        error={Boolean(serverErrors.designations)}
        helperText={serverErrors.designations ?? t('activities.designationsHelp')}
        multiline
        minRows={3}
        slotProps={{ input: { readOnly } }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('activities.updatedAt', { date: formatDateTime(base.updatedAt) })}
      </Typography>
    </Stack>
  );
}
