import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import {
  ASSIGNMENT_STATUS_LABELS,
  type MyAssignmentRow,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { formatInterval } from '@schutzwerk/shared/instructions/interval-format.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { CertificateButton, runPath } from '#features/instruction-run/index.ts';
import { scormPath } from '#features/scorm/index.ts';
import { formatDate } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useIntervalUnit } from './api/get-instruction-display.ts';
import { MY_ASSIGNMENTS_SOURCE } from './api/my-assignments.ts';

/** Today in Germany (yyyy-mm-dd): the executable window is counted in Berlin's calendar days. */
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

type StoredFilter = { orderDirection: SortDirection; includeDone: boolean };
const DEFAULT_FILTER: StoredFilter = { orderDirection: 'asc', includeDone: false };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.orderDirection === 'asc' || v.orderDirection === 'desc') && typeof v.includeDone === 'boolean';
}

/**
 * /instructions/mine — „Meine Unterweisungen“: the signed-in employee's instructions with duration, due date,
 * validity, status, start (from the executable day on) and the certificate of done ones (decision 041).
 */
export function MyInstructionsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('instructions.mineTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
  });

  const params = useMemo(
    () => (filter.includeDone ? { includeDone: true } : undefined),
    [filter.includeDone],
  );
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const intervalUnit = useIntervalUnit();
  const columns = useMemo<ScrollingListColumn<MyAssignmentRow>[]>(
    () => [
      {
        id: 'topic',
        header: t('instructions.name'),
        sortKey: 'topic',
        minWidth: 220,
        grow: 3,
        compact: 'primary',
        render: (r) => r.topicLabel,
      },
      {
        id: 'minutes',
        header: t('instructions.durationApprox'),
        minWidth: 110,
        grow: 0.6,
        render: (r) => (r.minutes === null ? '' : t('instructions.minutesValue', { count: r.minutes })),
      },
      {
        id: 'interval',
        header: t('instructions.interval'),
        minWidth: 110,
        grow: 0.6,
        render: (r) => formatInterval(r.intervalDays, intervalUnit),
      },
      {
        id: 'dueDate',
        header: t('instructions.due'),
        sortKey: 'dueDate',
        minWidth: 150,
        grow: 0.8,
        render: (r) =>
          r.overdue ? (
            <Chip
              size="small"
              color="error"
              label={`${formatDate(r.dueDate)} · ${t('instructions.overdue')}`}
            />
          ) : (
            formatDate(r.dueDate)
          ),
      },
      {
        id: 'validUntil',
        header: t('instructions.validUntil'),
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.validUntil ? formatDate(r.validUntil) : ''),
      },
      {
        id: 'status',
        header: t('instructions.status'),
        sortKey: 'status',
        minWidth: 120,
        grow: 0.7,
        render: (r) => ASSIGNMENT_STATUS_LABELS[r.status],
      },
      {
        id: 'start',
        header: t('instructionRun.startColumn'),
        minWidth: 130,
        grow: 0.6,
        compact: 'actions',
        render: (r) => {
          if (r.type !== 'instruction' || (r.status !== 'O' && r.status !== 'A')) return '';
          if (r.status === 'O' && berlinToday() < r.executableFrom)
            return (
              <span
                title={t('instructionRun.executableFromLong', {
                  topic: r.topicLabel,
                  date: formatDate(r.executableFrom),
                })}
              >
                {t('instructionRun.executableFrom', { date: formatDate(r.executableFrom) })}
              </span>
            );
          const resume = r.status === 'A';
          return (
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={r.scorm ? scormPath(r.id) : runPath(r.id)}
              aria-label={t(resume ? 'instructionRun.resumeFor' : 'instructionRun.startFor', {
                topic: r.topicLabel,
              })}
              sx={{ minHeight: 40 }}
            >
              {t(resume ? 'instructionRun.resume' : 'instructionRun.start')}
            </Button>
          );
        },
      },
      {
        id: 'certificate',
        header: t('instructionRun.certificateColumn'),
        minWidth: 150,
        grow: 0.6,
        compact: 'actions',
        render: (r) =>
          r.certificate ? <CertificateButton assignmentId={r.id} topicLabel={r.topicLabel} /> : '',
      },
    ],
    [t, intervalUnit],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        <FormControlLabel
          control={
            <Switch
              checked={filter.includeDone}
              onChange={(e) => updateFilter({ includeDone: e.target.checked })}
            />
          }
          label={t('instructions.includeDone')}
        />
      </Box>
      <ScrollingList<MyAssignmentRow>
        source={MY_ASSIGNMENTS_SOURCE}
        params={params}
        label={t('instructions.mineTitle')}
        columns={columns}
        search={search}
        orderBy="dueDate"
        orderDirection={filter.orderDirection}
        onTotalChange={onTotalChange}
        emptyText={t('instructions.mineEmpty')}
      />
    </Box>
  );
}
