import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Run, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { TASK_RUNS_LIMIT } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime, formatNumber } from '#lib/format.ts';
import { useTaskRuns } from '../api/get-task-runs.ts';

function durationSeconds(run: Run): number | null {
  if (!run.finishedAt) return null;
  return Math.max(0, (new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) / 1000);
}

function OutcomeChip({ run }: { run: Run }) {
  const { t } = useTranslation();
  if (run.outcome === null) return <Chip size="small" color="info" label={t('scheduler.runs.running')} />;
  return (
    <Chip
      size="small"
      color={run.outcome === 'ok' ? 'success' : 'error'}
      label={t(`scheduler.runs.${run.outcome}`)}
    />
  );
}

/** The newest runs of the selected task: outcome, trigger, summary and, unfolded, the log. */
export function TaskRunsPanel({ task }: { task: Task | null }) {
  const { t } = useTranslation();
  const runs = useTaskRuns(task?.id ?? null, task?.state === 'blocked');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="task-runs-title">
      <Typography id="task-runs-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {task ? t('scheduler.runs.title', { name: task.name }) : t('scheduler.runs.title', { name: '–' })}
      </Typography>
      {!task ? (
        <Typography color="text.secondary">{t('scheduler.runs.hint')}</Typography>
      ) : runs.isPending ? (
        <CircularProgress size={24} aria-label={t('scheduler.runs.title', { name: task.name })} />
      ) : runs.isError ? (
        <Alert severity="error">{errorMessage(runs.error, t)}</Alert>
      ) : runs.data.length === 0 ? (
        <Typography color="text.secondary">{t('scheduler.runs.empty')}</Typography>
      ) : (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('scheduler.runs.lastRuns', { count: TASK_RUNS_LIMIT })}
          </Typography>
          {runs.data.map((run, index) => {
            const duration = durationSeconds(run);
            return (
              <Accordion
                key={run.id}
                defaultExpanded={index === 0}
                disableGutters
                data-testid="task-run"
                data-run-id={run.id}
                data-outcome={run.outcome ?? 'running'}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Stack
                    direction="row"
                    spacing={2}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography variant="body2" sx={{ minWidth: 110 }}>
                      {formatDateTime(run.startedAt)}
                    </Typography>
                    <OutcomeChip run={run} />
                    <Typography variant="body2" color="text.secondary">
                      {run.trigger === 'manual'
                        ? t('scheduler.runs.manual', { who: run.triggeredBy ?? '' })
                        : t('scheduler.runs.scheduled')}
                    </Typography>
                    {duration !== null ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('scheduler.runs.seconds', {
                          value: formatNumber(duration, { maximumFractionDigits: 1 }),
                        })}
                      </Typography>
                    ) : null}
                    {run.summary ? <Typography variant="body2">{run.summary}</Typography> : null}
                  </Stack>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography variant="subtitle2" component="h3">
                    {t('scheduler.runs.log')}
                  </Typography>
                  <Box
                    component="pre"
                    data-testid="task-run-log"
                    sx={{
                      m: 0,
                      p: 1,
                      bgcolor: 'action.hover',
                      borderRadius: 1,
                      fontSize: '0.8rem',
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-word',
                      maxHeight: 320,
                      overflow: 'auto',
                    }}
                  >
                    {run.log || t('scheduler.runs.noLog')}
                  </Box>
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
