/**
 * Volume and fees per day: the chart for the eye, and the same figures as a table that
 * opens under it, for screen readers and for exact reading on a phone, where there is no
 * hover to read a point.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatRupees, paise } from '@common/money';
import type { DailySeries } from '@/features/admin/analytics-series';
import type { DailyChartProps } from './daily-chart';
import { formatCount } from '@/features/admin/format';
import { formatIndiaDay } from '@/lib/date-time';

/** Nothing, where the chart's code could not load (offline): the table below still has every figure. */
const NoChart = (_: DailyChartProps): ReactNode => null;

// uPlot comes with the chart, so it loads with this tab only, never with the other apps.
const DailyChart = lazy(() =>
  import('./daily-chart').then((module) => ({ default: module.DailyChart }), () => ({ default: NoChart })),
);

export function DailyFigures({ series }: { series: DailySeries }) {
  const { t } = useLingui();
  const title = t`Volume and fees per day`;
  return (
    <section aria-labelledby="analytics-daily" className="space-y-3">
      <h3 id="analytics-daily" className="text-base font-semibold">{title}</h3>
      <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {/* The fallback holds the chart's height, so the page does not jump when it draws. */}
        <Suspense fallback={<div className="h-[250px]" />}>
          <DailyChart series={series} label={title} names={{ day: t`Date`, volume: t`Volume`, fees: t`Fees` }} />
        </Suspense>
        <details className="mt-2 px-2 pb-1">
          <summary className="cursor-pointer py-2 text-sm font-medium text-brand-700 dark:text-brand-500">
            <Trans>Show as a table</Trans>
          </summary>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-white text-xs text-slate-500 dark:bg-slate-900 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-2 font-medium"><Trans>Date</Trans></th>
                  <th scope="col" className="px-2 py-2 text-right font-medium"><Trans>Payments</Trans></th>
                  <th scope="col" className="px-2 py-2 text-right font-medium"><Trans>Volume</Trans></th>
                  <th scope="col" className="py-2 pl-2 text-right font-medium"><Trans>Fees</Trans></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {series.days.map((day, index) => (
                  <tr key={day}>
                    <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap">{formatIndiaDay(day)}</th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(series.payments[index]!)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatRupees(paise(series.volumePaise[index]!))}</td>
                    <td className="py-1.5 pl-2 text-right tabular-nums">{formatRupees(paise(series.feesPaise[index]!))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}
