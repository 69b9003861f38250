/**
 * Refunds under real parallelism (PostgreSQL runs these requests at once; PGlite serialises
 * them): a payment never gives back more than it, and a refund racing payments, cash
 * repayments, a reversal and a claim confirmation on the same account leaves every figure
 * equal to its ledger rebuild. Every test ends with the ledger reconciled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;

const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });

async function paid(amount: string, options: { feePercent?: string; limit?: string } = {}) {
  const s = await paymentSetup(ctx, { limit: options.limit ?? '20000', feePercent: options.feePercent ?? '2' });
  const response = await s.pay((await s.generate()).qrData, { amount });
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return { ...s, paymentId: response.json().transaction.id as string };
}

const refund = (s: Setup, paymentId: string, amount: string, key?: string) => post(
  `/api/business/transactions/${paymentId}/refund`, s.shop.token, { amount, reason: 'Returned', pin: s.shop.pin },
  key ? { 'idempotency-key': key } : {},
);

/** The account's ledger by type, the lowest owed any row left, and what it owes now. */
async function ledgerOf(accountId: string) {
  return rowsOf<{
    payments: number; repayments: number; refunds: number; refundFees: number; reversals: number; lowestOwed: number; owed: number;
  }>(await ctx.database.db.execute(sql`
    select coalesce(sum(total_paise) filter (where type = 'payment'), 0)::bigint as payments,
           coalesce(sum(total_paise) filter (where type = 'repayment'), 0)::bigint as repayments,
           coalesce(sum(amount_paise) filter (where type = 'refund'), 0)::bigint as refunds,
           coalesce(sum(fee_paise) filter (where type = 'refund'), 0)::bigint as "refundFees",
           coalesce(sum(total_paise) filter (where type = 'reversal'), 0)::bigint as reversals,
           min(owed_paise_after)::bigint as "lowestOwed",
           (select owed_paise from credit_accounts where id = ${accountId}) as owed
    from transactions where credit_account_id = ${accountId}`))[0]!;
}

describe('concurrent refunds', () => {
  it('never returns more than the payment among 50 refunds at once', async () => {
    // ₹100 + ₹2 fee; 50 refunds of ₹3 each: 33 fit (₹99), 17 are refused.
    const s = await paid('100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(s, s.paymentId, '3')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(33);
    expect(statuses.filter((status) => status === 422)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.statusCode === 422)) {
      expect(refused.json()).toEqual({
        error: 'You can refund at most ₹1.00 of this payment', code: 'refund_above_refundable', key: 'refund_above_refundable',
        params: { refundable: '₹1.00' },
      });
    }
    const ledger = await ledgerOf(s.accountId);
    expect(ledger.refunds).toBe(9900);
    expect(ledger.refundFees).toBeLessThanOrEqual(200);
    expect(ledger.owed).toBe(ledger.payments - ledger.refunds - ledger.refundFees);
    expect(ledger.lowestOwed).toBeGreaterThanOrEqual(0);
  });

  it('refunds a whole payment once among 50 full refunds at once', async () => {
    const s = await paid('250.50', { feePercent: '2.5' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(s, s.paymentId, '250.50')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422 && a.json().code === 'refund_above_refundable')).toHaveLength(49);
    // The whole fee comes back with the whole payment: nothing is owed.
    expect(await ledgerOf(s.accountId)).toMatchObject({ refunds: 25_050, refundFees: 626, owed: 0, lowestOwed: 0 });
  });

  it('makes one refund of 50 retries with one Idempotency-Key at once', async () => {
    const s = await paid('100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(s, s.paymentId, '10', 'same-refund-key')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.json().transaction.id as string)).size).toBe(1);
    expect(await ledgerOf(s.accountId)).toMatchObject({ refunds: 1000, refundFees: 20, owed: 10_200 - 1020 });
  });

  it('races refunds with payments, cash repayments, a reversal and a claim confirmation: every figure is its ledger rebuild', async () => {
    const s = await paid('1000', { feePercent: '2' });
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
    const claim = await post(`/api/credit-accounts/${s.accountId}/repayment-claims`, s.customer.token, { amount: '300' });
    expect(claim.statusCode).toBe(201);
    const repayment = await post(`/api/business/credit-accounts/${s.accountId}/repayment`, s.shop.token, { amount: '50' });
    expect(repayment.statusCode).toBe(201);
    const code = await s.generate();

    const [confirmation, reversal, ...rest] = await Promise.all([
      post(`/api/business/repayment-claims/${claim.json().claim.id}/confirm`, s.shop.token, {}),
      post(`/api/business/transactions/${repayment.json().transaction.id}/reversal`, s.shop.token, { reason: 'Mistake', pin: s.shop.pin }),
      ...Array.from({ length: 10 }, () => refund(s, s.paymentId, '45.45')),
      ...Array.from({ length: 5 }, () => post(`/api/business/credit-accounts/${s.accountId}/repayment`, s.shop.token, { amount: '120' })),
      ...Array.from({ length: 20 }, () => s.pay(code.qrData, { amount: '7.77' })),
    ]);
    const refunds = rest.slice(0, 10);
    const repayments = rest.slice(10, 15);
    const payments = rest.slice(15);
    expect(payments.map((p) => p.statusCode)).toEqual(Array(20).fill(201));
    expect(reversal!.statusCode).toBe(201);
    expect([201, 422]).toContain(confirmation!.statusCode);
    for (const answer of [...refunds, ...repayments]) expect([201, 422]).toContain(answer.statusCode);
    for (const answer of refunds.filter((a) => a.statusCode === 422)) expect(answer.json().code).toBe('refund_above_owed');

    const ledger = await ledgerOf(s.accountId);
    const accepted = (list: typeof refunds) => list.filter((a) => a.statusCode === 201).length;
    expect(ledger.refunds).toBe(accepted(refunds) * 4545);
    expect(ledger.repayments).toBe(5000 + accepted(repayments) * 12_000 + (confirmation!.statusCode === 201 ? 30_000 : 0));
    expect(ledger.reversals).toBe(5000);
    expect(ledger.owed).toBe(ledger.payments - ledger.repayments - ledger.refunds - ledger.refundFees + ledger.reversals);
    expect(ledger.lowestOwed).toBeGreaterThanOrEqual(0);
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/credit-accounts/business', headers: bearer(s.shop.token) }))
      .json().creditAccounts.find((a: { id: string }) => a.id === s.accountId);
    expect(account.owed).toBe((ledger.owed / 100).toFixed(2));
  });
});
