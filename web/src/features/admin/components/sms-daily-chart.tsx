/**
 * SMS per day, drawn by uPlot as the volume chart is (daily-chart.tsx): the SMS that reached
 * a vendor as bars, those delivered as a line, those that failed as a dashed line, on one
 * count scale. Loaded with React.lazy by the SMS section; its table has the same figures,
 * so the canvas is one labelled image.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import { formatCount, formatShortDay } from '@/features/admin/format';
import { formatIndiaDay } from '@/lib/date-time';
import type { SmsDailySeries } from '@/features/admin/analytics-series';
import { useDarkTheme } from './chart-theme';

export interface SmsDailyChartProps {
  series: SmsDailySeries;
  /** The chart's accessible name. */
  label: string;
  /** The series' names in the language shown, for the legend. */
  names: { day: string; sent: string; delivered: string; failed: string };
}

const heightPx = 200;

// Tailwind's emerald-700/400, sky-700/400, red-600/400, slate-500/400 and slate-200/800:
// each mark and the text keep at least 3:1 against the card in both themes.
const palette = {
  light: { sent: '#047857', sentFill: 'rgba(4,120,87,0.45)', delivered: '#0369a1', failed: '#dc2626', text: '#64748b', grid: '#e2e8f0' },
  dark: { sent: '#34d399', sentFill: 'rgba(52,211,153,0.4)', delivered: '#38bdf8', failed: '#f87171', text: '#94a3b8', grid: '#1e293b' },
} as const;

const countOrDash = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatCount(value);

function chartOptions({ series, names }: SmsDailyChartProps, widthPx: number, dark: boolean): uPlot.Options {
  const colours = dark ? palette.dark : palette.light;
  const { days } = series;
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
  return {
    width: widthPx,
    height: heightPx,
    scales: {
      x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
      count: { range: (_, __, max) => [0, Math.max(max, 5) * 1.1] },
    },
    series: [
      { label: names.day, value: (_, index) => (index === null || !days[index] ? '—' : formatIndiaDay(days[index])) },
      {
        label: names.sent, scale: 'count', stroke: colours.sent, fill: colours.sentFill, width: 1,
        paths: uPlot.paths.bars!({ size: [0.7, 40] }), points: { show: false }, value: (_, value) => countOrDash(value),
      },
      { label: names.delivered, scale: 'count', stroke: colours.delivered, width: 2, value: (_, value) => countOrDash(value) },
      { label: names.failed, scale: 'count', stroke: colours.failed, width: 2, dash: [6, 4], value: (_, value) => countOrDash(value) },
    ],
    axes: [
      {
        ...axis,
        incrs: [1, 2, 7, 14, 28],
        space: 48,
        values: (_, splits) => splits.map((index) => (Number.isInteger(index) && days[index] ? formatShortDay(days[index]) : '')),
      },
      // Whole SMS only on the count axis.
      { ...axis, scale: 'count', size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000], values: (_, splits) => splits.map(formatCount) },
    ],
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
  };
}

export function SmsDailyChart(props: SmsDailyChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  const { series, label, names } = props;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const width = () => Math.max(container.clientWidth, 200);
    const data: uPlot.AlignedData = [series.days.map((_, index) => index), series.sent, series.delivered, series.failed];
    const chart = new uPlot(chartOptions(props, width(), dark), data, container);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: heightPx }));
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // props is a new object at every render: the figures, the names and the theme redraw it.
  }, [series, names.day, names.sent, names.delivered, names.failed, dark]);

  return <div ref={containerRef} role="img" aria-label={label} className="min-w-0 text-xs" />;
}
