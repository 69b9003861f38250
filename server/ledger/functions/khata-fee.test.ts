/**
 * khata_fee (the SQL that charges the fee inside khata_pay) and feeFor (what validate
 * answers and the web's preview shows) must agree to the paisa, on PGlite and PostgreSQL;
 * so must khata_fee_share (a refund's part of the fee, inside khata_refund) and
 * refundFeeShare (the refund dialog's preview).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeBasisPointsMax, paymentPaiseMax } from '@common/limits';
import { basisPoints, feeFor, paise, refundFeeShare } from '@common/money';
import { rowsOf, type Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';

const feeCases = 1_000;

describe('khata_fee', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(); });
  afterAll(async () => { await database.close(); });

  const sqlFee = async (amount: number, rate: number): Promise<number> => {
    const [row] = rowsOf<{ fee: number }>(await database.db.execute(
      sql`select khata_fee(${amount}::bigint, ${rate}::integer) as fee`));
    return row?.fee ?? Number.NaN;
  };

  it(`charges the fee feeFor computes, for ${feeCases} random amounts and rates`, async () => {
    let checked = 0;
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: paymentPaiseMax }),
      fc.integer({ min: 0, max: feeBasisPointsMax }),
      async (amount, rate) => {
        checked += 1;
        expect(await sqlFee(amount, rate)).toBe(feeFor(paise(amount), basisPoints(rate)));
      },
    ), { numRuns: feeCases });
    expect(checked).toBeGreaterThanOrEqual(feeCases);
  });

  it('rounds half a paisa up and stays exact at the limits', async () => {
    const cases: Array<[number, number, number]> = [
      [1, 0, 0], [1, 5_000, 1], [1, 4_999, 0], [50, 100, 1], [49, 100, 0], [150, 100, 2],
      [paymentPaiseMax, feeBasisPointsMax, paymentPaiseMax], [paymentPaiseMax, 200, 2_00_000], [12_345, 250, 309],
    ];
    for (const [amount, rate, fee] of cases) {
      expect(await sqlFee(amount, rate)).toBe(fee);
      expect(feeFor(paise(amount), basisPoints(rate))).toBe(fee);
    }
  });

  const sqlShare = async (refund: number, amount: number, fee: number, refunded: number, refundedFee: number): Promise<number> => {
    const [row] = rowsOf<{ share: number }>(await database.db.execute(sql`select khata_fee_share(${refund}::bigint,
      ${amount}::bigint, ${fee}::bigint, ${refunded}::bigint, ${refundedFee}::bigint) as share`));
    return row?.share ?? Number.NaN;
  };

  it(`gives back the part of the fee refundFeeShare computes, for ${feeCases} random refunds`, async () => {
    // A payment, what its earlier refunds took (any amount left, any part of the fee), and a refund of what is left.
    const refundCase = fc.record({
      amount: fc.integer({ min: 1, max: paymentPaiseMax }), rate: fc.integer({ min: 0, max: feeBasisPointsMax }),
      refundedCut: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), feeCut: fc.double({ min: 0, max: 1, noNaN: true }),
      refundCut: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    let checked = 0;
    await fc.assert(fc.asyncProperty(refundCase, async ({ amount, rate, refundedCut, feeCut, refundCut }) => {
      checked += 1;
      const fee = feeFor(paise(amount), basisPoints(rate));
      const refunded = Math.min(amount - 1, Math.floor(amount * refundedCut));
      const refundedFee = Math.floor(fee * feeCut);
      const refund = Math.max(1, Math.ceil((amount - refunded) * refundCut));
      const expected = refundFeeShare({
        amountPaise: paise(amount), feePaise: fee, refundedPaise: paise(refunded), refundedFeePaise: paise(refundedFee),
      }, paise(refund));
      expect(await sqlShare(refund, amount, fee, refunded, refundedFee)).toBe(expected);
    }), { numRuns: feeCases });
    expect(checked).toBeGreaterThanOrEqual(feeCases);
  });

  it('rounds a share half up, caps it at the fee left, and gives the emptying refund the rest', async () => {
    // [refund, amount, fee, refunded, refunded fee, share]
    const cases: Array<[number, number, number, number, number, number]> = [
      [25, 25_000, 500, 0, 0, 1], [24, 25_000, 500, 0, 0, 0], [10_000, 25_000, 500, 25, 1, 200], [14_975, 25_000, 500, 10_025, 201, 299],
      [5, 10_000, 1_000, 4_995, 999, 1], [5, 10_000, 1_000, 5_000, 1_000, 0], [3_333, 10_000, 200, 6_666, 134, 66],
      [paymentPaiseMax, paymentPaiseMax, paymentPaiseMax, 0, 0, paymentPaiseMax],
    ];
    for (const [refund, amount, fee, refunded, refundedFee, share] of cases) {
      expect(await sqlShare(refund, amount, fee, refunded, refundedFee)).toBe(share);
      expect(refundFeeShare({
        amountPaise: paise(amount), feePaise: paise(fee), refundedPaise: paise(refunded), refundedFeePaise: paise(refundedFee),
      }, paise(refund))).toBe(share);
    }
  });
});
