import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { EvaluationRow } from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import { formatNumber } from '#lib/format.ts';

const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { maximumFractionDigits: 1 })} %`;

/**
 * The completion rates of one table as a bar chart: this year against the previous year (MUI X Charts, its own lazy
 * chunk, decision 073). A figure named after its table; the table next to it carries the same numbers.
 */
export default function RateChart({
  rows,
  year,
  horizontal,
  label,
}: {
  rows: EvaluationRow[];
  year: number;
  horizontal: boolean;
  label: string;
}) {
  const labels = rows.map((r) => r.label);
  const series = [
    { data: rows.map((r) => r.rate), label: String(year), color: '#1565c0', valueFormatter: percent },
    {
      data: rows.map((r) => r.previousRate),
      label: String(year - 1),
      color: '#90a4ae',
      valueFormatter: percent,
    },
  ];
  const height = horizontal ? Math.max(160, 48 + rows.length * 36) : 280;
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      {horizontal ? (
        <BarChart
          height={height}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 160 }]}
          xAxis={[{ min: 0, max: 100 }]}
          series={series}
          skipAnimation
        />
      ) : (
        <BarChart
          height={height}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ min: 0, max: 100 }]}
          series={series}
          skipAnimation
        />
      )}
    </Box>
  );
}
