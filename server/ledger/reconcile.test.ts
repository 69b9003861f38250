import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../test/context';
import { indiaDay } from '../india-days';
import { reconcile } from './reconcile';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

describe('reconcile', () => {
  it('finds a clean ledger clean after payments and repayments', async () => {
    const { shop, accountId, generate, pay } = await paymentSetup(ctx, { limit: '10000' });
    await pay((await generate({ amount: '123.45' })).qrData);
    await pay((await generate()).qrData, { amount: '77.77' });
    await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '50' },
    });
    await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/due-date`, headers: bearer(shop.token), payload: { dueOn: '2027-01-15' },
    });
    const report = await reconcile(ctx.database.db);
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
    expect(report.clean).toBe(true);
  });

  it.each([
    // Down, not up: an account never owes more than it was ever charged (a CHECK).
    ["each account's owed amount", sql`update credit_accounts set owed_paise = owed_paise - 1 where id = (select id from credit_accounts limit 1)`],
    ['every fee follows', sql`update transactions set fee_paise = fee_paise + 1, total_paise = total_paise + 1 where id = (select id from transactions where type = 'payment' limit 1)`],
    ['no payment committed above the limit', sql`update transactions set limit_paise_after = owed_paise_after - 1 where id = (select id from transactions where type = 'payment' limit 1)`],
    ["every payment's code exists", sql`update transactions set qr_code_id = gen_random_uuid() where id = (select id from transactions where type = 'payment' limit 1)`],
    ["each merchant's counters", sql`update business_counters set revenue_paise = revenue_paise + 1 where business_id = (select business_id from business_counters limit 1) and slot = (select slot from business_counters limit 1)`],
    ["each merchant's daily rollups", sql`update business_daily set fee_paise = fee_paise + 1`],
    ["each customer's last day with a payment", sql`update users set last_paid_on = last_paid_on - 1 where last_paid_on is not null`],
    ['the customers counted on each last day', sql`update customer_last_paid_days set customers = customers + 1`],
    ["each closed day of the platform's analytics", sql`insert into platform_daily (day, revenue_paise, fee_paise, payments) values ('2026-01-01', 0, 0, 1)`],
    ["each merchant's period totals", sql`insert into business_period_totals (days, business_id, revenue_paise, payments) select 7, business_id, 1, 1 from business_daily limit 1`],
    ["the platform's credit granted", sql`update platform_counters set credit_limit_paise = credit_limit_paise + 1 where slot = (select slot from platform_counters limit 1)`],
    ["each account's charged amount", sql`update credit_accounts set charged_paise = charged_paise + 1 where id = (select credit_account_id from transactions limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set charged_paise_after = charged_paise_after + 1 where id = (select id from transactions where type = 'payment' order by charged_paise_after limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set charged_paise_after = (select min(charged_paise_after) from transactions) where id = (select id from transactions where type = 'payment' order by charged_paise_after desc limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set due_on = null where id = (select id from transactions where type = 'payment' limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set due_on = '2026-12-22' where type = 'repayment'`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = next_due_on + 1 where next_due_on is not null`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = null where owed_paise > 0`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = '2026-12-01' where owed_paise = 0`],
    ['no account that owes nothing keeps a moved due date', sql`update credit_accounts set due_deferred_to = '2026-12-30' where owed_paise = 0`],
    // Both accounts' figures were cached for today by their repayments.
    ["each account's overdue amount cached for today", sql`update credit_accounts set overdue_paise = overdue_paise + 1 where overdue_on is not null`],
  ])('reports drift in "%s"', async (name, corruption) => {
    const fresh = await createTestContext();
    try {
      const { shop, accountId, generate, pay } = await paymentSetup(fresh, { limit: '10000' });
      await pay((await generate({ amount: '10' })).qrData);
      await pay((await generate({ amount: '20' })).qrData);
      await fresh.app.inject({
        method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '5' },
      });
      // A second account that owes nothing, for the checks of a cleared account.
      const cleared = await paymentSetup(fresh, { limit: '10000' });
      await cleared.pay((await cleared.generate({ amount: '10' })).qrData);
      await fresh.app.inject({
        method: 'POST', url: `/api/business/credit-accounts/${cleared.accountId}/repayment`, headers: bearer(cleared.shop.token),
        payload: { amount: '10.20' },
      });
      const today = indiaDay(fresh.clock());
      expect((await reconcile(fresh.database.db, today)).clean).toBe(true);
      await fresh.database.db.execute(corruption);
      const report = await reconcile(fresh.database.db, today);
      expect(report.clean).toBe(false);
      expect(report.results.find((r) => r.name.startsWith(name))!.violations).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
