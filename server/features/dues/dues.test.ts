import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import { indiaDay } from '../../india-days';
import {
  approvedBusiness, bearer, changeSettings, createTestContext, inviteStaff, paymentHandleOf, paymentSetup, registerBusiness,
  registerCustomer, withApp, type TestContext,
} from '../../test/context';

let ctx: TestContext;
// Sessions outlive the months these tests move the clock through.
const longSessions = { sessionIdleTtlSeconds: 400 * 24 * 3600, sessionAbsoluteTtlSeconds: 400 * 24 * 3600 };
beforeAll(async () => { ctx = await createTestContext({ config: longSessions }); });
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const at = (iso: string) => ctx.clock.set(new Date(iso));

/** A shop without fees, a customer with an account there, and a way to pay a fixed amount. */
async function setup(limit = '5000') {
  at('2026-11-22T10:00:00.000Z');
  const setup = await paymentSetup(ctx, { feePercent: '0', limit });
  const payAmount = async (amount: string, customer = setup.customer) => {
    const code = await setup.generate({ amount });
    const paid = await setup.pay(code.qrData, { token: customer.token, pin: customer.pin });
    expect(paid.statusCode).toBe(201);
  };
  /** Another customer of the same shop, with an account. */
  const addCustomer = async (name = 'Asha Verma') => {
    const customer = await registerCustomer(ctx, { name });
    const created = await post('/api/business/create-credit-account', setup.shop.token, {
      paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: limit,
    });
    expect(created.statusCode).toBe(201);
    return { ...customer, accountId: created.json().creditAccount.id as string };
  };
  return { ...setup, payAmount, addCustomer };
}

const repay = (token: string, accountId: string, amount: string) =>
  post(`/api/business/credit-accounts/${accountId}/repayment`, token, { amount });
const customerAccount = async (token: string) => (await get('/api/credit-accounts/customer', token)).json().creditAccounts[0];
const merchantAccount = async (token: string, accountId: string) =>
  (await get('/api/credit-accounts/business', token)).json().creditAccounts.find((a: { id: string }) => a.id === accountId);
const paymentsOf = async (accountId: string) => rowsOf<{ due_on: string; charged_paise_after: number }>(await ctx.database.db.execute(sql`
  select due_on::text as due_on, charged_paise_after::int as charged_paise_after from transactions
  where credit_account_id = ${accountId} and type = 'payment' order by charged_paise_after`));
const accountRow = async (accountId: string) => rowsOf<{ next_due_on: string | null; due_deferred_to: string | null; charged_paise: number }>(
  await ctx.database.db.execute(sql`select next_due_on::text as next_due_on, due_deferred_to::text as due_deferred_to,
    charged_paise::int as charged_paise from credit_accounts where id = ${accountId}`),
)[0]!;

describe('dues', () => {
  it('keeps old due dates through a period change, clears the oldest first and clears the date when all is repaid', async () => {
    const { shop, customer, accountId, payAmount } = await setup();
    await payAmount('100');
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 10, upiId: null })).statusCode).toBe(200);

    at('2026-12-05T10:00:00.000Z');
    await payAmount('200');
    // The first payment keeps the 30 days it was made under; the second gets 10.
    expect(await paymentsOf(accountId)).toEqual([
      { due_on: '2026-12-22', charged_paise_after: 10000 }, { due_on: '2026-12-15', charged_paise_after: 30000 },
    ]);
    expect(await accountRow(accountId)).toEqual({ next_due_on: '2026-12-15', due_deferred_to: null, charged_paise: 30000 });
    expect(await customerAccount(customer.token)).toMatchObject({
      owed: '300.00', overdue: '0.00', nextDueOn: '2026-12-15', nextDueAmount: '200.00', upiId: null,
    });
    expect(await merchantAccount(shop.token, accountId)).toMatchObject({ overdue: '0.00', nextDueOn: '2026-12-15', dueMoved: false });

    at('2026-12-16T10:00:00.000Z');
    expect(await customerAccount(customer.token)).toMatchObject({ overdue: '200.00', nextDueOn: '2026-12-15', nextDueAmount: '200.00' });
    expect(await merchantAccount(shop.token, accountId)).toMatchObject({ overdue: '200.00', nextDueOn: '2026-12-15' });

    // ₹150 clears the older ₹100 payment and ₹50 of the newer one: ₹150 of it stays overdue.
    const repaid = await repay(shop.token, accountId, '150');
    expect(repaid.statusCode).toBe(201);
    expect(repaid.json().creditAccount).toMatchObject({ owed: '150.00', overdue: '150.00', nextDueOn: '2026-12-15' });
    expect(await customerAccount(customer.token)).toMatchObject({ overdue: '150.00', nextDueOn: '2026-12-15', nextDueAmount: '150.00' });

    // The cleared payment's own due date passing adds nothing.
    at('2026-12-23T10:00:00.000Z');
    expect(await customerAccount(customer.token)).toMatchObject({ overdue: '150.00', nextDueOn: '2026-12-15', nextDueAmount: '150.00' });

    const moved = await post(`/api/business/credit-accounts/${accountId}/due-date`, shop.token, { dueOn: '2026-12-30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().creditAccount).toMatchObject({ owed: '150.00', overdue: '0.00', nextDueOn: '2026-12-30', dueMoved: true });
    expect(await customerAccount(customer.token)).toMatchObject({ overdue: '0.00', nextDueOn: '2026-12-30', nextDueAmount: '150.00' });
    expect((await get('/api/business/to-collect', shop.token)).json()).toEqual({ overdue: '0.00', customers: 0, accounts: [] });

    at('2026-12-31T10:00:00.000Z');
    expect(await merchantAccount(shop.token, accountId)).toMatchObject({ overdue: '150.00', nextDueOn: '2026-12-30', dueMoved: true });

    const cleared = await repay(shop.token, accountId, '150');
    expect(cleared.json().creditAccount).toMatchObject({ owed: '0.00', overdue: '0.00', nextDueOn: null, dueMoved: false });
    expect(await customerAccount(customer.token)).toMatchObject({ overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00' });
    expect(await accountRow(accountId)).toEqual({ next_due_on: null, due_deferred_to: null, charged_paise: 30000 });
  });

  it('moves a due date only later: an earlier move leaves the payments\' own dates in force', async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('100'); // due 2026-12-22
    const moved = await post(`/api/business/credit-accounts/${accountId}/due-date`, shop.token, { dueOn: '2026-12-01' });
    expect(moved.json().creditAccount).toMatchObject({ nextDueOn: '2026-12-22', dueMoved: true });
  });

  it('refuses a due date outside tomorrow to a year ahead, on nothing owed and on an account not the shop\'s', async () => {
    const { shop, customer, accountId, payAmount, addCustomer } = await setup();
    const url = `/api/business/credit-accounts/${accountId}/due-date`;
    const idle = await addCustomer();
    expect((await post(`/api/business/credit-accounts/${idle.accountId}/due-date`, shop.token, { dueOn: '2026-12-01' })).json())
      .toEqual({ error: 'Nothing is owed on this account', code: 'nothing_owed', key: 'nothing_owed', params: {} });
    await payAmount('100');
    for (const dueOn of ['2026-11-22', '2026-11-21', '2027-11-23']) {
      const refused = await post(url, shop.token, { dueOn });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        error: 'Choose a due date from tomorrow to one year ahead', code: 'due_date_out_of_range', key: 'due_date_out_of_range', params: {},
      });
    }
    expect((await post(url, shop.token, { dueOn: '2027-11-22' })).json().creditAccount.nextDueOn).toBe('2027-11-22');
    expect((await post(url, shop.token, { dueOn: '2026-11-23' })).json().creditAccount.nextDueOn).toBe('2026-12-22');
    const badFormat = await post(url, shop.token, { dueOn: '2026-12-1' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toEqual({
      error: 'Due date must be a date written YYYY-MM-DD', code: 'invalid_input', key: 'due_date_format', params: {},
    });

    const other = await approvedBusiness(ctx);
    const foreign = await post(url, other.token, { dueOn: '2026-12-30' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    expect((await post('/api/business/credit-accounts/not-a-uuid/due-date', shop.token, { dueOn: '2026-12-30' })).statusCode).toBe(404);
    expect((await post(url, customer.token, { dueOn: '2026-12-30' })).statusCode).toBe(403);
    expect((await accountRow(accountId)).next_due_on).toBe('2026-12-22');
  });
});

describe('GET /api/business/to-collect', () => {
  it('lists the accounts with anything overdue, largest first, with totals over all of them', async () => {
    const { shop, customer, accountId, payAmount, addCustomer } = await setup();
    const c = await addCustomer('Chitra Rao');
    const b = await addCustomer('Bala Iyer');
    const later = await addCustomer('Dev Nair');
    await payAmount('300');
    await payAmount('120.50', b);
    await payAmount('200', c);
    at('2026-12-01T10:00:00.000Z');
    await payAmount('400', later); // due 2026-12-31: not overdue
    await payAmount('50'); // the first customer owes 350, 300 of it overdue
    at('2026-12-23T10:00:00.000Z');
    const response = await get('/api/business/to-collect', shop.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      overdue: '620.50',
      customers: 3,
      accounts: [
        {
          creditAccountId: accountId, customerId: customer.userId, customerName: 'Asha Verma', phone: customer.phoneNumber,
          owed: '350.00', overdue: '300.00', nextDueOn: '2026-12-22', lastRemindedAt: null,
        },
        {
          creditAccountId: c.accountId, customerId: c.userId, customerName: 'Chitra Rao', phone: c.phoneNumber,
          owed: '200.00', overdue: '200.00', nextDueOn: '2026-12-22', lastRemindedAt: null,
        },
        {
          creditAccountId: b.accountId, customerId: b.userId, customerName: 'Bala Iyer', phone: b.phoneNumber,
          owed: '120.50', overdue: '120.50', nextDueOn: '2026-12-22', lastRemindedAt: null,
        },
      ],
    });
    // Another shop sees none of them; a pending one sees an empty card.
    expect((await get('/api/business/to-collect', (await approvedBusiness(ctx)).token)).json())
      .toEqual({ overdue: '0.00', customers: 0, accounts: [] });
    expect((await get('/api/business/to-collect', (await registerBusiness(ctx)).token)).json())
      .toEqual({ overdue: '0.00', customers: 0, accounts: [] });
  });
});

describe('the overdue amounts cached for the "To collect" card', () => {
  const cacheOf = async (accountId: string) => rowsOf<{ overdue_paise: number; overdue_on: string | null }>(
    await ctx.database.db.execute(sql`select overdue_paise::int as overdue_paise, overdue_on::text as overdue_on
      from credit_accounts where id = ${accountId}`),
  )[0]!;
  const refreshOverdue = () => ctx.app.services.maintenance.refreshOverdue();
  const toCollect = async (token: string) => (await get('/api/business/to-collect', token)).json();
  const clean = async () => {
    const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
  };

  it('answers exactly after a day change before the job runs, then from the figures the job caches', async () => {
    const { shop, accountId, payAmount, addCustomer } = await setup();
    const other = await addCustomer('Chitra Rao');
    await payAmount('300');
    await payAmount('120.50', other);
    at('2026-12-01T10:00:00.000Z');
    await payAmount('50'); // due 2026-12-31
    const expected = (owed: string, overdue: string, otherOverdue: string) => ({
      overdue: (Number(overdue) + Number(otherOverdue)).toFixed(2),
      customers: 2,
      accounts: [
        expect.objectContaining({ creditAccountId: accountId, owed, overdue }),
        expect.objectContaining({ creditAccountId: other.accountId, owed: '120.50', overdue: otherOverdue }),
      ],
    });

    // A new day, and no job yet: nothing is cached for it, so the card recomputes.
    at('2026-12-23T10:00:00.000Z');
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 0, overdue_on: null });
    expect(await toCollect(shop.token)).toEqual(expected('350.00', '300.00', '120.50'));
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 0, overdue_on: null });

    // The job caches today's figures; a second run finds nothing left to do.
    expect(await refreshOverdue()).toBeGreaterThanOrEqual(2);
    expect(await refreshOverdue()).toBe(0);
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 30000, overdue_on: '2026-12-23' });
    expect(await cacheOf(other.accountId)).toEqual({ overdue_paise: 12050, overdue_on: '2026-12-23' });
    expect(await toCollect(shop.token)).toEqual(expected('350.00', '300.00', '120.50'));
    await clean();

    // The card reads today's figure as cached: a figure altered by hand shows through...
    await ctx.database.db.execute(sql`update credit_accounts set overdue_paise = 20000 where id = ${accountId}`);
    expect(await toCollect(shop.token)).toEqual(expected('350.00', '200.00', '120.50'));
    // ...and a figure for another day is never read: the next day recomputes it.
    at('2027-01-01T10:00:00.000Z');
    expect(await toCollect(shop.token)).toEqual(expected('350.00', '350.00', '120.50'));
    await refreshOverdue();
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 35000, overdue_on: '2027-01-01' });
    await clean();
  });

  it('refreshes the figure on a repayment and a due-date move, and a payment leaves today\'s overdue as it was', async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('300'); // due 2026-12-22
    at('2026-12-23T10:00:00.000Z');
    await refreshOverdue();
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 30000, overdue_on: '2026-12-23' });

    // A payment falls due a month from today: owed rises, today's overdue does not.
    await payAmount('80');
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 30000, overdue_on: '2026-12-23' });
    expect((await toCollect(shop.token)).accounts[0]).toMatchObject({ creditAccountId: accountId, owed: '380.00', overdue: '300.00' });
    await clean();

    // A repayment the next day, before the job: the figure is cached for that day at once.
    at('2026-12-24T10:00:00.000Z');
    expect((await repay(shop.token, accountId, '120')).statusCode).toBe(201);
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 18000, overdue_on: '2026-12-24' });
    expect(await toCollect(shop.token)).toEqual({
      overdue: '180.00', customers: 1, accounts: [expect.objectContaining({ creditAccountId: accountId, owed: '260.00', overdue: '180.00' })],
    });
    await clean();

    // Moving the due date clears today's overdue amount.
    const moved = await post(`/api/business/credit-accounts/${accountId}/due-date`, shop.token, { dueOn: '2026-12-28' });
    expect(moved.statusCode).toBe(200);
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 0, overdue_on: '2026-12-24' });
    expect(await toCollect(shop.token)).toEqual({ overdue: '0.00', customers: 0, accounts: [] });
    await clean();

    // Repaying everything leaves nothing overdue, on any day.
    expect((await repay(shop.token, accountId, '260')).statusCode).toBe(201);
    expect(await cacheOf(accountId)).toEqual({ overdue_paise: 0, overdue_on: '2026-12-24' });
    await clean();
  });
});

describe('business settings', () => {
  it('reads the defaults, saves a trimmed lowercase UPI ID and clears it with "" or null', async () => {
    const shop = await approvedBusiness(ctx);
    expect((await get('/api/business/settings', shop.token)).json()).toEqual({ creditPeriodDays: 30, upiId: null });
    const saved = await changeSettings(ctx, shop, { creditPeriodDays: 15, upiId: ' Ravi.Kumar-1@OKSBI ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ creditPeriodDays: 15, upiId: 'ravi.kumar-1@oksbi' });
    expect((await get('/api/business/settings', shop.token)).json()).toEqual({ creditPeriodDays: 15, upiId: 'ravi.kumar-1@oksbi' });
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 365, upiId: '' })).json())
      .toEqual({ creditPeriodDays: 365, upiId: null });
    await changeSettings(ctx, shop, { creditPeriodDays: 1, upiId: 'shop@upi' });
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 1, upiId: null })).json())
      .toEqual({ creditPeriodDays: 1, upiId: null });
  });

  it('shows the UPI ID to the shop\'s customers', async () => {
    const { shop, customer } = await setup();
    await changeSettings(ctx, shop, { creditPeriodDays: 30, upiId: 'kumar@okicici' });
    expect((await customerAccount(customer.token)).upiId).toBe('kumar@okicici');
  });

  it.each([['ravi'], ['@oksbi'], ['r@oksbi'], ['ravi@1bank'], ['ravi@ok sbi'], ['ravi kumar@oksbi'], [42]])(
    'refuses the UPI ID %j with its message', async (upiId) => {
      const shop = await approvedBusiness(ctx);
      const refused = await post('/api/business/settings', shop.token, { creditPeriodDays: 30, upiId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'Enter a UPI ID like name@bank', code: 'invalid_input', key: 'upi_id_format', params: {} });
      expect((await get('/api/business/settings', shop.token)).json()).toEqual({ creditPeriodDays: 30, upiId: null });
    },
  );

  it.each([[0], [366], [1.5], [-1], ['30'], [null]])('refuses the credit period %j with its message', async (creditPeriodDays) => {
    const shop = await approvedBusiness(ctx);
    const refused = await post('/api/business/settings', shop.token, { creditPeriodDays, upiId: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Credit period must be 1 to 365 days', code: 'invalid_input', key: 'credit_period_range', params: {} });
  });

  it('lets a pending merchant read the settings but not change them', async () => {
    const pending = await registerBusiness(ctx);
    expect((await get('/api/business/settings', pending.token)).json()).toEqual({ creditPeriodDays: 30, upiId: null });
    const refused = await changeSettings(ctx, pending, { creditPeriodDays: 10, upiId: null });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Your business must be approved by an admin first', code: 'not_approved', key: 'not_approved', params: {} });
  });
});

describe('reminders', () => {
  const expected = {
    en: { date: '22 December 2026', overdue: 'is now overdue' },
    hi: { date: '22 दिसंबर 2026', overdue: 'तारीख निकल चुकी है' },
    ta: { date: '22 டிசம்பர், 2026', overdue: 'கெடு கடந்துவிட்டது' },
  } as const;

  it.each(['en', 'hi', 'ta'] as const)('drafts the reminder in the customer\'s language (%s), then overdue', async (language) => {
    const { shop, customer, accountId, payAmount } = await setup();
    await post('/api/auth/language', customer.token, { language });
    await payAmount('1234.50');
    const url = `/api/business/credit-accounts/${accountId}/reminder`;
    const draft = await get(url, shop.token, { host: 'shop.example' });
    expect(draft.statusCode).toBe(200);
    const { text } = draft.json();
    expect(text).toContain('Kumar Kirana');
    expect(text).toContain('₹1,234.50');
    expect(text).toContain(expected[language].date);
    expect(text).toContain(`http://shop.example/accounts/${shop.businessId}`);
    expect(text).not.toContain(expected[language].overdue);
    const phone = customer.phoneNumber.slice(-10);
    expect(draft.json()).toEqual({
      text,
      whatsappUrl: `https://wa.me/91${phone}?text=${encodeURIComponent(text)}`,
      smsUrl: `sms:+91${phone}?body=${encodeURIComponent(text)}`,
      lastRemindedAt: null,
      language,
    });
    at('2026-12-23T10:00:00.000Z');
    const overdue = (await get(url, shop.token, { host: 'shop.example' })).json().text;
    expect(overdue).toContain(expected[language].overdue);
    expect(overdue).toContain(expected[language].date);
  });

  it('puts PUBLIC_URL in the link when it is set', async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('10');
    await withApp(ctx, { publicUrl: 'https://khata.example' }, async (app) => {
      const draft = await app.inject({ method: 'GET', url: `/api/business/credit-accounts/${accountId}/reminder`, headers: bearer(shop.token) });
      expect(draft.json().text).toContain(`https://khata.example/accounts/${shop.businessId} `);
    });
  });

  it('records each reminder sent, stamps the account, and refuses nothing owed and others\' accounts', async () => {
    const { shop, accountId, payAmount, addCustomer } = await setup();
    const idle = await addCustomer();
    const nothing = await get(`/api/business/credit-accounts/${idle.accountId}/reminder`, shop.token);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: 'Nothing is owed on this account', code: 'nothing_owed', key: 'nothing_owed', params: {} });
    await payAmount('100');
    const sentUrl = `/api/business/credit-accounts/${accountId}/reminders`;
    const sent = await post(sentUrl, shop.token, { channel: 'whatsapp' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ lastRemindedAt: '2026-11-22T10:00:00.000Z' });
    ctx.clock.advance(3600);
    expect((await post(sentUrl, shop.token, { channel: 'sms' })).json()).toEqual({ lastRemindedAt: '2026-11-22T11:00:00.000Z' });
    const recorded = rowsOf<{ channel: string; business_id: string }>(await ctx.database.db.execute(
      sql`select channel, business_id from reminders where credit_account_id = ${accountId} order by sent_at`,
    ));
    expect(recorded).toEqual([{ channel: 'whatsapp', business_id: shop.businessId }, { channel: 'sms', business_id: shop.businessId }]);
    expect((await get(`/api/business/credit-accounts/${accountId}/reminder`, shop.token)).json().lastRemindedAt)
      .toBe('2026-11-22T11:00:00.000Z');
    expect((await merchantAccount(shop.token, accountId)).lastRemindedAt).toBe('2026-11-22T11:00:00.000Z');

    const badChannel = await post(sentUrl, shop.token, { channel: 'email' });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json()).toEqual({ error: 'Channel must be whatsapp or sms', code: 'invalid_input', key: 'reminder_channel', params: {} });

    const other = await approvedBusiness(ctx);
    const foreignDraft = await get(`/api/business/credit-accounts/${accountId}/reminder`, other.token);
    expect(foreignDraft.statusCode).toBe(404);
    expect(foreignDraft.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    const foreignSend = await post(sentUrl, other.token, { channel: 'sms' });
    expect(foreignSend.statusCode).toBe(404);
    expect(foreignSend.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    expect(rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from reminders where credit_account_id = ${accountId}`,
    ))[0]!.n).toBe(2);
  });

  const remindersOf = async (accountId: string) => rowsOf<{ n: number }>(await ctx.database.db.execute(
    sql`select count(*)::int as n from reminders where credit_account_id = ${accountId}`,
  ))[0]!.n;
  const limitRefusal = {
    error: 'You can send at most 3 reminders a day to one customer. Try again tomorrow.',
    code: 'reminder_limit', key: 'reminder_limit', params: { remindersMax: 3 }, remindersMax: 3,
  };

  it('records at most 3 reminders an India day per account: the 4th answers 429 with Retry-After until India midnight', async () => {
    const { shop, accountId, payAmount, addCustomer } = await setup();
    await payAmount('100');
    const sentUrl = `/api/business/credit-accounts/${accountId}/reminders`;
    // 2026-11-22T10:00Z is 15:30 in India; India midnight is 18:30Z, 8.5 hours on.
    for (const channel of ['whatsapp', 'sms', 'whatsapp'] as const) {
      expect((await post(sentUrl, shop.token, { channel })).statusCode).toBe(201);
    }
    const fourth = await post(sentUrl, shop.token, { channel: 'sms' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(limitRefusal);
    expect(fourth.headers['retry-after']).toBe(String(8.5 * 3600));
    expect(await remindersOf(accountId)).toBe(3);
    expect((await merchantAccount(shop.token, accountId)).lastRemindedAt).toBe('2026-11-22T10:00:00.000Z');

    // The last second of the India day is still that day.
    at('2026-11-22T18:29:59.000Z');
    const late = await post(sentUrl, shop.token, { channel: 'sms' });
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('1');
    // Another customer of the shop is not held back by this one.
    const other = await addCustomer();
    expect((await post(`/api/business/credit-accounts/${other.accountId}/reminders`, shop.token, { channel: 'sms' })).statusCode).toBe(201);

    // From India midnight, three more.
    at('2026-11-22T18:30:00.000Z');
    for (let sent = 0; sent < 3; sent++) expect((await post(sentUrl, shop.token, { channel: 'sms' })).statusCode).toBe(201);
    expect((await post(sentUrl, shop.token, { channel: 'sms' })).statusCode).toBe(429);
    expect(await remindersOf(accountId)).toBe(6);
  });

  it('records exactly 3 of 20 concurrent reminders to one account and refuses the other 17', async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('100');
    const sentUrl = `/api/business/credit-accounts/${accountId}/reminders`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(sentUrl, shop.token, { channel: 'whatsapp' })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(201), ...Array<number>(17).fill(429)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) expect(refused.json()).toEqual(limitRefusal);
    expect(await remindersOf(accountId)).toBe(3);
  });
});

describe('people at the shop', () => {
  const audited = async (businessId: string, action: string) => rowsOf<{
    member_id: string; role: string; subject: string | null; amount_paise: number | null; details: Record<string, string>;
  }>(await ctx.database.db.execute(sql`
    select member_id, role, subject, amount_paise::int as amount_paise, details from shop_audit
    where business_id = ${businessId} and action = ${action} order by created_at, id`));

  it("records a manager's due-date move (from and to) and each reminder sent, and nothing for a refused one", async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('100');
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    const moved = await post(`/api/business/credit-accounts/${accountId}/due-date`, manager.token, { dueOn: '2026-12-30' });
    expect(moved.statusCode).toBe(200);
    expect(await audited(shop.businessId, 'due_date_moved')).toEqual([{
      member_id: manager.memberId, role: 'manager', subject: 'Asha Verma', amount_paise: null, details: { from: '2026-12-22', to: '2026-12-30' },
    }]);
    // A refused move records nothing.
    expect((await post(`/api/business/credit-accounts/${accountId}/due-date`, manager.token, { dueOn: '2026-11-22' })).statusCode).toBe(422);
    expect(await audited(shop.businessId, 'due_date_moved')).toHaveLength(1);

    const sentUrl = `/api/business/credit-accounts/${accountId}/reminders`;
    expect((await get(`/api/business/credit-accounts/${accountId}/reminder`, manager.token)).statusCode).toBe(200);
    for (const channel of ['whatsapp', 'sms', 'sms'] as const) {
      ctx.clock.advance(1);
      expect((await post(sentUrl, manager.token, { channel })).statusCode).toBe(201);
    }
    expect((await post(sentUrl, manager.token, { channel: 'sms' })).statusCode).toBe(429);
    const reminded = { member_id: manager.memberId, role: 'manager', subject: 'Asha Verma', amount_paise: null };
    expect(await audited(shop.businessId, 'reminder_sent')).toEqual([
      { ...reminded, details: { channel: 'whatsapp' } }, { ...reminded, details: { channel: 'sms' } }, { ...reminded, details: { channel: 'sms' } },
    ]);
  });

  it('refuses a cashier the dues: their role does not keep them', async () => {
    const { shop, accountId, payAmount } = await setup();
    await payAmount('100');
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    for (const response of [
      await get('/api/business/to-collect', cashier.token),
      await get(`/api/business/credit-accounts/${accountId}/reminder`, cashier.token),
      await post(`/api/business/credit-accounts/${accountId}/reminders`, cashier.token, { channel: 'sms' }),
      await post(`/api/business/credit-accounts/${accountId}/due-date`, cashier.token, { dueOn: '2026-12-30' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().key).toBe('role_forbidden');
    }
    expect(await accountRow(accountId)).toMatchObject({ due_deferred_to: null });
    expect(await audited(shop.businessId, 'reminder_sent')).toEqual([]);
  });
});
