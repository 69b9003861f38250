/**
 * Analytics (docs/product.md#admin-dashboard): the platform's figures for the last 7, 30 or
 * 90 days, from the server's daily rollups, and the SMS sent over the same days. Every figure
 * is text or a table; the charts repeat their tables' figures and are loaded only with this tab.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { AdminAnalytics } from '@common/api/types';
import { reportOpenDaysAlert } from '@common/limits';
import { parseRupees } from '@common/money';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { analyticsPeriodsDays, useAnalytics, type AnalyticsPeriodDays } from '@/features/admin/api/get-analytics';
import { dailySeries } from '@/features/admin/analytics-series';
import { formatCount, formatWaitHours } from '@/features/admin/format';
import { formatIndiaDate, formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { DailyFigures } from './daily-figures';
import { EmptyState, LoadError } from './load-error';
import { SmsUsageSection } from './sms-usage-section';

const periodDefaultDays: AnalyticsPeriodDays = 30;

export function AnalyticsTab() {
  const [days, setDays] = useState<AnalyticsPeriodDays>(periodDefaultDays);
  const query = useAnalytics(days);
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <h2 className="sr-only"><Trans>Analytics</Trans></h2>
      <PeriodChoice chosen={days} onChange={setDays} />
      {query.isPending ? (
        <Spinner className="py-10" />
      ) : query.isError && !query.data ? (
        <LoadError message={t`Could not load the analytics.`} onRetry={() => void query.refetch()} />
      ) : (
        // The previous period's figures stay while the chosen one loads, marked busy.
        <div aria-busy={query.isPlaceholderData} className={`space-y-6 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          <AnalyticsFigures analytics={query.data.analytics} />
        </div>
      )}
      <SmsUsageSection days={days} />
    </div>
  );
}

/**
 * 7, 30 or 90 days: native radio buttons (arrow keys move between them), drawn as a
 * segmented control whose labels may wrap, for the longer words of Tamil.
 */
function PeriodChoice({ chosen, onChange }: { chosen: AnalyticsPeriodDays; onChange: (days: AnalyticsPeriodDays) => void }) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="sr-only"><Trans>Period</Trans></legend>
      <div className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800/70">
        {analyticsPeriodsDays.map((days) => (
          <label
            key={days}
            className="flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-lg px-2 py-1 text-center text-sm leading-tight font-medium text-slate-600 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:text-slate-400 dark:has-checked:bg-slate-900 dark:has-checked:text-slate-100"
          >
            <input
              type="radio"
              name="analytics-period"
              value={days}
              checked={chosen === days}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            {t`Last ${days} days`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// Labels as descriptors, read in the language shown now. Volume and fees are net of refunds
// (booked on the refund's day); the refunds themselves are counted beside them, with their
// amount as the figure's second line.
const headlineFigures: {
  label: MessageDescriptor;
  value: (analytics: AdminAnalytics) => string;
  detail?: (analytics: AdminAnalytics) => string;
}[] = [
  { label: msg`Payments`, value: (a) => formatCount(a.totals.payments) },
  { label: msg`Volume`, value: (a) => formatWireRupees(a.totals.volume) },
  { label: msg`Fees`, value: (a) => formatWireRupees(a.totals.fees) },
  { label: msg`Refunds`, value: (a) => formatCount(a.totals.refunds), detail: (a) => formatWireRupees(a.totals.refunded) },
  { label: msg`Active merchants`, value: (a) => formatCount(a.activeMerchants) },
  { label: msg`Active customers`, value: (a) => formatCount(a.activeCustomers) },
  { label: msg`New customers`, value: (a) => formatCount(a.newRegistrations.customers) },
  { label: msg`New businesses`, value: (a) => formatCount(a.newRegistrations.businesses) },
];

function AnalyticsFigures({ analytics }: { analytics: AdminAnalytics }) {
  const { t } = useLingui();
  const series = useMemo(() => dailySeries(analytics), [analytics]);
  return (
    <>
      <section className="space-y-2">
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {formatIndiaDay(analytics.from)} – {formatIndiaDay(analytics.to)}
        </p>
        <dl className="grid grid-cols-2 gap-3">
          {headlineFigures.map(({ label, value, detail }, index) => (
            <Card
              key={label.id}
              className={`px-3 ${index === headlineFigures.length - 1 && headlineFigures.length % 2 === 1 ? 'col-span-2' : ''}`}
            >
              <dt className="text-sm break-words text-slate-500 dark:text-slate-400">{t(label)}</dt>
              <dd className="mt-1 truncate text-xl font-bold tabular-nums">{value(analytics)}</dd>
              {detail && <dd className="truncate text-sm text-slate-500 tabular-nums dark:text-slate-400">{detail(analytics)}</dd>}
            </Card>
          ))}
          <OpenReports reports={analytics.reports} />
        </dl>
      </section>

      <DailyFigures series={series} />

      <ApprovalFunnel approvals={analytics.approvals} />

      <Section id="analytics-top-merchants" title={t`Top merchants by volume`}>
        {analytics.topMerchants.length === 0 ? (
          <EmptyState>{t`No payments in this period`}</EmptyState>
        ) : (
          <Card className="overflow-x-auto p-0">
            <table aria-labelledby="analytics-top-merchants" className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium"><Trans>Business</Trans></th>
                  <th scope="col" className="px-3 py-2 text-right font-medium"><Trans>Volume</Trans></th>
                  <th scope="col" className="px-3 py-2 text-right font-medium"><Trans>Payments</Trans></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {analytics.topMerchants.map((merchant) => (
                  <tr key={merchant.businessId}>
                    <th scope="row" className="max-w-40 truncate px-3 py-2 font-medium">{merchant.businessName}</th>
                    <td className="px-3 py-2 text-right tabular-nums">{formatWireRupees(merchant.volume)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(merchant.payments)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </Section>

      <CreditFigures credit={analytics.credit} />
    </>
  );
}

/**
 * Customers' reports on payments that merchants have left unanswered longer than
 * reportOpenDaysAlert days, whatever the period chosen: how many, and since when the oldest.
 */
function OpenReports({ reports }: { reports: AdminAnalytics['reports'] }) {
  const { t } = useLingui();
  const days = reportOpenDaysAlert;
  const oldest = reports.oldestOpenAt === null ? null : formatIndiaDate(reports.oldestOpenAt);
  const waiting = reports.openOverWeek > 0;
  return (
    <Card className={`col-span-2 px-3 ${waiting ? 'ring-1 ring-amber-400 dark:ring-amber-500/60' : ''}`}>
      <dt className="text-sm break-words text-slate-500 dark:text-slate-400">{t`Reports open over ${days} days`}</dt>
      <dd className="mt-1 truncate text-xl font-bold tabular-nums">{formatCount(reports.openOverWeek)}</dd>
      {oldest !== null && <dd className="text-sm text-slate-500 dark:text-slate-400">{t`oldest since ${oldest}`}</dd>}
    </Card>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** A bar as long as `share` (0 to 1) of its track; the figure beside it says the same in text. */
function ShareBar({ share, colour }: { share: number; colour: string }) {
  const percent = Math.round(Math.min(Math.max(share, 0), 1) * 100);
  return (
    <span aria-hidden="true" className="block h-2 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
      <span className={`block h-full rounded-full ${colour}`} style={{ width: `${percent}%` }} />
    </span>
  );
}

const funnelSteps = [
  { key: 'applied', label: msg`Applied`, colour: 'bg-slate-500' },
  { key: 'approved', label: msg`Approved`, colour: 'bg-emerald-600' },
  { key: 'rejected', label: msg`Rejected`, colour: 'bg-red-600' },
  { key: 'pending', label: msg`Pending`, colour: 'bg-amber-500' },
] as const;

/** Applications in the period and what became of them: applied → approved, rejected or still pending. */
function ApprovalFunnel({ approvals }: { approvals: AdminAnalytics['approvals'] }) {
  const { t } = useLingui();
  const median = approvals.medianHoursToDecision;
  return (
    <Section id="analytics-approvals" title={t`Approval funnel`}>
      <Card className="space-y-3">
        <table aria-labelledby="analytics-approvals" className="w-full text-sm">
          <tbody>
            {funnelSteps.map(({ key, label, colour }) => (
              <tr key={key}>
                <th scope="row" className={`w-28 py-1 pr-2 text-left font-medium ${key === 'applied' ? '' : 'pl-3'}`}>{t(label)}</th>
                <td className="w-12 py-1 pr-3 text-right font-semibold tabular-nums">{formatCount(approvals[key])}</td>
                <td className="py-1">
                  <ShareBar share={approvals.applied > 0 ? approvals[key] / approvals.applied : 0} colour={colour} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          <dt className="text-slate-500 dark:text-slate-400"><Trans>Median time to decision</Trans></dt>
          <dd className="font-semibold tabular-nums">{median === null ? '—' : formatWaitHours(median)}</dd>
        </dl>
      </Card>
    </Section>
  );
}

/** What merchants have granted in credit limits against what customers owe now, platform-wide. */
function CreditFigures({ credit }: { credit: AdminAnalytics['credit'] }) {
  const { t } = useLingui();
  const granted = parseRupees(credit.granted) ?? 0;
  const owed = parseRupees(credit.owed) ?? 0;
  return (
    <Section id="analytics-credit" title={t`Credit`}>
      <Card className="space-y-3">
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Credit granted</Trans></dt>
            <dd className="mt-1 truncate text-lg font-bold tabular-nums">{formatWireRupees(credit.granted)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Credit owed</Trans></dt>
            <dd className="mt-1 truncate text-lg font-bold tabular-nums">{formatWireRupees(credit.owed)}</dd>
          </div>
        </dl>
        {/* The share owed, for the eye; the amounts above say it in text. */}
        <ShareBar share={granted > 0 ? owed / granted : 0} colour="bg-brand-600" />
      </Card>
    </Section>
  );
}
