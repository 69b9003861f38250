/**
 * What both histories say about a row beyond its figures (docs/product.md#refunds-and-reports):
 * a refund's or a reversal's reason, a payment the customer approved with a code sent by SMS
 * (docs/product.md#sms-approval), what a payment has had refunded, a repayment reversed, and
 * where its customer's report stands. One place, so the merchant's and the customer's
 * rows say it in the same words.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PaymentReportSummary, TransactionView } from '@common/api/types';
import { parseRupees } from '@common/money';
import { Badge } from '@/components/ui/badge';
import { capitalise, formatWireRupees } from '@/lib/format';

/**
 * The buttons a screen puts on a row (and on its receipt), given the row: the merchant's
 * Refund and Reverse, the customer's "Report a problem". Nothing, or null, for none.
 */
export type TransactionActions = (transaction: TransactionView) => ReactNode;

/** Each kind of ledger row's name, as both histories and the receipt show it. */
export function useTransactionTypeLabel(): (type: TransactionView['type']) => string {
  const { t } = useLingui();
  const labels: Record<TransactionView['type'], string> = {
    payment: t`Payment`,
    repayment: t`Repayment`,
    adjustment: t`Adjustment`,
    refund: t`Refund`,
    reversal: t`Reversal`,
  };
  // A kind a newer server sends shows as it came rather than as nothing.
  return (type) => labels[type] ?? capitalise(type);
}

/** Whether a row lowers what the customer owes (a repayment, a refund) rather than adding to it. */
export const lowersOwed = (type: TransactionView['type']): boolean => type === 'repayment' || type === 'refund';

/** "Problem reported", "Refunded" or "Declined: {reason}": a report's state in a few words. */
export function ReportState({ report }: { report: PaymentReportSummary }) {
  const { t } = useLingui();
  if (report.status === 'refunded') return <Badge tone="success">{t`Refunded`}</Badge>;
  if (report.status === 'declined') {
    const reason = report.declineReason ?? '';
    return <Badge tone="neutral">{t`Declined: ${reason}`}</Badge>;
  }
  return <Badge tone="warning">{t`Problem reported`}</Badge>;
}

/** The lines under a row's figures; nothing when the row has none of them. */
export function TransactionNotes({ transaction, className = '' }: { transaction: TransactionView; className?: string }) {
  const { t } = useLingui();
  const refunded = parseRupees(transaction.refunded) ?? 0;
  const amount = formatWireRupees(transaction.refunded);
  const hasReason = (transaction.type === 'refund' || transaction.type === 'reversal') && transaction.reason;
  const bySmsCode = transaction.type === 'payment' && transaction.bySmsCode;
  if (!hasReason && !bySmsCode && refunded <= 0 && !transaction.reversed && !transaction.report) return null;
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400 ${className}`}>
      {hasReason && <p className="w-full break-words">{transaction.reason}</p>}
      {bySmsCode && <p>{t`Approved by SMS code`}</p>}
      {refunded > 0 && <p className="font-medium text-emerald-700 dark:text-emerald-400">{t`Refunded ${amount}`}</p>}
      {transaction.reversed && <p className="font-medium text-amber-700 dark:text-amber-400">{t`Reversed`}</p>}
      {transaction.report && <ReportState report={transaction.report} />}
    </div>
  );
}
