/**
 * reconcile against a ledger with every kind of row: payments (one approved by SMS code), cash
 * repayments (one of them reversed), refunds in part and in full, reports open, refunded and
 * declined, and an account that owes nothing; each row a person at the shop wrote names them. Each case corrupts one figure inside a transaction, sees the check that
 * owns it report the drift, and rolls back, so every case reads the same ledger.
 */
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentSmsProvider } from '../sms/development';
import type { SmsMessage, SmsProvider } from '../sms/provider';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../test/context';
import { indiaDay } from '../india-days';
import { reconcile, type ReconcileReport } from './reconcile';

let ctx: TestContext;
let today: string;

/** Every SMS handed to the vendor: a charge's code is read from its own. */
const handed: SmsMessage[] = [];
const development = developmentSmsProvider(() => {});
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    return development.send(message, options);
  },
};

const answer = (response: LightMyRequestResponse, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

/** The ledger every case corrupts: amounts are picked so each row can be named by its amount. */
async function buildLedger() {
  const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx, { limit: '10000' });
  const post = (token: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const paid = async (amount: string): Promise<string> =>
    answer(await pay((await generate({ amount })).qrData), 201).transaction.id;
  const refund = async (paymentId: string, amount: string, reportId?: string) => answer(await post(
    shop.token, `/api/business/transactions/${paymentId}/refund`, { amount, reason: 'Goods returned', pin: shop.pin, reportId },
  ), 201);
  const report = async (paymentId: string, body: object): Promise<string> =>
    answer(await post(customer.token, `/api/transactions/${paymentId}/report`, body), 201).report.id;
  const repay = async (amount: string): Promise<string> =>
    answer(await post(shop.token, `/api/business/credit-accounts/${accountId}/repayment`, { amount }), 201).transaction.id;

  // At the default 2 %: fees of 20, 40, 10 and 12 paise.
  const [tenRupees, twentyRupees, fiveRupees, sixRupees] = [await paid('10'), await paid('20'), await paid('5'), await paid('6')];
  // A cash repayment recorded by mistake and reversed, then one kept.
  const mistaken = await repay('5');
  answer(await post(shop.token, `/api/business/transactions/${mistaken}/reversal`, { reason: 'Recorded twice', pin: shop.pin }), 201);
  await repay('1');
  // ₹10 reported as the wrong amount and refunded in part from the report: 3.33 with a share of 7 paise.
  await refund(tenRupees, '3.33', await report(tenRupees, { reason: 'wrong_amount' }));
  // ₹20 refunded in full in two parts: shares of 16 and 24 paise, its whole fee.
  await refund(twentyRupees, '7.77');
  await refund(twentyRupees, '12.23');
  // A report declined, and one left open.
  const declined = await report(fiveRupees, { reason: 'other', note: 'I did not buy this' });
  answer(await post(shop.token, `/api/business/payment-reports/${declined}/decline`, { reason: 'Signed for at the counter' }), 200);
  await report(sixRupees, { reason: 'goods_returned' });
  // ₹7 approved by SMS code: a fee of 14 paise, no QR code.
  answer(await post(customer.token, '/api/customer/sms-approval', { enabled: true }), 200);
  const charge = answer(await post(shop.token, `/api/business/credit-accounts/${accountId}/charges`, { amount: '7' }), 201).charge.id;
  const code = handed.filter((m) => m.template === 'charge').at(-1)!.variables.otp!;
  answer(await post(shop.token, `/api/business/charges/${charge}/confirm`, { code }), 201);

  // A second account, at another shop, that owes nothing: for the checks of a cleared account.
  const cleared = await paymentSetup(ctx, { limit: '10000' });
  answer(await cleared.pay((await cleared.generate({ amount: '10' })).qrData), 201);
  answer(await post(cleared.shop.token, `/api/business/credit-accounts/${cleared.accountId}/repayment`, { amount: '10.20' }), 201);
}

beforeAll(async () => {
  ctx = await createTestContext({ sms: recorder });
  await buildLedger();
  today = indiaDay(ctx.clock());
});
afterAll(async () => { await ctx.close(); });

/** reconcile's report with `corruption` applied, inside a transaction that is then rolled back. */
async function reportAfter(corruption: SQL): Promise<ReconcileReport> {
  let report: ReconcileReport | undefined;
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(corruption);
      report = await reconcile(tx, today);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return report!;
}

const oneCounterRow = sql`(business_id, slot) = (select business_id, slot from business_counters limit 1)`;
const oneDailyRow = sql`(business_id, day, slot) = (select business_id, day, slot from business_daily limit 1)`;
const refundOf = (amountPaise: number) => sql`type = 'refund' and amount_paise = ${amountPaise}`;

describe('reconcile', () => {
  it('finds clean a ledger of payments, repayments, a reversal, refunds in part and in full, and reports', async () => {
    const report = await reconcile(ctx.database.db, today);
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
    expect(report.clean).toBe(true);
  });

  it.each([
    // Down, not up: an account never owes more than it was ever charged (a CHECK).
    ["each account's owed amount", sql`update credit_accounts set owed_paise = owed_paise - 1 where id = (select id from credit_accounts limit 1)`],
    ["each account's owed amount", sql`delete from transactions where type = 'reversal'`],
    ["each account's owed amount", sql`update transactions set fee_paise = fee_paise + 1, total_paise = total_paise + 1 where ${refundOf(1223)}`],
    ['every fee follows', sql`update transactions set fee_paise = fee_paise + 1, total_paise = total_paise + 1 where id = (select id from transactions where type = 'payment' limit 1)`],
    // Payments approved by SMS code against their charges.
    ['every payment approved by SMS code', sql`update transactions set by_sms_code = true where type = 'payment' and amount_paise = 1000`],
    ['every payment approved by SMS code', sql`update sms_charges set fee_paise = fee_paise + 1 where status = 'used'`],
    ['every payment approved by SMS code', sql`update sms_charges set amount_paise = amount_paise - 1 where status = 'used'`],
    ['every payment approved by SMS code', sql`update transactions set qr_code_id = (select id from qr_codes limit 1) where by_sms_code`],
    ['every used charge names a payment approved by SMS code', sql`update transactions set by_sms_code = false where by_sms_code`],
    ['no payment committed above the limit', sql`update transactions set limit_paise_after = owed_paise_after - 1 where id = (select id from transactions where type = 'payment' limit 1)`],
    ["every payment's code exists", sql`update transactions set qr_code_id = gen_random_uuid() where id = (select id from transactions where type = 'payment' limit 1)`],
    // Who wrote each row: the shop's founding owner wrote every repayment, refund, reversal and the charge.
    ['every row a person at the shop wrote', sql`update transactions set actor_member_id = null, actor_role = null where type = 'repayment'`],
    ['every row a person at the shop wrote', sql`update transactions set actor_member_id = null, actor_role = null where by_sms_code`],
    ['every row a person at the shop wrote', sql`
      update transactions t set actor_member_id = m.id, actor_role = 'owner' from shop_members m
      where m.business_id = t.business_id and m.founding and t.type = 'payment' and not t.by_sms_code and t.amount_paise = 1000`],
    ['every row a person at the shop wrote', sql`update transactions t set actor_member_id = (select m.id from shop_members m where m.business_id <> t.business_id limit 1) where type = 'reversal'`],
    ['every row a person at the shop wrote', sql`update transactions set actor_role = 'admin' where ${refundOf(777)}`],
    // An adjustment need name nobody, but one it names is of its shop.
    ['every row a person at the shop wrote', sql`
      update transactions t set type = 'adjustment',
        actor_member_id = (select m.id from shop_members m where m.business_id <> t.business_id limit 1)
      where type = 'repayment' and amount_paise = 100`],
    // Refunds and reversals against their originals.
    ['every refund gives back a payment', sql`update transactions set original_id = (select id from transactions where type = 'repayment' limit 1) where ${refundOf(777)}`],
    ['every refund gives back a payment', sql`update transactions r set original_id = (select p.id from transactions p where p.type = 'payment' and p.credit_account_id <> r.credit_account_id limit 1) where ${refundOf(333)}`],
    ['every refund gives back a payment', sql`update transactions set fee_basis_points = 150 where ${refundOf(333)}`],
    ['every refund gives back a payment', sql`update transactions set original_id = (select id from transactions where type = 'payment' limit 1) where type = 'reversal'`],
    ['every refund gives back a payment', sql`update transactions set amount_paise = amount_paise - 1, total_paise = total_paise - 1 where type = 'reversal'`],
    ['no payment is refunded above its amount', sql`update transactions set amount_paise = amount_paise + 1, total_paise = total_paise + 1 where ${refundOf(1223)}`],
    ["each payment's refunds carry fee shares", sql`update transactions set fee_paise = fee_paise + 1, total_paise = total_paise + 1 where ${refundOf(333)}`],
    ["each payment's refunds carry fee shares", sql`update transactions set fee_paise = fee_paise - 1, total_paise = total_paise - 1 where ${refundOf(333)}`],
    ["each payment's refunds carry fee shares", sql`update transactions set fee_paise = fee_paise - 1, total_paise = total_paise - 1 where ${refundOf(777)}`],
    ["each payment's refunds carry fee shares", sql`update transactions set fee_paise = fee_paise + 1, total_paise = total_paise + 1 where ${refundOf(1223)}`],
    ['no refund leaves a negative balance', sql`update transactions set owed_paise_after = -1 where ${refundOf(333)}`],
    ['no repayment is reversed twice, nor one a confirmed claim wrote', sql`
      insert into repayment_claims (id, credit_account_id, business_id, customer_id, amount_paise, upi_reference, status,
                                    confirmed_amount_paise, transaction_id, created_at, decided_at)
      select gen_random_uuid(), credit_account_id, business_id, customer_id, amount_paise, '123456789012', 'confirmed',
             amount_paise, original_id, created_at, created_at
      from transactions where type = 'reversal'`],
    // Counters and rollups against their ledger rebuild.
    ["each merchant's counters", sql`update business_counters set revenue_paise = revenue_paise + 1 where ${oneCounterRow}`],
    ["each merchant's counters", sql`update business_counters set credit_issued_paise = credit_issued_paise + 1 where ${oneCounterRow}`],
    ["each merchant's counters", sql`update business_counters set refunds = refunds + 1 where ${oneCounterRow}`],
    ["each merchant's counters", sql`update business_counters set payments = payments + 1 where ${oneCounterRow}`],
    ["each merchant's daily rollups", sql`update business_daily set fee_paise = fee_paise + 1`],
    ["each merchant's daily rollups", sql`update business_daily set refunds = refunds + 1 where ${oneDailyRow}`],
    ["each merchant's daily rollups", sql`update business_daily set refunded_paise = refunded_paise + 1 where ${oneDailyRow}`],
    // A refund is booked on its own India day, not its payment's.
    ["each merchant's daily rollups", sql`update transactions set created_at = created_at - interval '1 day' where ${refundOf(333)}`],
    ["each customer's last day with a payment", sql`update users set last_paid_on = last_paid_on - 1 where last_paid_on is not null`],
    ['the customers counted on each last day', sql`update customer_last_paid_days set customers = customers + 1`],
    ["each closed day of the platform's analytics", sql`insert into platform_daily (day, revenue_paise, fee_paise, payments) values ('2026-01-01', 0, 0, 1)`],
    ["each closed day of the platform's analytics", sql`insert into platform_daily (day, revenue_paise, fee_paise, payments, refunds) values ('2026-01-01', 0, 0, 0, 1)`],
    ["each closed day of the platform's analytics", sql`insert into platform_daily (day, revenue_paise, fee_paise, payments, refunded_paise) values ('2026-01-01', 0, 0, 0, 1)`],
    ["each merchant's period totals", sql`insert into business_period_totals (days, business_id, revenue_paise, payments) select 7, business_id, 1, 1 from business_daily limit 1`],
    ["the platform's credit granted", sql`update platform_counters set credit_limit_paise = credit_limit_paise + 1 where slot = (select slot from platform_counters limit 1)`],
    // Dues.
    ["each account's charged amount", sql`update credit_accounts set charged_paise = charged_paise + 1 where id = (select credit_account_id from transactions limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set charged_paise_after = charged_paise_after + 1 where id = (select id from transactions where type = 'payment' order by charged_paise_after limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set charged_paise_after = (select min(charged_paise_after) from transactions) where id = (select id from transactions where type = 'payment' order by charged_paise_after desc limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set due_on = null where id = (select id from transactions where type = 'payment' limit 1)`],
    ["each account's payments carry its running charged total", sql`update transactions set due_on = '2026-12-22' where type = 'repayment'`],
    ["each account's payments carry its running charged total", sql`update transactions set due_on = '2026-12-22' where type = 'refund'`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = next_due_on + 1 where next_due_on is not null`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = null where owed_paise > 0`],
    ["each account's next due date", sql`update credit_accounts set next_due_on = '2026-12-01' where owed_paise = 0`],
    ['no account that owes nothing keeps a moved due date', sql`update credit_accounts set due_deferred_to = '2026-12-30' where owed_paise = 0`],
    // Both accounts' figures were cached for today by their repayments and refunds.
    ["each account's overdue amount cached for today", sql`update credit_accounts set overdue_paise = overdue_paise + 1 where overdue_on is not null`],
    // Payment reports.
    ['each report is about a payment of its own', sql`update payment_reports set transaction_id = (select id from transactions where ${refundOf(777)}) where status = 'open'`],
    ['each report is about a payment of its own', sql`update payment_reports r set business_id = (select id from businesses b where b.id <> r.business_id limit 1) where status = 'open'`],
    ['a report is refunded exactly when it names a refund of its own payment', sql`update payment_reports set refund_transaction_id = (select id from transactions where ${refundOf(777)}) where status = 'refunded'`],
    ['a report is refunded exactly when it names a refund of its own payment', sql`update payment_reports set refund_transaction_id = (select id from transactions where type = 'repayment' limit 1) where status = 'refunded'`],
    ['only an answered report has a decision time', sql`update payment_reports set decided_at = null where status = 'declined'`],
    ['only an answered report has a decision time', sql`update payment_reports set decided_at = created_at where status = 'open'`],
  ])('reports drift in "%s"', async (name, corruption) => {
    const report = await reportAfter(corruption);
    expect(report.clean).toBe(false);
    const check = report.results.filter((r) => r.name.startsWith(name));
    expect(check).toHaveLength(1);
    expect(check[0]!.violations).toBeGreaterThan(0);
  });

  it('asks no person of an adjustment: the rows that must name one are those the migration gave the founding owner', async () => {
    const report = await reportAfter(sql`
      update transactions set type = 'adjustment', actor_member_id = null, actor_role = null
      where type = 'repayment' and amount_paise = 100`);
    const check = report.results.filter((r) => r.name.startsWith('every row a person at the shop wrote'));
    expect(check).toHaveLength(1);
    expect(check[0]!.violations).toBe(0);
  });

  it('finds the ledger clean again after every corruption was rolled back', async () => {
    expect((await reconcile(ctx.database.db, today)).clean).toBe(true);
  });
});
