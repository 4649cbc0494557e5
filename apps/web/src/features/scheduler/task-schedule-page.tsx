import EditIcon from '@mui/icons-material/Edit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useTasks } from './api/get-tasks.ts';
import { useRunTask } from './api/run-task.ts';
import { useSetTaskPaused } from './api/set-task-paused.ts';
import { ScheduleDialog } from './components/schedule-dialog.tsx';
import { ScheduleText } from './components/schedule-text.tsx';
import { TaskRunsPanel } from './components/task-runs-panel.tsx';
import { TaskStateChip } from './components/task-state-chip.tsx';

/** /taskschedule/edit — Aufgabenplanung: the scheduled tasks, their state and their runs. */
/** The page /taskschedule/edit: the panel under the page's own toolbar title. */
export function TaskSchedulePage() {
  const { t } = useTranslation();
  useToolbar({ title: t('scheduler.title') });
  return <TaskSchedulePanel />;
}

/** The task table, actions and runs (also the 'Aufgabenplanung' tab of the settings screen). */
export function TaskSchedulePanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canEdit = canAny([P.TASK_SCHEDULE_EDIT]);
  const canRun = canAny([P.TASK_SCHEDULE_RUN, P.TASK_SCHEDULE_EDIT]);
  const tasks = useTasks();
  const setPaused = useSetTaskPaused();
  const runTask = useRunTask();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Task | null>(null);

  const rows = tasks.data ?? [];
  const selected = rows.find((task) => task.id === selectedId) ?? rows[0] ?? null;

  const togglePause = (task: Task) => {
    const paused = !task.paused;
    setPaused.mutate(
      { task, paused },
      {
        onSuccess: (updated) =>
          notify(t(paused ? 'scheduler.paused' : 'scheduler.resumed', { name: updated.name })),
        onError: (error) => notify(errorMessage(error, t), 'error'),
      },
    );
  };

  const runNow = (task: Task) => {
    setSelectedId(task.id);
    runTask.mutate(task.id, {
      onSuccess: () => notify(t('scheduler.started', { name: task.name })),
      onError: (error) => notify(errorMessage(error, t), 'error'),
    });
  };

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography color="text.secondary">{t('scheduler.intro')}</Typography>
      {tasks.isError ? <Alert severity="error">{errorMessage(tasks.error, t)}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('scheduler.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('scheduler.name')}</TableCell>
              <TableCell>{t('scheduler.schedule')}</TableCell>
              <TableCell>{t('scheduler.lastFire')}</TableCell>
              <TableCell>{t('scheduler.nextFire')}</TableCell>
              <TableCell>{t('scheduler.state')}</TableCell>
              {canEdit || canRun ? <TableCell align="right">{t('scheduler.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {tasks.isPending ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <CircularProgress size={24} aria-label={t('scheduler.title')} />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('scheduler.empty')}</TableCell>
              </TableRow>
            ) : (
              rows.map((task) => {
                const running = task.state === 'blocked';
                const unavailable = task.state === 'none';
                return (
                  <TableRow
                    key={task.id}
                    hover
                    selected={selected?.id === task.id}
                    onClick={() => setSelectedId(task.id)}
                    sx={{ cursor: 'pointer' }}
                    data-task-key={task.key}
                  >
                    <TableCell sx={{ minWidth: 200 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {task.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {task.description}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      <ScheduleText schedule={task.schedule} />
                    </TableCell>
                    <TableCell data-testid="last-fire" sx={{ minWidth: 150 }}>
                      {task.lastFireAt ? formatDateTime(task.lastFireAt) : t('scheduler.never')}
                      {task.lastSummary ? (
                        <Typography
                          variant="body2"
                          color={task.lastOutcome === 'error' ? 'error' : 'text.secondary'}
                          title={t(
                            task.lastOutcome === 'error'
                              ? 'scheduler.lastOutcomeError'
                              : 'scheduler.lastOutcomeOk',
                          )}
                        >
                          {task.lastSummary}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell data-testid="next-fire" sx={{ whiteSpace: 'nowrap' }}>
                      {task.nextFireAt ? formatDateTime(task.nextFireAt) : t('scheduler.none')}
                    </TableCell>
                    <TableCell>
                      <TaskStateChip state={task.state} />
                    </TableCell>
                    {canEdit || canRun ? (
                      <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                        <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                          {canEdit ? (
                            <Tooltip title={t(task.paused ? 'scheduler.resume' : 'scheduler.pause')}>
                              <span>
                                <IconButton
                                  aria-label={`${t(task.paused ? 'scheduler.resume' : 'scheduler.pause')}: ${task.name}`}
                                  onClick={() => togglePause(task)}
                                  disabled={setPaused.isPending}
                                >
                                  {task.paused ? <PlayArrowIcon /> : <PauseIcon />}
                                </IconButton>
                              </span>
                            </Tooltip>
                          ) : null}
                          {canEdit ? (
                            <Tooltip title={t('scheduler.editSchedule')}>
                              <span>
                                <IconButton
                                  aria-label={`${t('scheduler.editSchedule')}: ${task.name}`}
                                  onClick={() => setEditing(task)}
                                  disabled={unavailable}
                                >
                                  <EditIcon />
                                </IconButton>
                              </span>
                            </Tooltip>
                          ) : null}
                          {canRun ? (
                            <Button
                              size="small"
                              variant="outlined"
                              onClick={() => runNow(task)}
                              disabled={running || unavailable || runTask.isPending}
                              aria-label={`${t('scheduler.runNow')}: ${task.name}`}
                            >
                              {t('scheduler.runNow')}
                            </Button>
                          ) : null}
                        </Box>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TaskRunsPanel task={selected} />
      {editing ? (
        <ScheduleDialog
          task={editing}
          onClose={() => setEditing(null)}
          onSaved={(task) => {
            setEditing(null);
            notify(t('scheduler.scheduleSaved', { name: task.name }));
          }}
        />
      ) : null}
    </Stack>
  );
}
