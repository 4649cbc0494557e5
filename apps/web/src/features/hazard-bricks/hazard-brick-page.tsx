import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HazardBrick } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteHazardBrick } from './api/delete-hazard-brick.ts';
import { hazardBrickQueryOptions, useHazardBrick } from './api/get-hazard-brick.ts';
import { useUpdateHazardBrick } from './api/update-hazard-brick.ts';

export function HazardBrickPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useHazardBrick(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('hazardBricks.editTitle')}
      back="/hazardbricks/list"
      notFoundHint={t('hazardBricks.notFound')}
      backLabel={t('hazardBricks.backToList')}
    >
      {(brick, key) => <HazardBrickEditor key={key} brick={brick} />}
    </RecordPageLoader>
  );
}

type Pair = { a: string; b: string };
export type Draft = {
  identifier: string;
  title: string;
  riskFrom: string;
  riskTo: string;
  free: boolean;
  description: string;
  actions: Pair[];
  guidelines: Pair[];
  verificationCodes: Pair[];
};

function draftOf(b: HazardBrick): Draft {
  return {
    identifier: b.identifier,
    title: b.title,
    riskFrom: String(b.riskFrom),
    riskTo: String(b.riskTo),
    free: b.free,
    description: b.description,
    actions: b.actions.map((x) => ({ a: x.identifier, b: x.description })),
    guidelines: b.guidelines.map((x) => ({ a: x.title, b: x.description })),
    verificationCodes: b.verificationCodes.map((x) => ({ a: x.code, b: x.description })),
  };
}

function HazardBrickEditor({ brick }: { brick: HazardBrick }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateHazardBrick(brick.id);
  const remove = useDeleteHazardBrick(brick.id);
  const record = useVersionedDraft({
    record: brick,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...hazardBrickQueryOptions(brick.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useRef(false);

  const canEdit = canAny([P.HAZARDBRICKS_EDIT]);
  const canActions = canAny([P.HAZARDBRICKS_ACTIONS]);
  const canCodes = canAny([P.HAZARDBRICKS_VERIFICATION_CODES]);
  const errors = fieldErrors(update.error);

  const save = () => {
    if (update.isPending) return;
    dismissNotification();
    update.mutate(
      {
        version: base.version,
        identifier: draft.identifier,
        title: draft.title,
        riskFrom: Number(draft.riskFrom),
        riskTo: Number(draft.riskTo),
        free: draft.free,
        description: draft.description,
        actions: draft.actions.map((x) => ({ identifier: x.a, description: x.b })),
        guidelines: draft.guidelines.map((x) => ({ title: x.a, description: x.b })),
        verificationCodes: draft.verificationCodes.map((x) => ({ code: x.a, description: x.b })),
      },
      record.onSave(() => notify(t('hazardBricks.saved'))),
    );
  };

  const reloadLatest = async () => {
    await record.reloadLatest();
    update.reset();
  };

  useToolbar({
    title: t('hazardBricks.editTitle'),
    back: '/hazardbricks/list',
    onSave: canEdit || canActions || canCodes ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);
  const saveError =
    update.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(update.error, t) : null;

  const list = (
    key: 'actions' | 'guidelines' | 'verificationCodes',
    heading: string,
    labels: [string, string],
    addLabel: string,
    enabled: boolean,
  ) => (
    <Paper sx={{ p: 2 }} data-testid={`hazard-brick-${key}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {heading}
        </Typography>
        {enabled && (
          <Button startIcon={<AddIcon />} onClick={() => set({ [key]: [...draft[key], { a: '', b: '' }] })}>
            {addLabel}
          </Button>
        )}
      </Stack>
      {draft[key].length === 0 && (
        <Typography color="text.secondary">{t('hazardBricks.noEntries')}</Typography>
      )}
      <Stack spacing={1.5}>
        {draft[key].map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={labels[0]}
              value={row.a}
              onChange={(e) =>
                set({ [key]: draft[key].map((r, j) => (j === i ? { ...r, a: e.target.value } : r)) })
              }
              error={Boolean(
                errors[`${key}.${i}.identifier`] ?? errors[`${key}.${i}.title`] ?? errors[`${key}.${i}.code`],
              )}
              helperText={
                errors[`${key}.${i}.identifier`] ?? errors[`${key}.${i}.title`] ?? errors[`${key}.${i}.code`]
              }
              disabled={!enabled}
              sx={{ width: key === 'guidelines' ? 280 : 140 }}
            />
            <TextField
              size="small"
              multiline
              label={labels[1]}
              value={row.b}
              onChange={(e) =>
                set({ [key]: draft[key].map((r, j) => (j === i ? { ...r, b: e.target.value } : r)) })
              }
              error={Boolean(errors[`${key}.${i}.description`])}
              helperText={errors[`${key}.${i}.description`]}
              disabled={!enabled}
              sx={{ flex: 1 }}
            />
            {enabled && (
              <IconButton
                aria-label={t('hazardBricks.remove')}
                onClick={() => set({ [key]: draft[key].filter((_, j) => j !== i) })}
              >
                <ClearIcon />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {conflict && <ConflictAlert message={t('hazardBricks.conflict')} onReload={reloadLatest} />}
      {saveError && <Alert severity="error">{saveError}</Alert>}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('hazardBricks.masterData')}
          </Typography>
          {canAny([P.HAZARDBRICKS_DELETE]) && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleteOpen(true)}>
              {t('hazardBricks.delete')}
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 3fr' }, gap: 2 }}>
          <TextField
            required
            label={t('hazardBricks.identifier')}
            value={draft.identifier}
            onChange={(e) => set({ identifier: e.target.value })}
            error={Boolean(errors.identifier)}
            helperText={errors.identifier}
            disabled={!canEdit}
          />
          <TextField
            required
            label={t('hazardBricks.title')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            error={Boolean(errors.title)}
            helperText={errors.title}
            disabled={!canEdit}
          />
          <TextField
            type="number"
            label={t('hazardBricks.riskFrom')}
            value={draft.riskFrom}
            onChange={(e) => set({ riskFrom: e.target.value })}
            error={Boolean(errors.riskFrom)}
            helperText={errors.riskFrom ?? t('hazardBricks.riskHint')}
            slotProps={{ htmlInput: { min: 1, max: 7 } }}
            disabled={!canEdit}
          />
          <TextField
            type="number"
            label={t('hazardBricks.riskTo')}
            value={draft.riskTo}
            onChange={(e) => set({ riskTo: e.target.value })}
            error={Boolean(errors.riskTo)}
            helperText={errors.riskTo ?? t('hazardBricks.riskHint')}
            slotProps={{ htmlInput: { min: 1, max: 7 } }}
            disabled={!canEdit}
          />
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={draft.free}
              onChange={(e) => set({ free: e.target.checked })}
              disabled={!canEdit}
            />
          }
          label={t('hazardBricks.free')}
        />
        <TextField
          label={t('hazardBricks.description')}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description}
          disabled={!canEdit}
          multiline
          minRows={2}
          fullWidth
          margin="normal"
        />
      </Paper>
      {list(
        'actions',
        t('hazardBricks.actions'),
        [t('hazardBricks.actionIdentifier'), t('hazardBricks.actionDescription')],
        t('hazardBricks.addAction'),
        canActions,
      )}
      {list(
        'guidelines',
        t('hazardBricks.guidelines'),
        [t('hazardBricks.guidelineTitle'), t('hazardBricks.guidelineDescription')],
        t('hazardBricks.addGuideline'),
        canActions,
      )}
      {list(
        'verificationCodes',
        t('hazardBricks.codes'),
        [t('hazardBricks.code'), t('hazardBricks.codeDescription')],
        t('hazardBricks.addCode'),
        canCodes,
      )}
      <ConfirmDialog
        open={deleteOpen}
        title={t('hazardBricks.deleteTitle')}
        text={t('hazardBricks.deleteText', { name: `${base.identifier} ${base.title}` })}
        confirmLabel={t('hazardBricks.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDeleteOpen(false);
              notify(t('hazardBricks.deleted'));
              void navigate('/hazardbricks/list', { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );
}
