/**
 * Money is an integer number of paise everywhere inside the product. Text from people
 * and from the wire is converted at the edges only, by splitting at the decimal point,
 * never through a float.
 */

/** An exact amount in paise: ₹123.45 is 12345. */
export type Paise = number & { readonly unit: 'paise' };
/** A fee rate in basis points: 250 is 2.50 %. */
export type BasisPoints = number & { readonly unit: 'basis-points' };

export const paise = (value: number): Paise => {
  if (!Number.isSafeInteger(value)) throw new Error(`paise must be a safe integer, got ${value}`);
  return value as Paise;
};

export const basisPoints = (value: number): BasisPoints => {
  if (!Number.isSafeInteger(value)) throw new Error(`basis points must be a safe integer, got ${value}`);
  return value as BasisPoints;
};

const amountPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses "1250", "1250.5" or "1250.50" (or the number 1250.5) to paise. Returns null for
 * anything else: signs, exponents, spaces, more than two decimals, non-finite numbers.
 */
export function parseRupees(input: string | number): Paise | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else {
    text = input;
  }
  const match = amountPattern.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return Number.isSafeInteger(value) ? (value as Paise) : null;
}

/** The wire form: exactly two decimals, no grouping ("1250.00"). */
export function toWireAmount(amount: Paise): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  const whole = Math.trunc(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** What a person reads: ₹1,23,456.00. */
export const formatRupees = (amount: Paise): string => rupees.format(amount / 100);

/** fee = round_half_up(amount × rate / 10000), in integers, shared by server and client. */
export function feeFor(amount: Paise, rate: BasisPoints): Paise {
  return Math.floor((amount * rate + 5_000) / 10_000) as Paise;
}

/**
 * The part of a payment's fee a refund gives back (docs/product.md#refunds-and-reports):
 * round_half_up(fee × refund ÷ amount) in integers, except that the refund which empties the
 * payment takes what is left of the fee, so a payment refunded in parts returns exactly its
 * fee, and no part gives back more of the fee than is left. `refundedPaise` and `refundedFeePaise` are the earlier refunds' amounts and fee shares.
 * The ledger's khata_refund computes the same in SQL; a test holds the two together.
 */
export function refundFeeShare(payment: {
  amountPaise: Paise; feePaise: Paise; refundedPaise: Paise; refundedFeePaise: Paise;
}, refundPaise: Paise): Paise {
  const { amountPaise, feePaise, refundedPaise, refundedFeePaise } = payment;
  const feeLeft = feePaise - refundedFeePaise;
  if (refundPaise >= amountPaise - refundedPaise) return paise(feeLeft);
  // Half up in integers: floor((2·fee·refund + amount) ÷ (2·amount)); products stay far below 2^53.
  // Never more than the fee not yet given back: many tiny parts, each rounding half a paisa
  // up, would otherwise return the whole fee before the goods.
  return paise(Math.min(feeLeft, Math.floor((2 * feePaise * refundPaise + amountPaise) / (2 * amountPaise))));
}

/** What a customer can still spend on a credit line (docs/product.md#credit-accounts). */
export const availableCredit = (limit: Paise, owed: Paise): Paise => paise(Math.max(0, limit - owed));

/** "2.50" for 250 basis points. */
export const toWirePercent = (rate: BasisPoints): string => toWireAmount(rate as number as Paise);

/** Parses a percent with at most two decimals ("2.5" → 250). */
export const parsePercent = (input: string | number): BasisPoints | null =>
  parseRupees(input) as number | null as BasisPoints | null;
