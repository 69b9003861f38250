import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsReminderAttemptsMax } from '@common/limits';
import type { SmsReminderKind } from '@common/schemas/reminders';
import { rowsOf } from '../db/client';
import { AppError } from '../errors';
import { createTestContext, paymentSetup, type TestContext } from '../test/context';
import { SmsSendError, type ReminderSmsVariables, type SmsMessage, type SmsProvider } from './provider';
import { smsText } from './templates';

/**
 * A vendor the test scripts: it takes every message (answering a Twilio-like sid) unless
 * told to refuse, and may take its time.
 */
function scriptedVendor(name = 'twilio') {
  const given: SmsMessage[] = [];
  const state = { refusal: null as string | null, delayMs: 0, bug: false, onSent: null as ((sid: string) => void) | null };
  const provider: SmsProvider = {
    name,
    async send(message) {
      given.push(message);
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.bug) throw new TypeError('a bug in the provider');
      if (state.refusal !== null) throw new SmsSendError(state.refusal, false, name);
      const sid = `SM${randomUUID().replaceAll('-', '')}`;
      state.onSent?.(sid);
      return { provider: name, providerMessageId: sid };
    },
  };
  const reminders = () => given.filter((message) => message.template === 'reminder');
  return { provider, given, reminders, state };
}

interface SmsRow {
  id: string; status: string; attempts: number; provider: string | null; provider_message_id: string | null; error: string | null;
  sent_at: Date | string | null; delivered_at: Date | string | null; variables: Record<string, string> | null; purpose: string;
}

let ctx: TestContext;
let vendor: ReturnType<typeof scriptedVendor>;
let setup: Awaited<ReturnType<typeof paymentSetup>>;
let keys = 0;

beforeAll(async () => {
  vendor = scriptedVendor();
  ctx = await createTestContext({ sms: vendor.provider });
  setup = await paymentSetup(ctx);
  // A reminder goes only while something is owed.
  expect((await setup.pay((await setup.generate()).qrData, { amount: '500' })).statusCode).toBe(201);
});
afterAll(async () => { await ctx.close(); });
beforeEach(async () => {
  vendor.state.refusal = null;
  vendor.state.delayMs = 0;
  vendor.state.bug = false;
  vendor.state.onSent = null;
  // Each test starts with an empty queue: whatever an earlier test left queued is sent now.
  await ctx.app.services.sms.drain();
  vendor.given.length = 0;
});

const sms = () => ctx.app.services.sms;
const variables = (link = `http://localhost:5000/r/${randomUUID().slice(0, 10)}`): ReminderSmsVariables => ({
  shop: 'Kumar Kirana', owed: '₹1,200.00', overdue: '₹500.00', due_date: '25 Nov 2026', link,
});

async function enqueue(overrides: { dedupeKey?: string; link?: string; kind?: SmsReminderKind } = {}) {
  keys += 1;
  return ctx.database.db.transaction((tx) => sms().enqueueReminder(tx, {
    businessId: setup.shop.businessId, creditAccountId: setup.accountId, batchId: null, kind: overrides.kind ?? 'bulk',
    dedupeKey: overrides.dedupeKey ?? `bulk:test-${keys}`, to: setup.customer.phoneNumber, language: 'hi',
    variables: variables(overrides.link),
  }));
}

async function row(id: string): Promise<SmsRow> {
  const [found] = rowsOf<SmsRow>(await ctx.database.db.execute(sql`select * from sms_messages where id = ${id}`));
  return found!;
}

describe('queueing reminders', () => {
  it('queues a reminder once per account and dedupe key, and counts it for the shop today', async () => {
    const before = await sms().remindersSentToday(ctx.database.db, setup.shop.businessId);
    const id = await enqueue({ dedupeKey: 'overdue:2026-11-22' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await enqueue({ dedupeKey: 'overdue:2026-11-22' })).toBeNull();
    expect(await sms().remindersSentToday(ctx.database.db, setup.shop.businessId)).toBe(before + 1);
    const queued = await row(id!);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, purpose: 'reminder', provider: null, sent_at: null });
    expect(queued.variables).toMatchObject({ shop: 'Kumar Kirana', owed: '₹1,200.00' });
    expect(sms().dailyLimitPerShop).toBe(200);
  });

  it('counts the shop\'s reminders from India midnight', async () => {
    // 2026-11-22T18:29Z is 23:59 in India; a minute later the India day is the 23rd.
    ctx.clock.set(new Date('2026-11-22T18:29:00Z'));
    await enqueue();
    const lateEvening = await sms().remindersSentToday(ctx.database.db, setup.shop.businessId);
    expect(lateEvening).toBeGreaterThan(0);
    ctx.clock.set(new Date('2026-11-22T18:30:00Z'));
    expect(await sms().remindersSentToday(ctx.database.db, setup.shop.businessId)).toBe(0);
    await enqueue();
    expect(await sms().remindersSentToday(ctx.database.db, setup.shop.businessId)).toBe(1);
  });

  it('writes the reminder text in the customer\'s language from the templates', () => {
    const values = variables('http://localhost:5000/r/AbCdE12345');
    expect(sms().reminderText('en', values)).toBe(
      'Kumar Kirana: ₹1,200.00 is owed on your Khata account, ₹500.00 of it overdue. Next payment due 25 Nov 2026. '
      + 'Pay or stop these SMS: http://localhost:5000/r/AbCdE12345');
    expect(sms().reminderText('hi', values)).toBe(smsText({ template: 'reminder', language: 'hi', variables: { ...values } }));
  });
});

describe('draining the queue', () => {
  it('sends a queued reminder and records the vendor, its id and the time', async () => {
    const id = (await enqueue({ link: 'http://localhost:5000/r/Drain00001' }))!;
    expect(await sms().drain()).toBe(1);
    expect(vendor.reminders()).toEqual([{
      to: setup.customer.phoneNumber, language: 'hi', template: 'reminder', variables: variables('http://localhost:5000/r/Drain00001'),
    }]);
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, provider: 'twilio', error: null });
    expect(sent.provider_message_id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(new Date(sent.sent_at!).toISOString()).toBe(ctx.clock().toISOString());
    // Nothing is left to send.
    expect(await sms().drain()).toBe(0);
    expect(vendor.reminders()).toHaveLength(1);
  });

  it('tries a failed reminder once more on the next drain, then shows it failed with the vendor\'s words', async () => {
    vendor.state.refusal = 'twilio answered 400 (The number is unreachable)';
    const id = (await enqueue())!;
    expect(await sms().drain()).toBe(0);
    // One try per drain: the failure waits for the next one.
    expect(vendor.reminders()).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, error: 'twilio answered 400 (The number is unreachable)' });

    expect(await sms().drain()).toBe(0);
    expect(vendor.reminders()).toHaveLength(2);
    expect(await row(id)).toMatchObject({
      status: 'failed', attempts: smsReminderAttemptsMax, provider: 'twilio', error: 'twilio answered 400 (The number is unreachable)',
    });

    // Never a third try.
    vendor.state.refusal = null;
    expect(await sms().drain()).toBe(0);
    expect(vendor.reminders()).toHaveLength(2);
  });

  it('sends a failed reminder on its retry and shows it sent after two tries', async () => {
    vendor.state.refusal = 'twilio could not be reached: ECONNRESET';
    const id = (await enqueue())!;
    await sms().drain();
    vendor.state.refusal = null;
    expect(await sms().drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('never sends again a reminder left sending by a process that stopped', async () => {
    const id = (await enqueue())!;
    await ctx.database.db.execute(sql`update sms_messages set status = 'sending', attempts = 1 where id = ${id}`);
    expect(await sms().drain()).toBe(0);
    expect(vendor.reminders()).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    // Five minutes on, it is surely cut off: shown failed, still never sent.
    ctx.clock.set(new Date(ctx.clock().getTime() + 5 * 60_000 + 1_000));
    expect(await sms().drain()).toBe(0);
    expect(vendor.reminders()).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'Interrupted while sending; not sent again in case it went' });
  });

  it('holds the schedule\'s reminders outside 09:00-21:00 India time, while "Send to all overdue" goes', async () => {
    ctx.clock.set(new Date('2026-11-25T21:30:00+05:30'));
    const scheduled = (await enqueue({ kind: 'overdue' }))!;
    const bulk = (await enqueue())!;
    expect(await sms().drain()).toBe(1);
    expect(await row(bulk)).toMatchObject({ status: 'sent' });
    expect(await row(scheduled)).toMatchObject({ status: 'queued', attempts: 0 });
    ctx.clock.set(new Date('2026-11-25T20:59:00+05:30'));
    expect(await sms().drain()).toBe(1);
    expect(await row(scheduled)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('takes back a queued reminder a day old, or to a customer who opted out, was left out or owes nothing now', async () => {
    const reasons: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      ['Not sent: the customer stopped reminder SMS',
        () => ctx.database.db.execute(sql`insert into reminder_preferences (credit_account_id, business_id, opted_out_at)
          values (${setup.accountId}, ${setup.shop.businessId}, now())`),
        () => ctx.database.db.execute(sql`delete from reminder_preferences where credit_account_id = ${setup.accountId}`)],
      ['Not sent: left out of reminders',
        () => ctx.database.db.execute(sql`insert into reminder_preferences (credit_account_id, business_id, excluded_at)
          values (${setup.accountId}, ${setup.shop.businessId}, now())`),
        () => ctx.database.db.execute(sql`delete from reminder_preferences where credit_account_id = ${setup.accountId}`)],
      ['Not sent: the day it was for is over',
        async () => ctx.clock.set(new Date('2026-11-26T09:30:00+05:30')),
        async () => {}],
    ];
    for (const [reason, change, undo] of reasons) {
      ctx.clock.set(new Date('2026-11-25T12:00:00+05:30'));
      const id = (await enqueue({ kind: 'overdue' }))!;
      await change();
      expect(await sms().drain()).toBe(0);
      expect(await row(id), reason).toMatchObject({ status: 'failed', attempts: 0, error: reason });
      await undo();
    }
    expect(vendor.reminders()).toEqual([]);
    // Paid up: a repayment of everything owed.
    ctx.clock.set(new Date('2026-11-25T12:00:00+05:30'));
    const id = (await enqueue({ kind: 'overdue' }))!;
    const owed = rowsOf<{ owed: string }>(await ctx.database.db.execute(
      sql`select (owed_paise / 100.0)::text as owed from credit_accounts where id = ${setup.accountId}`))[0]!.owed;
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${setup.accountId}/repayment`,
      headers: { authorization: `Bearer ${setup.shop.token}` }, payload: { amount: Number(owed) },
    });
    expect(repaid.statusCode).toBe(201);
    expect(await sms().drain()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', error: 'Not sent: nothing is owed any more' });
    expect((await setup.pay((await setup.generate()).qrData, { amount: '500' })).statusCode).toBe(201);
  });

  it('sends each reminder exactly once when two processes drain at the same time', async () => {
    const other = await createTestContext({ database: ctx.database, sms: vendor.provider });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) ids.push((await enqueue({ link: `http://localhost:5000/r/Twice${String(i).padStart(5, '0')}` }))!);
      vendor.state.delayMs = 5;
      const [mine, theirs] = await Promise.all([sms().drain(), other.app.services.sms.drain()]);
      expect(mine + theirs).toBe(24);
      const links = vendor.reminders().map((message) => message.variables.link);
      expect(links).toHaveLength(24);
      expect(new Set(links).size).toBe(24);
      const statuses = rowsOf<{ status: string; attempts: number; n: number }>(await ctx.database.db.execute(sql`
        select status, attempts, count(*)::int as n from sms_messages where id in ${ids} group by status, attempts`));
      expect(statuses).toEqual([{ status: 'sent', attempts: 1, n: 24 }]);
    } finally {
      await other.close();
    }
  });
});

describe('delivery reports', () => {
  async function sentReminder() {
    const id = (await enqueue())!;
    await sms().drain();
    return { id, sid: (await row(id)).provider_message_id! };
  }

  it('marks an SMS delivered, and a late "sent" report does not undo it', async () => {
    const { id, sid } = await sentReminder();
    expect(await sms().recordDelivery('twilio', sid, 'delivered')).toBe(1);
    const delivered = await row(id);
    expect(delivered.status).toBe('delivered');
    expect(new Date(delivered.delivered_at!).toISOString()).toBe(ctx.clock().toISOString());
    expect(await sms().recordDelivery('twilio', sid, 'sent')).toBe(0);
    expect(await sms().recordDelivery('twilio', sid, 'failed', 'Twilio: failed')).toBe(0);
    expect((await row(id)).status).toBe('delivered');
  });

  it('keeps a report that overtook the record of its send, by looking again a moment later', async () => {
    let report: Promise<void> | undefined;
    // Twilio reports "delivered" before its API answer has reached us.
    vendor.state.onSent = (sid) => { report = sms().twilioReport({ MessageSid: sid, MessageStatus: 'delivered' }); };
    const id = (await enqueue())!;
    expect(await sms().drain()).toBe(1);
    await report;
    expect((await row(id)).status).toBe('delivered');
  });

  it('queues a reminder the vendor could not deliver for its one retry, then shows the second failure', async () => {
    const { id, sid } = await sentReminder();
    await sms().recordDelivery('twilio', sid, 'failed', 'Twilio: undelivered (error 30003)');
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, error: 'Twilio: undelivered (error 30003)', provider_message_id: null });
    expect(await sms().drain()).toBe(1);
    const retried = await row(id);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2, error: null });
    await sms().recordDelivery('twilio', retried.provider_message_id!, 'failed', 'Twilio: failed (error 30005)');
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, error: 'Twilio: failed (error 30005)' });
    expect(await sms().drain()).toBe(0);
  });

  it('changes nothing for a report of another vendor or an unknown message', async () => {
    const { id, sid } = await sentReminder();
    expect(await sms().recordDelivery('msg91', sid, 'delivered')).toBe(0);
    expect(await sms().recordDelivery('twilio', 'SM00000000000000000000000000000000', 'delivered')).toBe(0);
    expect((await row(id)).status).toBe('sent');
  });
});

describe('one-time codes', () => {
  it('records each OTP SMS with its vendor and status, never its code', async () => {
    const phone = '+919812300001';
    expect(await sms().sendOtp(phone, '493817', 'ta')).toEqual({});
    vendor.state.refusal = 'every SMS vendor failed: twilio answered 503';
    await expect(sms().sendOtp(phone, '582046', 'ta')).rejects.toMatchObject({ key: 'sms_unavailable', params: { retryAfterSeconds: 60 } });
    const rows = rowsOf<Record<string, unknown>>(await ctx.database.db.execute(
      sql`select * from sms_messages where to_phone = ${phone} order by created_at, status desc`));
    expect(rows.map((r) => [r.purpose, r.template, r.language, r.status, r.provider, r.variables, r.attempts, r.error])).toEqual([
      ['otp', 'otp', 'ta', 'sent', 'twilio', null, 1, null],
      ['otp', 'otp', 'ta', 'failed', 'twilio', null, 1, 'every SMS vendor failed: twilio answered 503'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/493817|582046/);
  });

  it('cuts the code out of a vendor error that echoes it', async () => {
    const phone = '+919812300002';
    vendor.state.refusal = 'twilio answered 400 (Body "771204 is your Khata verification code" rejected)';
    await expect(sms().sendOtp(phone, '771204', 'en')).rejects.toMatchObject({ key: 'sms_unavailable' });
    const [failed] = rowsOf<{ error: string }>(await ctx.database.db.execute(sql`select error from sms_messages where to_phone = ${phone}`));
    expect(failed!.error).toBe('twilio answered 400 (Body "… is your Khata verification code" rejected)');
  });

  it('lets a bug stay a bug: not "SMS unavailable", but thrown as it is', async () => {
    vendor.state.bug = true;
    await expect(sms().sendOtp('+919812300003', '118822', 'en')).rejects.toThrow(new TypeError('a bug in the provider'));
  });
});

describe('queueing invitations', () => {
  const inviteVariables = (link = `http://localhost:5000/i/${randomUUID().slice(0, 10)}`) =>
    ({ shop: 'Kumar Kirana', limit: 'Rs 500.00', link });
  const invites = () => vendor.given.filter((message) => message.template === 'invite');
  async function enqueueInvite(to: string, link?: string): Promise<string> {
    await ctx.database.db.transaction((tx) => sms().enqueueInvite(tx, {
      businessId: setup.shop.businessId, to, language: 'en', variables: inviteVariables(link),
    }));
    const [queued] = rowsOf<{ id: string }>(await ctx.database.db.execute(
      sql`select id from sms_messages where to_phone = ${to} and purpose = 'invite' order by created_at desc limit 1`));
    return queued!.id;
  }

  it('queues an invitation for its shop with its variables and no account, and the next drain sends it', async () => {
    const phone = '+919812300021';
    const remindersBefore = await sms().remindersSentToday(ctx.database.db, setup.shop.businessId);
    const id = await enqueueInvite(phone, 'http://localhost:5000/i/Queued0001');
    const [queued] = rowsOf<Record<string, unknown>>(await ctx.database.db.execute(sql`select * from sms_messages where id = ${id}`));
    expect(queued).toMatchObject({
      purpose: 'invite', business_id: setup.shop.businessId, credit_account_id: null, kind: null, dedupe_key: null, template: 'invite',
      language: 'en', status: 'queued', attempts: 0, variables: inviteVariables('http://localhost:5000/i/Queued0001'),
    });
    expect(invites()).toEqual([]);
    expect(await sms().drain()).toBe(1);
    expect(invites()).toEqual([{ to: phone, language: 'en', template: 'invite', variables: inviteVariables('http://localhost:5000/i/Queued0001') }]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'twilio', error: null });
    // Not a reminder: the shop's reminders of the day are as they were.
    expect(await sms().remindersSentToday(ctx.database.db, setup.shop.businessId)).toBe(remindersBefore);
  });

  it('sends an invitation at any hour, while the schedule\'s reminders wait for 09:00', async () => {
    ctx.clock.set(new Date('2026-11-25T08:30:00+05:30'));
    const scheduled = (await enqueue({ kind: 'overdue' }))!;
    const id = await enqueueInvite('+919812300022');
    expect(await sms().drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(scheduled)).toMatchObject({ status: 'queued', attempts: 0 });
    ctx.clock.set(new Date('2026-11-25T09:00:00+05:30'));
    expect(await sms().drain()).toBe(1);
    expect(await row(scheduled)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('tries a failed invitation once more, even the next India day, and never takes it back for a reminder\'s reasons', async () => {
    ctx.clock.set(new Date('2026-11-25T23:50:00+05:30'));
    vendor.state.refusal = 'every SMS vendor failed: twilio answered 503';
    const reminder = (await enqueue({ kind: 'bulk' }))!;
    const id = await enqueueInvite('+919812300023');
    expect(await sms().drain()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, error: 'every SMS vendor failed: twilio answered 503' });
    // The customer opts out of reminders and the India day ends: the reminder is taken back, the invitation goes.
    await ctx.database.db.execute(sql`insert into reminder_preferences (credit_account_id, business_id, opted_out_at)
      values (${setup.accountId}, ${setup.shop.businessId}, now())`);
    ctx.clock.set(new Date('2026-11-26T00:10:00+05:30'));
    vendor.state.refusal = null;
    try {
      expect(await sms().drain()).toBe(1);
    } finally {
      await ctx.database.db.execute(sql`delete from reminder_preferences where credit_account_id = ${setup.accountId}`);
    }
    expect(await row(reminder)).toMatchObject({ status: 'failed', error: 'Not sent: the customer stopped reminder SMS' });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(invites()).toHaveLength(2);
  });

  it('shows an invitation failed after its second try, and queues one the vendor could not deliver for its retry', async () => {
    vendor.state.refusal = 'twilio answered 400 (The number is unreachable)';
    const refused = await enqueueInvite('+919812300024');
    await sms().drain();
    await sms().drain();
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: smsReminderAttemptsMax, error: 'twilio answered 400 (The number is unreachable)' });
    vendor.state.refusal = null;
    expect(await sms().drain()).toBe(0);

    const undelivered = await enqueueInvite('+919812300025');
    expect(await sms().drain()).toBe(1);
    await sms().recordDelivery('twilio', (await row(undelivered)).provider_message_id!, 'failed', 'Twilio: undelivered (error 30003)');
    expect(await row(undelivered)).toMatchObject({ status: 'queued', attempts: 1, error: 'Twilio: undelivered (error 30003)' });
    expect(await sms().drain()).toBe(1);
    const retried = await row(undelivered);
    await sms().recordDelivery('twilio', retried.provider_message_id!, 'failed', 'Twilio: failed (error 30005)');
    expect(await row(undelivered)).toMatchObject({ status: 'failed', attempts: 2, error: 'Twilio: failed (error 30005)' });
    expect(invites()).toHaveLength(4);
  });
});

describe('queueing staff invitations', () => {
  const variables = { shop: 'Kumar Kirana', role: 'a cashier', link: 'http://localhost:5000/merchant/join' };

  it('queues a staff invitation as an invitation is queued, sends it at any hour, and retries a failed one once', async () => {
    ctx.clock.set(new Date('2026-11-25T07:15:00+05:30'));
    const to = '+919812300031';
    vendor.state.refusal = 'every SMS vendor failed: twilio answered 503';
    await ctx.database.db.transaction((tx) => sms().enqueueStaffInvite(tx, { businessId: setup.shop.businessId, to, language: 'en', variables }));
    const [queued] = rowsOf<Record<string, unknown> & { id: string }>(await ctx.database.db.execute(
      sql`select * from sms_messages where to_phone = ${to}`));
    expect(queued).toMatchObject({
      purpose: 'staff_invite', business_id: setup.shop.businessId, credit_account_id: null, kind: null, template: 'staff_invite',
      language: 'en', status: 'queued', attempts: 0, variables,
    });
    // Before 09:00, when no scheduled reminder goes: tried, failed, queued again for its one retry.
    expect(await sms().drain()).toBe(0);
    expect(await row(queued!.id)).toMatchObject({ status: 'queued', attempts: 1 });
    vendor.state.refusal = null;
    expect(await sms().drain()).toBe(1);
    expect(await row(queued!.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(vendor.given.filter((message) => message.to === to).map((message) => message.template)).toEqual(['staff_invite', 'staff_invite']);
  });
});

describe('messages sent at once for a shop', () => {
  const enrol = (to: string): SmsMessage => ({
    to, language: 'en', template: 'enrol', variables: { shop: 'Kumar Kirana', limit: 'Rs 500.00', otp: '240117' },
  });
  const charge = (to: string, otp: string): SmsMessage => ({
    to, language: 'hi', template: 'charge', variables: { shop: 'Kumar Kirana', amount: '₹100.00', fee: '₹2.00', total: '₹102.00', otp },
  });
  const rowsTo = async (phone: string) => rowsOf<Record<string, unknown>>(await ctx.database.db.execute(
    sql`select * from sms_messages where to_phone = ${phone} order by created_at, status desc`));

  it('sends a counter sign-up\'s code now and records it for its shop, without its variables', async () => {
    const phone = '+919812300011';
    await expect(sms().sendNow(enrol(phone), { purpose: 'enrol', businessId: setup.shop.businessId, secret: '240117' })).resolves.toBeUndefined();
    expect(vendor.given).toEqual([enrol(phone)]);
    const rows = await rowsTo(phone);
    expect(rows.map((r) => [r.purpose, r.business_id, r.template, r.language, r.status, r.provider, r.attempts, r.error, r.variables])).toEqual([
      ['enrol', setup.shop.businessId, 'enrol', 'en', 'sent', 'twilio', 1, null, null],
    ]);
    expect(rows[0]!.provider_message_id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(rows[0]!.sent_at).not.toBeNull();
  });

  it('never stores the variables of a message that carries a code, sent or failed, and cuts the code out of a vendor\'s words', async () => {
    const phone = '+919812300012';
    await sms().sendNow(charge(phone, '318204'), { purpose: 'charge', businessId: setup.shop.businessId, secret: '318204' });
    vendor.state.refusal = 'twilio answered 400 (Body "550913 is your Khata code" rejected)';
    await expect(sms().sendNow(
      { to: phone, language: 'en', template: 'enrol', variables: { shop: 'Kumar Kirana', limit: 'Rs 2,000.00', otp: '550913' } },
      { purpose: 'enrol', businessId: setup.shop.businessId, secret: '550913' },
    )).rejects.toMatchObject({ key: 'sms_unavailable' });
    const rows = await rowsTo(phone);
    expect(rows.map((r) => [r.purpose, r.template, r.status, r.variables, r.error])).toEqual([
      ['charge', 'charge', 'sent', null, null],
      ['enrol', 'enrol', 'failed', null, 'twilio answered 400 (Body "… is your Khata code" rejected)'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/318204|550913/);
  });

  it('answers 503 sms_unavailable with its Retry-After when every vendor failed, and records the failure', async () => {
    const phone = '+919812300013';
    vendor.state.refusal = 'every SMS vendor failed: twilio answered 503';
    const refused = await sms().sendNow(enrol(phone), { purpose: 'enrol', businessId: setup.shop.businessId, secret: '240117' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, key: 'sms_unavailable', params: { retryAfterSeconds: 60 } });
    expect((refused as AppError).body()).toEqual({
      error: 'We could not send the SMS just now. Please try again in a minute.', code: 'sms_unavailable', key: 'sms_unavailable', params: {},
    });
    expect((await rowsTo(phone)).map((r) => [r.purpose, r.status, r.sent_at, r.error]))
      .toEqual([['enrol', 'failed', null, 'every SMS vendor failed: twilio answered 503']]);
  });

  it('hands no code back, even from the development provider', async () => {
    const development = await createTestContext();
    try {
      const shop = await paymentSetup(development);
      const sent = await development.app.services.sms.sendNow(charge('+919812300014', '771204'),
        { purpose: 'charge', businessId: shop.shop.businessId, secret: '771204' });
      expect(sent).toBeUndefined();
    } finally {
      await development.close();
    }
  });

  it('lets a bug stay a bug: a message for the wrong purpose, or a provider that throws something else', async () => {
    await expect(sms().sendNow(enrol('+919812300015'), { purpose: 'charge', businessId: setup.shop.businessId }))
      .rejects.toThrow('Assertion failed: an SMS for charge goes with its own template, not enrol');
    vendor.state.bug = true;
    await expect(sms().sendNow(enrol('+919812300015'), { purpose: 'enrol', businessId: setup.shop.businessId }))
      .rejects.toThrow(new TypeError('a bug in the provider'));
  });
});
