/**
 * The month-over-month text of a dashboard figure (docs/product.md#dashboard-figures):
 * shared so the web shows exactly what the tests below hold, computed on integers so no
 * float can tip a rounding.
 */

export type MonthTrend = { kind: 'change'; percent: string } | { kind: 'new' };

/**
 * The change from `previous` to `current` (paise or counts, non-negative integers):
 * - null when both are 0 (nothing to say);
 * - 'new' when there was nothing before and there is something now;
 * - otherwise the change in percent, with an ASCII sign: whole percent when the exact,
 *   unrounded change is 10 % or more either way ('+12', '-100'), exactly one decimal
 *   below ('+9.9', '-3.5', '+5.0'), rounded half away from zero; '0' (no sign, no
 *   decimals) when that rounds to zero. The precision is chosen before rounding, so
 *   +9.95 % is '+10.0' (one decimal, rounded up) and +10.0 % is '+10'.
 */
export function monthTrend(current: number, previous: number): MonthTrend | null {
  if (!Number.isSafeInteger(current) || !Number.isSafeInteger(previous) || current < 0 || previous < 0) {
    throw new Error(`monthTrend takes non-negative integers, got ${current} and ${previous}`);
  }
  if (current === 0 && previous === 0) return null;
  if (previous === 0) return { kind: 'new' };
  const before = BigInt(previous);
  const difference = BigInt(current) - before;
  const magnitude = difference < 0n ? -difference : difference;
  // |difference| / previous ≥ 10 % ⇔ |difference| × 10 ≥ previous.
  const whole = magnitude * 10n >= before;
  // The change in whole percent or in tenths of a percent, as an exact fraction.
  const numerator = magnitude * (whole ? 100n : 1000n);
  // round(n / d) half away from zero, for n ≥ 0: floor((2n + d) / 2d).
  const rounded = (2n * numerator + before) / (2n * before);
  if (rounded === 0n) return { kind: 'change', percent: '0' };
  const sign = difference < 0n ? '-' : '+';
  const digits = whole ? `${rounded}` : `${rounded / 10n}.${rounded % 10n}`;
  return { kind: 'change', percent: `${sign}${digits}` };
}
