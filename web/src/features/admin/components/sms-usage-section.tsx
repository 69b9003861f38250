/**
 * The Analytics tab's SMS figures (docs/operations.md, "SMS"): how many went by purpose,
 * SMS per day (sent to a vendor, delivered, failed) as a chart with its table, and the
 * shops sending most reminder SMS, for the period the tab shows. Each shop has a daily
 * reminder limit; this is where an admin sees who comes near it.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { SmsUsage } from '@common/api/types';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { AnalyticsPeriodDays } from '@/features/admin/api/get-analytics';
import { useSmsUsage } from '@/features/admin/api/get-sms-usage';
import { smsDailySeries, type SmsDailySeries } from '@/features/admin/analytics-series';
import { formatCount } from '@/features/admin/format';
import { formatIndiaDay } from '@/lib/date-time';
import type { SmsDailyChartProps } from './sms-daily-chart';
import { EmptyState, LoadError } from './load-error';

/** Nothing, where the chart's code could not load (offline): the table below still has every figure. */
const NoChart = (_: SmsDailyChartProps): ReactNode => null;
const SmsDailyChart = lazy(() =>
  import('./sms-daily-chart').then((module) => ({ default: module.SmsDailyChart }), () => ({ default: NoChart })),
);

export function SmsUsageSection({ days }: { days: AnalyticsPeriodDays }) {
  const { t } = useLingui();
  const query = useSmsUsage(days);
  return (
    <section aria-labelledby="analytics-sms" className="space-y-3">
      <h3 id="analytics-sms" className="text-base font-semibold"><Trans>SMS</Trans></h3>
      {query.isPending ? (
        <Spinner className="py-6" />
      ) : query.isError && !query.data ? (
        <LoadError message={t`Could not load the SMS figures.`} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isPlaceholderData} className={`space-y-6 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          <SmsFigures usage={query.data} />
        </div>
      )}
    </section>
  );
}

const totals = [
  { key: 'otp', label: msg`OTP SMS` },
  { key: 'reminders', label: msg`Reminder SMS` },
  { key: 'failed', label: msg`Failed` },
] as const;

function SmsFigures({ usage }: { usage: SmsUsage }) {
  const { t } = useLingui();
  const series = useMemo(() => smsDailySeries(usage), [usage]);
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        {totals.map(({ key, label }) => (
          <Card key={key} className="px-3">
            <dt className="text-sm break-words text-slate-500 dark:text-slate-400">{t(label)}</dt>
            <dd className="mt-1 truncate text-xl font-bold tabular-nums">{formatCount(usage.totals[key])}</dd>
          </Card>
        ))}
      </dl>
      <SmsPerDay series={series} />
      <TopShops shops={usage.topShops} />
    </>
  );
}

function SmsPerDay({ series }: { series: SmsDailySeries }) {
  const { t } = useLingui();
  const title = t`SMS sent per day`;
  const names = { day: t`Date`, sent: t`Sent`, delivered: t`Delivered`, failed: t`Failed` };
  return (
    <section aria-labelledby="analytics-sms-daily" className="space-y-3">
      <h4 id="analytics-sms-daily" className="text-sm font-semibold">{title}</h4>
      <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <Suspense fallback={<div className="h-[230px]" />}>
          <SmsDailyChart series={series} label={title} names={names} />
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
                  <th scope="col" className="py-2 pr-2 font-medium">{names.day}</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">{names.sent}</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">{names.delivered}</th>
                  <th scope="col" className="py-2 pl-2 text-right font-medium">{names.failed}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {series.days.map((day, index) => (
                  <tr key={day}>
                    <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap">{formatIndiaDay(day)}</th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(series.sent[index]!)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(series.delivered[index]!)}</td>
                    <td className="py-1.5 pl-2 text-right tabular-nums">{formatCount(series.failed[index]!)}</td>
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

function TopShops({ shops }: { shops: SmsUsage['topShops'] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="analytics-sms-shops" className="space-y-3">
      <h4 id="analytics-sms-shops" className="text-sm font-semibold"><Trans>Shops sending most SMS</Trans></h4>
      {shops.length === 0 ? (
        <EmptyState>{t`No reminder SMS in this period`}</EmptyState>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table aria-labelledby="analytics-sms-shops" className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium"><Trans>Business</Trans></th>
                <th scope="col" className="px-3 py-2 text-right font-medium"><Trans>Reminder SMS</Trans></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {shops.map((shop) => (
                <tr key={shop.businessId}>
                  <th scope="row" className="max-w-40 truncate px-3 py-2 font-medium">{shop.businessName}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(shop.sent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
