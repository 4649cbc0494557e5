import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_NOHL_CRITERIA,
  NOHL_PROBABILITIES,
  NOHL_SCORE_MAX,
  NOHL_SCORE_MIN,
  NOHL_SEVERITIES,
  type NohlCriteria,
  type NohlRating,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { NohlCriteriaAnswer } from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NohlMatrixGrid } from '#components/nohl-matrix/nohl-matrix-grid.tsx';
import { nohlCriteriaQueryOptions, useNohlCriteria } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { sameDraftValue } from '#lib/draft-rebase.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useUpdateNohlCriteria } from './api/update-nohl-criteria.ts';
import { CriteriaHistory } from './components/criteria-history.tsx';
import { CRITERIA_REBASE, checkDraft, draftOf, withCell } from './criteria-draft.ts';

const draftOfAnswer = (answer: NohlCriteriaAnswer) => draftOf(answer.criteria);

const SCORES = Array.from({ length: NOHL_SCORE_MAX - NOHL_SCORE_MIN + 1 }, (_, i) => NOHL_SCORE_MIN + i);

/** `/hazardanalysis/status`: the classification criteria (HAZARDANALYSISSTATUS_EDIT edits, _LOG sees the history). */
export function NohlCriteriaPage() {
  const { t } = useTranslation();
  const query = useNohlCriteria();
  const { canAny } = usePermissions();
  const canLog = canAny([P.HAZARDANALYSISSTATUS_LOG]);
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <ToolbarTitle />
        <CircularProgress aria-label={t('nohlCriteria.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error">
        <ToolbarTitle />
        {errorMessage(query.error, t)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <CriteriaEditor initial={query.data} canEdit={canAny([P.HAZARDANALYSISSTATUS_EDIT])} />
      {canLog && <CriteriaHistory />}
    </Stack>
  );
}

/** The page title while the criteria load (the editor sets title and save button itself). */
function ToolbarTitle() {
  const { t } = useTranslation();
  useToolbar({ title: t('nohlCriteria.title') });
  return null;
}

function CriteriaEditor({ initial, canEdit }: { initial: NohlCriteriaAnswer; canEdit: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const update = useUpdateNohlCriteria();
  const record = useVersionedDraft({
    record: initial,
    draftOf: draftOfAnswer,
    fetchLatest: () => queryClient.fetchQuery({ ...nohlCriteriaQueryOptions(), staleTime: 0 }),
    rebase: CRITERIA_REBASE,
  });
  const { base, draft, setDraft, dirty, conflict } = record;
  const [selected, setSelected] = useState<NohlRating | null>(null);
  const checked = checkDraft(draft);
  const errors: Record<string, string> = checked.ok ? {} : checked.errors;
  const serverErrors = Object.fromEntries(
    Object.entries(fieldErrors(update.error)).map(([k, v]) => [k.replace(/^criteria\./, ''), v]),
  );
  const errorOf = (field: string) => errors[field] ?? serverErrors[field];
  // The preview: the draft's bands while they are valid, else the last valid (stored) ones.
  const preview: NohlCriteria = checked.ok
    ? checked.criteria
    : {
        cells: draft.cells,
        yellowFrom: base.criteria.yellowFrom,
        redFrom: base.criteria.redFrom,
      };

  const save = () => {
    if (update.isPending || !checked.ok) return;
    dismissNotification();
    update.mutate(
      { version: base.version, criteria: checked.criteria },
      record.onSave(() => notify(t('nohlCriteria.saved'))),
    );
  };

  /** The newest stored criteria, with what this user changed put back on top. */
  const reload = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  useToolbar({
    title: t('nohlCriteria.title'),
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(canEdit && dirty);
  const saveError =
    update.error && !conflict && Object.keys(serverErrors).length === 0
      ? errorMessage(update.error, t)
      : null;

  const selectedLabel = selected
    ? t('nohlCriteria.cellScore', {
        probability: NOHL_PROBABILITIES.find((x) => x.index === selected.probability)?.label,
        severity: NOHL_SEVERITIES.find((x) => x.index === selected.severity)?.label,
      })
    : '';

  return (
    <>
      {unsavedDialog}
      {conflict && <ConflictAlert message={errorMessage(update.error, t)} onReload={reload} />}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      {!canEdit && <Alert severity="info">{t('nohlCriteria.readOnly')}</Alert>}
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="nohl-criteria-matrix">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography id="nohl-criteria-matrix" variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('nohlCriteria.matrix')}
          </Typography>
          {dirty && <Chip size="small" color="warning" label={t('nohlCriteria.unsaved')} />}
          {canEdit && (
            <Button
              onClick={() => setDraft(draftOf(DEFAULT_NOHL_CRITERIA))}
              disabled={sameDraftValue(draft, draftOf(DEFAULT_NOHL_CRITERIA))}
            >
              {t('nohlCriteria.useDefaults')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {canEdit ? t('nohlCriteria.introEdit') : t('nohlCriteria.intro')}
        </Typography>
        <NohlMatrixGrid
          criteria={preview}
          value={selected}
          label={t('nohlCriteria.matrixLabel')}
          {...(canEdit ? { onChange: setSelected } : {})}
        />
        {canEdit && selected && (
          <Box sx={{ mt: 2 }} role="group" aria-label={selectedLabel}>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {selectedLabel}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={draft.cells[selected.probability - 1]?.[selected.severity - 1] ?? null}
              onChange={(_e, score: number | null) => {
                if (score !== null)
                  setDraft((d) => withCell(d, selected.probability, selected.severity, score));
              }}
            >
              {SCORES.map((score) => (
                <ToggleButton
                  key={score}
                  value={score}
                  aria-label={t('nohlCriteria.scoreOption', { score })}
                  sx={{ minWidth: 44 }}
                >
                  {score}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        )}
        {errorOf('cells') && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorOf('cells')}
          </Alert>
        )}
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="nohl-criteria-bands">
        <Typography id="nohl-criteria-bands" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('nohlCriteria.bands')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('nohlCriteria.bandsIntro')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            type="number"
            label={t('nohlCriteria.yellowFrom')}
            value={draft.yellowFrom}
            onChange={(e) => setDraft((d) => ({ ...d, yellowFrom: e.target.value }))}
            error={Boolean(errorOf('yellowFrom'))}
            helperText={errorOf('yellowFrom') ?? t('nohlCriteria.scoreHint')}
            slotProps={{ htmlInput: { min: NOHL_SCORE_MIN, max: NOHL_SCORE_MAX } }}
            disabled={!canEdit}
          />
          <TextField
            type="number"
            label={t('nohlCriteria.redFrom')}
            value={draft.redFrom}
            onChange={(e) => setDraft((d) => ({ ...d, redFrom: e.target.value }))}
            error={Boolean(errorOf('redFrom'))}
            helperText={errorOf('redFrom') ?? t('nohlCriteria.scoreHint')}
            slotProps={{ htmlInput: { min: NOHL_SCORE_MIN, max: NOHL_SCORE_MAX } }}
            disabled={!canEdit}
          />
        </Box>
        {base.version > 0 && base.updatedAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('nohlCriteria.lastChange', {
              at: formatDateTime(base.updatedAt),
              by: base.updatedBy?.name ?? t('nohlCriteria.unknownActor'),
            })}
          </Typography>
        )}
        {base.version === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('nohlCriteria.defaultsInForce')}
          </Typography>
        )}
      </Paper>
    </>
  );
}
