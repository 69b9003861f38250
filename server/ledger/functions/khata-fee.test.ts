/**
 * khata_fee (the SQL that charges the fee inside khata_pay) and feeFor (what validate
 * answers and the web's preview shows) must agree to the paisa, on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeBasisPointsMax, paymentPaiseMax } from '@common/limits';
import { basisPoints, feeFor, paise } from '@common/money';
import { rowsOf, type Database } from '../client';
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
});
