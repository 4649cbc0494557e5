import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  EvaluationFigures,
  EvaluationRow,
  EvaluationStatistics,
  EvaluationTable,
  OverdueRow,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocationPickerField, type TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  downloadEvaluation,
  type EvaluationFilter,
  filterParams,
  OVERDUE_SOURCE,
  useEvaluationStatistics,
  useEvaluationTopics,
} from './api.ts';
import { DashboardTab } from './dashboard-tab.tsx';
import { EmployeeInfoTab } from './employee-info-tab.tsx';
import { MasterDataTab } from './master-data-tab.tsx';
import { ProfilesTab } from './profiles-tab.tsx';

// The chart library is loaded with the first chart only (its own chunk).
const RateChart = lazy(() => import('./rate-chart.tsx'));
const EffectivenessTab = lazy(() => import('./effectiveness-tab.tsx'));

// The spec's tabs in its order (decisions 073, 076, 077), then the effectiveness review (decision 075).
const TABS = [
  'overview',
  'statistics',
  'masterData',
  'employeeInfo',
  'profiles',
  'dashboard',
  'effectiveness',
] as const;
type TabKey = (typeof TABS)[number];
const TABLES: { key: EvaluationTable; horizontal: boolean }[] = [
  { key: 'department', horizontal: true },
  { key: 'location', horizontal: true },
  { key: 'topic', horizontal: true },
  { key: 'month', horizontal: false },
];

const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/**
 * /instructions/evaluations — the evaluations of instructions (decision 073): tab „Übersicht“ (key figures of the
 * year against the previous one, the overdue list) and tab „Statistik“ (completion rates by department, location,
 * topic and month with charts); filters year, topic, location (and inactive employees with their right); every
 * table as XLSX and printable as PDF through the report engine.
 */
export function EvaluationsPage() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const mayInactive = canAny([P.TOPICS_EVALUATE_INACTIVE]);
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((key) => key === params.get('tab')) ?? 'overview';
  const [yearText, setYearText] = useState(String(new Date().getFullYear()));
  const [topicId, setTopicId] = useState<number | null>(null);
  const [location, setLocation] = useState<TreeChoice | null>(null);
  const [includeInactive, setIncludeInactive] = useState(false);
  const yearValid = /^\d{4}$/.test(yearText) && Number(yearText) >= 1990 && Number(yearText) <= 2100;
  const [applied, setApplied] = useState<EvaluationFilter>({
    year: Number(yearText),
    topicId: null,
    locationId: null,
    includeInactive: false,
  });
  const stats = useEvaluationStatistics(applied);
  const topics = useEvaluationTopics();
  const download = useMutation({
    mutationFn: ({ table, format }: { table: string; format: 'xlsx' | 'pdf' }) =>
      downloadEvaluation(applied, table, format),
    onSuccess: ({ blob, fileName }, { table, format }) =>
      saveBlob(blob, fileName ?? `Unterweisungen-${applied.year}-${table}.${format}`),
  });
  useToolbar({ title: t('instructionEvaluations.title'), back: '/instructions/list' });

  // „Anzeigen“ with unchanged filters loads the figures and the overdue list again.
  const [reloadKey, setReloadKey] = useState(0);
  const apply = () => {
    if (!yearValid) return;
    const next: EvaluationFilter = {
      year: Number(yearText),
      topicId,
      locationId: location?.id ?? null,
      includeInactive: mayInactive && includeInactive,
    };
    if (JSON.stringify(next) === JSON.stringify(applied)) void stats.refetch();
    else setApplied(next);
    setReloadKey((k) => k + 1);
  };
  const exportButtons = (table: string, title: string) => (
    <ExportButtons
      title={title}
      busy={download.isPending}
      onExport={(format) => download.mutate({ table, format })}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }}>
      <Paper
        variant="outlined"
        component="form"
        aria-label={t('instructionEvaluations.filters')}
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          apply();
        }}
        sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          label={t('instructionEvaluations.year')}
          value={yearText}
          onChange={(e) => setYearText(e.target.value)}
          error={!yearValid}
          helperText={
            yearValid ? t('instructionEvaluations.yearHint') : t('instructionEvaluations.yearInvalid')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 200 }}
        />
        <TextField
          select
          label={t('instructionEvaluations.topic')}
          value={topicId === null ? '' : String(topicId)}
          onChange={(e) => setTopicId(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ minWidth: 260 }}
          helperText=" "
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('instructionEvaluations.allTopics')}</MenuItem>
          {(topics.data ?? []).map((topic) => (
            <MenuItem key={topic.id} value={String(topic.id)}>
              {topic.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ minWidth: 260 }}>
          <LocationPickerField value={location} onChange={setLocation} />
        </Box>
        {mayInactive && (
          <FormControlLabel
            control={
              <Checkbox checked={includeInactive} onChange={(e) => setIncludeInactive(e.target.checked)} />
            }
            label={t('instructionEvaluations.includeInactive')}
            sx={{ mt: 1 }}
          />
        )}
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t('instructionEvaluations.show')}
        </Button>
      </Paper>
      <Tabs
        value={tab}
        onChange={(_, key: TabKey) => setParams({ tab: key }, { replace: true })}
        aria-label={t('instructionEvaluations.title')}
        variant="scrollable"
      >
        {TABS.map((key) => (
          <Tab key={key} value={key} label={t(`instructionEvaluations.tabs.${key}`)} />
        ))}
      </Tabs>
      {stats.error && (
        <Alert severity="error" role="alert">
          {errorMessage(stats.error, t)}
        </Alert>
      )}
      {download.error && (
        <Alert severity="error" role="alert">
          {errorMessage(download.error, t)}
        </Alert>
      )}
      {stats.isPending && <CircularProgress aria-label={t('instructionEvaluations.loading')} />}
      {stats.data && (
        <>
          <ScopeNotes stats={stats.data} />
          {tab === 'overview' ? (
            <>
              <Totals stats={stats.data} exportButtons={exportButtons} />
              <OverdueList filter={applied} reloadKey={reloadKey} exportButtons={exportButtons} />
            </>
          ) : tab === 'dashboard' ? (
            <DashboardTab filter={applied} />
          ) : (
            tab === 'statistics' &&
            TABLES.map(({ key, horizontal }) => (
              <Section
                key={key}
                id={key}
                title={t(`instructionEvaluations.table.${key}`)}
                rows={stats.data.tables[key]}
                year={stats.data.year}
                horizontal={horizontal}
                exportButtons={exportButtons}
              />
            ))
          )}
        </>
      )}
      {tab === 'effectiveness' && (
        <Suspense fallback={<CircularProgress aria-label={t('instructionEvaluations.loading')} />}>
          <EffectivenessTab year={applied.year} />
        </Suspense>
      )}
      {tab === 'masterData' && <MasterDataTab filter={applied} reloadKey={reloadKey} />}
      {tab === 'employeeInfo' && <EmployeeInfoTab filter={applied} reloadKey={reloadKey} />}
      {tab === 'profiles' && <ProfilesTab filter={applied} reloadKey={reloadKey} />}
    </Box>
  );
}

type ExportButtonsOf = (table: string, title: string) => React.ReactNode;

function ExportButtons(props: { title: string; busy: boolean; onExport: (format: 'xlsx' | 'pdf') => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={props.busy}
        onClick={() => props.onExport('xlsx')}
        aria-label={t('instructionEvaluations.exportOf', { table: props.title })}
      >
        {t('instructionEvaluations.export')}
      </Button>
      <Button
        size="small"
        startIcon={<PrintIcon />}
        disabled={props.busy}
        onClick={() => props.onExport('pdf')}
        aria-label={t('instructionEvaluations.printOf', { table: props.title })}
      >
        {t('instructionEvaluations.print')}
      </Button>
    </Stack>
  );
}

function ScopeNotes({ stats }: { stats: EvaluationStatistics }) {
  const { t } = useTranslation();
  if (!stats.restricted && stats.externalsIncluded) return null;
  return (
    <Alert severity="info" data-testid="evaluation-scope">
      {stats.restricted && <div>{t('instructionEvaluations.restricted')}</div>}
      {!stats.externalsIncluded && <div>{t('instructionEvaluations.externalsLeftOut')}</div>}
    </Alert>
  );
}

function SectionHeader({ title, actions }: { title: string; actions: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}

function Totals({ stats, exportButtons }: { stats: EvaluationStatistics; exportButtons: ExportButtonsOf }) {
  const { t } = useTranslation();
  const title = t('instructionEvaluations.totals');
  const lines: [string, (x: EvaluationFigures) => string][] = [
    [t('instructionEvaluations.due'), (x) => formatNumber(x.due)],
    [t('instructionEvaluations.done'), (x) => formatNumber(x.done)],
    [t('instructionEvaluations.open'), (x) => formatNumber(x.open)],
    [t('instructionEvaluations.overdue'), (x) => formatNumber(x.overdue)],
    [t('instructionEvaluations.rate'), (x) => percent(x.rate)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <SectionHeader title={title} actions={exportButtons('totals', title)} />
      <Table size="small" aria-label={title} data-testid="evaluation-totals">
        <TableHead>
          <TableRow>
            <TableCell>{t('instructionEvaluations.figure')}</TableCell>
            <TableCell align="right">{stats.year}</TableCell>
            <TableCell align="right">{stats.year - 1}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{value(stats.totals)}</TableCell>
              <TableCell align="right">{value(stats.previousTotals)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="evaluation-overdue-now">
        {t('instructionEvaluations.overdueNow', {
          count: stats.overdueNow,
          n: formatNumber(stats.overdueNow),
          today: formatDate(stats.today),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('instructionEvaluations.basisHint')}
      </Typography>
    </Paper>
  );
}

function OverdueList(props: { filter: EvaluationFilter; reloadKey: number; exportButtons: ExportButtonsOf }) {
  const { filter, reloadKey, exportButtons } = props;
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<{ orderBy: string; orderDirection: 'asc' | 'desc' }>({
    orderBy: 'dueDate',
    orderDirection: 'asc',
  });
  const [total, setTotal] = useState<number | null>(null);
  const title = t('instructionEvaluations.overdueList');
  const columns = useMemo<ScrollingListColumn<OverdueRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('instructionEvaluations.employee'),
        sortKey: 'employee',
        minWidth: 180,
        grow: 2,
        compact: 'primary',
        render: (r) => r.employeeName,
      },
      {
        id: 'personnelNumber',
        header: t('instructionEvaluations.personnelNumber'),
        sortKey: 'personnelNumber',
        minWidth: 110,
        render: (r) => r.personnelNumber,
      },
      {
        id: 'department',
        header: t('instructionEvaluations.department'),
        sortKey: 'department',
        minWidth: 140,
        grow: 1,
        render: (r) => r.departmentName ?? '',
      },
      {
        id: 'location',
        header: t('instructionEvaluations.location'),
        sortKey: 'location',
        minWidth: 140,
        grow: 1,
        render: (r) => r.locationName ?? '',
      },
      {
        id: 'topic',
        header: t('instructionEvaluations.topic'),
        sortKey: 'topic',
        minWidth: 180,
        grow: 2,
        compact: 'secondary',
        render: (r) => r.topicLabel,
      },
      {
        id: 'dueDate',
        header: t('instructionEvaluations.dueSince'),
        sortKey: 'dueDate',
        minWidth: 110,
        render: (r) => formatDate(r.dueDate),
      },
      {
        id: 'daysOverdue',
        header: t('instructionEvaluations.daysOverdue'),
        minWidth: 110,
        align: 'right',
        render: (r) => formatNumber(r.daysOverdue),
      },
    ],
    [t],
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <SectionHeader
        title={
          total === null
            ? title
            : t('instructionEvaluations.overdueListCount', { title, n: formatNumber(total) })
        }
        actions={exportButtons('overdue', title)}
      />
      <TextField
        size="small"
        type="search"
        label={t('instructionEvaluations.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 360 }}
      />
      <Box sx={{ height: 420, display: 'flex', flexDirection: 'column' }} data-testid="evaluation-overdue">
        <ScrollingList<OverdueRow>
          source={OVERDUE_SOURCE}
          params={filterParams(filter, false)}
          label={title}
          columns={columns}
          search={search}
          orderBy={order.orderBy}
          orderDirection={order.orderDirection}
          onSortChange={(orderBy, orderDirection) => setOrder({ orderBy, orderDirection })}
          onTotalChange={setTotal}
          reloadKey={reloadKey}
          emptyText={t('instructionEvaluations.noneOverdue')}
        />
      </Box>
    </Paper>
  );
}

function Section(props: {
  id: string;
  title: string;
  rows: EvaluationRow[];
  year: number;
  horizontal: boolean;
  exportButtons: ExportButtonsOf;
}) {
  const { t } = useTranslation();
  const { id, title, rows, year, horizontal, exportButtons } = props;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`evaluation-${id}`}>
      <SectionHeader title={title} actions={exportButtons(id, title)} />
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('instructionEvaluations.empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '2fr 3fr' } }}>
          <Suspense fallback={<CircularProgress aria-label={t('instructionEvaluations.loading')} />}>
            <RateChart
              rows={rows}
              year={year}
              horizontal={horizontal}
              label={t('instructionEvaluations.chartOf', { table: title })}
            />
          </Suspense>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t(`instructionEvaluations.column.${id}`)}</TableCell>
                  <TableCell align="right">{t('instructionEvaluations.dueShort')}</TableCell>
                  <TableCell align="right">{t('instructionEvaluations.done')}</TableCell>
                  <TableCell align="right">{t('instructionEvaluations.openShort')}</TableCell>
                  <TableCell align="right">{t('instructionEvaluations.overdue')}</TableCell>
                  <TableCell align="right">{t('instructionEvaluations.rateShort')}</TableCell>
                  <TableCell align="right">
                    {t('instructionEvaluations.previousRate', { year: year - 1 })}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell component="th" scope="row">
                      {r.label}
                    </TableCell>
                    <TableCell align="right">{formatNumber(r.due)}</TableCell>
                    <TableCell align="right">{formatNumber(r.done)}</TableCell>
                    <TableCell align="right">{formatNumber(r.open)}</TableCell>
                    <TableCell align="right">{formatNumber(r.overdue)}</TableCell>
                    <TableCell align="right">{percent(r.rate)}</TableCell>
                    <TableCell align="right">{percent(r.previousRate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
