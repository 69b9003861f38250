import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { historyLoadMoreAtScrollFraction } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerTransactions } from '@/features/transactions/api/get-customer-transactions';
import { TransactionRow } from './transaction-row';
import type { TransactionActions } from './transaction-notes';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { LazyReceiptSheet } from '@/features/receipt/public';

export interface MerchantFilter {
  businessId: string;
  businessName: string;
}

interface TransactionHistoryProps {
  /** Only this merchant's transactions, or all of them when null. */
  filter: MerchantFilter | null;
  /** Back to all merchants; without it (the account screen, which has its own Back) no Back shows. */
  onClearFilter?: () => void;
  /** The screen's buttons for a row, shown on the row and on its receipt ("Report a problem"). */
  actions?: TransactionActions;
}

/** How far down the page the reader is, from 0 to 1. */
function scrolledFraction(): number {
  const page = document.documentElement;
  if (page.scrollHeight <= 0) return 0;
  return (window.scrollY + window.innerHeight) / page.scrollHeight;
}

/**
 * The customer's history (docs/product.md#histories): 15 rows, 15 more once the page is scrolled to
 * 80 %, and a merchant filter titled "Merchant Transactions" with a Back button.
 */
export function TransactionHistory({ filter, onClearFilter, actions }: TransactionHistoryProps) {
  const history = useCustomerTransactions(filter?.businessId ?? null);
  const { t } = useLingui();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  /** The row whose receipt is open, or null. */
  const [receiptId, setReceiptId] = useState<string | null>(null);

  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    const onScroll = () => {
      if (scrolledFraction() >= historyLoadMoreAtScrollFraction) {
        void fetchNextPage({ cancelRefetch: false });
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const transactions = history.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <section id="transaction-history" aria-labelledby="transaction-history-title" className="scroll-mt-16">
      <div className="mb-3 flex items-center gap-2">
        {filter && onClearFilter && (
          <button
            type="button"
            aria-label={t`Back`}
            onClick={onClearFilter}
            className="-ml-2 flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <ChevronLeftIcon />
          </button>
        )}
        <div className="min-w-0">
          <h3 id="transaction-history-title" className="text-base font-semibold">
            {filter ? t`Merchant Transactions` : t`Transaction History`}
          </h3>
          {filter && <p className="truncate text-sm text-slate-500 dark:text-slate-400">{filter.businessName}</p>}
        </div>
      </div>

      {history.isPending ? (
        <Spinner label={t`Loading transactions`} className="rounded-2xl bg-white py-8 dark:bg-slate-900" />
      ) : !history.data ? (
        <div role="alert" className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Transactions could not be loaded.</Trans></p>
          <Button variant="secondary" className="mt-3" onClick={() => void history.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : transactions.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center dark:bg-slate-900">
          <p className="font-medium"><Trans>No Transactions Yet</Trans></p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400"><Trans>Payments you make will appear here.</Trans></p>
        </div>
      ) : (
        <>
          <ul className="space-y-2">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                <TransactionRow transaction={transaction} onOpenReceipt={() => setReceiptId(transaction.id)} actions={actions} />
              </li>
            ))}
          </ul>
          {isFetchingNextPage ? (
            <Spinner label={t`Loading more`} className="py-4" />
          ) : hasNextPage ? (
            <Button variant="ghost" className="mt-2 w-full" onClick={() => void fetchNextPage({ cancelRefetch: false })}>
              <Trans>Load more</Trans>
            </Button>
          ) : null}
          {history.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-center text-sm text-red-600 dark:text-red-400">
              <Trans>More transactions could not be loaded.</Trans>
            </p>
          )}
        </>
      )}
      <LazyReceiptSheet transactionId={receiptId} onClose={() => setReceiptId(null)} actions={actions} />
    </section>
  );
}
