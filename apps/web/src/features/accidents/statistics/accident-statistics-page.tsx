import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  AccidentStatistics,
  QuotaRow,
  QuotaTable,
  StatisticsRow,
  StatisticsTable,
  StatisticsTotals,
} from '@schutzwerk/shared/accidents/statistics.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatNumber } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { downloadStatisticsXlsx, useAccidentStatistics } from './get-statistics.ts';

// The chart library is loaded with the first chart only (its own chunk).
const StatisticsChart = lazy(() => import('./statistics-chart.tsx'));

const TABLES: { key: StatisticsTable; horizontal: boolean }[] = [
  { key: 'eventType', horizontal: true },
  { key: 'location', horizontal: true },
  { key: 'department', horizontal: true },
  { key: 'month', horizontal: false },
  { key: 'bodyPart', horizontal: true },
  { key: 'injuryType', horizontal: true },
];

/** The 1000-man quota per location and per department (decision 071). */
const QUOTAS: { key: QuotaTable; table: keyof AccidentStatistics['quotas'] }[] = [
  { key: 'locationQuota', table: 'location' },
  { key: 'departmentQuota', table: 'department' },
];

/** /accidents/statistics — counts, lost days and the 1000-man quota of a year against the previous (decision 051). */
export function AccidentStatisticsPage() {
  const { t } = useTranslation();
  const [yearText, setYearText] = useState(String(new Date().getFullYear()));
  const [hoursText, setHoursText] = useState('');
  const yearValid = /^\d{4}$/.test(yearText) && Number(yearText) >= 1990 && Number(yearText) <= 2100;
  const hoursValid = hoursText === '' || (/^\d{1,4}$/.test(hoursText) && Number(hoursText) > 0);
  const [applied, setApplied] = useState({ year: Number(yearText), hours: null as number | null });
  const stats = useAccidentStatistics(applied.year, applied.hours);
  const download = useMutation({
    mutationFn: (table: string) => downloadStatisticsXlsx(applied.year, table, applied.hours),
    onSuccess: ({ blob, fileName }, table) =>
      saveBlob(blob, fileName ?? `Unfallstatistik-${applied.year}-${table}.xlsx`),
  });
  useToolbar({ title: t('accidents.statistics.title'), back: '/accidents/list' });

  const apply = () => {
    if (yearValid && hoursValid)
      setApplied({ year: Number(yearText), hours: hoursText === '' ? null : Number(hoursText) });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Paper
        variant="outlined"
        className="no-print"
        component="form"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          apply();
        }}
        sx={{
          p: 2,
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          '@media print': { display: 'none' },
        }}
      >
        <TextField
          label={t('accidents.statistics.year')}
          value={yearText}
          onChange={(e) => setYearText(e.target.value)}
          error={!yearValid}
          helperText={yearValid ? ' ' : t('accidents.statistics.yearInvalid')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 140 }}
        />
        <TextField
          label={t('accidents.statistics.fullTimeHours')}
          value={hoursText}
          onChange={(e) => setHoursText(e.target.value)}
          error={!hoursValid}
          helperText={
            hoursValid ? t('accidents.statistics.fullTimeHoursHint') : t('accidents.statistics.hoursInvalid')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 300 }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t('accidents.statistics.show')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ mt: 1 }}>
          {t('accidents.statistics.print')}
        </Button>
      </Paper>
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
      {stats.isPending && <CircularProgress aria-label={t('accidents.statistics.loading')} />}
      {stats.data && (
        <>
          <Totals stats={stats.data} onExport={() => download.mutate('totals')} />
          {QUOTAS.map(({ key, table }) => (
            <QuotaSection
              key={key}
              id={key}
              title={t(`accidents.statistics.table.${key}`)}
              first={t(`accidents.statistics.quotaFirst.${key}`)}
              rows={stats.data.quotas[table]}
              year={stats.data.year}
              onExport={() => download.mutate(key)}
            />
          ))}
          {TABLES.map(({ key, horizontal }) => {
            const rows = stats.data.tables[key];
            if (rows === null) return null;
            return (
              <Section
                key={key}
                id={key}
                title={t(`accidents.statistics.table.${key}`)}
                rows={rows}
                year={stats.data.year}
                horizontal={horizontal}
                onExport={() => download.mutate(key)}
              />
            );
          })}
          {!stats.data.healthVisible && (
            <Typography variant="body2" color="text.secondary">
              {t('accidents.statistics.healthHidden')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function ExportButton({ onClick, label }: { onClick: () => void; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={onClick}
      aria-label={t('accidents.statistics.exportOf', { table: label })}
      sx={{ '@media print': { display: 'none' } }}
    >
      {t('accidents.statistics.export')}
    </Button>
  );
}

function Totals({ stats, onExport }: { stats: AccidentStatistics; onExport: () => void }) {
  const { t } = useTranslation();
  const num = (v: number | null, digits = 0) =>
    v === null ? '–' : formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const lines: [string, (x: StatisticsTotals) => string][] = [
    [t('accidents.statistics.reports'), (x) => num(x.reports)],
    [t('accidents.statistics.reportable'), (x) => num(x.reportable)],
    [t('accidents.statistics.lostDays'), (x) => num(x.lostDays)],
    [t('accidents.statistics.costs'), (x) => `${num(x.costs / 100, 2)} €`],
    // A year on its snapshots has an average, shown with one decimal (decision 062).
    [t('accidents.statistics.employees'), (x) => num(x.employees, Number.isInteger(x.employees) ? 0 : 1)],
    [t('accidents.statistics.quota'), (x) => num(x.quota, 1)],
    [t('accidents.statistics.hoursWorked'), (x) => num(x.hoursWorked)],
    [t('accidents.statistics.quotaByHours'), (x) => num(x.quotaByHours, 1)],
    [
      t('accidents.statistics.staffSource'),
      (x) =>
        x.staffSource === 'history'
          ? t('accidents.statistics.staffHistory', { count: x.staffMonths })
          : t('accidents.statistics.staffCurrent'),
    ],
  ];
  // Years without a monthly snapshot divide by today's staff (decision 062): said plainly.
  const currentYears = [
    { year: stats.year, x: stats.totals },
    { year: stats.year - 1, x: stats.previousTotals },
  ]
    .filter((e) => e.x.staffSource === 'current')
    .map((e) => e.year);
  const title = t('accidents.statistics.totals');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <ExportButton onClick={onExport} label={title} />
      </Box>
      <Table size="small" aria-label={title} data-testid="statistics-totals">
        <TableHead>
          <TableRow>
            <TableCell>{t('accidents.statistics.figure')}</TableCell>
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
      {currentYears.map((year) => (
        <Typography key={year} variant="body2" data-testid="statistics-staff-current">
          {t('accidents.statistics.staffCurrentHint', { year })}
        </Typography>
      ))}
      <Typography variant="caption" color="text.secondary">
        {t('accidents.statistics.quotaHint')}
      </Typography>
    </Paper>
  );
}

function Section(props: {
  id: string;
  title: string;
  rows: StatisticsRow[];
  year: number;
  horizontal: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const { id, title, rows, year, horizontal, onExport } = props;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, breakInside: 'avoid' }}
      data-testid={`statistics-${id}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <ExportButton onClick={onExport} label={title} />
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('accidents.statistics.empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' } }}>
          <Suspense fallback={<CircularProgress aria-label={t('accidents.statistics.loading')} />}>
            <StatisticsChart
              rows={rows}
              year={year}
              horizontal={horizontal}
              label={t('accidents.statistics.chartOf', { table: title })}
            />
          </Suspense>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{title}</TableCell>
                <TableCell align="right">{year}</TableCell>
                <TableCell align="right">{year - 1}</TableCell>
                <TableCell align="right">{t('accidents.statistics.lostDays')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell component="th" scope="row">
                    {r.label}
                  </TableCell>
                  <TableCell align="right">{r.count}</TableCell>
                  <TableCell align="right">{r.previous}</TableCell>
                  <TableCell align="right">{r.lostDays}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The quota per location or department for the year and the previous year: reportable accidents, average staff,
 * quota (decision 071). Wider than a phone: the table scrolls in its own region.
 */
function QuotaSection(props: {
  id: string;
  title: string;
  first: string;
  rows: QuotaRow[];
  year: number;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const { id, title, first, rows, year, onExport } = props;
  const num = (v: number | null, digits: number) =>
    v === null ? '–' : formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  // An average of monthly snapshots may have a decimal (decision 062).
  const staff = (v: number) => num(v, Number.isInteger(v) ? 0 : 1);
  const perYear = [year, year - 1];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, breakInside: 'avoid' }}
      data-testid={`statistics-${id}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <ExportButton onClick={onExport} label={title} />
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('accidents.statistics.quotaEmpty')}
        </Typography>
      ) : (
        <Box
          role="region"
          aria-label={title}
          // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          sx={{ overflowX: 'auto' }}
        >
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell rowSpan={2}>{first}</TableCell>
                {perYear.map((y) => (
                  <TableCell key={y} colSpan={3} align="center">
                    {y}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow>
                {perYear.map((y) => [
                  <TableCell key={`${y}-r`} align="right">
                    {t('accidents.statistics.quotaReportable')}
                  </TableCell>,
                  <TableCell key={`${y}-e`} align="right">
                    {t('accidents.statistics.quotaEmployees')}
                  </TableCell>,
                  <TableCell key={`${y}-q`} align="right">
                    {t('accidents.statistics.quotaShort')}
                  </TableCell>,
                ])}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell component="th" scope="row">
                    {r.label}
                  </TableCell>
                  <TableCell align="right">{num(r.reportable, 0)}</TableCell>
                  <TableCell align="right">{staff(r.employees)}</TableCell>
                  <TableCell align="right">{num(r.quota, 1)}</TableCell>
                  <TableCell align="right">{num(r.previousReportable, 0)}</TableCell>
                  <TableCell align="right">{staff(r.previousEmployees)}</TableCell>
                  <TableCell align="right">{num(r.previousQuota, 1)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('accidents.statistics.quotaTableHint')}
      </Typography>
    </Paper>
  );
}
