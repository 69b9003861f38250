import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useBusinessTransactionPages } from '@/features/transactions/api/get-business-transactions';
import { TransactionItem } from '@/features/transactions/public';
import { RowActions } from '@/features/refunds/public';

/** All Transactions: the merchant's ledger, newest first, a page at a time, each row with its Refund or Reverse. */
export function HistoryTab() {
  const history = useBusinessTransactionPages();
  const { t } = useLingui();
  const transactions = history.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <section aria-labelledby="all-transactions-heading" className="space-y-3">
      <h2 id="all-transactions-heading" className="text-base font-semibold">
        <Trans>All Transactions</Trans>
      </h2>
      <Card className="py-1">
        {history.isPending ? (
          <Spinner label={t`Loading transactions`} className="py-6" />
        ) : history.isError && transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-red-700 dark:text-red-400"><Trans>Could not load transactions.</Trans></p>
        ) : transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400"><Trans>No transactions yet</Trans></p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                <TransactionItem transaction={transaction} actions={(row) => <RowActions transaction={row} />} />
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
