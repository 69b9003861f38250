/**
 * The numbers the confirm step shows, in paise. A static code's fee is computed here
 * with the shared integer formula, so the preview equals what the server charges.
 */
import type { QrValidation } from '@common/api-types';
import { feeFor, paise, parsePercent, parseRupees, type BasisPoints, type Paise } from '@common/money';

export interface PaymentFigures {
  /** The amount to pay, or null when the typed text is not an amount. */
  amountPaise: Paise | null;
  amount: Paise;
  fee: Paise;
  total: Paise;
  available: Paise;
  /** How much the total exceeds the available balance; 0 or less when it fits. */
  shortfall: number;
  /** Spec §5: disabled when the total exceeds the balance or the amount is 0 or less. */
  canContinue: boolean;
}

export function paymentFigures(validation: QrValidation, typedAmount: string): PaymentFigures {
  const dynamic = validation.qrCode.isDynamic && validation.payment;
  const amountPaise = dynamic ? parseRupees(validation.payment!.amount) : parseRupees(typedAmount.trim());
  const rate = parsePercent(validation.business.feePercent) ?? (0 as BasisPoints);
  const fee = dynamic
    ? (parseRupees(validation.payment!.fee) ?? paise(0))
    : amountPaise === null
      ? paise(0)
      : feeFor(amountPaise, rate);
  const amount = amountPaise ?? paise(0);
  const total = paise(amount + fee);
  const available = parseRupees(validation.creditAccount.currentBalance) ?? paise(0);
  const shortfall = total - available;
  return {
    amountPaise,
    amount,
    fee,
    total,
    available,
    shortfall,
    canContinue: shortfall <= 0 && !(amountPaise !== null && amountPaise <= 0),
  };
}
