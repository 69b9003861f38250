/**
 * What a receipt says, in one place for the sheet and for the text it shares or copies,
 * so the two never differ. Functions reading Lingui's `t` when called, in the language
 * the app speaks then.
 */
import { t } from '@lingui/core/macro';
import type { PaymentReportSummary, TransactionView } from '@common/api/types';
import { parseRupees } from '@common/money';
import { shortReference } from '@common/reference';
import { toast } from '@/lib/toast-store';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';

export interface ReceiptFigure {
  label: string;
  value: string;
  /** How the sheet shows it: the total stands out, the reference is set in a fixed-width font. */
  kind?: 'total' | 'reference';
}

function typeLabel(type: TransactionView['type']): string {
  if (type === 'payment') return t`Payment`;
  if (type === 'repayment') return t`Repayment`;
  if (type === 'refund') return t`Refund`;
  if (type === 'reversal') return t`Reversal`;
  return t`Adjustment`;
}

/** Where a customer's report on the payment stands, as its row says it too. */
function reportState(report: PaymentReportSummary): string {
  if (report.status === 'refunded') return t`Refunded`;
  if (report.status === 'declined') {
    const reason = report.declineReason ?? '';
    return t`Declined: ${reason}`;
  }
  return t`Problem reported`;
}

/**
 * What became of the row since (docs/product.md#refunds-and-reports): a refund's or a
 * reversal's reason, what a payment has had refunded and its report, a repayment reversed.
 */
function laterFigures(transaction: TransactionView): ReceiptFigure[] {
  const figures: ReceiptFigure[] = [];
  if ((transaction.type === 'refund' || transaction.type === 'reversal') && transaction.reason) {
    figures.push({ label: t`Reason`, value: transaction.reason });
  }
  if ((parseRupees(transaction.refunded) ?? 0) > 0) figures.push({ label: t`Refunded`, value: formatWireRupees(transaction.refunded) });
  if (transaction.report) figures.push({ label: t`Report`, value: reportState(transaction.report) });
  if (transaction.reversed) figures.push({ label: t`Status`, value: t`Reversed` });
  return figures;
}

/**
 * How the customer approved a payment, when it was not with their PIN: a code sent by SMS,
 * read out to the shop (docs/product.md#sms-approval).
 */
function approvalFigures(transaction: TransactionView): ReceiptFigure[] {
  return transaction.type === 'payment' && transaction.bySmsCode ? [{ label: t`Approval`, value: t`Approved by SMS code` }] : [];
}

/** The shop as a customer finds or calls it again: its name, address and phone. */
function shopFigures({ business }: TransactionView): ReceiptFigure[] {
  return [
    { label: t`Shop`, value: business.businessName },
    { label: t`Address`, value: business.address },
    ...(business.phone ? [{ label: t`Phone`, value: business.phone }] : []),
  ];
}

/** The receipt's short reference and its label, the same wherever a row is named for people. */
export const referenceLabel = () => t`Reference`;

/**
 * The receipt's lines, in order. A repayment (and its reversal) has no fee, so it shows its
 * amount alone; a refund's fee is the share of the payment's fee it gives back. The row is
 * named by its short reference; the full id stays on the wire.
 */
export function receiptFigures(transaction: TransactionView): ReceiptFigure[] {
  const hasFee = transaction.type !== 'repayment' && transaction.type !== 'reversal';
  const charges: ReceiptFigure[] = hasFee ? [
    { label: t`Fee`, value: formatWireRupees(transaction.fee) },
    { label: t`Total`, value: formatWireRupees(transaction.totalAmount), kind: 'total' },
  ] : [];
  return [
    ...shopFigures(transaction),
    { label: t`Type`, value: typeLabel(transaction.type) },
    ...approvalFigures(transaction),
    { label: t`Amount`, value: formatWireRupees(transaction.amount) },
    ...charges,
    ...laterFigures(transaction),
    { label: t`Date and time`, value: formatIndiaDateTime(transaction.createdAt) },
    { label: referenceLabel(), value: shortReference(transaction.id), kind: 'reference' },
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

/** Whether the browser has a share sheet; where it has none the receipt is shared through WhatsApp. */
export const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * A WhatsApp link carrying the receipt's text, for a browser with no share sheet: WhatsApp
 * (the app or WhatsApp Web) opens with the text ready and the customer picks the chat.
 */
export const whatsAppLink = (transaction: TransactionView): string =>
  `https://wa.me/?text=${encodeURIComponent(receiptText(transaction))}`;

export async function copyReceipt(transaction: TransactionView) {
  try {
    await navigator.clipboard.writeText(receiptText(transaction));
    toast({ title: t`Receipt copied` });
  } catch {
    toast({ variant: 'destructive', title: t`Copy failed`, description: t`Please try again` });
  }
}

/** Opens the share sheet; only offered where `canShare()`, a browser without one gets `whatsAppLink`. */
export async function shareReceipt(transaction: TransactionView) {
  try {
    await navigator.share({ title: receiptTitle(), text: receiptText(transaction) });
  } catch (error) {
    // Closing the share sheet is not a failure; anything else falls back to copying.
    if (!(error instanceof DOMException && error.name === 'AbortError')) await copyReceipt(transaction);
  }
}
