/**
 * What a receipt says, in one place for the sheet and for the text it shares or copies,
 * so the two never differ. Functions reading Lingui's `t` when called, in the language
 * the app speaks then.
 */
import { t } from '@lingui/core/macro';
import type { TransactionView } from '@common/api/types';
import { toast } from '@/lib/toast-store';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';

export interface ReceiptFigure {
  label: string;
  value: string;
  /** How the sheet shows it: the total stands out, the id is set in a fixed-width font. */
  kind?: 'total' | 'id';
}

function typeLabel(type: TransactionView['type']): string {
  if (type === 'payment') return t`Payment`;
  if (type === 'repayment') return t`Repayment`;
  return t`Adjustment`;
}

/** The receipt's lines, in order. A repayment has no fee, so it shows its amount alone. */
export function receiptFigures(transaction: TransactionView): ReceiptFigure[] {
  const isRepayment = transaction.type === 'repayment';
  const charges: ReceiptFigure[] = isRepayment ? [] : [
    { label: t`Fee`, value: formatWireRupees(transaction.fee) },
    { label: t`Total`, value: formatWireRupees(transaction.totalAmount), kind: 'total' },
  ];
  return [
    { label: t`Shop`, value: transaction.business.businessName },
    { label: t`Type`, value: typeLabel(transaction.type) },
    { label: t`Amount`, value: formatWireRupees(transaction.amount) },
    ...charges,
    { label: t`Date and time`, value: formatIndiaDateTime(transaction.createdAt) },
    { label: t`Transaction ID`, value: transaction.id, kind: 'id' },
    {
      label: transaction.type === 'payment' ? t`Available credit after this payment` : t`Available credit afterwards`,
      value: formatWireRupees(transaction.availableCredit),
    },
  ];
}

export const receiptTitle = () => t`Khata receipt`;

/** The receipt as plain text, one "label: value" a line under a title. */
export function receiptText(transaction: TransactionView): string {
  const lines = receiptFigures(transaction).map(({ label, value }) => `${label}: ${value}`);
  return [receiptTitle(), ...lines].join('\n');
}

/** Whether the browser has a share sheet; where it has none the receipt offers Copy instead. */
export const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export async function copyReceipt(transaction: TransactionView) {
  try {
    await navigator.clipboard.writeText(receiptText(transaction));
    toast({ title: t`Receipt copied` });
  } catch {
    toast({ variant: 'destructive', title: t`Copy failed`, description: t`Please try again` });
  }
}

export async function shareReceipt(transaction: TransactionView) {
  if (!canShare()) {
    await copyReceipt(transaction);
    return;
  }
  try {
    await navigator.share({ title: receiptTitle(), text: receiptText(transaction) });
  } catch (error) {
    // Closing the share sheet is not a failure; anything else falls back to copying.
    if (!(error instanceof DOMException && error.name === 'AbortError')) await copyReceipt(transaction);
  }
}
