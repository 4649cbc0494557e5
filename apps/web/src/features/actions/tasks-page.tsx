import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TASK_STATE_FILTERS, type TaskRow } from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { TASK_LIST_SOURCE } from './api/action-sources.ts';
import { useCompleteTask } from './api/complete-task.ts';
import { useReportTaskProblem } from './api/report-task-problem.ts';
import { useResolveTaskProblem } from './api/resolve-task-problem.ts';
import { DueDate } from './components/due-date.tsx';

type StateFilter = (typeof TASK_STATE_FILTERS)[number];
type StoredFilter = { orderDirection: SortDirection; state: StateFilter };
const DEFAULT_FILTER: StoredFilter = { orderDirection: 'asc', state: 'open' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (TASK_STATE_FILTERS as readonly unknown[]).includes(v.state)
  );
}

/**
 * 'Meine Aufgaben' (/tasks): the user's open tasks, reported problems (own and those to solve as the
 * responsible person) and done tasks. The executor completes a task or reports a problem with a reason;
 * the responsible person marks the problem resolved and the task returns to the executor.
 */
export function TasksPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [reporting, setReporting] = useState<TaskRow | null>(null);
  const [reason, setReason] = useState('');
  const [rowError, setRowError] = useState<string | null>(null);
  const flow = {
    complete: useCompleteTask(),
    reportProblem: useReportTaskProblem(),
    resolve: useResolveTaskProblem(),
  };

  useToolbar({
    title: t('tasks.title'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
  });

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const canComplete = canAny([P.ACTIONS_OWN, P.ACTIONS_COMPLETE]);
  const canReport = canAny([P.ACTIONS_REPORT_PROBLEM]);
  const canResolve = canAny([P.ACTIONS_RESOLVE_PROBLEM]);

  const columns = useMemo<ScrollingListColumn<TaskRow>[]>(() => {
    const run = (promise: Promise<unknown>, message: string) =>
      promise.then(
        () => {
          setRowError(null);
          notify(message);
          reload();
        },
        (error: unknown) => setRowError(errorMessage(error, t)),
      );
    return [
      {
        id: 'title',
        header: t('tasks.task'),
        sortKey: 'title',
        minWidth: 220,
        grow: 3,
        render: (r) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {r.title}
            </Typography>
            {r.state === 'problem' && r.problemReason && (
              <Typography variant="caption" color="warning.main" noWrap>
                {t('tasks.problemReason', { reason: r.problemReason })}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        id: 'kind',
        header: t('tasks.kind'),
        minWidth: 110,
        grow: 0.6,
        render: (r) => t(`tasks.kinds.${r.kind}`),
      },
      {
        id: 'dueDate',
        header: t('actions.dueDate'),
        sortKey: 'dueDate',
        minWidth: 150,
        grow: 0.8,
        render: (r) => (r.dueDate ? <DueDate value={r.dueDate} done={r.state === 'done'} /> : ''),
      },
      {
        id: 'person',
        header: t('tasks.person'),
        minWidth: 150,
        render: (r) => (r.responsibleIsMe && !r.mine ? r.assigneeName : (r.responsibleName ?? '')),
      },
      {
        id: 'buttons',
        header: '',
        headerLabel: t('tasks.buttons'),
        minWidth: 300,
        grow: 1.5,
        // Phones: the buttons get a line of their own under the task.
        compact: 'actions',
        render: (r, _i, cell) => {
          const tabIndex = cell.tabbable ? 0 : -1;
          return (
            <Stack direction="row" spacing={1}>
              {r.mine && r.state === 'open' && r.kind === 'action' && canComplete && (
                <Button
                  size="small"
                  variant="contained"
                  tabIndex={tabIndex}
                  onClick={() =>
                    run(flow.complete.mutateAsync({ id: r.id, version: r.version }), t('tasks.completed'))
                  }
                >
                  {t('tasks.complete')}
                </Button>
              )}
              {r.mine && r.state === 'open' && canReport && (
                <Button
                  size="small"
                  tabIndex={tabIndex}
                  onClick={() => {
                    flow.reportProblem.reset();
                    setReason('');
                    setReporting(r);
                  }}
                >
                  {t('tasks.reportProblem')}
                </Button>
              )}
              {r.responsibleIsMe && r.state === 'problem' && canResolve && (
                <Button
                  size="small"
                  variant="contained"
                  color="warning"
                  tabIndex={tabIndex}
                  onClick={() =>
                    run(flow.resolve.mutateAsync({ id: r.id, version: r.version }), t('tasks.resolved'))
                  }
                >
                  {t('tasks.resolve')}
                </Button>
              )}
              {r.linkPath && r.kind !== 'action' && (
                <Button size="small" tabIndex={tabIndex} onClick={() => navigate(r.linkPath!)}>
                  {t('tasks.open')}
                </Button>
              )}
            </Stack>
          );
        },
      },
    ];
  }, [
    t,
    notify,
    reload,
    flow.complete,
    flow.resolve,
    flow.reportProblem,
    canComplete,
    canReport,
    canResolve,
    navigate,
  ]);

  const params = useMemo(() => ({ state: filter.state }), [filter.state]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter.state}
          onChange={(_e, state: StateFilter | null) => state && updateFilter({ state })}
          aria-label={t('tasks.filter')}
        >
          {TASK_STATE_FILTERS.map((state) => (
            <ToggleButton key={state} value={state}>
              {t(`tasks.states.${state}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ListCount count={count} />
      </Stack>
      {rowError && (
        <Alert severity="error" onClose={() => setRowError(null)}>
          {rowError}
        </Alert>
      )}
      <ScrollingList<TaskRow>
        source={TASK_LIST_SOURCE}
        params={params}
        label={t('tasks.title')}
        columns={columns}
        search={search}
        orderBy="dueDate"
        orderDirection={filter.orderDirection}
        onTotalChange={onTotalChange}
        reloadKey={reloadKey}
        rowHeight={56}
        emptyText={t('tasks.empty')}
      />
      <Dialog
        open={reporting !== null}
        onClose={() => setReporting(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="report-problem-title"
      >
        <DialogTitle id="report-problem-title">{t('tasks.reportTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {reporting?.title}
          </Typography>
          <TextField
            autoFocus
            label={t('tasks.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(flow.reportProblem.error)}
            helperText={
              flow.reportProblem.error ? errorMessage(flow.reportProblem.error, t) : t('tasks.reasonHint')
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReporting(null)}>{t('actions.cancel')}</Button>
          <Button
            variant="contained"
            disabled={flow.reportProblem.isPending}
            onClick={() =>
              reporting &&
              flow.reportProblem.mutate(
                { id: reporting.id, version: reporting.version, reason },
                {
                  onSuccess: () => {
                    setReporting(null);
                    notify(t('tasks.reported'));
                    reload();
                  },
                },
              )
            }
          >
            {t('tasks.report')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
