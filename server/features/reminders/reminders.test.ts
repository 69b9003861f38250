import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import { developmentSmsProvider } from '../../sms/development';
import type { SmsMessage, SmsProvider } from '../../sms/provider';
import { smsText } from '../../sms/templates';
import {
  bearer, createTestContext, inviteStaff, paymentHandleOf, paymentSetup, registerCustomer, type TestContext,
} from '../../test/context';
import { createReminderService } from './reminders.service';

/** Every SMS handed to the vendor, in order; reminders are the ones with template 'reminder'. */
const handed: SmsMessage[] = [];
const development = developmentSmsProvider(() => {});
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    return development.send(message, options);
  },
};
const remindersHanded = () => handed.filter((message) => message.template === 'reminder');

// Sessions outlive the weeks these tests move the clock through.
const longSessions = { sessionIdleTtlSeconds: 400 * 24 * 3600, sessionAbsoluteTtlSeconds: 400 * 24 * 3600 };
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: longSessions, sms: recorder }); });
afterAll(async () => { await ctx.close(); });
beforeEach(() => { handed.length = 0; });
// Each test's shops and schedules are its own: no schedule or lease outlives its test.
afterEach(async () => {
  await ctx.database.db.execute(sql`delete from reminder_schedules`);
  await ctx.database.db.execute(sql`delete from job_leases`);
});

/** An instant given as India date and time. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00.000+05:30`);
const at = (c: TestContext, day: string, time: string) => c.clock.set(ist(day, time));

const get = (c: TestContext, url: string, token: string) => c.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (c: TestContext, url: string, token: string, payload: object = {}) =>
  c.app.inject({ method: 'POST', url, headers: bearer(token), payload });

interface CustomerPlan { name: string; amount: string; language?: 'en' | 'hi' | 'ta' }

/**
 * A shop without fees and a customer per plan, each having paid `amount` on 22 November
 * 2026 (due 22 December 2026, overdue from the 23rd).
 */
async function shopWithDues(c: TestContext, plans: CustomerPlan[]) {
  at(c, '2026-11-22', '15:30');
  const setup = await paymentSetup(c, { feePercent: '0', limit: '5000' });
  const customers = [];
  for (const [index, plan] of plans.entries()) {
    let customer: { token: string; pin: string; userId: string; phoneNumber: string; accountId: string };
    if (index === 0) {
      customer = { ...setup.customer, accountId: setup.accountId };
    } else {
      const registered = await registerCustomer(c, { name: plan.name });
      const created = await post(c, '/api/business/create-credit-account', setup.shop.token, {
        paymentHandle: await paymentHandleOf(c, registered.token), creditLimit: '5000',
      });
      expect(created.statusCode).toBe(201);
      customer = { ...registered, accountId: created.json().creditAccount.id as string };
    }
    await c.database.db.execute(sql`update users set name = ${plan.name} where id = ${customer.userId}`);
    if (plan.language) expect((await post(c, '/api/auth/language', customer.token, { language: plan.language })).statusCode).toBe(200);
    const code = await setup.generate({ amount: plan.amount });
    expect((await setup.pay(code.qrData, { token: customer.token, pin: customer.pin })).statusCode).toBe(201);
    customers.push(customer);
  }
  return { shop: setup.shop, customers, setup };
}

const schedule = (c: TestContext, token: string, body: { overdueEveryDays: number | null; beforeDueDays: number | null; hour: number }) =>
  post(c, '/api/business/reminder-settings', token, body);

const tick = (c: TestContext = ctx) => c.app.services.reminders.tick();

const smsRows = async (accountId: string) => rowsOf<{ kind: string; dedupe_key: string; status: string; batch_id: string | null }>(
  await ctx.database.db.execute(sql`select kind, dedupe_key, status, batch_id::text as batch_id from sms_messages
    where credit_account_id = ${accountId} order by created_at, id`));
const reminderRows = async (accountId: string) => rowsOf<{ channel: string }>(
  await ctx.database.db.execute(sql`select channel from reminders where credit_account_id = ${accountId} order by sent_at`));

/** The link code in a reminder's text. */
const codeOf = (message: SmsMessage) => /\/r\/([0-9A-Za-z]{10})$/.exec(message.variables.link!)![1]!;

describe('reminder settings', () => {
  it('answers the defaults without a schedule, saves one and refuses an hour outside 9 to 20 with its text', async () => {
    const { shop } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    const defaults = await get(ctx, '/api/business/reminder-settings', shop.token);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({ overdueEveryDays: null, beforeDueDays: null, hour: 10, dailyLimit: 200, sentToday: 0 });

    const saved = await schedule(ctx, shop.token, { overdueEveryDays: 3, beforeDueDays: 1, hour: 18 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ overdueEveryDays: 3, beforeDueDays: 1, hour: 18, dailyLimit: 200, sentToday: 0 });
    expect((await get(ctx, '/api/business/reminder-settings', shop.token)).json()).toMatchObject({ overdueEveryDays: 3, hour: 18 });

    const late = await schedule(ctx, shop.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 21 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'Choose an hour from 9 AM to 8 PM', code: 'invalid_input', key: 'reminder_hour_range', params: {} });
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 31, beforeDueDays: null, hour: 10 })).json())
      .toMatchObject({ error: 'Overdue reminders go every 1 to 30 days', key: 'reminder_every_days_range' });
    expect((await schedule(ctx, shop.token, { overdueEveryDays: null, beforeDueDays: 8, hour: 10 })).json())
      .toMatchObject({ error: 'The reminder before a due date goes 0 to 7 days before it', key: 'reminder_before_days_range' });
    expect((await get(ctx, '/api/business/reminder-settings', shop.token)).json()).toMatchObject({ overdueEveryDays: 3, hour: 18 });
  });
});

describe('scheduled reminders', () => {
  it('sends at the shop\'s India hour and not before, in the customer\'s language, with a link, once', async () => {
    const { shop, customers: [hindi] } = await shopWithDues(ctx, [{ name: 'Sunita Devi', amount: '100', language: 'hi' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 18 })).statusCode).toBe(200);

    at(ctx, '2026-12-23', '17:59');
    expect(await tick()).toEqual({ queued: 0, leased: true });
    expect(remindersHanded()).toEqual([]);

    at(ctx, '2026-12-23', '18:00');
    expect(await tick()).toEqual({ queued: 1, leased: true });
    const [message] = remindersHanded();
    expect(message).toMatchObject({
      to: hindi!.phoneNumber, language: 'hi', template: 'reminder',
      variables: { shop: 'Kumar Kirana', owed: '₹100.00', overdue: '₹100.00', due_date: '22 दिसंबर 2026' },
    });
    const code = codeOf(message!);
    expect(message!.variables.link).toBe(`http://localhost:5000/r/${code}`);
    expect(smsText(message!)).toBe(
      `Kumar Kirana: आपके Khata खाते पर ₹100.00 बकाया है, जिसमें से ₹100.00 चुकाने की तारीख निकल चुकी है। `
      + `अगला भुगतान 22 दिसंबर 2026 तक करना है। भुगतान करें या ये SMS बंद करें: http://localhost:5000/r/${code}`,
    );
    // The SMS row, its link (30 days, this customer's), the reminder counted and stamped.
    expect(await smsRows(hindi!.accountId)).toEqual([{ kind: 'overdue', dedupe_key: 'overdue:2026-12-23', status: 'sent', batch_id: null }]);
    const [link] = rowsOf<{ customer_id: string; expires_at: Date | string }>(await ctx.database.db.execute(
      sql`select customer_id::text as customer_id, expires_at from reminder_links where code = ${code}`));
    expect(link!.customer_id).toBe(hindi!.userId);
    expect(new Date(link!.expires_at).toISOString()).toBe(new Date(ist('2026-12-23', '18:00').getTime() + 30 * 24 * 3600 * 1000).toISOString());
    expect(await reminderRows(hindi!.accountId)).toEqual([{ channel: 'sms' }]);
    const account = (await get(ctx, '/api/credit-accounts/business', shop.token)).json().creditAccounts[0];
    expect(account.lastRemindedAt).toBe(ist('2026-12-23', '18:00').toISOString());

    // Later the same day, nothing more.
    at(ctx, '2026-12-23', '19:30');
    expect(await tick()).toEqual({ queued: 0, leased: true });
    expect(remindersHanded()).toHaveLength(1);
  });

  it('sends nothing at or after 21:00 India time and does not catch up a missed day after it', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 20 })).statusCode).toBe(200);

    // Down all of the 23rd until 21:05: that day's reminder never goes.
    at(ctx, '2026-12-23', '21:05');
    expect(await tick()).toEqual({ queued: 0, leased: true });
    at(ctx, '2026-12-23', '23:59');
    expect((await tick()).queued).toBe(0);
    at(ctx, '2026-12-24', '08:30');
    expect((await tick()).queued).toBe(0);
    at(ctx, '2026-12-24', '19:59');
    expect((await tick()).queued).toBe(0);
    expect(remindersHanded()).toEqual([]);

    at(ctx, '2026-12-24', '20:59');
    expect(await tick()).toEqual({ queued: 1, leased: true });
    expect((await smsRows(customer!.accountId)).map((row) => row.dedupe_key)).toEqual(['overdue:2026-12-24']);
    at(ctx, '2026-12-24', '21:00');
    expect((await tick()).queued).toBe(0);
    expect(remindersHanded()).toHaveLength(1);
  });

  it('spaces overdue reminders every N days', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    const sentOn: string[] = [];
    for (const day of ['2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29']) {
      at(ctx, day, '11:00');
      if ((await tick()).queued === 1) sentOn.push(day);
    }
    expect(sentOn).toEqual(['2026-12-23', '2026-12-26', '2026-12-29']);
    expect((await smsRows(customer!.accountId)).map((row) => row.dedupe_key))
      .toEqual(['overdue:2026-12-23', 'overdue:2026-12-26', 'overdue:2026-12-29']);
  });

  it('counts an SMS sent to all overdue as the overdue reminder its spacing waits after', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '09:30');
    expect((await post(ctx, '/api/business/reminder-batches', shop.token)).statusCode).toBe(202);
    const sentOn: string[] = [];
    for (const day of ['2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26']) {
      at(ctx, day, '11:00');
      if ((await tick()).queued === 1) sentOn.push(day);
    }
    expect(sentOn).toEqual(['2026-12-26']);
    expect((await smsRows(customer!.accountId)).map((row) => row.kind)).toEqual(['bulk', 'overdue']);
  });

  it('cuts a shop name longer than a DLT variable takes to 30 characters', async () => {
    const { shop } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    const longName = 'Shri Lakshmi Venkateswara General and Kirana Stores';
    await ctx.database.db.execute(sql`update businesses set business_name = ${longName} where id = ${shop.businessId}`);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '11:00');
    expect((await tick()).queued).toBe(1);
    expect(remindersHanded()[0]!.variables.shop).toBe('Shri Lakshmi Venkateswara Gen…');
    expect([...remindersHanded()[0]!.variables.shop!]).toHaveLength(30);
  });

  it('sends the before-due reminder D days before the due date, once, with nothing overdue in it', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '250' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: null, beforeDueDays: 2, hour: 9 })).statusCode).toBe(200);
    const sentOn: string[] = [];
    for (const day of ['2026-12-19', '2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23']) {
      at(ctx, day, '09:00');
      if ((await tick()).queued === 1) sentOn.push(day);
      at(ctx, day, '15:00');
      if ((await tick()).queued === 1) sentOn.push(`${day} again`);
    }
    expect(sentOn).toEqual(['2026-12-20']);
    expect(await smsRows(customer!.accountId)).toEqual([
      { kind: 'before_due', dedupe_key: 'before_due:2026-12-22', status: 'sent', batch_id: null },
    ]);
    // English says "Rs": a single "₹" would make the SMS Unicode, a part longer.
    expect(remindersHanded()[0]!.variables).toMatchObject({ owed: 'Rs 250.00', overdue: 'Rs 0.00', due_date: '22 December 2026' });
  });

  it('skips customers who opted out, were left out or have no phone, and accounts with nothing owed', async () => {
    const { shop, customers } = await shopWithDues(ctx, [
      { name: 'Asha Verma', amount: '100' }, { name: 'Opted Out', amount: '100' }, { name: 'Left Out', amount: '100' },
      { name: 'No Phone', amount: '100' }, { name: 'Paid Up', amount: '100' },
    ]);
    const [asha, optedOut, leftOut, noPhone, paidUp] = customers;
    expect((await post(ctx, `/api/credit-accounts/${optedOut!.accountId}/reminder-opt-out`, optedOut!.token, { optedOut: true })).json())
      .toEqual({ optedOut: true });
    expect((await post(ctx, `/api/business/credit-accounts/${leftOut!.accountId}/reminder-exclusion`, shop.token, { excluded: true })).json())
      .toEqual({ excluded: true, optedOut: false });
    await ctx.database.db.execute(sql`update users set phone = null where id = ${noPhone!.userId}`);
    expect((await post(ctx, `/api/business/credit-accounts/${paidUp!.accountId}/repayment`, shop.token, { amount: '100' })).statusCode).toBe(201);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);

    at(ctx, '2026-12-23', '10:00');
    expect((await tick()).queued).toBe(1);
    expect(remindersHanded().map((message) => message.to)).toEqual([asha!.phoneNumber]);
    for (const skipped of [optedOut, leftOut, noPhone, paidUp]) expect(await smsRows(skipped!.accountId)).toEqual([]);

    // Let back in, each gets the next day's.
    expect((await post(ctx, `/api/credit-accounts/${optedOut!.accountId}/reminder-opt-out`, optedOut!.token, { optedOut: false })).json())
      .toEqual({ optedOut: false });
    expect((await post(ctx, `/api/business/credit-accounts/${leftOut!.accountId}/reminder-exclusion`, shop.token, { excluded: false })).json())
      .toEqual({ excluded: false, optedOut: false });
    at(ctx, '2026-12-24', '10:00');
    expect((await tick()).queued).toBe(3);
  });

  it('never sends the same reminder twice across a restart', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '10:00');
    expect(await tick()).toEqual({ queued: 1, leased: true });

    // A second process (a restarted one) over the same database: it waits for the lease, then
    // finds the day's reminder already sent.
    const restarted = await createTestContext({ database: ctx.database, config: longSessions, sms: recorder });
    try {
      restarted.clock.set(ctx.clock());
      expect(await tick(restarted)).toEqual({ queued: 0, leased: false });
      restarted.clock.advance(121);
      expect(await tick(restarted)).toEqual({ queued: 0, leased: true });
      // The first process, back, now waits for the new holder's lease.
      ctx.clock.set(restarted.clock());
      expect(await tick()).toEqual({ queued: 0, leased: false });
    } finally {
      await restarted.close();
    }
    expect(remindersHanded()).toHaveLength(1);
    expect(await smsRows(customer!.accountId)).toHaveLength(1);
    expect(await reminderRows(customer!.accountId)).toHaveLength(1);
  });

  it('sends one SMS when two processes tick at once', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '10:00');
    const { ledger, businesses, sms, audit } = ctx.app.services;
    const newProcess = () => createReminderService({ db: ctx.database.db, clock: ctx.clock, ledger, businesses, sms, audit, publicUrl: undefined });
    const results = await Promise.all([newProcess().tick(), newProcess().tick()]);
    expect(results.filter((result) => result.leased)).toHaveLength(1);
    expect(results.map((result) => result.queued).sort()).toEqual([0, 1]);

    // Even a process past the lease (it expired) finds the reminder already queued.
    await ctx.database.db.execute(sql`delete from job_leases`);
    expect(await newProcess().tick()).toEqual({ queued: 0, leased: true });
    expect(remindersHanded()).toHaveLength(1);
    expect(await smsRows(customer!.accountId)).toHaveLength(1);
  });

  it('counts manual and automatic reminders together, at most 3 a day per account', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    at(ctx, '2026-12-23', '09:30');
    const remind = () => post(ctx, `/api/business/credit-accounts/${customer!.accountId}/reminders`, shop.token, { channel: 'whatsapp' });
    for (let i = 0; i < 3; i++) expect((await remind()).statusCode).toBe(201);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '10:00');
    expect((await tick()).queued).toBe(0);
    const preview = (await get(ctx, '/api/business/reminder-batches/preview', shop.token)).json();
    expect(preview).toMatchObject({ count: 0, skipped: { optedOut: 0, excluded: 0, noPhone: 0, accountLimit: 1, shopLimit: 0 } });
    expect((await post(ctx, '/api/business/reminder-batches', shop.token)).json()).toMatchObject({ key: 'nothing_to_remind' });

    // The next day: two manual, then the schedule's, then no fourth.
    at(ctx, '2026-12-24', '09:00');
    for (let i = 0; i < 2; i++) expect((await remind()).statusCode).toBe(201);
    at(ctx, '2026-12-24', '10:00');
    expect((await tick()).queued).toBe(1);
    const refused = await remind();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('You can send at most 3 reminders a day to one customer. Try again tomorrow.');
    expect(await reminderRows(customer!.accountId)).toEqual([
      { channel: 'whatsapp' }, { channel: 'whatsapp' }, { channel: 'whatsapp' },
      { channel: 'whatsapp' }, { channel: 'whatsapp' }, { channel: 'sms' },
    ]);
  });

  it('stops at the shop\'s daily SMS limit, the schedule and "Send to all overdue" alike', async () => {
    const limited = await createTestContext({ database: ctx.database, config: { ...longSessions, smsDailyLimitPerShop: 2 }, sms: recorder });
    try {
      const { shop, customers } = await shopWithDues(limited, [
        { name: 'Asha Verma', amount: '100' }, { name: 'Ravi Shah', amount: '200' }, { name: 'Meena Iyer', amount: '300' },
      ]);
      at(limited, '2026-12-23', '12:00');
      expect((await get(limited, '/api/business/reminder-batches/preview', shop.token)).json())
        .toMatchObject({ count: 2, skipped: { shopLimit: 1 }, dailyLimit: 2, sentToday: 0 });
      const sent = await post(limited, '/api/business/reminder-batches', shop.token);
      expect(sent.statusCode).toBe(202);
      expect(sent.json().total).toBe(2);
      await limited.app.services.sms.drain();
      expect(remindersHanded()).toHaveLength(2);
      expect((await get(limited, '/api/business/reminder-settings', shop.token)).json()).toMatchObject({ dailyLimit: 2, sentToday: 2 });
      expect((await get(limited, '/api/business/reminder-batches/preview', shop.token)).json())
        .toMatchObject({ count: 0, skipped: { shopLimit: 3 }, dailyLimit: 2, sentToday: 2 });

      const refused = await post(limited, '/api/business/reminder-batches', shop.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Your shop has sent its 2 reminder SMS for today. The rest can go tomorrow.', code: 'sms_daily_limit', key: 'sms_daily_limit',
        params: { limit: 2 },
      });
      // 12:00 India time: twelve hours to midnight.
      expect(refused.headers['retry-after']).toBe(String(12 * 3600));
      expect(rowsOf(await limited.database.db.execute(sql`select 1 from reminder_batches where business_id = ${shop.businessId}`)))
        .toHaveLength(1);

      // The schedule has nothing left today either.
      expect((await schedule(limited, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
      expect((await tick(limited)).queued).toBe(0);
      expect(remindersHanded()).toHaveLength(2);

      // A new India day: one sent to all overdue but two left out, then the schedule has one left.
      at(limited, '2026-12-24', '09:00');
      const exclude = (accountId: string, excluded: boolean) =>
        post(limited, `/api/business/credit-accounts/${accountId}/reminder-exclusion`, shop.token, { excluded });
      for (const customer of customers.slice(1)) expect((await exclude(customer.accountId, true)).statusCode).toBe(200);
      expect((await post(limited, '/api/business/reminder-batches', shop.token)).json().total).toBe(1);
      for (const customer of customers.slice(1)) expect((await exclude(customer.accountId, false)).statusCode).toBe(200);
      at(limited, '2026-12-24', '10:00');
      expect((await tick(limited)).queued).toBe(1);
      expect((await get(limited, '/api/business/reminder-settings', shop.token)).json()).toMatchObject({ sentToday: 2 });
    } finally {
      await limited.close();
    }
  });
});

describe('send to all overdue', () => {
  it('previews who gets what, sends in the background and shows the progress to sent', async () => {
    const { shop, customers, setup } = await shopWithDues(ctx, [
      { name: 'Asha Verma', amount: '300' }, { name: 'Sunita Devi', amount: '500', language: 'hi' },
      { name: 'Opted Out', amount: '100' }, { name: 'Left Out', amount: '100' }, { name: 'No Phone', amount: '100' },
    ]);
    const [asha, sunita, optedOut, leftOut, noPhone] = customers;
    await post(ctx, `/api/credit-accounts/${optedOut!.accountId}/reminder-opt-out`, optedOut!.token, { optedOut: true });
    await post(ctx, `/api/business/credit-accounts/${leftOut!.accountId}/reminder-exclusion`, shop.token, { excluded: true });
    await ctx.database.db.execute(sql`update users set phone = null where id = ${noPhone!.userId}`);
    // A customer not yet due (paid on 10 December, due 9 January) is not in it.
    at(ctx, '2026-12-10', '12:00');
    const later = await registerCustomer(ctx, { name: 'Not Due' });
    const created = await post(ctx, '/api/business/create-credit-account', shop.token, {
      paymentHandle: await paymentHandleOf(ctx, later.token), creditLimit: '5000',
    });
    expect(created.statusCode).toBe(201);
    const code = await setup.generate({ amount: '700' });
    expect((await setup.pay(code.qrData, { token: later.token, pin: later.pin })).statusCode).toBe(201);

    at(ctx, '2026-12-23', '12:00');
    const preview = await get(ctx, '/api/business/reminder-batches/preview', shop.token);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({
      count: 2, skipped: { optedOut: 1, excluded: 1, noPhone: 1, accountLimit: 0, shopLimit: 0 }, dailyLimit: 200, sentToday: 0,
    });
    // The largest overdue first, each in its customer's language.
    expect(body.messages.map((m: { creditAccountId: string }) => m.creditAccountId)).toEqual([sunita!.accountId, asha!.accountId]);
    const english = body.messages[1];
    expect(english).toMatchObject({ customerName: 'Asha Verma', language: 'en', owed: '300.00', overdue: '300.00' });
    expect(english.text).toMatch(new RegExp(
      '^Kumar Kirana: Rs 300\\.00 is owed on your Khata account, Rs 300\\.00 of it overdue\\. Next payment due 22 December 2026\\. '
      + 'Pay or stop these SMS: http://localhost:80/r/[0-9A-Za-z]{10}$',
    ));
    expect(body.messages[0]).toMatchObject({ customerName: 'Sunita Devi', language: 'hi' });
    expect(body.messages[0].text).toContain('आपके Khata खाते पर ₹500.00 बकाया है');
    // A preview sends nothing and leaves no link.
    expect(rowsOf(await ctx.database.db.execute(sql`select 1 from reminder_links where business_id = ${shop.businessId}`))).toEqual([]);

    const sent = await post(ctx, '/api/business/reminder-batches', shop.token);
    expect(sent.statusCode).toBe(202);
    const batch = sent.json();
    expect(batch).toMatchObject({ total: 2, delivered: 0, failed: 0 });
    expect(batch.queued + batch.sent).toBe(2);
    // The answer's drain runs in the background; this one takes whatever it has not.
    const progress = async () => (await get(ctx, `/api/business/reminder-batches/${batch.id}`, shop.token)).json();
    await vi.waitFor(async () => {
      await ctx.app.services.sms.drain();
      expect((await progress()).queued).toBe(0);
    });
    expect(await progress()).toEqual({
      id: batch.id, createdAt: ist('2026-12-23', '12:00').toISOString(), total: 2, queued: 0, sent: 2, delivered: 0, failed: 0,
      messages: [
        { creditAccountId: asha!.accountId, customerName: 'Asha Verma', status: 'sent', attempts: 1 },
        { creditAccountId: sunita!.accountId, customerName: 'Sunita Devi', status: 'sent', attempts: 1 },
      ],
    });
    expect(remindersHanded().map((message) => `${message.to} ${message.language}`).sort())
      .toEqual([`${asha!.phoneNumber} en`, `${sunita!.phoneNumber} hi`].sort());
    expect(await smsRows(asha!.accountId)).toEqual([{ kind: 'bulk', dedupe_key: `bulk:${batch.id}`, status: 'sent', batch_id: batch.id }]);
    for (const message of remindersHanded()) expect(message.variables.link).toMatch(/^http:\/\/localhost:80\/r\/[0-9A-Za-z]{10}$/);

    // Per account, newest first, with the merchant's and the customer's choices.
    const history = await get(ctx, `/api/business/credit-accounts/${asha!.accountId}/sms-reminders`, shop.token);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      excluded: false, optedOut: false,
      messages: [{ creditAccountId: asha!.accountId, kind: 'bulk', status: 'sent', attempts: 1, deliveredAt: null, error: null }],
    });
    expect((await get(ctx, `/api/business/credit-accounts/${optedOut!.accountId}/sms-reminders`, shop.token)).json())
      .toEqual({ excluded: false, optedOut: true, messages: [] });
    expect((await get(ctx, `/api/business/credit-accounts/${leftOut!.accountId}/sms-reminders`, shop.token)).json())
      .toEqual({ excluded: true, optedOut: false, messages: [] });

    // Another shop sees neither the batch nor the account.
    const other = await shopWithDues(ctx, [{ name: 'Other Customer', amount: '100' }]);
    at(ctx, '2026-12-23', '12:00');
    const foreignBatch = await get(ctx, `/api/business/reminder-batches/${batch.id}`, other.shop.token);
    expect(foreignBatch.statusCode).toBe(404);
    expect(foreignBatch.json()).toEqual({ error: 'Reminder batch not found', code: 'not_found', key: 'reminder_batch_not_found', params: {} });
    expect((await get(ctx, `/api/business/reminder-batches/${randomUUID()}`, shop.token)).statusCode).toBe(404);
    const foreignAccount = await get(ctx, `/api/business/credit-accounts/${asha!.accountId}/sms-reminders`, other.shop.token);
    expect(foreignAccount.statusCode).toBe(404);
    expect(foreignAccount.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    const foreignExclusion = await post(ctx, `/api/business/credit-accounts/${asha!.accountId}/reminder-exclusion`, other.shop.token, { excluded: true });
    expect(foreignExclusion.statusCode).toBe(404);
  });

  it('answers 409 with nothing to remind and leaves no batch', async () => {
    const { shop } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    at(ctx, '2026-12-20', '12:00');
    const refused = await post(ctx, '/api/business/reminder-batches', shop.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'No overdue customer can be sent a reminder right now', code: 'nothing_to_remind', key: 'nothing_to_remind', params: {},
    });
    expect(rowsOf(await ctx.database.db.execute(sql`select 1 from reminder_batches where business_id = ${shop.businessId}`))).toEqual([]);
    expect((await get(ctx, '/api/business/reminder-batches/preview', shop.token)).json()).toEqual({
      count: 0, skipped: { optedOut: 0, excluded: 0, noPhone: 0, accountLimit: 0, shopLimit: 0 }, dailyLimit: 200, sentToday: 0, messages: [],
    });
  });
});

describe('people at the shop', () => {
  const audited = async (businessId: string, action: string) => rowsOf<{
    member_id: string; role: string; subject: string | null; amount_paise: number | null; details: Record<string, string>;
  }>(await ctx.database.db.execute(sql`
    select member_id, role, subject, amount_paise::int as amount_paise, details from shop_audit
    where business_id = ${businessId} and action = ${action} order by created_at, id`));

  it("records a manager's changes of the schedule, old and new, and nothing for a save that changes nothing", async () => {
    const { shop } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    expect((await get(ctx, '/api/business/reminder-settings', manager.token)).statusCode).toBe(200);
    expect((await schedule(ctx, manager.token, { overdueEveryDays: 3, beforeDueDays: 1, hour: 18 })).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await schedule(ctx, manager.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 18 })).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await schedule(ctx, manager.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 18 })).statusCode).toBe(200);
    const byManager = { member_id: manager.memberId, role: 'manager', subject: null, amount_paise: null };
    expect(await audited(shop.businessId, 'reminder_settings_changed')).toEqual([
      { ...byManager, details: { overdueEveryDaysFrom: '', overdueEveryDaysTo: '3', beforeDueDaysFrom: '', beforeDueDaysTo: '1', hourFrom: '10', hourTo: '18' } },
      { ...byManager, details: { beforeDueDaysFrom: '1', beforeDueDaysTo: '' } },
    ]);
  });

  it("records a manager's exclusion of a customer and its end, and a batch sent to all overdue with its count", async () => {
    const { shop, customers: [asha, sunita, ravi] } = await shopWithDues(ctx, [
      { name: 'Asha Verma', amount: '300' }, { name: 'Sunita Devi', amount: '500' }, { name: 'Ravi Shankar', amount: '100' },
    ]);
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    const exclusion = (accountId: string, excluded: boolean) =>
      post(ctx, `/api/business/credit-accounts/${accountId}/reminder-exclusion`, manager.token, { excluded });
    expect((await exclusion(ravi!.accountId, true)).json()).toEqual({ excluded: true, optedOut: false });
    ctx.clock.advance(1);
    expect((await exclusion(sunita!.accountId, true)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await exclusion(sunita!.accountId, false)).statusCode).toBe(200);
    const byManager = { member_id: manager.memberId, role: 'manager', amount_paise: null };
    expect(await audited(shop.businessId, 'reminder_exclusion_changed')).toEqual([
      { ...byManager, subject: 'Ravi Shankar', details: { excluded: 'true' } },
      { ...byManager, subject: 'Sunita Devi', details: { excluded: 'true' } },
      { ...byManager, subject: 'Sunita Devi', details: { excluded: 'false' } },
    ]);

    // Before anything is overdue, no batch and no line.
    at(ctx, '2026-12-20', '12:00');
    expect((await post(ctx, '/api/business/reminder-batches', manager.token)).statusCode).toBe(409);
    expect(await audited(shop.businessId, 'reminders_sent')).toEqual([]);
    at(ctx, '2026-12-23', '12:00');
    const sent = await post(ctx, '/api/business/reminder-batches', manager.token);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().total).toBe(2);
    expect((await get(ctx, `/api/business/reminder-batches/${sent.json().id}`, manager.token)).statusCode).toBe(200);
    expect(await audited(shop.businessId, 'reminders_sent')).toEqual([{ ...byManager, subject: null, details: { count: '2' } }]);
    expect((await get(ctx, `/api/business/credit-accounts/${asha!.accountId}/sms-reminders`, manager.token)).statusCode).toBe(200);
    await ctx.app.services.sms.drain();
  });

  it("leaves the batch's line with the SMS it counts when the batch stops midway, and one line per batch", async () => {
    const { shop, customers } = await shopWithDues(ctx, [
      { name: 'Asha Verma', amount: '300' }, { name: 'Sunita Devi', amount: '500' }, { name: 'Ravi Shankar', amount: '100' },
    ]);
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    at(ctx, '2026-12-23', '12:00');
    // The second SMS of the batch meets a failure (the database gone, the process stopped): the batch stops there.
    const { ledger, businesses, sms, audit } = ctx.app.services;
    let reminders = 0;
    const failing: typeof sms = {
      ...sms,
      async enqueueReminder(tx, reminder) {
        reminders += 1;
        if (reminders === 2) throw new Error('connection lost');
        return sms.enqueueReminder(tx, reminder);
      },
    };
    const service = createReminderService({ db: ctx.database.db, clock: ctx.clock, ledger, businesses, sms: failing, audit, publicUrl: undefined });
    const actor = { userId: manager.userId, memberId: manager.memberId, businessId: shop.businessId, role: 'manager' as const, name: 'Meena Iyer' };
    await expect(service.sendToAllOverdue(actor, 'http://localhost:80')).rejects.toThrow('connection lost');
    const batches = rowsOf<{ id: string; queued: number }>(await ctx.database.db.execute(sql`
      select b.id::text as id, (select count(*)::int from sms_messages m where m.batch_id = b.id) as queued
      from reminder_batches b where b.business_id = ${shop.businessId}`));
    expect(batches).toEqual([{ id: expect.any(String), queued: 1 }]);
    const byManager = { member_id: manager.memberId, role: 'manager', subject: null, amount_paise: null };
    expect(await audited(shop.businessId, 'reminders_sent')).toEqual([{ ...byManager, details: { count: '1' } }]);

    // A whole batch, later: its own single line, counting each of its SMS.
    ctx.clock.advance(1);
    const sent = await post(ctx, '/api/business/reminder-batches', manager.token);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().total).toBe(customers.length);
    expect(await audited(shop.businessId, 'reminders_sent')).toEqual([
      { ...byManager, details: { count: '1' } }, { ...byManager, details: { count: String(customers.length) } },
    ]);
    await ctx.app.services.sms.drain();
  });

  it("refuses a cashier the reminders: their role does not keep them", async () => {
    const { shop, customers: [asha] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    at(ctx, '2026-12-23', '12:00');
    for (const response of [
      await get(ctx, '/api/business/reminder-settings', cashier.token),
      await schedule(ctx, cashier.token, { overdueEveryDays: 3, beforeDueDays: null, hour: 18 }),
      await get(ctx, '/api/business/reminder-batches/preview', cashier.token),
      await post(ctx, '/api/business/reminder-batches', cashier.token),
      await get(ctx, `/api/business/reminder-batches/${randomUUID()}`, cashier.token),
      await get(ctx, `/api/business/credit-accounts/${asha!.accountId}/sms-reminders`, cashier.token),
      await post(ctx, `/api/business/credit-accounts/${asha!.accountId}/reminder-exclusion`, cashier.token, { excluded: true }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().key).toBe('role_forbidden');
    }
    expect(await smsRows(asha!.accountId)).toEqual([]);
    expect(rowsOf(await ctx.database.db.execute(sql`select 1 from shop_audit where business_id = ${shop.businessId}
      and action in ('reminder_settings_changed', 'reminders_sent', 'reminder_exclusion_changed')`))).toEqual([]);
  });
});

describe('the customer\'s opt-out and the reminder link', () => {
  it('lets only the account\'s customer opt out and shows it on their accounts', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    const url = `/api/credit-accounts/${customer!.accountId}/reminder-opt-out`;
    expect((await get(ctx, '/api/credit-accounts/customer', customer!.token)).json().creditAccounts[0].remindersOptedOut).toBe(false);
    expect((await post(ctx, url, customer!.token, { optedOut: true })).json()).toEqual({ optedOut: true });
    expect((await get(ctx, '/api/credit-accounts/customer', customer!.token)).json().creditAccounts[0].remindersOptedOut).toBe(true);

    const stranger = await registerCustomer(ctx);
    const refused = await post(ctx, url, stranger.token, { optedOut: false });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    expect((await post(ctx, url, shop.token, { optedOut: false })).statusCode).toBe(403);
    const invalid = await post(ctx, url, customer!.token, { optedOut: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'Choose on or off', code: 'invalid_input', key: 'reminder_switch', params: {} });
    expect((await get(ctx, '/api/credit-accounts/customer', customer!.token)).json().creditAccounts[0].remindersOptedOut).toBe(true);
  });

  it('resolves a live link for its own customer only, and not after 30 days', async () => {
    const { shop, customers: [customer] } = await shopWithDues(ctx, [{ name: 'Asha Verma', amount: '100' }]);
    expect((await schedule(ctx, shop.token, { overdueEveryDays: 1, beforeDueDays: null, hour: 10 })).statusCode).toBe(200);
    at(ctx, '2026-12-23', '10:00');
    expect((await tick()).queued).toBe(1);
    const code = codeOf(remindersHanded()[0]!);
    const url = `/api/reminder-links/${code}`;

    const own = await get(ctx, url, customer!.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ creditAccountId: customer!.accountId, businessId: shop.businessId });

    const notFound = { error: 'This reminder link has expired or is not for your account', code: 'not_found', key: 'reminder_link_not_found', params: {} };
    const stranger = await registerCustomer(ctx);
    const others = await get(ctx, url, stranger.token);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(notFound);
    for (const unknown of ['AAAAAAAAAA', 'short', `${code}x`, 'aaaaaaaaa!']) {
      const answer = await get(ctx, `/api/reminder-links/${encodeURIComponent(unknown)}`, customer!.token);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(notFound);
    }
    expect((await get(ctx, url, shop.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    ctx.clock.advance(30 * 24 * 3600 - 1);
    expect((await get(ctx, url, customer!.token)).statusCode).toBe(200);
    ctx.clock.advance(1);
    const expired = await get(ctx, url, customer!.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(notFound);
  });
});
