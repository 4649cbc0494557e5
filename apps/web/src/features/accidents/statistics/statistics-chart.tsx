import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { StatisticsRow } from '@schutzwerk/shared/accidents/statistics.schema.ts';

/**
 * A bar chart of one statistics table: this year against the previous year (MUI X Charts; this file is its own
 * lazy chunk). The chart is a figure named after its table; the table next to it carries the same numbers for screen readers.
 */
export default function StatisticsChart({
  rows,
  year,
  horizontal,
  label,
}: {
  rows: StatisticsRow[];
  year: number;
  horizontal: boolean;
  label: string;
}) {
  const labels = rows.map((r) => r.label);
  const series = [
    { data: rows.map((r) => r.count), label: String(year), color: '#1565c0' },
    { data: rows.map((r) => r.previous), label: String(year - 1), color: '#90a4ae' },
  ];
  const height = horizontal ? Math.max(160, 48 + rows.length * 36) : 280;
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      {horizontal ? (
        <BarChart
          height={height}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 160 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={series}
          skipAnimation
        />
      ) : (
        <BarChart
          height={height}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={series}
          skipAnimation
        />
      )}
    </Box>
  );
}
