import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type {
  ImportEvent,
  ImportPreview,
  ImportResult,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCheckImport } from './api/check-import.ts';
import { useCommitImport } from './api/commit-import.ts';
import { FileStep } from './components/file-step.tsx';
import { type MappingState, MappingStep } from './components/mapping-step.tsx';

type Progress = Extract<ImportEvent, { type: 'progress' }>;

/**
 * The employee import wizard (spec "Employee import wizard"): 1. file, separator, header row and preview;
 * 2. mapping, target portal, mode and „Daten prüfen“; 3. the import with progress and its result.
 */
export function EmployeeImportPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  useToolbar({ title: t('employeeImport.title'), back: '/employee/list' });

  const [step, setStep] = useState(0);
  /** A new import starts with an empty file step. */
  const [round, setRound] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [state, setState] = useState<MappingState>({ mapping: {}, portalId: null, mode: 'append' });
  const [checkedState, setCheckedState] = useState<MappingState | null>(null);
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const check = useCheckImport();
  const commit = useCommitImport(setProgress);

  const onPreview = (next: ImportPreview | null) => {
    setPreview(next);
    check.reset();
    setCheckedState(null);
    if (next) {
      setState({ mapping: next.suggestedMapping, portalId: user.scope.portalId, mode: 'append' });
    }
  };

  const runCheck = () => {
    if (!preview) return;
    const snapshot = state;
    setSkipBadRows(false);
    check.mutate(
      {
        id: preview.id,
        options: { portalId: snapshot.portalId ?? 0, mode: snapshot.mode, mapping: snapshot.mapping },
      },
      { onSuccess: () => setCheckedState(snapshot) },
    );
  };

  const start = () => {
    if (!preview || !checkedState) return;
    setProgress(null);
    setStep(2);
    commit.mutate({
      id: preview.id,
      options: {
        portalId: checkedState.portalId ?? 0,
        mode: checkedState.mode,
        mapping: checkedState.mapping,
        skipBadRows,
      },
    });
  };

  const restart = () => {
    commit.reset();
    check.reset();
    setPreview(null);
    setCheckedState(null);
    setProgress(null);
    setRound((r) => r + 1);
    setStep(0);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, overflow: 'auto' }}>
      <Stepper activeStep={step === 2 && commit.isSuccess ? 3 : step} sx={{ mb: 3 }} alternativeLabel>
        <Step>
          <StepLabel>{t('employeeImport.stepFile')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('employeeImport.stepMapping')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('employeeImport.stepResult')}</StepLabel>
        </Step>
      </Stepper>
      {/* Kept mounted, so going back shows the chosen file and options again. */}
      <Box sx={{ display: step === 0 ? 'block' : 'none' }}>
        <FileStep key={round} preview={preview} onPreview={onPreview} onNext={() => setStep(1)} />
      </Box>
      {step === 1 && preview ? (
        <MappingStep
          preview={preview}
          state={state}
          onChange={setState}
          check={{
            data: check.data,
            error: check.error,
            pending: check.isPending,
            outdated: checkedState !== state,
          }}
          onCheck={runCheck}
          skipBadRows={skipBadRows}
          onSkipBadRows={setSkipBadRows}
          onBack={() => setStep(0)}
          onStart={start}
        />
      ) : null}
      {step === 2 ? (
        <ResultStep
          pending={commit.isPending}
          progress={progress}
          result={commit.data}
          error={commit.error}
          onBack={() => setStep(1)}
          onRestart={restart}
        />
      ) : null}
    </Paper>
  );
}

function ResultStep(props: {
  pending: boolean;
  progress: Progress | null;
  result: ImportResult | undefined;
  error: unknown;
  onBack: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { progress, result } = props;
  if (props.pending) {
    const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined;
    return (
      <Stack spacing={1.5} aria-live="polite">
        <LinearProgress
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
          aria-label={t('employeeImport.stepResult')}
        />
        <Typography data-testid="import-progress">
          {progress
            ? t(progress.phase === 'hash' ? 'employeeImport.phaseHash' : 'employeeImport.phaseWrite', {
                done: formatNumber(progress.done),
                total: formatNumber(progress.total),
              })
            : t('employeeImport.starting')}
        </Typography>
      </Stack>
    );
  }
  if (props.error) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" title={t('employeeImport.failed')}>
          {errorMessage(props.error, t)}
        </Alert>
        <Stack direction="row" spacing={1}>
          <Button onClick={props.onBack}>{t('employeeImport.back')}</Button>
          <Button onClick={props.onRestart}>{t('employeeImport.again')}</Button>
        </Stack>
      </Stack>
    );
  }
  if (!result) return null;
  const rows: [string, number][] = [
    [t('employeeImport.created'), result.created],
    [t('employeeImport.updated'), result.updated],
    [t('employeeImport.unchanged'), result.unchanged],
    [t('employeeImport.inactivated'), result.inactivated],
    [t('employeeImport.skipped'), result.skipped],
  ];
  return (
    <Stack spacing={2} data-testid="import-result">
      <Alert severity="success">{t('employeeImport.done', { code: result.code })}</Alert>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 3, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography color="text.secondary">{label}</Typography>
            <Typography>{formatNumber(value)}</Typography>
          </Box>
        ))}
        <Typography color="text.secondary">{t('employeeImport.duration')}</Typography>
        <Typography>
          {t('employeeImport.seconds', {
            value: formatNumber(result.durationMs / 1000, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }),
          })}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to="/employee/list" variant="contained">
          {t('employeeImport.toList')}
        </Button>
        <Button onClick={props.onRestart}>{t('employeeImport.again')}</Button>
      </Stack>
    </Stack>
  );
}
