import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TransactionView } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useTransaction } from '@/features/receipt/api/get-transaction';
import { copyReceipt, receiptFigures } from '@/features/receipt/receipt-figures';
import { ShareReceipt } from './share-receipt';

interface ReceiptSheetProps {
  transactionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The opener's buttons for the row, under its figures. */
  actions?: (transaction: TransactionView) => ReactNode;
}

/**
 * "Receipt" (docs/product.md#receipts): one ledger row as the customer shows or shares it, fetched by id
 * so it reads the same after paying, from history, and later.
 */
export function ReceiptSheet({ transactionId, open, onOpenChange, actions }: ReceiptSheetProps) {
  const { t } = useLingui();
  const transaction = useTransaction(transactionId);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t`Receipt`}>
      {transaction.isPending ? (
        <Spinner label={t`Loading receipt`} className="py-16" />
      ) : transaction.isError ? (
        <div role="alert" className="py-10 text-center">
          <p className="font-medium">{serverMessage(transaction.error) ?? t`The receipt could not be loaded.`}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void transaction.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <Receipt transaction={transaction.data} actions={actions} />
      )}
    </Sheet>
  );
}

function Receipt({ transaction, actions }: Pick<ReceiptSheetProps, 'actions'> & { transaction: TransactionView }) {
  const { t } = useLingui();
  return (
    <div>
      <dl className="divide-y divide-slate-100 rounded-2xl bg-slate-50 dark:divide-slate-800 dark:bg-slate-800/60">
        {receiptFigures(transaction).map(({ label, value, kind }) => (
          // A value that does not fit beside its label (a long address, a long label in Tamil) goes under it.
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-3">
            <dt className="min-w-0 text-sm text-slate-500 dark:text-slate-400">{label}</dt>
            <dd
              className={
                kind === 'reference'
                  ? 'ml-auto font-mono text-sm font-semibold tracking-wide text-right select-all'
                  : `ml-auto min-w-0 text-right break-words tabular-nums ${kind === 'total' ? 'font-semibold' : 'text-sm font-medium'}`
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {actions && <div className="mt-4 flex flex-col gap-2 empty:hidden">{actions(transaction)}</div>}
      {/* Copy stays beside Share: a text pasted into an SMS or a note needs no share sheet. */}
      <div className="mt-5 flex flex-col gap-2">
        <ShareReceipt transaction={transaction} label={t`Share`} />
        <Button size="lg" variant="secondary" onClick={() => void copyReceipt(transaction)}>
          <Trans>Copy</Trans>
        </Button>
      </div>
    </div>
  );
}
