/**
 * What the merchant's device says for a payment (docs/product.md#payment-alerts), in the app's language. Amounts
 * are spoken as a person says them: "250", not "250.00" (which a voice reads digit by
 * digit), paise kept when there are some ("250.50"), and no digit grouping.
 */
import { t } from '@lingui/core/macro';
import { parseRupees } from '@common/money';

/** "250" from "250.00", "250.50" from "250.50", "1200" from "1200.00". */
export function spokenAmount(amount: string): string {
  const paise = parseRupees(amount);
  if (paise === null) return amount;
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** The sentence for a payment of `amount` (a wire string), with the customer's name when given. */
export function alertSentence(wireAmount: string, name: string | null): string {
  const amount = spokenAmount(wireAmount);
  if (name) {
    return t({
      comment: 'Spoken aloud by the merchant\'s phone when a customer pays: write it as a person says it, in the language\'s own script. {amount} is digits (250 or 250.50), {name} the customer\'s name.',
      message: `Received ₹${amount} on Khata from ${name}`,
    });
  }
  return t({
    comment: 'Spoken aloud by the merchant\'s phone when a customer pays: write it as a person says it, in the language\'s own script (Hindi: खाता में ₹{amount} मिले). {amount} is digits (250 or 250.50).',
    message: `Received ₹${amount} on Khata`,
  });
}

/**
 * The sentence for a customer's repayment claim (docs/product.md#upi-repayment-claims):
 * money they say they sent by UPI, which the merchant has yet to confirm. With the
 * customer's name when given.
 */
export function claimSentence(wireAmount: string, name: string | null): string {
  const amount = spokenAmount(wireAmount);
  if (name) {
    return t({
      comment: 'Spoken aloud by the merchant\'s phone when a customer says they paid back by UPI and the merchant must confirm it: write it as a person says it, in the language\'s own script. {amount} is digits (250 or 250.50), {name} the customer\'s name.',
      message: `${name} says they paid back ₹${amount}. Please check and confirm`,
    });
  }
  return t({
    comment: 'Spoken aloud by the merchant\'s phone when a customer says they paid back by UPI and the merchant must confirm it: write it as a person says it, in the language\'s own script. {amount} is digits (250 or 250.50).',
    message: `Repayment claim of ₹${amount}. Please check and confirm`,
  });
}
