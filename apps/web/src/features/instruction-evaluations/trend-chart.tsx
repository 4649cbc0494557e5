import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardBucket } from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';

/**
 * Done and due items per week or month of the dashboard's range (MUI X Charts, its own lazy chunk, decisions 073,
 * 077). The table under it carries the same numbers.
 */
export default function TrendChart(props: {
  buckets: DashboardBucket[];
  labels: string[];
  series: { done: string; due: string; doneInTime: string };
  label: string;
}) {
  const { buckets, labels, series, label } = props;
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={280}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          { data: buckets.map((b) => b.due), label: series.due, color: '#90a4ae' },
          { data: buckets.map((b) => b.done), label: series.done, color: '#1565c0' },
          { data: buckets.map((b) => b.doneInTime), label: series.doneInTime, color: '#2e7d32' },
        ]}
        skipAnimation
      />
    </Box>
  );
}
