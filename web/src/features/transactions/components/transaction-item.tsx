import { Trans } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import type { TransactionView } from '@common/api/types';
import { Badge, TransactionStatusBadge } from '@/components/ui/badge';
import { formatWireRupees } from '@/lib/format';
import { formatIndiaDateTime } from '@/lib/date-time';
import { useActorLabel } from '@/features/auth/public';
import { lowersOwed, TransactionNotes, useTransactionTypeLabel, type TransactionActions } from './transaction-notes';

/** Each kind's mark: what lowers the owed amount green, a reversal amber, a payment plain. */
const kindTones: Partial<Record<TransactionView['type'], ComponentProps<typeof Badge>['tone']>> = {
  repayment: 'success',
  refund: 'success',
  reversal: 'warning',
};

interface TransactionItemProps {
  transaction: TransactionView;
  /** The screen's buttons for this row (the merchant's Refund and Reverse). */
  actions?: TransactionActions;
}

/**
 * One ledger row as the merchant sees it: who, what, amount, fee, total, when, status, who
 * at the shop wrote it ("by Ravi (Cashier)", none for a customer's own payment), and what
 * became of it (refunded, reversed, reported).
 */
export function TransactionItem({ transaction, actions }: TransactionItemProps) {
  const typeLabel = useTransactionTypeLabel();
  const actorLabel = useActorLabel();
  const type = typeLabel(transaction.type);
  return (
    <article aria-label={`${type} ${transaction.customerName}`} className="space-y-2 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium wrap-break-word">{transaction.customerName}</p>
          {/* The kind in words, not only the amount's colour: the Recent Payments list has repayments, refunds and reversals too. */}
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <Badge tone={kindTones[transaction.type] ?? 'neutral'}>{type}</Badge>
            <time dateTime={transaction.createdAt}>{formatIndiaDateTime(transaction.createdAt)}</time>
          </p>
          {transaction.description && (
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{transaction.description}</p>
          )}
          {transaction.by && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{actorLabel(transaction.by)}</p>}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className={`font-semibold tabular-nums ${lowersOwed(transaction.type) ? 'text-emerald-700 dark:text-emerald-400' : ''}`}>
            {formatWireRupees(transaction.amount)}
          </p>
          <TransactionStatusBadge status={transaction.status} />
        </div>
      </div>
      <dl className="flex gap-4 text-xs text-slate-500 dark:text-slate-400">
        <div className="flex gap-1">
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd className="tabular-nums">{formatWireRupees(transaction.fee)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className="tabular-nums">{formatWireRupees(transaction.totalAmount)}</dd>
        </div>
      </dl>
      <TransactionNotes transaction={transaction} />
      {actions && <div className="flex flex-wrap justify-end gap-2 empty:hidden">{actions(transaction)}</div>}
    </article>
  );
}
