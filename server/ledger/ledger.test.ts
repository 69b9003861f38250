/**
 * The money rules of refunds, reversals and charges approved by SMS code at the ledger's own
 * boundary (server/ledger/ledger.ts): fee shares and their rounding, what may be refunded or
 * reversed, a charge's code and payment, the balances, counters, rollups and dues after each,
 * and their concurrency. The world around them (merchants, customers, payments, repayments,
 * charges started) is made through the API. Every test ends with the ledger reconciled.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feeBasisPointsMax } from '@common/limits';
import { basisPoints, feeFor, paise, refundFeeShare } from '@common/money';
import { rowsOf } from '../db/client';
import { uuidv7 } from '../ids';
import { addDays, indiaDay } from '../india-days';
import { pinCounter } from '../features/auth/pins.service';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../test/context';
import type { ChargeInput, RefundInput, ReverseInput } from './ledger';
import { reconcile } from './reconcile';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

const daySeconds = 24 * 60 * 60;

/** The membership a shop's business account acts as: its founding owner. */
const foundingMember = async (businessId: string): Promise<string> => rowsOf<{ id: string }>(await ctx.database.db.execute(sql`
  select id from shop_members where business_id = ${businessId} and founding`))[0]!.id;

/** A shop and a customer with a credit account, and the ledger calls made as the shop's founding owner. */
async function world(options: { limit?: string; feePercent?: string } = {}) {
  const w = await paymentSetup(ctx, { limit: options.limit ?? '10000', feePercent: options.feePercent ?? '2' });
  const { ledger, pins } = ctx.app.services;
  const actor = { memberId: await foundingMember(w.shop.businessId), userId: w.shop.userId };
  const merchant = { businessId: w.shop.businessId, actor, attemptKey: pinCounter.account(w.shop.userId) };
  const paid = async (amount: string): Promise<string> => {
    const response = await w.pay((await w.generate({ amount })).qrData);
    if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
    return response.json().transaction.id as string;
  };
  const repaid = async (amount: string): Promise<string> => {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${w.accountId}/repayment`, headers: bearer(w.shop.token), payload: { amount },
    });
    if (response.statusCode !== 201) throw new Error(`repayment failed: ${response.body}`);
    return response.json().transaction.id as string;
  };
  const refund = (paymentId: string, amountPaise: number, extra: Partial<RefundInput> & { pin?: string } = {}) => {
    const now = ctx.clock();
    return ledger.refund({
      ...merchant, paymentId, amountPaise: paise(amountPaise), reason: 'Goods returned', reportId: null,
      pinHashes: pins.candidateHashes(w.shop.userId, extra.pin ?? w.shop.pin), idempotencyKey: null, requestHash: `${paymentId}:${amountPaise}`,
      transactionId: uuidv7(now.getTime()), now, ...extra,
    });
  };
  const reverse = (repaymentId: string, extra: Partial<ReverseInput> & { pin?: string } = {}) => {
    const now = ctx.clock();
    return ledger.reverse({
      ...merchant, repaymentId, reason: 'Recorded twice', pinHashes: pins.candidateHashes(w.shop.userId, extra.pin ?? w.shop.pin),
      transactionId: uuidv7(now.getTime()), now, ...extra,
    });
  };
  return { ...w, actor, paid, repaid, refund, reverse };
}

const row = async (id: string) => rowsOf<{
  type: string; amount_paise: number; fee_paise: number; total_paise: number; fee_basis_points: number; original_id: string | null;
  reason: string | null; owed_paise_after: number; limit_paise_after: number; by_sms_code: boolean; qr_code_id: string | null;
}>(await ctx.database.db.execute(sql`select * from transactions where id = ${id}`))[0]!;

const account = async (id: string) => rowsOf<{
  owed_paise: number; limit_paise: number; charged_paise: number; next_due_on: string | null; overdue_paise: number;
}>(await ctx.database.db.execute(sql`
  select owed_paise, limit_paise, charged_paise, next_due_on::text, overdue_paise from credit_accounts where id = ${id}`))[0]!;

const counters = async (businessId: string) => rowsOf<{ credit_issued: number; revenue: number; payments: number; refunds: number }>(
  await ctx.database.db.execute(sql`
    select sum(credit_issued_paise)::bigint as credit_issued, sum(revenue_paise)::bigint as revenue, sum(payments)::int as payments,
           sum(refunds)::int as refunds
    from business_counters where business_id = ${businessId}`))[0]!;

const daily = async (businessId: string, day: string) => rowsOf<{
  revenue: number; fee: number; payments: number; refunds: number; refunded: number;
}>(await ctx.database.db.execute(sql`
    select coalesce(sum(revenue_paise), 0)::bigint as revenue, coalesce(sum(fee_paise), 0)::bigint as fee,
           coalesce(sum(payments), 0)::int as payments, coalesce(sum(refunds), 0)::int as refunds,
           coalesce(sum(refunded_paise), 0)::bigint as refunded
    from business_daily where business_id = ${businessId} and day = ${day}::date`))[0]!;

/** The id of the refund an outcome reports, after checking it is one. */
const refunded = (outcome: unknown): string => {
  expect(outcome).toMatchObject({ outcome: 'refunded', refundId: expect.any(String) });
  return (outcome as { refundId: string }).refundId;
};

describe('refund fee shares', () => {
  it('gives back the fee in proportion rounded half up, and the refund that empties the payment takes the rest', async () => {
    const w = await world();
    // ₹250 at 2 %: a fee of ₹5.00, 500 paise.
    const payment = await w.paid('250');
    const first = await row(refunded(await w.refund(payment, 25)));
    // 500 × 25 ÷ 25000 = 0.5 paisa, rounded half up to 1.
    expect(first).toMatchObject({
      type: 'refund', amount_paise: 25, fee_paise: 1, total_paise: 26, fee_basis_points: 200, original_id: payment,
      reason: 'Goods returned', owed_paise_after: 25_500 - 26,
    });
    // 500 × 10000 ÷ 25000 = exactly 200.
    expect(await row(refunded(await w.refund(payment, 10_000)))).toMatchObject({ fee_paise: 200, total_paise: 10_200 });
    // What is left, 149.75, takes the rest of the fee: 500 − 201 = 299 (its proportion, 299.5, would round to 300).
    expect(await row(refunded(await w.refund(payment, 14_975)))).toMatchObject({ fee_paise: 299, total_paise: 15_274 });
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 0, charged_paise: 25_500, next_due_on: null });
    await expect(w.refund(payment, 1)).rejects.toMatchObject({ key: 'refund_above_refundable', params: { refundable: '₹0.00' } });
  });

  it('returns exactly the fee of payments refunded in random parts, each share as khata_fee_share and refundFeeShare say', async () => {
    const w = await world({ limit: '50000', feePercent: '2.5' });
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 5_000_00 }),
      fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }),
      async (amountPaise, weights) => {
        const payment = await w.paid((amountPaise / 100).toFixed(2));
        const { fee_paise: feePaise } = await row(payment);
        // The weights cut the amount into parts of at least a paisa; the last part empties it.
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        let left = amountPaise;
        let refundedPaise = 0;
        let refundedFeePaise = 0;
        for (const [index, weight] of weights.entries()) {
          const part = index === weights.length - 1 ? left : Math.min(left - (weights.length - 1 - index), Math.max(1, Math.floor(amountPaise * weight / total)));
          if (part <= 0) continue;
          const share = (await row(refunded(await w.refund(payment, part)))).fee_paise;
          expect(share).toBe(refundFeeShare({
            amountPaise: paise(amountPaise), feePaise: paise(feePaise), refundedPaise: paise(refundedPaise), refundedFeePaise: paise(refundedFeePaise),
          }, paise(part)));
          left -= part;
          refundedPaise += part;
          refundedFeePaise += share;
        }
        expect(left).toBe(0);
        expect(refundedFeePaise).toBe(feePaise);
      },
    ), { numRuns: 12, seed: 25 });
  });

  it('never gives back more than the fee before the payment is emptied, however small the parts', async () => {
    // At 10 % each 5-paisa part's share is 0.5 → 1 paisa: uncapped, 1,000 such parts would give
    // back the whole fee for half the goods. The cap holds every partial share to what is left.
    const shareOf = async (refund: number, amount: number, fee: number, refundedPaise = 0, refundedFeePaise = 0) => rowsOf<{ share: number }>(
      await ctx.database.db.execute(sql`select khata_fee_share(${refund}::bigint, ${amount}::bigint, ${fee}::bigint,
        ${refundedPaise}::bigint, ${refundedFeePaise}::bigint) as share`))[0]!.share;
    expect(await shareOf(5, 10_000, 1_000)).toBe(1);
    expect(await shareOf(5, 10_000, 1_000, 4_995, 999)).toBe(1);
    expect(await shareOf(5, 10_000, 1_000, 5_000, 1_000)).toBe(0);
    expect(await shareOf(5_000, 10_000, 1_000, 5_000, 1_000)).toBe(0);
    // Proportional shares of payments at any rate, against the formula.
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 2, max: 1_00_000_00 }), fc.integer({ min: 0, max: feeBasisPointsMax }), fc.double({ min: 0, max: 1, noNaN: true }),
      async (amount, rate, cut) => {
        const fee = feeFor(paise(amount), basisPoints(rate));
        const part = Math.min(amount - 1, Math.max(1, Math.floor(amount * cut)));
        expect(await shareOf(part, amount, fee)).toBe(Number((BigInt(fee) * BigInt(part) * 2n + BigInt(amount)) / (2n * BigInt(amount))));
      },
    ), { numRuns: 200 });
  });
});

describe('refunds', () => {
  it('lowers what is owed by the refund and its share, with revenue, fees and credit issued net of it, on the refund\'s day', async () => {
    const w = await world();
    const payment = await w.paid('100');
    const paidOn = indiaDay(ctx.clock());
    ctx.clock.advance(2 * daySeconds);
    const refundedOn = indiaDay(ctx.clock());
    refunded(await w.refund(payment, 4_000));
    // ₹40 of goods and 80 paise of fee: owed 102.00 − 40.80.
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 6_120, limit_paise: 1_000_000 });
    expect(await counters(w.shop.businessId)).toEqual({ credit_issued: 6_120, revenue: 6_000, payments: 1, refunds: 1 });
    expect(await daily(w.shop.businessId, paidOn)).toEqual({ revenue: 10_000, fee: 200, payments: 1, refunds: 0, refunded: 0 });
    expect(await daily(w.shop.businessId, refundedOn)).toEqual({ revenue: -4_000, fee: -80, payments: 0, refunds: 1, refunded: 4_000 });
  });

  it('refuses a refund above what is owed, naming what is owed and the largest refund that fits', async () => {
    const w = await world();
    const payment = await w.paid('100');
    await w.repaid('60');
    // Owed ₹42.00. ₹41.18 + its 82 paise share is exactly ₹42.00; ₹41.19 + 82 paise is a paisa over.
    await expect(w.refund(payment, 5_000)).rejects.toMatchObject({
      key: 'refund_above_owed', params: { owed: '₹42.00', refundable: '₹41.18' },
    });
    await expect(w.refund(payment, 4_119)).rejects.toMatchObject({ key: 'refund_above_owed' });
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 4_200 });
    refunded(await w.refund(payment, 4_118));
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 0 });
    // Nothing owed: nothing more can be refunded in Khata.
    await expect(w.refund(payment, 1)).rejects.toMatchObject({ key: 'refund_above_owed', params: { owed: '₹0.00', refundable: '₹0.00' } });
  });

  it('caps a part\'s share at the fee left, so the largest refund that fits may be the part before the last', async () => {
    const w = await world();
    const payment = await w.paid('100');
    // ₹100 with a ₹2.00 fee in parts of ₹33.33: shares of 67 and 67 paise (66.66 rounded).
    refunded(await w.refund(payment, 3_333));
    refunded(await w.refund(payment, 3_333));
    await w.repaid('0.01');
    // Owed ₹33.99. The last ₹33.34 takes the fee left, 66 paise: ₹34.00, a paisa over. ₹33.33
    // would take 67 paise by its proportion, but only 66 are left: ₹33.99 fits.
    await expect(w.refund(payment, 3_334)).rejects.toMatchObject({
      key: 'refund_above_owed', params: { owed: '₹33.99', refundable: '₹33.33' },
    });
    expect(await row(refunded(await w.refund(payment, 3_333)))).toMatchObject({ fee_paise: 66, total_paise: 3_399 });
    // The paisa left has no fee left to carry, and nothing is owed to take it from.
    await expect(w.refund(payment, 1)).rejects.toMatchObject({ params: { owed: '₹0.00', refundable: '₹0.00' } });
  });

  it('refuses another shop\'s payment as not found, a repayment as not a payment, and a payment older than 180 days', async () => {
    const w = await world();
    const other = await world();
    const payment = await w.paid('10');
    const repayment = await w.repaid('1');
    await expect(other.refund(payment, 100)).rejects.toMatchObject({ key: 'transaction_not_found' });
    await expect(w.refund(repayment, 100)).rejects.toMatchObject({ key: 'not_a_payment' });
    ctx.clock.advance(180 * daySeconds);
    refunded(await w.refund(payment, 100));
    ctx.clock.advance(1);
    await expect(w.refund(payment, 100)).rejects.toMatchObject({ key: 'refund_too_old', params: { days: 180 } });
  });

  it('checks the merchant\'s PIN under its attempt limit before anything else', async () => {
    const w = await world();
    const payment = await w.paid('10');
    expect(await w.refund(payment, 100, { pin: '0000' })).toEqual({ outcome: 'pin_incorrect', attemptsLeft: 4 });
    // A wrong PIN is refused before the payment is even looked up.
    expect(await w.refund(uuidv7(), 100, { pin: '0000' })).toEqual({ outcome: 'pin_incorrect', attemptsLeft: 3 });
    refunded(await w.refund(payment, 100));
    for (let i = 0; i < 5; i++) await w.refund(payment, 100, { pin: '0000' });
    expect(await w.refund(payment, 100)).toMatchObject({ outcome: 'locked', lockedUntil: expect.any(String) });
    expect((await row(payment)).type).toBe('payment');
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 1_020 - 102 });
  });

  it('answers a retried Idempotency-Key with the first refund, and refuses the key with another body', async () => {
    const w = await world();
    const payment = await w.paid('10');
    const first = await w.refund(payment, 100, { idempotencyKey: 'refund-key-0001' });
    const again = await w.refund(payment, 100, { idempotencyKey: 'refund-key-0001' });
    expect(again).toEqual({ ...first, outcome: 'replayed' });
    await expect(w.refund(payment, 200, { idempotencyKey: 'refund-key-0001' })).rejects.toMatchObject({ key: 'idempotency_conflict' });
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 1_020 - 102 });
  });
});

describe('reversals', () => {
  it('restores exactly the repayment, even above the limit in force, once', async () => {
    const w = await world({ limit: '1000' });
    await w.paid('900');
    const repayment = await w.repaid('500');
    const lowered = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${w.accountId}/limit`, headers: bearer(w.shop.token), payload: { creditLimit: '100' },
    });
    expect(lowered.statusCode).toBe(200);
    const outcome = await w.reverse(repayment);
    expect(outcome).toMatchObject({ outcome: 'reversed', repaymentId: repayment, accountId: w.accountId, customerId: w.customer.userId });
    const reversal = await row((outcome as { reversalId: string }).reversalId);
    expect(reversal).toMatchObject({
      type: 'reversal', amount_paise: 50_000, fee_paise: 0, total_paise: 50_000, original_id: repayment, reason: 'Recorded twice',
      owed_paise_after: 91_800, limit_paise_after: 10_000,
    });
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 91_800, limit_paise: 10_000 });
    expect(await counters(w.shop.businessId)).toMatchObject({ credit_issued: 91_800, revenue: 90_000, payments: 1, refunds: 0 });
    await expect(w.reverse(repayment)).rejects.toMatchObject({ key: 'repayment_already_reversed' });
  });

  it('refuses a payment, another shop\'s repayment, a confirmed UPI claim\'s repayment and one older than 7 days', async () => {
    const w = await world();
    const other = await world();
    const payment = await w.paid('100');
    const repayment = await w.repaid('1');
    await expect(w.reverse(payment)).rejects.toMatchObject({ key: 'not_a_cash_repayment' });
    await expect(other.reverse(repayment)).rejects.toMatchObject({ key: 'transaction_not_found' });
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${w.shop.businessId}`);
    const claim = await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${w.accountId}/repayment-claims`, headers: bearer(w.customer.token),
      payload: { amount: 5, upiReference: '123456789012' },
    });
    const confirmed = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${claim.json().claim.id}/confirm`, headers: bearer(w.shop.token), payload: {},
    });
    expect(confirmed.statusCode).toBe(201);
    await expect(w.reverse(confirmed.json().transaction.id)).rejects.toMatchObject({ key: 'claim_repayment_not_reversible' });
    ctx.clock.advance(7 * daySeconds + 1);
    await expect(w.reverse(repayment)).rejects.toMatchObject({ key: 'reversal_too_old', params: { days: 7 } });
  });
});

describe('dues after refunds and reversals', () => {
  it('keeps dues first in, first out: a reversal makes the payments it had cleared due again, a refund clears the oldest first', async () => {
    const w = await world();
    const today = indiaDay(ctx.clock());
    const dayAfter = (days: number) => indiaDay(new Date(ctx.clock().getTime() + days * daySeconds * 1000));
    await w.paid('100'); // ₹102.00, due in 30 days (the default credit period)
    // The merchant's credit period is copied onto each payment: B falls due 10 days after A.
    await ctx.database.db.execute(sql`update businesses set credit_period_days = 40 where id = ${w.shop.businessId}`);
    const paymentB = await w.paid('200'); // ₹204.00
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 30_600, next_due_on: dayAfter(30) });

    const repayment = await w.repaid('102');
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 20_400, next_due_on: dayAfter(40) });
    await w.reverse(repayment);
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 30_600, next_due_on: dayAfter(30) });

    // Past A's date (day 35): A's ₹102.00 is overdue, B not yet.
    ctx.clock.advance(35 * daySeconds);
    expect(await ctx.app.services.ledger.refreshOverdue()).toBeGreaterThanOrEqual(1);
    expect(await account(w.accountId)).toMatchObject({ next_due_on: addDays(today, 30), overdue_paise: 10_200 });
    // ₹100 of B refunded with its ₹2 share: ₹102 off the running total clears A, the oldest.
    refunded(await w.refund(paymentB, 10_000));
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 20_400, next_due_on: addDays(today, 40), overdue_paise: 0 });
  });
});

describe('concurrency', () => {
  it('never refunds more than a payment among 50 refunds at once', async () => {
    const w = await world();
    const payment = await w.paid('100');
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => w.refund(payment, 300)));
    // ₹3 each of ₹100: 33 fit, the other 17 find less than ₹3 left.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(33);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.map((o) => (o.reason as { key: string }).key)).toEqual(Array(17).fill('refund_above_refundable'));
    const [sums] = rowsOf<{ amount: number; fee: number }>(await ctx.database.db.execute(sql`
      select sum(amount_paise)::bigint as amount, sum(fee_paise)::bigint as fee from transactions where original_id = ${payment}`));
    expect(sums).toEqual({ amount: 9_900, fee: 33 * 6 });
  });

  it('leaves every figure equal to its ledger rebuild when refunds race payments, repayments and a claim confirmation', async () => {
    const w = await world({ limit: '50000' });
    const payments = await Promise.all(Array.from({ length: 5 }, () => w.paid('100')));
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${w.shop.businessId}`);
    const claim = await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${w.accountId}/repayment-claims`, headers: bearer(w.customer.token),
      payload: { amount: 50, upiReference: '210987654321' },
    });
    const work: Promise<unknown>[] = [
      ...payments.flatMap((payment) => [w.refund(payment, 2_500), w.refund(payment, 2_500)]),
      ...Array.from({ length: 10 }, () => w.paid('10')),
      ...Array.from({ length: 5 }, () => w.repaid('5')),
      ctx.app.inject({
        method: 'POST', url: `/api/business/repayment-claims/${claim.json().claim.id}/confirm`, headers: bearer(w.shop.token), payload: {},
      }),
    ];
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const confirmed = settled.at(-1) as PromiseFulfilledResult<{ statusCode: number; body: string }>;
    expect(confirmed.value.statusCode, confirmed.value.body).toBe(201);
    // 5 × ₹102 + 10 × ₹10.20 − 10 × ₹25.50 − 5 × ₹5 − ₹50.
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 51_000 + 10_200 - 25_500 - 2_500 - 5_000 });
  });
});

describe('a frozen Khata', () => {
  it('pays nothing, refused before the PIN is evaluated', async () => {
    const w = await world();
    const code = await w.generate({ amount: '10' });
    await ctx.database.db.execute(sql`update users set frozen_at = ${ctx.clock().toISOString()} where id = ${w.customer.userId}`);
    const refused = await w.pay(code.qrData, { pin: '0000' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'account_frozen' });
    const attempts = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`
      select count(*)::int as n from pin_attempts where key = ${pinCounter.account(w.customer.userId)}`))[0]!.n;
    expect(attempts).toBe(0);
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 0 });
    await ctx.database.db.execute(sql`update users set frozen_at = null where id = ${w.customer.userId}`);
    expect((await w.pay(code.qrData)).statusCode).toBe(201);
  });
});

describe('charges approved by SMS code (khata_charge)', () => {
  /** A charge on the world's account, started through the API, with the HMAC its right code has. */
  async function started(w: Awaited<ReturnType<typeof world>>, amount: string) {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${w.accountId}/charges`, headers: bearer(w.shop.token), payload: { amount },
    });
    if (response.statusCode !== 201) throw new Error(`charge failed: ${response.body}`);
    const id = response.json().charge.id as string;
    const [kept] = rowsOf<{ code_hash: string }>(await ctx.database.db.execute(sql`select code_hash from sms_charges where id = ${id}`));
    return { id, codeHash: kept!.code_hash };
  }
  async function chargeWorld(options: { limit?: string } = {}) {
    const w = await world({ limit: options.limit ?? '1000', feePercent: '2' });
    await ctx.app.inject({ method: 'POST', url: '/api/customer/sms-approval', headers: bearer(w.customer.token), payload: { enabled: true } });
    const confirm = (charge: { id: string; codeHash: string }, extra: Partial<ChargeInput> = {}) => {
      const now = ctx.clock();
      return ctx.app.services.ledger.charge({
        businessId: w.shop.businessId, actor: w.actor, chargeId: charge.id, codeHash: charge.codeHash,
        attemptKey: pinCounter.account(w.customer.userId), idempotencyKey: null, requestHash: charge.id,
        transactionId: uuidv7(now.getTime()), now, ...extra,
      });
    };
    return { ...w, confirm };
  }

  it('writes the payment a PIN payment writes, at the charge\'s amount, fee and rate, marked by SMS code', async () => {
    const w = await chargeWorld();
    const charge = await started(w, '250.25');
    const outcome = await w.confirm(charge);
    expect(outcome).toMatchObject({ outcome: 'paid', accountId: w.accountId, customerId: w.customer.userId });
    const paid = (outcome as { transactionId: string }).transactionId;
    expect(await row(paid)).toMatchObject({
      type: 'payment', amount_paise: 25_025, fee_paise: 501, total_paise: 25_526, fee_basis_points: 200, owed_paise_after: 25_526,
      limit_paise_after: 100_000, by_sms_code: true, qr_code_id: null,
    });
    const day = indiaDay(ctx.clock());
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 25_526, charged_paise: 25_526, next_due_on: addDays(day, 30) });
    expect(await counters(w.shop.businessId)).toMatchObject({ credit_issued: 25_526, revenue: 25_025, payments: 1 });
    expect(await daily(w.shop.businessId, day)).toMatchObject({ revenue: 25_025, fee: 501, payments: 1 });
  });

  it('answers a wrong code as an outcome, so its attempt commits, and voids the charge at the last try', async () => {
    const w = await chargeWorld();
    const charge = await started(w, '10');
    const wrongHash = '0'.repeat(64);
    for (const left of [4, 3, 2, 1]) {
      expect(await w.confirm({ ...charge, codeHash: wrongHash })).toEqual({ outcome: 'sms_code_incorrect', attemptsLeft: left });
    }
    expect(await w.confirm({ ...charge, codeHash: wrongHash })).toEqual({ outcome: 'sms_code_void' });
    await expect(w.confirm(charge)).rejects.toMatchObject({ key: 'sms_code_void' });
    const [kept] = rowsOf<{ attempts: number; status: string }>(await ctx.database.db.execute(sql`
      select attempts, status from sms_charges where id = ${charge.id}`));
    expect(kept).toEqual({ attempts: 5, status: 'void' });
  });

  it('never passes the limit with charges and PIN payments of one account at once', async () => {
    const w = await chargeWorld({ limit: '1000' });
    const charges = await Promise.all(Array.from({ length: 4 }, () => started(w, '200')));
    const codes = await Promise.all(Array.from({ length: 4 }, () => w.generate({ amount: '200' })));
    // ₹204 each: four of the eight fit the ₹1,000 limit.
    const settled = await Promise.allSettled<unknown>([
      ...charges.map((charge) => w.confirm(charge)),
      ...codes.map((code) => w.pay(code.qrData)),
    ]);
    const chargesPaid = settled.slice(0, 4).filter((s) => s.status === 'fulfilled').length;
    const paymentsPaid = settled.slice(4).filter((s) => s.status === 'fulfilled' && (s.value as { statusCode: number }).statusCode === 201).length;
    expect(chargesPaid + paymentsPaid).toBe(4);
    for (const refusal of settled.slice(0, 4).filter((s): s is PromiseRejectedResult => s.status === 'rejected')) {
      expect(refusal.reason).toMatchObject({ key: 'insufficient_credit' });
    }
    expect(await account(w.accountId)).toMatchObject({ owed_paise: 4 * 20_400 });
  });

  it('lets one Idempotency-Key confirm one charge: the key on another charge is a conflict, even at once', async () => {
    const w = await chargeWorld();
    const [first, second] = [await started(w, '10'), await started(w, '20')];
    const settled = await Promise.allSettled([
      w.confirm(first!, { idempotencyKey: 'one-key-for-two', requestHash: 'first' }),
      w.confirm(second!, { idempotencyKey: 'one-key-for-two', requestHash: 'second' }),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const refusal = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')!;
    expect(refusal.reason).toMatchObject({ key: 'idempotency_conflict' });
    const statuses = rowsOf<{ status: string }>(await ctx.database.db.execute(sql`
      select status from sms_charges where id in (${first!.id}, ${second!.id}) order by status`));
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'used']);
  });
});
