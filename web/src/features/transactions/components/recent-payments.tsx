import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRecentBusinessTransactions } from '@/features/transactions/api/get-business-transactions';
import { TransactionItem } from './transaction-item';
import type { TransactionActions } from './transaction-notes';

interface RecentPaymentsProps {
  onViewAll: () => void;
  /** The screen's buttons for a row, as on the History. */
  actions?: TransactionActions;
}

/** The 5 latest ledger entries with a way to the full history. */
export function RecentPayments({ onViewAll, actions }: RecentPaymentsProps) {
  const recent = useRecentBusinessTransactions();
  const { t } = useLingui();
  return (
    <section aria-labelledby="recent-payments-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-payments-heading" className="min-w-0 text-base font-semibold">
          <Trans>Recent Payments</Trans>
        </h2>
        <Button variant="link" className="h-8 shrink-0 px-0 whitespace-nowrap" onClick={onViewAll}>
          <Trans>View All</Trans>
        </Button>
      </div>
      <Card className="py-1">
        {recent.isPending ? (
          <Spinner label={t`Loading payments`} className="py-6" />
        ) : recent.isError ? (
          <p className="py-6 text-center text-sm text-red-700 dark:text-red-400"><Trans>Could not load payments.</Trans></p>
        ) : recent.data.transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400"><Trans>No payments yet</Trans></p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {recent.data.transactions.map((transaction) => (
              <li key={transaction.id}>
                <TransactionItem transaction={transaction} actions={actions} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
