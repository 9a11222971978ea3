// The analytics charts (uPlot: a maintained canvas chart library, ~20 KB gzip): requests over time, stacked by
// outcome, and duration percentiles over time. Loaded lazily (React.lazy in ChartPanels) in a chunk of their own.
// A canvas draws a few hundred bars in a millisecond or two, so the charts never hold the page up while the rows
// are read (an SVG chart library made one 250-400 ms task of its first render: docs/analytics.md). A bar opens the
// explorer with exactly its requests; the same figures and links are in the buckets table beside it, which is
// also the charts' text alternative.
import 'uplot/dist/uPlot.min.css';
import { useComputedColorScheme } from '@mantine/core';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import uPlot from 'uplot';
import type { StatusClass } from '../../api/requestLogReader/row';
import type { Bucket, LinkSpec } from './model/aggregate';
import { explorerHref } from './links';

export const CLASS_SERIES: { name: StatusClass; label: string; color: string }[] = [
  { name: 'ok', label: 'OK', color: 'teal-6' },
  { name: 'client', label: 'Client error (4xx)', color: 'orange-6' },
  { name: 'server', label: 'Server error (5xx)', color: 'red-7' },
  { name: 'error', label: 'Error (no status code)', color: 'grape-6' },
];

const HEIGHT = 220;
/** The chart and its legend: the space is kept while the chart is drawn (no layout shift). */
const MIN_HEIGHT = HEIGHT + 32;

/** A Mantine colour (`teal-6`) or variable as the canvas needs it: the computed value of its CSS variable. */
function cssColor(name: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(`--mantine-color-${name}`).trim();
  return v || name;
}

interface Props {
  buckets: Bucket[];
  format: (ms: number) => string;
  /** Series present in the data (a class never seen is left out of the legend). */
  classes: StatusClass[];
}

/**
 * One uPlot chart in a div that follows its width. The chart is built when its shape (`shape`: series, colours,
 * formats) changes; new figures only give it new data (setData), so an update while the rows are read redraws
 * the canvas instead of building the chart, its legend and its layout again.
 */
function useChart(options: (width: number) => uPlot.Options, data: uPlot.AlignedData, shape: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const latest = useRef(data);
  latest.current = data;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let resize: ResizeObserver | undefined;
    // Drawn in a task of its own after the commit, so the page's update and the two charts never add up to one
    // long task while the rows are read.
    const timer = setTimeout(() => {
      const width = Math.max(el.clientWidth, 200);
      const drawn = new uPlot(options(width), latest.current, el);
      chart.current = drawn;
      resize = new ResizeObserver(() => {
        const w = Math.max(el.clientWidth, 200);
        if (w !== drawn.width) drawn.setSize({ width: w, height: HEIGHT });
      });
      resize.observe(el);
    }, 0);
    return () => {
      clearTimeout(timer);
      resize?.disconnect();
      chart.current?.destroy();
      chart.current = undefined;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt exactly when its shape changes
  }, shape);
  useEffect(() => {
    const timer = setTimeout(() => {
      const drawn = chart.current;
      if (drawn && drawn.data !== data) drawn.setData(data);
    }, 0);
    return () => clearTimeout(timer);
  }, [data]);
  return ref;
}

function axes(format: (ms: number) => string, unit = '', size = 56): uPlot.Axis[] {
  const stroke = cssColor('dimmed');
  const grid = { stroke: cssColor('default-border'), width: 1 };
  return [
    {
      stroke,
      grid,
      ticks: grid,
      values: (_u, splits) => splits.map((v) => format(v)),
      space: 70,
    },
    { stroke, grid, ticks: grid, size, values: (_u, splits) => splits.map((v) => `${v}${unit}`) },
  ];
}

export const RequestsChart = memo(function RequestsChart({ buckets, format, classes }: Props) {
  const navigate = useNavigate();
  const scheme = useComputedColorScheme('light');
  const classKey = classes.join(',');
  const series = useMemo(() => CLASS_SERIES.filter((s) => classKey.split(',').includes(s.name)), [classKey]);
  // Stacked: series i is the sum of classes i..end, drawn largest first so each shows as its own segment.
  const stacks = useMemo(
    () =>
      series.map((_, i) =>
        buckets.map((b) => series.slice(i).reduce((sum, s) => sum + (b.classes[s.name] ?? 0), 0)),
      ),
    [buckets, series],
  );
  const data = useMemo<uPlot.AlignedData>(() => [buckets.map((b) => b.start), ...stacks], [buckets, stacks]);
  // What the chart's handlers read: the figures drawn now, not those it was built with.
  const now = useRef({ buckets, stacks });
  now.current = { buckets, stacks };
  const ref = useChart(
    (width) => {
      const bars = uPlot.paths.bars!({ size: [0.8, 48], align: 1 });
      const step = () => {
        const b = now.current.buckets;
        return b.length > 1 ? b[1].start - b[0].start : 60_000;
      };
      return {
        width,
        height: HEIGHT,
        ms: 1,
        // Each bar spans its bucket: the scale reaches one bucket past the last start.
        scales: { x: { time: true, range: (_u, min, max) => [min, max + step()] } },
        axes: axes(format),
        legend: { show: true, live: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        series: [
          { label: 'Time', value: (_u, v) => (v == null ? '' : format(v)) },
          ...series.map((s) => ({
            label: s.label,
            fill: cssColor(s.color),
            stroke: cssColor(s.color),
            width: 0,
            paths: bars,
            points: { show: false },
            value: (_u: uPlot, _v: number, si: number, idx: number | null) => {
              if (idx == null) return '';
              const b = now.current.buckets[idx];
              return b ? String(b.classes[series[si - 1].name] ?? 0) : '';
            },
          })),
        ],
        hooks: {
          ready: [
            (u) => {
              u.over.style.cursor = 'pointer';
              u.over.addEventListener('click', () => {
                const idx = u.cursor.idx;
                const top = u.cursor.top;
                if (idx == null || top == null || top < 0) return;
                const { buckets: drawn, stacks: tops } = now.current;
                const b = drawn[idx];
                if (!b) return;
                // The segment under the pointer: the smallest stack whose top is at or above the value.
                const value = u.posToVal(top, 'y');
                let link: LinkSpec | undefined = b.link;
                for (let i = series.length - 1; i >= 0; i--) {
                  if (value <= tops[i][idx]) {
                    link = b.classLinks[series[i].name] ?? b.link;
                    break;
                  }
                }
                if (b.count && link) void navigate(explorerHref(link));
              });
            },
          ],
        },
      };
    },
    data,
    [format, series, scheme],
  );
  return <div ref={ref} style={{ minHeight: MIN_HEIGHT }} data-testid="requests-chart" />;
});

export const DurationChart = memo(function DurationChart({ buckets, format }: Omit<Props, 'classes'>) {
  const scheme = useComputedColorScheme('light');
  const data = useMemo<uPlot.AlignedData>(() => {
    const pick = (k: 'p50' | 'p95' | 'p99') =>
      buckets.map((b) => (b.count ? Math.round(b[k] * 10) / 10 : null));
    return [buckets.map((b) => b.start), pick('p50'), pick('p95'), pick('p99')];
  }, [buckets]);
  const dots = buckets.length <= 60;
  const ref = useChart(
    (width) => {
      const line = (label: string, color: string) => ({
        label,
        stroke: cssColor(color),
        width: 2,
        spanGaps: false,
        points: { show: dots, size: 4 },
        value: (_u: uPlot, v: number | null) => (v == null ? '–' : `${v} ms`),
      });
      return {
        width,
        height: HEIGHT,
        ms: 1,
        scales: { x: { time: true } },
        axes: axes(format, ' ms', 72),
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: 'Time', value: (_u, v) => (v == null ? '' : format(v)) },
          line('p50', 'blue-6'),
          line('p95', 'violet-6'),
          line('p99', 'pink-6'),
        ],
      };
    },
    data,
    [format, dots, scheme],
  );
  return <div ref={ref} style={{ minHeight: MIN_HEIGHT }} data-testid="duration-chart" />;
});
