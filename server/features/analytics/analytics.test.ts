/**
 * The dashboard figures from rollups, with the clock moved: the merchant's month-over-month
 * trend and the admin's analytics, each equal to what the ledger says, across India's
 * midnight (18:30 UTC) and across the closing of a day.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { monthTrend } from '@common/trend';
import { rowsOf } from '../../db/client';
import { uuidv7 } from '../../ids';
import { reconcile } from '../../ledger/reconcile';
import {
  adminToken, bearer, businessIdOf, createTestContext, paymentHandleOf, registerBusiness, registerCustomer,
  type TestContext,
} from '../../test/context';

let ctx: TestContext;
afterEach(async () => { await ctx.close(); });

type Customer = Awaited<ReturnType<typeof registerCustomer>>;
type Shop = Awaited<ReturnType<typeof registerBusiness>> & { businessId: string };

/** Signs in again: moving the clock weeks on ends the sessions made before. */
async function signIn(url: string, payload: object): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().sessionToken as string;
}
const customerToken = (customer: Customer) =>
  signIn('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin });
const shopToken = (shop: Shop) => signIn('/api/auth/business/login', { email: shop.email, pin: shop.pin });

async function decide(shop: Shop, action: 'approve' | 'reject') {
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
    payload: { businessIds: [shop.businessId], action, ...(action === 'reject' ? { reason: 'Documents missing' } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`decision failed: ${response.body}`);
}

async function newShop(options: { approve?: boolean } = {}): Promise<Shop> {
  const registered = await registerBusiness(ctx);
  const shop = { ...registered, businessId: await businessIdOf(ctx, registered.token) };
  if (options.approve ?? true) await decide(shop, 'approve');
  return shop;
}

async function openAccount(shop: Shop, customer: Customer, creditLimit: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/business/create-credit-account', headers: bearer(await shopToken(shop)),
    payload: { paymentHandle: await paymentHandleOf(ctx, await customerToken(customer)), creditLimit },
  });
  if (response.statusCode !== 201) throw new Error(`credit account failed: ${response.body}`);
  return response.json().creditAccount.id as string;
}

/** A payment of `amount` rupees by `customer` at `shop`, made at the instant `at`; its id. */
async function payAt(at: string, shop: Shop, customer: Customer, amount: string): Promise<string> {
  ctx.clock.set(new Date(at));
  const generated = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(await shopToken(shop)), payload: {} });
  if (generated.statusCode !== 201) throw new Error(`generate failed: ${generated.body}`);
  const paid = await ctx.app.inject({
    method: 'POST', url: '/api/payments/process', headers: bearer(await customerToken(customer)),
    payload: { qrData: generated.json().qrData, pin: customer.pin, amount },
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().transaction.id as string;
}

/** A refund of `amount` rupees of a payment by its merchant, made at the instant `at`. */
async function refundAt(at: string, shop: Shop, paymentId: string, amount: string) {
  ctx.clock.set(new Date(at));
  const refunded = await ctx.app.inject({
    method: 'POST', url: `/api/business/transactions/${paymentId}/refund`, headers: bearer(await shopToken(shop)),
    payload: { amount, reason: 'Returned', pin: shop.pin },
  });
  if (refunded.statusCode !== 201) throw new Error(`refund failed: ${refunded.body}`);
}

async function statsAt(at: string, shop: Shop) {
  ctx.clock.set(new Date(at));
  const response = await ctx.app.inject({ method: 'GET', url: '/api/business/stats', headers: bearer(await shopToken(shop)) });
  expect(response.statusCode).toBe(200);
  return response.json().stats;
}

async function analyticsAt(at: string, query = '') {
  ctx.clock.set(new Date(at));
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics${query}`, headers: bearer(await adminToken(ctx)) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().analytics;
}

async function expectReconciled() {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((result) => result.violations > 0)).toEqual([]);
}

const paise = (wire: string) => Math.round(Number(wire) * 100);

describe("the merchant's month-over-month trend", () => {
  it('compares this India month so far with days 1..d of the last, payments only, across India midnight', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-10-01T04:00:00Z'));
    const shop = await newShop();
    const customer = await registerCustomer(ctx);
    const accountId = await openAccount(shop, customer, '10000');

    await payAt('2026-10-03T06:00:00Z', shop, customer, '100'); // 3 Oct: compared with 1–15 Nov
    await payAt('2026-10-15T18:29:00Z', shop, customer, '25'); // 15 Oct 23:59 India: still compared
    await payAt('2026-10-15T18:31:00Z', shop, customer, '50.25'); // 16 Oct 00:01 India: not
    await payAt('2026-10-31T18:20:00Z', shop, customer, '7'); // 31 Oct 23:50 India: October
    await payAt('2026-10-31T18:40:00Z', shop, customer, '30'); // 1 Nov 00:10 India: November
    await payAt('2026-11-15T10:00:00Z', shop, customer, '200');
    // A repayment is not revenue and not a transaction of the trend.
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(await shopToken(shop)),
      payload: { amount: '40' },
    });
    expect(repaid.statusCode).toBe(201);

    const november = await statsAt('2026-11-15T12:00:00Z', shop);
    expect(november).toEqual({
      // Owed: 412.25 + 8.25 of fees (50.25's 1.005 rounds to 1.01) − 40.00 repaid.
      totalRevenue: '412.25', customers: 1, creditIssued: '380.50', transactions: 6, refunds: 0,
      trend: { revenue: { current: '230.00', previous: '125.00' }, transactions: { current: 2, previous: 2 } },
    });
    expect(monthTrend(paise(november.trend.revenue.current), paise(november.trend.revenue.previous)))
      .toEqual({ kind: 'change', percent: '+84' });
    expect(monthTrend(november.trend.transactions.current, november.trend.transactions.previous))
      .toEqual({ kind: 'change', percent: '0' });

    // 1 December 00:00 India: nothing yet this month, against 1 November alone.
    const december = await statsAt('2026-11-30T18:30:00Z', shop);
    expect(december.trend).toEqual({
      revenue: { current: '0.00', previous: '30.00' }, transactions: { current: 0, previous: 1 },
    });
    expect(monthTrend(0, paise(december.trend.revenue.previous))).toEqual({ kind: 'change', percent: '-100' });

    // 31 December: the whole of November (30 days) is compared.
    const endOfDecember = await statsAt('2026-12-31T10:00:00Z', shop);
    expect(endOfDecember.trend.revenue).toEqual({ current: '0.00', previous: '230.00' });
    await expectReconciled();
  });

  it('has nothing to compare for a merchant new this month, and nothing at all before its first payment', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-11-02T04:00:00Z'));
    const shop = await newShop();
    const customer = await registerCustomer(ctx);
    await openAccount(shop, customer, '1000');

    const before = await statsAt('2026-11-05T04:00:00Z', shop);
    expect(before.trend).toEqual({ revenue: { current: '0.00', previous: '0.00' }, transactions: { current: 0, previous: 0 } });
    expect(monthTrend(0, 0)).toBeNull();

    await payAt('2026-11-10T09:00:00Z', shop, customer, '99.99');
    const after = await statsAt('2026-11-10T10:00:00Z', shop);
    expect(after.trend).toEqual({ revenue: { current: '99.99', previous: '0.00' }, transactions: { current: 1, previous: 0 } });
    expect(monthTrend(paise(after.trend.revenue.current), 0)).toEqual({ kind: 'new' });
    await expectReconciled();
  });
});

describe("the admin's analytics", () => {
  it('sums days, merchants, customers, registrations, approvals and credit from rollups, equal to the ledger', async () => {
    ctx = await createTestContext();
    // 10 November: four applications, decided 1, 3 and 6 hours later (median 3), one left pending.
    ctx.clock.set(new Date('2026-11-10T04:00:00Z'));
    const shopA = await newShop({ approve: false });
    const shopB = await newShop({ approve: false });
    const shopC = await newShop({ approve: false });
    await newShop({ approve: false });
    ctx.clock.advance(3600);
    await decide(shopA, 'approve');
    ctx.clock.advance(2 * 3600);
    await decide(shopB, 'approve');
    ctx.clock.advance(3 * 3600);
    await decide(shopC, 'reject');
    const c1 = await registerCustomer(ctx, { name: 'Asha' });
    const c2 = await registerCustomer(ctx, { name: 'Bilal' });
    const c3 = await registerCustomer(ctx, { name: 'Chitra' });
    await openAccount(shopA, c1, '1000');
    const c2AtA = await openAccount(shopA, c2, '1000');
    await openAccount(shopB, c1, '2000');
    const c3AtB = await openAccount(shopB, c3, '500');
    const changed = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${c3AtB}/limit`, headers: bearer(await shopToken(shopB)),
      payload: { creditLimit: '800' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await payAt('2026-11-11T06:00:00Z', shopA, c2, '100'); // within 30 days, not 7
    await payAt('2026-11-20T06:00:00Z', shopA, c1, '10');
    await payAt('2026-11-20T07:00:00Z', shopA, c2, '20');
    await payAt('2026-11-21T10:00:00Z', shopA, c1, '5');
    await payAt('2026-11-21T10:30:00Z', shopB, c1, '40');
    await payAt('2026-11-21T18:40:00Z', shopB, c3, '1'); // 22 November 00:10 India
    ctx.clock.set(new Date('2026-11-22T06:00:00Z'));
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${c2AtA}/repayment`, headers: bearer(await shopToken(shopA)),
      payload: { amount: '50' },
    });
    expect(repaid.statusCode).toBe(201);

    const zero = (date: string) => ({ date, volume: '0.00', fees: '0.00', payments: 0 });
    const week = await analyticsAt('2026-11-22T12:00:00Z', '?days=7');
    expect(week).toEqual({
      days: 7,
      from: '2026-11-16',
      to: '2026-11-22',
      daily: [
        zero('2026-11-16'), zero('2026-11-17'), zero('2026-11-18'), zero('2026-11-19'),
        { date: '2026-11-20', volume: '30.00', fees: '0.60', payments: 2 },
        { date: '2026-11-21', volume: '45.00', fees: '0.90', payments: 2 },
        { date: '2026-11-22', volume: '1.00', fees: '0.02', payments: 1 },
      ],
      totals: { payments: 5, volume: '76.00', fees: '1.52', refunds: 0, refunded: '0.00' },
      // Distinct over the week: summing the days would give 4 merchants and 4 customers.
      activeMerchants: 2,
      activeCustomers: 3,
      newRegistrations: { customers: 0, businesses: 0 },
      approvals: { applied: 0, approved: 0, rejected: 0, pending: 0, medianHoursToDecision: null },
      topMerchants: [
        { businessId: shopB.businessId, businessName: 'Kumar Kirana', volume: '41.00', payments: 2 },
        { businessId: shopA.businessId, businessName: 'Kumar Kirana', volume: '35.00', payments: 3 },
      ],
      // Limits 1000 + 1000 + 2000 + 800; owed 176.00 + 3.52 of fees − 50.00 repaid.
      credit: { granted: '4800.00', owed: '129.52' },
      reports: { openOverWeek: 0, oldestOpenAt: null },
    });

    const month = await analyticsAt('2026-11-22T12:00:00Z');
    expect(month).toMatchObject({
      days: 30,
      from: '2026-10-24',
      to: '2026-11-22',
      totals: { payments: 6, volume: '176.00', fees: '3.52' },
      activeMerchants: 2,
      activeCustomers: 3,
      newRegistrations: { customers: 3, businesses: 4 },
      approvals: { applied: 4, approved: 2, rejected: 1, pending: 1, medianHoursToDecision: 3 },
      topMerchants: [
        { businessId: shopA.businessId, volume: '135.00', payments: 4 },
        { businessId: shopB.businessId, volume: '41.00', payments: 2 },
      ],
    });
    expect(month.daily).toHaveLength(30);
    expect(month.daily.find((day: { date: string }) => day.date === '2026-11-11'))
      .toEqual({ date: '2026-11-11', volume: '100.00', fees: '2.00', payments: 1 });

    // 23 November 00:05 India, within the grace: 22 November is still read from the open rows.
    const justAfter = await analyticsAt('2026-11-22T18:35:00Z', '?days=7');
    expect(justAfter.daily.at(-2)).toEqual({ date: '2026-11-22', volume: '1.00', fees: '0.02', payments: 1 });
    // 00:45 India: 22 November is closed, read from platform_daily; today's payment is open.
    await payAt('2026-11-22T19:10:00Z', shopB, c1, '2');
    const closed = await analyticsAt('2026-11-22T19:15:00Z', '?days=7');
    expect(rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from platform_daily where day = '2026-11-22'`))[0]!.n).toBe(1);
    expect(closed).toMatchObject({
      from: '2026-11-17', to: '2026-11-23',
      totals: { payments: 6, volume: '78.00', fees: '1.56' },
      activeMerchants: 2, activeCustomers: 3,
      topMerchants: [{ businessId: shopB.businessId, volume: '43.00', payments: 3 }, { businessId: shopA.businessId, volume: '35.00' }],
    });
    expect(closed.daily.slice(-4)).toEqual([
      { date: '2026-11-20', volume: '30.00', fees: '0.60', payments: 2 },
      { date: '2026-11-21', volume: '45.00', fees: '0.90', payments: 2 },
      { date: '2026-11-22', volume: '1.00', fees: '0.02', payments: 1 },
      { date: '2026-11-23', volume: '2.00', fees: '0.04', payments: 1 },
    ]);
    await expectReconciled();
  });

  it('offers 7, 30 or 90 days and refuses anything else', async () => {
    ctx = await createTestContext();
    const token = await adminToken(ctx);
    for (const days of ['7', '30', '90']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics?days=${days}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().analytics.daily).toHaveLength(Number(days));
    }
    for (const days of ['14', '0', '-7', '7.0', 'abc', '']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics?days=${days}`, headers: bearer(token) });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().error).toContain('days must be 7, 30 or 90');
    }
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: bearer(token) });
    expect(empty.json().analytics).toMatchObject({
      days: 30, totals: { payments: 0, volume: '0.00', fees: '0.00' }, activeMerchants: 0, activeCustomers: 0,
      topMerchants: [], credit: { granted: '0.00', owed: '0.00' },
    });
  });

  it('rebuilds the rollups of payments made before the upgrade, as migration 0008 does', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-11-19T10:00:00Z'));
    const shop = await newShop();
    const customer = await registerCustomer(ctx);
    await openAccount(shop, customer, '1000');
    await payAt('2026-11-19T18:40:00Z', shop, customer, '12.34');
    await payAt('2026-11-20T06:00:00Z', shop, customer, '1');
    // Forget the rollups, then run the migration's backfill statements again.
    const db = ctx.database.db;
    await db.execute(sql`delete from business_daily`);
    await db.execute(sql`delete from customer_last_paid_days`);
    await db.execute(sql`update users set last_paid_on = null`);
    await db.execute(sql`update platform_counters set credit_limit_paise = 0`);
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(new URL('../../db/migrations/0008_rollups.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Payments made before this migration'));
    for (const statement of backfill.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    await expectReconciled();
    const stats = await statsAt('2026-11-20T07:00:00Z', shop);
    expect(stats.trend.revenue).toEqual({ current: '13.34', previous: '0.00' });
  });
});

describe('refunds in the figures', () => {
  it('nets revenue, credit issued and the trend of a merchant by its refunds, counted apart', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-11-10T04:00:00Z'));
    const shop = await newShop();
    const customer = await registerCustomer(ctx);
    await openAccount(shop, customer, '5000');
    const paymentId = await payAt('2026-11-20T06:00:00Z', shop, customer, '1000');
    await payAt('2026-11-20T07:00:00Z', shop, customer, '10');
    await refundAt('2026-11-21T06:00:00Z', shop, paymentId, '250');
    expect(await statsAt('2026-11-22T12:00:00Z', shop)).toEqual({
      // Credit issued: 1010.00 + 20.20 of fees − 250.00 − its 5.00 fee share.
      totalRevenue: '760.00', customers: 1, creditIssued: '775.20', transactions: 2, refunds: 1,
      trend: { revenue: { current: '760.00', previous: '0.00' }, transactions: { current: 2, previous: 0 } },
    });
    await expectReconciled();
  });

  it('books a refund on its own day: volume and fees net, refunds counted and summed, before and after the day closes', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-11-01T04:00:00Z'));
    const shopA = await newShop();
    const shopB = await newShop();
    const c1 = await registerCustomer(ctx, { name: 'Asha' });
    const c2 = await registerCustomer(ctx, { name: 'Bilal' });
    await openAccount(shopA, c1, '5000');
    await openAccount(shopB, c2, '5000');
    const early = await payAt('2026-11-05T06:00:00Z', shopB, c2, '100'); // outside the week, inside the month
    const p1 = await payAt('2026-11-20T06:00:00Z', shopA, c1, '1000');
    await refundAt('2026-11-21T06:00:00Z', shopA, p1, '250');
    await refundAt('2026-11-21T08:00:00Z', shopB, early, '100'); // the whole payment

    const week = await analyticsAt('2026-11-22T12:00:00Z', '?days=7');
    expect(week.daily.slice(-3)).toEqual([
      { date: '2026-11-20', volume: '1000.00', fees: '20.00', payments: 1 },
      { date: '2026-11-21', volume: '-350.00', fees: '-7.00', payments: 0 },
      { date: '2026-11-22', volume: '0.00', fees: '0.00', payments: 0 },
    ]);
    expect(week.totals).toEqual({ payments: 1, volume: '650.00', fees: '13.00', refunds: 2, refunded: '350.00' });
    // A merchant whose only figure in the week is a refund made no payment in it.
    expect(week.activeMerchants).toBe(1);
    expect(week.topMerchants).toEqual([{ businessId: shopA.businessId, businessName: 'Kumar Kirana', volume: '750.00', payments: 1 }]);

    const month = await analyticsAt('2026-11-22T12:00:00Z');
    expect(month.totals).toEqual({ payments: 2, volume: '750.00', fees: '15.00', refunds: 2, refunded: '350.00' });
    expect(month.activeMerchants).toBe(2);
    expect(month.topMerchants.map((row: { volume: string }) => row.volume)).toEqual(['750.00', '0.00']);

    // 23 November 00:45 India: 20–22 November are closed into platform_daily, refunds with them.
    const closed = await analyticsAt('2026-11-22T19:15:00Z', '?days=7');
    expect(rowsOf<{ refunds: number; refundedPaise: number }>(await ctx.database.db.execute(
      sql`select refunds, refunded_paise as "refundedPaise" from platform_daily where day = '2026-11-21'`)))
      .toEqual([{ refunds: 2, refundedPaise: 35000 }]);
    expect(closed.totals).toEqual({ payments: 1, volume: '650.00', fees: '13.00', refunds: 2, refunded: '350.00' });
    expect(closed.daily.find((day: { date: string }) => day.date === '2026-11-21'))
      .toEqual({ date: '2026-11-21', volume: '-350.00', fees: '-7.00', payments: 0 });
    await expectReconciled();
  });

  it('counts the payment reports left open more than 7 days, and names the oldest', async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date('2026-11-01T04:00:00Z'));
    const shop = await newShop();
    const customer = await registerCustomer(ctx);
    const accountId = await openAccount(shop, customer, '5000');
    const report = async (createdAt: string, status: 'open' | 'declined') => {
      const paymentId = await payAt('2026-11-05T06:00:00Z', shop, customer, '10');
      // A fixture: the report feature's own row, as it writes it.
      await ctx.database.db.execute(sql`
        insert into payment_reports (id, transaction_id, customer_id, business_id, credit_account_id, reason, status,
          decline_reason, created_at, decided_at)
        values (${uuidv7(new Date(createdAt).getTime())}, ${paymentId}, ${customer.userId}, ${shop.businessId}, ${accountId},
          'wrong_amount', ${status}, ${status === 'declined' ? 'The bill is right' : null}, ${createdAt},
          ${status === 'declined' ? createdAt : null})`);
    };
    await report('2026-11-10T00:00:00.000Z', 'open');
    await report('2026-11-12T00:00:00.000Z', 'open');
    await report('2026-11-15T12:00:00.000Z', 'open'); // exactly 7 days old when read: not yet over
    await report('2026-11-20T00:00:00.000Z', 'open');
    await report('2026-11-06T00:00:00.000Z', 'declined');
    const analytics = await analyticsAt('2026-11-22T12:00:00Z');
    expect(analytics.reports).toEqual({ openOverWeek: 2, oldestOpenAt: '2026-11-10T00:00:00.000Z' });
    await expectReconciled();
  });
});
