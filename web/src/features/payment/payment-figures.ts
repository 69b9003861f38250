/**
 * The numbers the confirm step shows, in paise. A static code's fee is computed here
 * with the shared integer formula, so the preview equals what the server charges.
 */
import type { QrValidation } from '@common/api/types';
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
  /** Disabled when the total exceeds the balance or the amount is 0 or less or not an amount (docs/product.md#payments). */
  canContinue: boolean;
}

export function paymentFigures(validation: QrValidation, typedAmount: string): PaymentFigures {
  const dynamic = Boolean(validation.qrCode.isDynamic && validation.payment);
  const typed = typedAmount.trim();
  // People type '.5' for fifty paise; the shared parser wants a whole part.
  const amountPaise = dynamic
    ? parseRupees(validation.payment!.amount)
    : parseRupees(typed.startsWith('.') ? `0${typed}` : typed);
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
    // An empty amount stays enabled so Continue can say 'Invalid Amount'; typed text that
    // is no amount (a sign, a third decimal) is refused like 0.
    canContinue: shortfall <= 0 && (amountPaise === null ? dynamic || typed === '' : amountPaise > 0),
  };
}
