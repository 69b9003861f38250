/**
 * Volume and fees per day, drawn by uPlot on a canvas (docs/decisions.md, "uPlot for the Analytics chart"). The
 * Analytics tab loads this file with React.lazy, so uPlot is fetched only when an admin
 * opens that tab; the same figures are in the tab's table, for screen readers and exact
 * reading, so the canvas itself is one labelled image.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import { formatRupees, paise } from '@common/money';
import { formatCompactRupees, formatShortDay, rupeeAxisStepsPaise } from '@/features/admin/format';
import { formatIndiaDay } from '@/lib/date-time';
import type { DailySeries } from '@/features/admin/analytics-series';
import { useDarkTheme } from './chart-theme';

export interface DailyChartProps {
  series: DailySeries;
  /** The chart's accessible name. */
  label: string;
  /** The series' names in the language shown, for the legend. */
  names: { day: string; volume: string; fees: string };
}

const heightPx = 220;

// Tailwind's emerald-700/400 (the brand), amber-600/400, slate-500/400 and slate-200/800:
// each line and the text keep at least 3:1 against the card in both themes.
const palette = {
  light: { volume: '#047857', volumeFill: 'rgba(4,120,87,0.55)', fees: '#d97706', text: '#64748b', grid: '#e2e8f0' },
  dark: { volume: '#34d399', volumeFill: 'rgba(52,211,153,0.5)', fees: '#fbbf24', text: '#94a3b8', grid: '#1e293b' },
} as const;

const rupeesOrDash = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatRupees(paise(Math.round(value)));

export function chartOptions({ series, names }: DailyChartProps, widthPx: number, dark: boolean): uPlot.Options {
  const colours = dark ? palette.dark : palette.light;
  const { days } = series;
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
  // Ticks a whole number of rupees apart, from ₹0: no paise on the axes.
  const money = (_: uPlot, splits: number[]) => splits.map((value) => formatCompactRupees(value));
  return {
    width: widthPx,
    height: heightPx,
    // The x values are day numbers (0, 1, …), labelled with the India days they stand for.
    // Half a day of room each side, so the first and last bars are whole.
    scales: {
      x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
      volume: { range: (_, __, max) => [0, Math.max(max, 100) * 1.1] },
      fees: { range: (_, __, max) => [0, Math.max(max, 100) * 1.1] },
    },
    // Volume as bars on the left scale, fees as a dashed line on the right: on scales of
    // their own the two would draw the same shape, so they differ in kind, not only in colour.
    series: [
      { label: names.day, value: (_, index) => (index === null || !days[index] ? '—' : formatIndiaDay(days[index])) },
      {
        label: names.volume, scale: 'volume', stroke: colours.volume, fill: colours.volumeFill, width: 1,
        paths: uPlot.paths.bars!({ size: [0.7, 40] }), points: { show: false }, value: (_, value) => rupeesOrDash(value),
      },
      { label: names.fees, scale: 'fees', stroke: colours.fees, width: 2, dash: [6, 4], value: (_, value) => rupeesOrDash(value) },
    ],
    axes: [
      {
        ...axis,
        incrs: [1, 2, 7, 14, 28],
        space: 48,
        values: (_, splits) => splits.map((index) => (Number.isInteger(index) && days[index] ? formatShortDay(days[index]) : '')),
      },
      { ...axis, scale: 'volume', size: 56, incrs: rupeeAxisStepsPaise, values: money },
      { ...axis, scale: 'fees', side: 1, size: 52, grid: { show: false }, incrs: rupeeAxisStepsPaise, values: money },
    ],
    // The legend names the lines and, under the cursor, shows that day's figures.
    legend: { show: true, live: true },
    // No drag-to-zoom: on a phone a drag should scroll the page.
    cursor: { drag: { x: false, y: false } },
  };
}

export function DailyChart(props: DailyChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  const { series, label } = props;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const width = () => Math.max(container.clientWidth, 200);
    const data: uPlot.AlignedData = [series.days.map((_, index) => index), series.volumePaise, series.feesPaise];
    const chart = new uPlot(chartOptions(props, width(), dark), data, container);
    // The admin panel on a phone turns and resizes: the chart follows its column's width.
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: heightPx }));
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // props is a new object at every render; the figures, the names and the theme are what
    // change the drawing, so only they draw it again.
  }, [series, props.names.day, props.names.volume, props.names.fees, dark]);

  return <div ref={containerRef} role="img" aria-label={label} className="min-w-0 text-xs" />;
}
