// The analytics charts (@mantine/charts over recharts): requests over time, stacked by outcome, and duration
// percentiles over time. Loaded lazily (React.lazy in AnalyticsPage) in a chunk of their own: recharts is big.
// A bar opens the explorer with exactly its requests; the same links are in the buckets table beside it.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { memo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StatusClass } from '../../api/requestLogReader/row';
import type { Bucket } from './model/aggregate';
import { explorerHref } from './links';

export const CLASS_SERIES: { name: StatusClass; label: string; color: string }[] = [
  { name: 'ok', label: 'OK', color: 'teal.6' },
  { name: 'client', label: 'Client error (4xx)', color: 'orange.6' },
  { name: 'server', label: 'Server error (5xx)', color: 'red.7' },
  { name: 'error', label: 'Error (no status code)', color: 'grape.6' },
];

interface Props {
  buckets: Bucket[];
  format: (ms: number) => string;
  /** Series present in the data (a class never seen is left out of the legend). */
  classes: StatusClass[];
}

export const RequestsChart = memo(function RequestsChart({ buckets, format, classes }: Props) {
  const navigate = useNavigate();
  const data = buckets.map((b) => ({ time: format(b.start), ...b.classes, bucket: b }));
  const series = CLASS_SERIES.filter((s) => classes.includes(s.name));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="time"
      type="stacked"
      series={series}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      barProps={(s) => ({
        isAnimationActive: false,
        style: { cursor: 'pointer' },
        onClick: (item: { payload?: { bucket?: Bucket } }) => {
          const link = item.payload?.bucket?.classLinks[s.name as StatusClass];
          if (link) void navigate(explorerHref(link));
        },
      })}
    />
  );
});

export const DurationChart = memo(function DurationChart({ buckets, format }: Omit<Props, 'classes'>) {
  const data = buckets.map((b) =>
    b.count ? { time: format(b.start), p50: b.p50, p95: b.p95, p99: b.p99 } : { time: format(b.start) },
  );
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="time"
      unit=" ms"
      connectNulls={false}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      series={[
        { name: 'p50', color: 'blue.6' },
        { name: 'p95', color: 'violet.6' },
        { name: 'p99', color: 'pink.6' },
      ]}
      valueFormatter={(v) => `${Math.round(v * 10) / 10}`}
      lineProps={{ isAnimationActive: false }}
    />
  );
});
