import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

/** A shop with a UPI ID, a customer owing ₹500 there, one confirmed, one declined and one pending claim. */
async function claimsOfEveryKind(context: TestContext) {
  const s = await paymentSetup(context, { limit: '5000', feePercent: '0' });
  await context.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
  await s.pay((await s.generate()).qrData, { amount: '500' });
  const claim = async (amount: number) => (await context.app.inject({
    method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token), payload: { amount },
  })).json().claim.id as string;
  const confirmed = await claim(100);
  const declined = await claim(50);
  await claim(25);
  const decided = [
    await context.app.inject({ method: 'POST', url: `/api/business/repayment-claims/${confirmed}/confirm`, headers: bearer(s.shop.token), payload: { amount: 80 } }),
    await context.app.inject({ method: 'POST', url: `/api/business/repayment-claims/${declined}/decline`, headers: bearer(s.shop.token), payload: { reason: 'Not received' } }),
  ];
  expect(decided.map((response) => response.statusCode)).toEqual([201, 200]);
  return s;
}

describe('reconcile: repayment claims', () => {
  it('finds confirmed, declined and pending claims clean', async () => {
    await claimsOfEveryKind(ctx);
    const report = await reconcile(ctx.database.db);
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
    expect(report.results.filter((r) => r.name.includes('claim')).length).toBeGreaterThanOrEqual(4);
  });

  const confirmedClaim = "(select id from repayment_claims where status = 'confirmed' limit 1)";
  it.each<[string, SQL | SQL[]]>([
    ["each confirmed claim's repayment", sql.raw(`update repayment_claims set confirmed_amount_paise = confirmed_amount_paise + 1 where id = ${confirmedClaim}`)],
    ["each confirmed claim's repayment", sql.raw(`update repayment_claims set amount_paise = confirmed_amount_paise - 1 where id = ${confirmedClaim}`)],
    ["each confirmed claim's repayment", sql.raw(`update transactions set type = 'adjustment' where id = (select transaction_id from repayment_claims where id = ${confirmedClaim})`)],
    ['a pending or declined claim has no repayment', sql.raw(`update repayment_claims set transaction_id = (select id from transactions where type = 'payment' limit 1) where status = 'pending'`)],
    ['a pending or declined claim has no repayment', sql.raw(`update repayment_claims set decline_reason = null where status = 'declined'`)],
    ['a pending or declined claim has no repayment', sql.raw(`update repayment_claims set decided_at = now() where status = 'pending'`)],
    // The unique index forbids this; reconcile still looks, for a database restored without it.
    ['no repayment is named by two claims', [sql`drop index repayment_claims_transaction_unique`, sql.raw(`
      update repayment_claims set status = 'confirmed', confirmed_amount_paise = 1, decline_reason = null,
        transaction_id = (select transaction_id from repayment_claims where id = ${confirmedClaim}) where status = 'declined'`)]],
    ["each claim is its account's", sql.raw(`update repayment_claims set customer_id = (select id from users where role = 'business' limit 1) where status = 'pending'`)],
  ])('reports drift in "%s"', async (name, corruption) => {
    const fresh = await createTestContext();
    try {
      await claimsOfEveryKind(fresh);
      expect((await reconcile(fresh.database.db)).clean).toBe(true);
      for (const statement of [corruption].flat()) await fresh.database.db.execute(statement);
      const report = await reconcile(fresh.database.db);
      expect(report.clean).toBe(false);
      expect(report.results.find((r) => r.name.startsWith(name))!.violations).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
