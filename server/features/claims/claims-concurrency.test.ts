/**
 * Confirming a repayment claim under real parallelism (PostgreSQL runs these requests at
 * once; PGlite serialises them): a claim is decided once, and its repayment races payments
 * and cash repayments on the same account without ever taking owed below zero. Every test
 * ends with the ledger reconciled.
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

async function owingSetup(owes: string, options: { feePercent?: string } = {}): Promise<Setup> {
  const s = await paymentSetup(ctx, { limit: '20000', feePercent: options.feePercent ?? '0' });
  await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
  const paid = await s.pay((await s.generate()).qrData, { amount: owes });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return s;
}

async function claimed(s: Setup, amount: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token),
    payload: { amount, upiReference: `${Date.now()}`.slice(-12).padStart(12, '0') },
  });
  if (response.statusCode !== 201) throw new Error(`claim failed: ${response.body}`);
  return response.json().claim.id as string;
}

const confirm = (s: Setup, id: string, payload: object = {}) => ctx.app.inject({
  method: 'POST', url: `/api/business/repayment-claims/${id}/confirm`, headers: bearer(s.shop.token), payload,
});
const decline = (s: Setup, id: string) => ctx.app.inject({
  method: 'POST', url: `/api/business/repayment-claims/${id}/decline`, headers: bearer(s.shop.token), payload: { reason: 'Not received' },
});
const cash = (s: Setup, amount: string) => ctx.app.inject({
  method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount },
});

/** The account's ledger: payment totals, repayments, the lowest owed any row left, and what it owes. */
async function ledgerOf(accountId: string) {
  return rowsOf<{ payments: number; repayments: number; repaymentRows: number; lowestOwed: number; owed: number }>(await ctx.database.db.execute(sql`
    select coalesce(sum(total_paise) filter (where type = 'payment'), 0)::bigint as payments,
           coalesce(sum(total_paise) filter (where type = 'repayment'), 0)::bigint as repayments,
           (count(*) filter (where type = 'repayment'))::int as "repaymentRows",
           min(owed_paise_after)::bigint as "lowestOwed",
           (select owed_paise from credit_accounts where id = ${accountId}) as owed
    from transactions where credit_account_id = ${accountId}`))[0]!;
}

describe('concurrent claim decisions', () => {
  it('confirms one claim exactly once among 50 concurrent confirmations, refusing 49 with 409', async () => {
    const s = await owingSetup('1000');
    const id = await claimed(s, '400');
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(s, id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: 'This claim has already been confirmed', code: 'claim_already_confirmed', key: 'claim_already_confirmed', params: {} });
    }
    const ledger = await ledgerOf(s.accountId);
    expect(ledger).toMatchObject({ repaymentRows: 1, repayments: 40_000, owed: 60_000 });
    const winner = answers.find((a) => a.statusCode === 201)!.json();
    expect(winner.claim.transactionId).toBe(winner.transaction.id);
  });

  it('decides one claim once among 25 confirmations and 25 declines at once', async () => {
    const s = await owingSetup('1000');
    const id = await claimed(s, '100');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? confirm(s, id) : decline(s, id))));
    const accepted = answers.filter((a) => a.statusCode < 300);
    expect(accepted).toHaveLength(1);
    const outcome = accepted[0]!.json().claim.status as string;
    const refusal = outcome === 'confirmed' ? 'claim_already_confirmed' : 'claim_already_declined';
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === refusal)).toHaveLength(49);
    expect((await ledgerOf(s.accountId)).repaymentRows).toBe(outcome === 'confirmed' ? 1 : 0);
  });

  it('races a confirmation with 50 payments and a cash repayment: amounts exact to the paisa, never below zero', async () => {
    const s = await owingSetup('500', { feePercent: '2' });
    // ₹500 + ₹10 fee = ₹510 owed before the race; the claim and the cash together are more.
    const id = await claimed(s, '300');
    const code = await s.generate();
    const [confirmation, cashRepayment, ...payments] = await Promise.all([
      confirm(s, id), cash(s, '250'),
      ...Array.from({ length: 50 }, () => s.pay(code.qrData, { amount: '7.77' })),
    ]);
    expect(payments.map((p) => p.statusCode)).toEqual(Array(50).fill(201));
    expect([201, 422]).toContain(confirmation!.statusCode);
    expect([201, 422]).toContain(cashRepayment!.statusCode);
    if (confirmation!.statusCode === 422) expect(confirmation!.json().code).toBe('confirm_above_owed');
    if (cashRepayment!.statusCode === 422) expect(cashRepayment!.json().code).toBe('repayment_above_owed');
    // Each payment is ₹7.77 + ₹0.16 fee (2 %, rounded half up).
    const repaidPaise = (confirmation!.statusCode === 201 ? 30_000 : 0) + (cashRepayment!.statusCode === 201 ? 25_000 : 0);
    const ledger = await ledgerOf(s.accountId);
    expect(ledger.payments).toBe(51_000 + 50 * 793);
    expect(ledger.repayments).toBe(repaidPaise);
    expect(ledger.owed).toBe(ledger.payments - ledger.repayments);
    expect(ledger.lowestOwed).toBeGreaterThanOrEqual(0);
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(s.customer.token) }))
      .json().creditAccounts[0];
    expect(account.owed).toBe((ledger.owed / 100).toFixed(2));
    const claim = (await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.shop.token) }))
      .json().claims[0];
    expect(claim.status).toBe(confirmation!.statusCode === 201 ? 'confirmed' : 'pending');
  });

  it('lets only one of a confirmation and a cash repayment of everything owed through, 5 times over', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await owingSetup('300');
      const id = await claimed(s, '300');
      const [confirmation, cashRepayment] = await Promise.all([confirm(s, id), cash(s, '300')]);
      expect([confirmation!.statusCode, cashRepayment!.statusCode].sort()).toEqual([201, 422]);
      if (confirmation!.statusCode === 422) {
        expect(confirmation!.json()).toEqual({
          error: 'Only ₹0.00 is owed now, so you can confirm at most ₹0.00', code: 'confirm_above_owed', key: 'confirm_above_owed', params: { owed: '₹0.00' },
        });
      } else {
        expect(cashRepayment!.json()).toEqual({
          error: 'Repayment cannot be more than what is owed (₹0.00)', code: 'repayment_above_owed', key: 'repayment_above_owed', params: { owed: '₹0.00' },
        });
      }
      expect(await ledgerOf(s.accountId)).toMatchObject({ repaymentRows: 1, repayments: 30_000, owed: 0, lowestOwed: 0 });
    }
  });
});
