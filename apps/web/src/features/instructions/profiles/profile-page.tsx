import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_SOURCE_LABELS, type Profile } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteProfile } from './api/delete-profile.ts';
import { profileQueryOptions, useProfile } from './api/get-profile.ts';
import { useMatrixTopics } from './api/matrix-topics.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { SourcePicker } from './components/source-picker.tsx';
import { isProfileDraftDirty, profileDraftOf, profileUpdateOf, withSource } from './profile-draft.ts';

/** /instructions/profiles/:id — one profile: label, topics and what it is assigned to. */
export function ProfilePage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useProfile(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('instructionProfiles.editTitle')}
      back="/instructions/profiles"
      notFoundHint={t('instructionProfiles.notFound')}
      backLabel={t('instructionProfiles.backToList')}
    >
      {(profile, key) => <ProfileEditor key={key} profile={profile} />}
    </RecordPageLoader>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const canEdit = canAny([P.TOPICS_PROFILES]);
  const update = useUpdateProfile(profile.id);
  const remove = useDeleteProfile(profile.id);
  const topics = useMatrixTopics();
  const record = useVersionedDraft({
    record: profile,
    draftOf: profileDraftOf,
    isDirty: isProfileDraftDirty,
    fetchLatest: () => queryClient.fetchQuery({ ...profileQueryOptions(profile.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useRef(false);
  const errors = fieldErrors(update.error);

  const save = () => {
    if (update.isPending) return;
    const callbacks = record.onSave();
    update.mutate(profileUpdateOf(draft, base.version), {
      onSuccess: (result) => {
        callbacks.onSuccess(result.profile);
        notify(t('instructionProfiles.saved', result.assignments));
      },
      onError: callbacks.onError,
    });
  };
  useToolbar({
    title: t('instructionProfiles.editTitle'),
    back: '/instructions/profiles',
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);
  const saveError =
    update.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(update.error, t) : null;
  // Inactive topics still in the profile stay choosable (they are not given to anyone while inactive).
  const topicOptions = [
    ...(topics.data ?? []),
    ...draft.topics.filter((x) => !topics.data?.some((o) => o.id === x.id)),
  ];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {conflict && (
        <ConflictAlert
          message={t('instructionProfiles.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            update.reset();
          }}
          reloading={record.reloading}
          announce
        />
      )}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('instructionProfiles.masterData')}
          </Typography>
          <Chip
            data-testid="profile-employee-count"
            label={t('instructionProfiles.employeeCount', {
              count: base.employeeCount,
              n: formatNumber(base.employeeCount),
            })}
          />
          {canEdit && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleteOpen(true)}>
              {t('instructionProfiles.delete')}
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}>
          <TextField
            required
            label={t('instructionProfiles.label')}
            value={draft.label}
            onChange={(e) => set({ label: e.target.value })}
            disabled={!canEdit}
            error={Boolean(errors.label)}
            helperText={errors.label}
          />
          <TextField
            label={t('instructionProfiles.description')}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            disabled={!canEdit}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
        </Box>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('instructionProfiles.topics')}
        </Typography>
        <Autocomplete
          multiple
          options={topicOptions}
          value={draft.topics}
          onChange={(_, next) => set({ topics: next })}
          getOptionLabel={(o) => `${o.identifier} ${o.label}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          disabled={!canEdit}
          loading={topics.isLoading}
          noOptionsText={t('instructionProfiles.noMatches')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('instructionProfiles.chooseTopics')}
              error={Boolean(errors.topicIds)}
              helperText={errors.topicIds}
            />
          )}
        />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('instructionProfiles.sources')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('instructionProfiles.sourcesHint')}
        </Typography>
        <Box
          component="ul"
          aria-label={t('instructionProfiles.sources')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
        >
          {draft.sources.length === 0 ? (
            <Typography component="li" color="text.secondary">
              {t('instructionProfiles.noSources')}
            </Typography>
          ) : (
            draft.sources.map((s) => (
              <li key={`${s.kind}:${s.id}`}>
                <Chip
                  label={`${PROFILE_SOURCE_LABELS[s.kind]}: ${s.name}`}
                  onDelete={
                    canEdit
                      ? () =>
                          set({ sources: draft.sources.filter((x) => x.kind !== s.kind || x.id !== s.id) })
                      : undefined
                  }
                />
              </li>
            ))
          )}
        </Box>
        {errors.sources ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errors.sources}
          </Alert>
        ) : null}
        {canEdit ? (
          <SourcePicker onAdd={(choice) => set({ sources: withSource(draft.sources, choice) })} />
        ) : null}
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={draft.includeSubUnits}
              onChange={(e) => set({ includeSubUnits: e.target.checked })}
              disabled={!canEdit}
            />
          }
          label={t('instructionProfiles.includeSubUnits')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('instructionProfiles.includeSubUnitsHint')}
        </Typography>
      </Paper>
      <ConfirmDialog
        open={deleteOpen}
        title={t('instructionProfiles.deleteTitle')}
        text={t('instructionProfiles.deleteText', { name: base.label })}
        confirmLabel={t('instructionProfiles.delete')}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDeleteOpen(false);
              notify(t('instructionProfiles.deleted'));
              void navigate('/instructions/profiles');
            },
          })
        }
        onClose={() => {
          setDeleteOpen(false);
          remove.reset();
        }}
        error={remove.error}
        pending={remove.isPending}
      />
      {unsavedDialog}
    </Stack>
  );
}
