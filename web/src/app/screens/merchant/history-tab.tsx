import { Trans, useLingui } from '@lingui/react/macro';
import type { TransactionView } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMayDo } from '@/features/auth/public';
import { useBusinessTransactionPages } from '@/features/transactions/api/get-business-transactions';
import { TransactionItem } from '@/features/transactions/public';
import { RowActions } from '@/features/refunds/public';

/**
 * All Transactions: the merchant's ledger, newest first, a page at a time, each row with its
 * Refund or Reverse for a person who may make them. A role without the whole history (a
 * cashier) sees today's payments only: the server answers it with the India day's rows.
 */
export function HistoryTab() {
  const history = useBusinessTransactionPages();
  const { t } = useLingui();
  const may = useMayDo();
  const transactions = history.data?.pages.flatMap((page) => page.transactions) ?? [];
  const actions = may('refunds') ? (row: TransactionView) => <RowActions transaction={row} /> : undefined;
  return (
    <section aria-labelledby="all-transactions-heading" className="space-y-3">
      <h2 id="all-transactions-heading" className="text-base font-semibold">
        {may('history') ? <Trans>All Transactions</Trans> : <Trans>Today's payments</Trans>}
      </h2>
      <Card className="py-1">
        {history.isPending ? (
          <Spinner label={t`Loading transactions`} className="py-6" />
        ) : history.isError && transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-red-700 dark:text-red-400"><Trans>Could not load transactions.</Trans></p>
        ) : transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {may('history') ? <Trans>No transactions yet</Trans> : <Trans>No payments today</Trans>}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                <TransactionItem transaction={transaction} actions={actions} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {history.hasNextPage && (
        <Button
          variant="secondary"
          size="lg"
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
        </Button>
      )}
    </section>
  );
}
