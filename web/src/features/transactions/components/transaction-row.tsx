import { Trans, useLingui } from '@lingui/react/macro';
import type { TransactionView } from '@common/api/types';
import { TransactionStatusBadge } from '@/components/ui/badge';
import { formatWireRupees } from '@/lib/format';
import { formatIndiaDateTime } from '@/lib/date-time';
import { TransactionNotes, useTransactionTypeLabel, type TransactionActions } from './transaction-notes';

interface TransactionRowProps {
  transaction: TransactionView;
  /** Opens this row's receipt. */
  onOpenReceipt: () => void;
  /** The screen's buttons for this row (the customer's "Report a problem"). */
  actions?: TransactionActions;
}

/**
 * One ledger row: who, what kind, amount + fee = total, when and its status.
 * A tap anywhere on it opens its receipt, through a button laid over the whole row, so the
 * row keeps its text and layout and the button has a name of its own; the row's own buttons
 * sit above it.
 */
export function TransactionRow({ transaction, onOpenReceipt, actions }: TransactionRowProps) {
  const { t } = useLingui();
  const type = useTransactionTypeLabel()(transaction.type);
  const businessName = transaction.business.businessName;
  return (
    <article
      aria-label={`${type} ${businessName}`}
      className="relative rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{transaction.business.businessName}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {type}
            <span aria-hidden="true"> · </span>
            <time dateTime={transaction.createdAt}>{formatIndiaDateTime(transaction.createdAt)}</time>
          </p>
        </div>
        <TransactionStatusBadge status={transaction.status} />
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400"><Trans>Amount</Trans></dt>
          <dd className="tabular-nums">{formatWireRupees(transaction.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400"><Trans>Fee</Trans></dt>
          <dd className="tabular-nums">{formatWireRupees(transaction.fee)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-slate-500 dark:text-slate-400"><Trans>Total</Trans></dt>
          <dd className="font-semibold tabular-nums">{formatWireRupees(transaction.totalAmount)}</dd>
        </div>
      </dl>
      <TransactionNotes transaction={transaction} className="mt-2" />
      {actions && <div className="relative z-10 mt-3 flex flex-wrap justify-end gap-2 empty:hidden">{actions(transaction)}</div>}
      <button
        type="button"
        aria-label={t`View receipt`}
        onClick={onOpenReceipt}
        className="absolute inset-0 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
    </article>
  );
}
