import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DASHBOARD_RANGES,
  type DashboardExport,
  type DashboardRange,
  type DashboardTopRow,
  type EvaluationDashboard,
} from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import type { EvaluationFilter } from './api.ts';
import { downloadDashboard, useEvaluationDashboard } from './api-dashboard.ts';

// The chart library is loaded with the first chart only (its own chunk).
const TrendChart = lazy(() => import('./trend-chart.tsx'));

const K = 'instructionEvaluations.dashboard';
const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
const MONTH = new Intl.DateTimeFormat('de-DE', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Tab „Dashboard“ of the evaluations page (decision 077): a range ending today, the key figures (done by
 * completion day, due, done in time and the on-time rate, overdue now, due in the next 30 days), done and due per
 * week or month as a chart and a table, the five topics and departments with the most overdue items; the page's
 * filters apply (its year does not). Every table as XLSX and as PDF.
 */
export function DashboardTab({ filter }: { filter: EvaluationFilter }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardRange>('month');
  const dashboard = useEvaluationDashboard(filter, range);
  const download = useMutation({
    mutationFn: ({ table, format }: { table: DashboardExport; format: 'xlsx' | 'pdf' }) =>
      downloadDashboard(filter, range, table, format),
    onSuccess: ({ blob, fileName }, { table, format }) =>
      saveBlob(blob, fileName ?? `Unterweisungen-Dashboard-${table}.${format}`),
  });
  const exportButtons = (table: DashboardExport, title: string) => (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={download.isPending}
        onClick={() => download.mutate({ table, format: 'xlsx' })}
        aria-label={t('instructionEvaluations.exportOf', { table: title })}
      >
        {t('instructionEvaluations.export')}
      </Button>
      <Button
        size="small"
        startIcon={<PrintIcon />}
        disabled={download.isPending}
        onClick={() => download.mutate({ table, format: 'pdf' })}
        aria-label={t('instructionEvaluations.printOf', { table: title })}
      >
        {t('instructionEvaluations.print')}
      </Button>
    </Stack>
  );
  const data = dashboard.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="evaluation-dashboard">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={range}
          onChange={(_, next: DashboardRange | null) => next && setRange(next)}
          aria-label={t(`${K}.range`)}
          sx={{ flexWrap: 'wrap' }}
        >
          {DASHBOARD_RANGES.map((key) => (
            <ToggleButton key={key} value={key}>
              {t(`${K}.ranges.${key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data && (
          <Typography variant="body2" data-testid="dashboard-period">
            {t(`${K}.period`, { from: formatDate(data.from), to: formatDate(data.to) })}
          </Typography>
        )}
      </Box>
      {dashboard.error && (
        <Alert severity="error" role="alert">
          {errorMessage(dashboard.error, t)}
        </Alert>
      )}
      {download.error && (
        <Alert severity="error" role="alert">
          {errorMessage(download.error, t)}
        </Alert>
      )}
      {dashboard.isPending && <CircularProgress aria-label={t('instructionEvaluations.loading')} />}
      {data && (
        <>
          <Figures data={data} exportButtons={exportButtons} />
          <Trend data={data} exportButtons={exportButtons} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <Top
              id="topics"
              title={t(`${K}.topTopics`)}
              column={t('instructionEvaluations.topic')}
              rows={data.topTopics}
              exportButtons={exportButtons}
            />
            <Top
              id="departments"
              title={t(`${K}.topDepartments`)}
              column={t('instructionEvaluations.department')}
              rows={data.topDepartments}
              exportButtons={exportButtons}
            />
          </Box>
        </>
      )}
    </Box>
  );
}

type ExportButtonsOf = (table: DashboardExport, title: string) => React.ReactNode;

function Header({ title, actions }: { title: string; actions: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}

function Figures({ data, exportButtons }: { data: EvaluationDashboard; exportButtons: ExportButtonsOf }) {
  const { t } = useTranslation();
  const f = data.figures;
  const title = t(`${K}.figures`);
  const cards: { id: string; label: string; value: string }[] = [
    { id: 'done', label: t(`${K}.done`), value: formatNumber(f.done) },
    { id: 'due', label: t(`${K}.due`), value: formatNumber(f.due) },
    { id: 'in-time', label: t(`${K}.doneInTime`), value: formatNumber(f.doneInTime) },
    { id: 'on-time-rate', label: t(`${K}.onTimeRate`), value: percent(f.onTimeRate) },
    { id: 'overdue-now', label: t(`${K}.overdueNow`), value: formatNumber(f.overdueNow) },
    { id: 'due-next30', label: t(`${K}.dueNext30`), value: formatNumber(f.dueNext30) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <Header title={title} actions={exportButtons('figures', title)} />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        {cards.map((c) => (
          <Paper key={c.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`dashboard-${c.id}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {c.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {c.value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t(`${K}.basisHint`)}
      </Typography>
    </Paper>
  );
}

function Trend({ data, exportButtons }: { data: EvaluationDashboard; exportButtons: ExportButtonsOf }) {
  const { t } = useTranslation();
  const title = t(data.unit === 'week' ? `${K}.trendWeeks` : `${K}.trendMonths`);
  const labels = data.trend.map((b) =>
    data.unit === 'week' ? formatDate(b.start) : MONTH.format(new Date(`${b.start}T00:00:00Z`)),
  );
  const series = { done: t(`${K}.done`), due: t(`${K}.dueShort`), doneInTime: t(`${K}.doneInTime`) };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="dashboard-trend">
      <Header title={title} actions={exportButtons('trend', title)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '3fr 2fr' } }}>
        <Suspense fallback={<CircularProgress aria-label={t('instructionEvaluations.loading')} />}>
          <TrendChart
            buckets={data.trend}
            labels={labels}
            series={series}
            label={t('instructionEvaluations.chartOf', { table: title })}
          />
        </Suspense>
        <Box sx={{ overflowX: 'auto', maxHeight: 320 }}>
          <Table size="small" aria-label={title} stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{t(data.unit === 'week' ? `${K}.weekOf` : `${K}.monthOf`)}</TableCell>
                <TableCell align="right">{series.done}</TableCell>
                <TableCell align="right">{series.due}</TableCell>
                <TableCell align="right">{series.doneInTime}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.trend.map((b, i) => (
                <TableRow key={b.start}>
                  <TableCell component="th" scope="row">
                    {labels[i]}
                  </TableCell>
                  <TableCell align="right">{formatNumber(b.done)}</TableCell>
                  <TableCell align="right">{formatNumber(b.due)}</TableCell>
                  <TableCell align="right">{formatNumber(b.doneInTime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Paper>
  );
}

function Top(props: {
  id: 'topics' | 'departments';
  title: string;
  column: string;
  rows: DashboardTopRow[];
  exportButtons: ExportButtonsOf;
}) {
  const { t } = useTranslation();
  const { id, title, column, rows, exportButtons } = props;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`dashboard-top-${id}`}>
      <Header title={title} actions={exportButtons(id, title)} />
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('instructionEvaluations.noneOverdue')}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{column}</TableCell>
              <TableCell align="right">{t('instructionEvaluations.overdue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell align="right">{formatNumber(r.overdue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
