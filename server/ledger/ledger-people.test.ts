/**
 * The people at a shop at the ledger's own boundary (server/ledger/ledger.ts, khata_actor):
 * every row a person writes names them and their role at the time, a customer's own payment
 * nobody; a manager's or a cashier's repayments, refunds and reversals stay within their
 * limits for one entry and for the India day, one at a time under their membership's lock;
 * an owner has no limits; a revoked person, or one of another shop, writes nothing. The shop,
 * its customer and the payments are made through the API; the people are shop_members rows
 * written here, as an owner's invitation would leave them. Every test ends with the ledger
 * reconciled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRole } from '@common/permissions';
import { paise } from '@common/money';
import { rowsOf } from '../db/client';
import { uuidv7 } from '../ids';
import { indiaDay, secondsToIndiaMidnight } from '../india-days';
import { pinCounter } from '../features/auth/pins.service';
import { bearer, createTestContext, newPhone, paymentSetup, type TestContext } from '../test/context';
import type { LedgerActor } from './ledger';
import { reconcile } from './reconcile';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

/** A person at a shop: their membership, their account and its PIN. */
interface Person extends LedgerActor { pin: string }

const rupees = (amount: number) => paise(Math.round(amount * 100));

/** A shop with a customer owing nothing yet, its founding owner, and the ledger's calls made as any person. */
async function shop() {
  const w = await paymentSetup(ctx, { limit: '50000', feePercent: '2' });
  const { db } = ctx.database;
  const { ledger, pins } = ctx.app.services;
  const [founding] = rowsOf<{ id: string }>(await db.execute(sql`
    select id from shop_members where business_id = ${w.shop.businessId} and founding`));
  const owner: Person = { memberId: founding!.id, userId: w.shop.userId, pin: w.shop.pin };

  /** A staff account and its membership here, as an accepted invitation leaves them. */
  const person = async (role: ShopRole, limits: { single: number; daily: number } | null = null, businessId = w.shop.businessId): Promise<Person> => {
    const userId = uuidv7();
    const pin = '2580';
    const hashed = pins.hashPin(userId, pin);
    const now = ctx.clock().toISOString();
    await db.execute(sql`insert into users (id, role, name, phone, pin_hash, pin_key_version, created_at)
      values (${userId}, 'staff', 'Meena', ${newPhone()}, ${hashed.hash}, ${hashed.keyVersion}, ${now})`);
    const memberId = uuidv7();
    await db.execute(sql`insert into shop_members (id, business_id, user_id, role, name, single_limit_paise, daily_limit_paise, created_at)
      values (${memberId}, ${businessId}, ${userId}, ${role}, 'Meena', ${limits ? rupees(limits.single) : null},
              ${limits ? rupees(limits.daily) : null}, ${now})`);
    return { memberId, userId, pin };
  };
  const actor = (p: Person): LedgerActor => ({ memberId: p.memberId, userId: p.userId });

  const paid = async (amount: string): Promise<string> => {
    const response = await w.pay((await w.generate({ amount })).qrData);
    if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
    return response.json().transaction.id as string;
  };
  /** A cash repayment in its own transaction, as the credit feature records one; the ledger row's id. */
  const repay = async (by: Person, amountPaise: number, description: string | null = null): Promise<string> => {
    const now = ctx.clock();
    const transactionId = uuidv7(now.getTime());
    const account = await db.transaction((tx) => ledger.repay(tx, {
      businessId: w.shop.businessId, actor: actor(by), accountId: w.accountId, amountPaise: paise(amountPaise),
      description, transactionId, now,
    }));
    if (!account) throw new Error('repayment above owed');
    return transactionId;
  };
  const refund = (by: Person, paymentId: string, amountPaise: number, pin = by.pin) => {
    const now = ctx.clock();
    return ledger.refund({
      businessId: w.shop.businessId, actor: actor(by), paymentId, amountPaise: paise(amountPaise), reason: 'Goods returned',
      reportId: null, pinHashes: pins.candidateHashes(by.userId, pin), attemptKey: pinCounter.account(by.userId),
      idempotencyKey: null, requestHash: `${paymentId}:${amountPaise}`, transactionId: uuidv7(now.getTime()), now,
    });
  };
  const reverse = (by: Person, repaymentId: string, pin = by.pin) => {
    const now = ctx.clock();
    return ledger.reverse({
      businessId: w.shop.businessId, actor: actor(by), repaymentId, reason: 'Recorded twice',
      pinHashes: pins.candidateHashes(by.userId, pin), attemptKey: pinCounter.account(by.userId),
      transactionId: uuidv7(now.getTime()), now,
    });
  };
  /** A charge started through the API and confirmed at the ledger with its right code, as `by`. */
  const charge = async (by: Person, amount: string) => {
    const approval = await ctx.app.inject({
      method: 'POST', url: '/api/customer/sms-approval', headers: bearer(w.customer.token), payload: { enabled: true },
    });
    if (approval.statusCode !== 200) throw new Error(`sms approval failed: ${approval.body}`);
    const started = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${w.accountId}/charges`, headers: bearer(w.shop.token), payload: { amount },
    });
    if (started.statusCode !== 201) throw new Error(`charge failed: ${started.body}`);
    const chargeId = started.json().charge.id as string;
    const [kept] = rowsOf<{ code_hash: string }>(await db.execute(sql`select code_hash from sms_charges where id = ${chargeId}`));
    const now = ctx.clock();
    return ledger.charge({
      businessId: w.shop.businessId, actor: actor(by), chargeId, codeHash: kept!.code_hash,
      attemptKey: pinCounter.account(w.customer.userId), idempotencyKey: null, requestHash: chargeId,
      transactionId: uuidv7(now.getTime()), now,
    });
  };
  const owed = async () => Number(rowsOf<{ owed_paise: number }>(await db.execute(sql`
    select owed_paise from credit_accounts where id = ${w.accountId}`))[0]!.owed_paise);
  const rows = async () => Number(rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from transactions where credit_account_id = ${w.accountId}`))[0]!.n);
  const revoke = (p: Person) => db.execute(sql`
    update shop_members set status = 'revoked', revoked_at = ${ctx.clock().toISOString()} where id = ${p.memberId}`);

  return { ...w, owner, person, paid, repay, refund, reverse, charge, owed, rows, revoke };
}

const writer = async (transactionId: string) => rowsOf<{ type: string; actor_member_id: string | null; actor_role: string | null }>(
  await ctx.database.db.execute(sql`select type, actor_member_id, actor_role from transactions where id = ${transactionId}`))[0]!;

const refundId = (outcome: unknown): string => {
  expect(outcome).toMatchObject({ outcome: 'refunded' });
  return (outcome as { refundId: string }).refundId;
};
const reversalId = (outcome: unknown): string => {
  expect(outcome).toMatchObject({ outcome: 'reversed' });
  return (outcome as { reversalId: string }).reversalId;
};

describe('who wrote each row', () => {
  it('names the person and their role on a repayment, a refund, a reversal and a charge, and nobody on a customer\'s payment', async () => {
    const s = await shop();
    const cashier = await s.person('cashier', { single: 5_000, daily: 20_000 });
    const manager = await s.person('manager', { single: 5_000, daily: 20_000 });
    const payment = await s.paid('500');
    expect(await writer(payment)).toEqual({ type: 'payment', actor_member_id: null, actor_role: null });

    const repayment = await s.repay(cashier, 10_000);
    expect(await writer(repayment)).toEqual({ type: 'repayment', actor_member_id: cashier.memberId, actor_role: 'cashier' });
    const refund = refundId(await s.refund(manager, payment, 5_000));
    expect(await writer(refund)).toEqual({ type: 'refund', actor_member_id: manager.memberId, actor_role: 'manager' });
    const reversal = reversalId(await s.reverse(manager, repayment));
    expect(await writer(reversal)).toEqual({ type: 'reversal', actor_member_id: manager.memberId, actor_role: 'manager' });
    const charged = await s.charge(cashier, '20');
    expect(charged).toMatchObject({ outcome: 'paid' });
    expect(await writer((charged as { transactionId: string }).transactionId))
      .toEqual({ type: 'payment', actor_member_id: cashier.memberId, actor_role: 'cashier' });

    // The business account acts as its founding owner.
    const owners = await s.repay(s.owner, 100);
    expect(await writer(owners)).toEqual({ type: 'repayment', actor_member_id: s.owner.memberId, actor_role: 'owner' });
  });

  it('keeps the role a person had when they wrote the row', async () => {
    const s = await shop();
    const person = await s.person('cashier', { single: 5_000, daily: 20_000 });
    await s.paid('100');
    const before = await s.repay(person, 1_000);
    await ctx.database.db.execute(sql`update shop_members set role = 'manager' where id = ${person.memberId}`);
    const after = await s.repay(person, 1_000);
    expect(await writer(before)).toMatchObject({ actor_role: 'cashier' });
    expect(await writer(after)).toMatchObject({ actor_role: 'manager' });
  });
});

describe('a cashier\'s limits on repayments', () => {
  it('takes exactly the limit for one entry and refuses a paisa more, writing nothing', async () => {
    const s = await shop();
    const cashier = await s.person('cashier', { single: 1_000, daily: 5_000 });
    await s.paid('3000');
    await s.repay(cashier, 1_000_00);
    const [owedBefore, rowsBefore] = [await s.owed(), await s.rows()];
    await expect(s.repay(cashier, 1_000_01)).rejects.toMatchObject({ key: 'staff_single_limit', params: { limit: '₹1,000.00' } });
    expect([await s.owed(), await s.rows()]).toEqual([owedBefore, rowsBefore]);
  });

  it('takes exactly what is left of the day and refuses a paisa more, naming what is left; the next India day starts again', async () => {
    const s = await shop();
    const cashier = await s.person('cashier', { single: 1_000, daily: 2_000 });
    await s.paid('5000');
    // The last second of the India day.
    ctx.clock.advance(secondsToIndiaMidnight(ctx.clock()) - 1);
    await s.repay(cashier, 1_000_00);
    await s.repay(cashier, 600_00);
    await expect(s.repay(cashier, 400_01)).rejects.toMatchObject({
      key: 'staff_daily_limit', params: { limit: '₹2,000.00', left: '₹400.00' },
    });
    await s.repay(cashier, 400_00);
    await expect(s.repay(cashier, 1)).rejects.toMatchObject({
      key: 'staff_daily_limit', params: { limit: '₹2,000.00', left: '₹0.00' },
    });
    // India midnight: a new day, a new total.
    ctx.clock.advance(1);
    await s.repay(cashier, 1_000_00);
    expect(await s.owed()).toBe(5_100_00 - 3_000_00);
  });

  it('never lets repayments at once pass the day\'s limit together', async () => {
    const s = await shop();
    const cashier = await s.person('cashier', { single: 1_000, daily: 2_000 });
    await s.paid('10000');
    // ₹600 each: three fit ₹2,000, the other five find ₹200 left.
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => s.repay(cashier, 600_00)));
    expect(settled.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refusals = settled.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.map((o) => (o.reason as { key: string; params: object }))).toEqual(Array(5).fill(
      expect.objectContaining({ key: 'staff_daily_limit', params: { limit: '₹2,000.00', left: '₹200.00' } }),
    ));
    expect(await s.owed()).toBe(10_200_00 - 3 * 600_00);
  });

  it('does not limit a charge the customer approved with their code', async () => {
    const s = await shop();
    const cashier = await s.person('cashier', { single: 100, daily: 200 });
    expect(await s.charge(cashier, '500')).toMatchObject({ outcome: 'paid' });
    // Nor does a charge count towards the day's repayments, refunds and reversals.
    await s.repay(cashier, 100_00);
    await s.repay(cashier, 100_00);
    await expect(s.repay(cashier, 1)).rejects.toMatchObject({ key: 'staff_daily_limit' });
  });

  it('does not limit a confirmed UPI claim\'s repayment, nor count it towards the day', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 100, daily: 200 });
    await s.paid('1000');
    // The claim's money reached the shop's bank: "UPI <reference>" is how the claims feature writes it.
    const claimed = await s.repay(manager, 500_00, 'UPI 412345678901');
    expect(await writer(claimed)).toMatchObject({ actor_member_id: manager.memberId, actor_role: 'manager' });
    await s.repay(manager, 100_00);
    await s.repay(manager, 100_00);
    await expect(s.repay(manager, 1)).rejects.toMatchObject({ key: 'staff_daily_limit', params: { left: '₹0.00' } });
  });
});

describe('a manager\'s limits on refunds and reversals', () => {
  it('takes a refund of exactly the limit for one entry and refuses a paisa more, its goods counted, not the fee share', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 500, daily: 5_000 });
    const payment = await s.paid('2000');
    // ₹500 of goods gives back ₹510 with its share of the fee: the goods are what counts.
    refundId(await s.refund(manager, payment, 500_00));
    const [owedBefore, rowsBefore] = [await s.owed(), await s.rows()];
    await expect(s.refund(manager, payment, 500_01)).rejects.toMatchObject({ key: 'staff_single_limit', params: { limit: '₹500.00' } });
    expect([await s.owed(), await s.rows()]).toEqual([owedBefore, rowsBefore]);
  });

  it('answers a wrong PIN as a wrong PIN, counted, before the limits; a limit refusal counts no attempt', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 500, daily: 5_000 });
    const payment = await s.paid('2000');
    const failures = async () => rowsOf<{ failures: number }>(await ctx.database.db.execute(sql`
      select failures from pin_attempts where key = ${pinCounter.account(manager.userId)}`))[0]?.failures ?? 0;
    expect(await s.refund(manager, payment, 600_00, '0000')).toEqual({ outcome: 'pin_incorrect', attemptsLeft: 4 });
    expect(await failures()).toBe(1);
    await expect(s.refund(manager, payment, 600_00)).rejects.toMatchObject({ key: 'staff_single_limit' });
    expect(await failures()).toBe(1);
    expect(await s.refund(manager, payment, 600_00, '0000')).toEqual({ outcome: 'pin_incorrect', attemptsLeft: 3 });
    // The PIN checked is the person's own, never the owner's.
    expect(await s.refund(manager, payment, 100_00, s.owner.pin)).toEqual({ outcome: 'pin_incorrect', attemptsLeft: 2 });
    refundId(await s.refund(manager, payment, 100_00));
  });

  it('limits a reversal by the repayment it restores', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 500, daily: 5_000 });
    await s.paid('2000');
    const large = await s.repay(s.owner, 500_01);
    const exact = await s.repay(s.owner, 500_00);
    await expect(s.reverse(manager, large)).rejects.toMatchObject({ key: 'staff_single_limit', params: { limit: '₹500.00' } });
    reversalId(await s.reverse(manager, exact));
    // The owner reverses what the manager may not.
    reversalId(await s.reverse(s.owner, large));
  });

  it('counts the day\'s repayments, refunds and reversals together against the daily limit', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 500, daily: 1_000 });
    const payment = await s.paid('3000');
    const repayment = await s.repay(s.owner, 300_00);
    await s.repay(manager, 300_00);
    refundId(await s.refund(manager, payment, 400_00));
    // ₹300 + ₹400 so far: a reversal of ₹300 takes the day to exactly ₹1,000.
    reversalId(await s.reverse(manager, repayment));
    await expect(s.repay(manager, 1)).rejects.toMatchObject({ key: 'staff_daily_limit', params: { limit: '₹1,000.00', left: '₹0.00' } });
    await expect(s.refund(manager, payment, 1)).rejects.toMatchObject({ key: 'staff_daily_limit' });
    // Another person's entries are theirs: the owner's repayment above did not count.
    const other = await s.person('manager', { single: 500, daily: 1_000 });
    await s.repay(other, 500_00);
  });

  it('waits its turn, without a deadlock, when one person repays and refunds on one account at once', async () => {
    const s = await shop();
    const manager = await s.person('manager', { single: 10_000, daily: 100_000 });
    const payments = await Promise.all(Array.from({ length: 5 }, () => s.paid('100')));
    const settled = await Promise.allSettled<unknown>([
      ...payments.map((payment) => s.refund(manager, payment, 50_00)),
      ...Array.from({ length: 5 }, () => s.repay(manager, 10_00)),
      ...payments.slice(0, 2).map((payment) => s.refund(s.owner, payment, 10_00)),
    ]);
    expect(settled.filter((o) => o.status === 'rejected')).toEqual([]);
    // 5 × ₹102 − 5 × ₹51 − 5 × ₹10 − 2 × ₹10.20.
    expect(await s.owed()).toBe(510_00 - 255_00 - 50_00 - 20_40);
  });
});

describe('owners and people no longer at the shop', () => {
  it('gives an owner, founding or invited, no limits', async () => {
    const s = await shop();
    const invited = await s.person('owner');
    const payment = await s.paid('45000');
    await s.repay(s.owner, 15_000_00);
    await s.repay(invited, 15_000_00);
    refundId(await s.refund(invited, payment, 10_000_00));
  });

  it('refuses a revoked person, one of another shop and one acting as another account, writing nothing', async () => {
    const s = await shop();
    const other = await shop();
    const cashier = await s.person('cashier', { single: 1_000, daily: 2_000 });
    const manager = await s.person('manager', { single: 1_000, daily: 2_000 });
    const stranger = await other.person('manager', { single: 1_000, daily: 2_000 });
    const payment = await s.paid('1000');
    const repayment = await s.repay(s.owner, 100_00);
    const [owedBefore, rowsBefore] = [await s.owed(), await s.rows()];

    await s.revoke(cashier);
    await s.revoke(manager);
    await expect(s.repay(cashier, 100)).rejects.toMatchObject({ key: 'forbidden' });
    await expect(s.refund(manager, payment, 100)).rejects.toMatchObject({ key: 'forbidden' });
    await expect(s.reverse(manager, repayment)).rejects.toMatchObject({ key: 'forbidden' });
    await expect(s.charge(cashier, '10')).rejects.toMatchObject({ key: 'forbidden' });
    await expect(s.repay(stranger, 100)).rejects.toMatchObject({ key: 'forbidden' });
    // A membership named with another account: the account whose PIN is checked is the one recorded.
    const active = await s.person('manager', { single: 1_000, daily: 2_000 });
    await expect(s.repay({ ...s.owner, memberId: active.memberId }, 100)).rejects.toMatchObject({ key: 'forbidden' });
    await expect(s.refund({ ...active, memberId: s.owner.memberId }, payment, 100)).rejects.toMatchObject({ key: 'forbidden' });
    expect([await s.owed(), await s.rows()]).toEqual([owedBefore, rowsBefore]);
  });
});
