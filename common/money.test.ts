import { describe, expect, it } from 'vitest';
import { feeFor, formatRupees, paise, parsePercent, parseRupees, refundFeeShare, toWireAmount, toWirePercent, type BasisPoints } from './money';

describe('parseRupees', () => {
  it.each([
    ['1250', 125000], ['1250.5', 125050], ['1250.50', 125050], ['0.01', 1], ['0', 0], [12.5, 1250], [10, 1000],
  ])('parses %j exactly to %d paise', (input, expected) => {
    expect(parseRupees(input)).toBe(expected);
  });

  it.each(['-1', '0.001', '10.005', '1e3', ' 10 ', '', '.5', '10.', 'abc', '1,000'])('refuses %j', (input) => {
    expect(parseRupees(input)).toBeNull();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e309, -5, 0.001])('refuses the number %d', (input) => {
    expect(parseRupees(input)).toBeNull();
  });
});

describe('wire and display formats', () => {
  it('writes amounts with exactly two decimals', () => {
    expect(toWireAmount(paise(125000))).toBe('1250.00');
    expect(toWireAmount(paise(5))).toBe('0.05');
    expect(toWireAmount(paise(-150))).toBe('-1.50');
  });

  it('formats rupees the Indian way', () => {
    expect(formatRupees(paise(12345600))).toBe('₹1,23,456.00');
  });

  it('writes and reads percents as basis points', () => {
    expect(toWirePercent(250 as BasisPoints)).toBe('2.50');
    expect(parsePercent('2.5')).toBe(250);
  });
});

describe('feeFor', () => {
  it('rounds half up to the paisa', () => {
    expect(feeFor(paise(25), 200 as BasisPoints)).toBe(1); // 0.5 paise rounds up
    expect(feeFor(paise(24), 200 as BasisPoints)).toBe(0); // 0.48 rounds down
    expect(feeFor(paise(100000), 250 as BasisPoints)).toBe(2500);
    expect(feeFor(paise(12345), 199 as BasisPoints)).toBe(246); // 245.6655
  });
});

describe('feeFor against an independent BigInt oracle', () => {
  it('agrees for 20,000 random amounts and rates, and on every half-paisa case', async () => {
    const fc = await import('fast-check');
    const oracle = (amount: bigint, rate: bigint) => {
      const numerator = amount * rate;
      const quotient = numerator / 10_000n;
      return numerator % 10_000n >= 5_000n ? quotient + 1n : quotient; // half rounds up
    };
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 1_00_000_00 }), fc.integer({ min: 0, max: 10_000 }),
      (amount, rate) => BigInt(feeFor(paise(amount), rate as BasisPoints)) === oracle(BigInt(amount), BigInt(rate)),
    ), { numRuns: 20_000 });
    // Half-paisa cases: amount × rate ends in exactly 5000.
    for (const [amount, rate] of [[25, 200], [1, 5000], [125, 40], [5, 1000], [1_00_000_00 - 75, 200]] as const) {
      expect(BigInt(feeFor(paise(amount), rate as BasisPoints))).toBe(oracle(BigInt(amount), BigInt(rate)));
    }
  });
});

describe('refundFeeShare', () => {
  const payment = (amount: number, fee: number, refunded = 0, refundedFee = 0) => ({
    amountPaise: paise(amount), feePaise: paise(fee), refundedPaise: paise(refunded), refundedFeePaise: paise(refundedFee),
  });

  it('gives back the fee in proportion, half a paisa rounding up', () => {
    // ₹250 at 2% has a ₹5 fee: refunding ₹100 returns ₹2; ₹0.25 returns half a paisa → 1 paisa.
    expect(refundFeeShare(payment(25_000, 500), paise(10_000))).toBe(200);
    expect(refundFeeShare(payment(25_000, 500), paise(25))).toBe(1);
    expect(refundFeeShare(payment(30_000, 100), paise(10_000))).toBe(33);
  });

  it('lets the refund that empties the payment take the rest of the fee', () => {
    // ₹300 with a ₹1 fee in three ₹100 parts: 33 + 33 + 34 paise, exactly the fee.
    const first = refundFeeShare(payment(30_000, 100), paise(10_000));
    const second = refundFeeShare(payment(30_000, 100, 10_000, first), paise(10_000));
    const last = refundFeeShare(payment(30_000, 100, 20_000, first + second), paise(10_000));
    expect([first, second, last]).toEqual([33, 33, 34]);
    expect(first + second + last).toBe(100);
  });

  it('returns the whole fee for a full refund', () => {
    expect(refundFeeShare(payment(25_000, 500), paise(25_000))).toBe(500);
  });
});

describe('refundFeeShare for many tiny parts', () => {
  it('never gives back more than the fee not yet returned', () => {
    // ₹100 at 10 % (a ₹10 fee) refunded 5 paise at a time: each part's share rounds half a paisa up.
    let refunded = 0;
    let refundedFee = 0;
    while (refunded < 10_000) {
      const share = refundFeeShare({
        amountPaise: paise(10_000), feePaise: paise(1_000), refundedPaise: paise(refunded), refundedFeePaise: paise(refundedFee),
      }, paise(5));
      expect(share).toBeGreaterThanOrEqual(0);
      refunded += 5;
      refundedFee += share;
      expect(refundedFee).toBeLessThanOrEqual(1_000);
    }
    expect(refundedFee).toBe(1_000);
  });
});
