import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Card } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useBusinessStats } from '@/features/merchant/api/get-business-stats';

/** The spec's hard-coded note on Total Revenue (§2, §9); it is not computed. */
export const revenueNote = () => translate`+12% this month`;

export function StatCards() {
  const stats = useBusinessStats();
  const { t } = useLingui();
  const data = stats.data?.stats;
  const placeholder = stats.isError ? '—' : '…';
  return (
    <section aria-label={t`Business statistics`} className="grid grid-cols-2 gap-3">
      <StatCard label={t`Total Revenue`} value={data ? formatWireRupees(data.totalRevenue) : placeholder} note={revenueNote()} />
      <StatCard label={t`Customers`} value={data ? String(data.customers) : placeholder} />
      <StatCard label={t`Credit Issued`} value={data ? formatWireRupees(data.creditIssued) : placeholder} />
      <StatCard label={t`Transactions`} value={data ? String(data.transactions) : placeholder} />
    </section>
  );
}

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card role="group" aria-label={label} className="min-w-0 p-3">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 truncate text-lg font-bold tabular-nums">{value}</p>
      {note && <p className="text-xs font-medium text-emerald-700 dark:text-emerald-400">{note}</p>}
    </Card>
  );
}
