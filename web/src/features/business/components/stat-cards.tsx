import { useLingui } from '@lingui/react/macro';
import type { BusinessStats } from '@common/api/types';
import { parseRupees } from '@common/money';
import { monthTrend, type MonthTrend } from '@common/trend';
import { Card } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useBusinessStats } from '@/features/business/api/get-business-stats';

/**
 * This month against the same days of the last (docs/product.md#dashboard-figures), as the server counted them;
 * null when there is nothing to say or the answer carries no trend.
 */
function revenueTrend(trend: BusinessStats['trend'] | undefined): MonthTrend | null {
  if (!trend) return null;
  const current = parseRupees(trend.revenue.current);
  const previous = parseRupees(trend.revenue.previous);
  return current === null || previous === null ? null : monthTrend(current, previous);
}

const transactionsTrend = (trend: BusinessStats['trend'] | undefined): MonthTrend | null =>
  trend ? monthTrend(trend.transactions.current, trend.transactions.previous) : null;

export function StatCards() {
  const stats = useBusinessStats();
  const { t } = useLingui();
  const data = stats.data?.stats;
  const placeholder = stats.isError ? '—' : '…';
  return (
    <section aria-label={t`Business statistics`} className="grid grid-cols-2 gap-3">
      <StatCard label={t`Total Revenue`} value={data ? formatWireRupees(data.totalRevenue) : placeholder} trend={revenueTrend(data?.trend)} hasTrend />
      <StatCard label={t`Customers`} value={data ? String(data.customers) : placeholder} />
      <StatCard label={t`Credit Issued`} value={data ? formatWireRupees(data.creditIssued) : placeholder} />
      <StatCard label={t`Transactions`} value={data ? String(data.transactions) : placeholder} trend={transactionsTrend(data?.trend)} hasTrend />
    </section>
  );
}

/**
 * A card with `hasTrend` keeps the line of its trend from the first paint, empty until the
 * figures come (or when there is nothing to say): the cards' height never changes, so
 * nothing below them moves as the dashboard loads.
 */
function StatCard({ label, value, trend = null, hasTrend = false }: { label: string; value: string; trend?: MonthTrend | null; hasTrend?: boolean }) {
  return (
    <Card role="group" aria-label={label} className="min-w-0 p-3">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 truncate text-lg font-bold tabular-nums">{value}</p>
      {trend ? <TrendNote trend={trend} /> : hasTrend && <p aria-hidden="true" className="text-xs font-medium">{'\u00a0'}</p>}
    </Card>
  );
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not text */
const trendTones = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-700 dark:text-red-400',
  level: 'text-slate-500 dark:text-slate-400',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The note under a figure ("+12% this month", docs/product.md#dashboard-figures): green for a rise, red for
 * a fall, grey for no change or a first month. The sign and the words say it without the colour.
 */
function TrendNote({ trend }: { trend: MonthTrend }) {
  const { t } = useLingui();
  if (trend.kind === 'new') return <p className={`text-xs font-medium ${trendTones.level}`}>{t`New this month`}</p>;
  const { percent } = trend;
  const tone = percent.startsWith('+') ? trendTones.up : percent.startsWith('-') ? trendTones.down : trendTones.level;
  return <p className={`text-xs font-medium ${tone}`}>{t`${percent}% this month`}</p>;
}
