import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { adminToken, bearer, createTestContext, paymentSetup, type TestContext } from '../test/context';
import { testMsg91WebhookToken, testTwilioAuthToken } from '../test/config';
import { SmsSendError, type SmsProvider } from './provider';

/** A vendor the test scripts: it takes every message under a fresh id of `name`'s form, unless told to refuse. */
function scriptedVendor(name: string, id: () => string) {
  const state = { refusal: null as string | null };
  const provider: SmsProvider = {
    name,
    async send() {
      if (state.refusal !== null) throw new SmsSendError(state.refusal, false, name);
      return { provider: name, providerMessageId: id() };
    },
  };
  return { provider, state };
}
const twilioSid = () => `SM${randomUUID().replaceAll('-', '')}`;

/** X-Twilio-Signature as Twilio's "Webhooks security" document computes it: written here, not taken from the app. */
function twilioSignature(url: string, params: Record<string, string>, authToken = testTwilioAuthToken): string {
  const data = url + Object.keys(params).sort().map((key) => key + params[key]).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
const formType = { 'content-type': 'application/x-www-form-urlencoded' };

let ctx: TestContext;
let vendor: ReturnType<typeof scriptedVendor>;
let setup: Awaited<ReturnType<typeof paymentSetup>>;
let keys = 0;

beforeAll(async () => {
  vendor = scriptedVendor('twilio', twilioSid);
  ctx = await createTestContext({ sms: vendor.provider });
  setup = await paymentSetup(ctx);
  // A reminder goes only while something is owed.
  expect((await setup.pay((await setup.generate()).qrData, { amount: '500' })).statusCode).toBe(201);
});
afterAll(async () => { await ctx.close(); });
beforeEach(() => { vendor.state.refusal = null; });

/** A reminder queued and sent through `context`'s vendor; its row id and the vendor's id. */
async function sentReminder(context = ctx, account = setup) {
  keys += 1;
  const id = (await context.database.db.transaction((tx) => context.app.services.sms.enqueueReminder(tx, {
    businessId: account.shop.businessId, creditAccountId: account.accountId, batchId: null, kind: 'overdue',
    dedupeKey: `overdue:test-${keys}`, to: account.customer.phoneNumber, language: 'en',
    variables: { shop: 'Kumar Kirana', owed: '₹10.00', overdue: '₹10.00', due_date: '1 Dec 2026', link: 'http://localhost:5000/r/AbCdE12345' },
  })))!;
  await context.app.services.sms.drain();
  return { id, ...(await smsRow(id, context)) };
}

async function smsRow(id: string, context = ctx) {
  const [row] = rowsOf<{ status: string; attempts: number; error: string | null; provider_message_id: string | null; delivered_at: unknown }>(
    await context.database.db.execute(sql`select status, attempts, error, provider_message_id, delivered_at from sms_messages where id = ${id}`));
  return row!;
}

describe('POST /api/sms/twilio/status', () => {
  const url = 'http://khata.test/api/sms/twilio/status';
  const callback = (params: Record<string, string>, signature: string | undefined, extra: Partial<InjectOptions> = {}) =>
    ctx.app.inject({
      method: 'POST', url: '/api/sms/twilio/status', payload: form(params),
      headers: { ...formType, host: 'khata.test', ...(signature === undefined ? {} : { 'x-twilio-signature': signature }) },
      ...extra,
    });
  const forbidden = {
    error: 'The delivery report signature is not valid', code: 'sms_callback_forbidden', key: 'sms_callback_forbidden', params: {},
  };

  it('records a delivery Twilio signed, with every parameter it sent', async () => {
    const { id, provider_message_id: sid } = await sentReminder();
    const params = {
      AccountSid: 'AC00000000000000000000000000000000', ApiVersion: '2010-04-01', From: '+15005550006',
      MessageSid: sid!, MessageStatus: 'delivered', SmsSid: sid!, SmsStatus: 'delivered', To: setup.customer.phoneNumber,
    };
    const response = await callback(params, twilioSignature(url, params));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await smsRow(id)).toMatchObject({ status: 'delivered' });
  });

  it('refuses a forged, missing or misplaced signature, and changes nothing', async () => {
    const { id, provider_message_id: sid } = await sentReminder();
    const params = { MessageSid: sid!, MessageStatus: 'delivered' };
    const cases = [
      ['signed with another token', twilioSignature(url, params, 'not-the-auth-token')],
      ['no signature', undefined],
      ['signed for another address', twilioSignature('http://khata.test/api/sms/msg91/status/x', params)],
      ['signed over other parameters', twilioSignature(url, { ...params, MessageStatus: 'failed' })],
      ['empty', ''],
    ] as const;
    for (const [label, signature] of cases) {
      const response = await callback(params, signature);
      expect({ label, status: response.statusCode, body: response.json() }).toEqual({ label, status: 403, body: forbidden });
    }
    // A forged report refused before its body is read: a malformed one is still 403, not 400.
    const malformed = await callback({ Nothing: 'here' }, 'forged');
    expect(malformed.statusCode).toBe(403);
    expect(await smsRow(id)).toMatchObject({ status: 'sent' });
  });

  it('refuses every report when Twilio is not configured', async () => {
    const unconfigured = await createTestContext({ database: ctx.database, config: { twilioAuthToken: undefined } });
    try {
      const params = { MessageSid: twilioSid(), MessageStatus: 'delivered' };
      const response = await unconfigured.app.inject({
        method: 'POST', url: '/api/sms/twilio/status', payload: form(params),
        headers: { ...formType, host: 'khata.test', 'x-twilio-signature': twilioSignature(url, params) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbidden);
    } finally {
      await unconfigured.close();
    }
  });

  it('checks the signature over PUBLIC_URL, whatever Host the request names', async () => {
    const behindProxy = await createTestContext({ database: ctx.database, config: { publicUrl: 'https://khata.example.com' }, sms: vendor.provider });
    try {
      const { id, provider_message_id: sid } = await sentReminder(behindProxy);
      const params = { MessageSid: sid!, MessageStatus: 'read' };
      const post = (signature: string) => behindProxy.app.inject({
        method: 'POST', url: '/api/sms/twilio/status', payload: form(params),
        headers: { ...formType, host: 'internal:8080', 'x-twilio-signature': signature },
      });
      expect((await post(twilioSignature('http://internal:8080/api/sms/twilio/status', params))).statusCode).toBe(403);
      expect((await post(twilioSignature('https://khata.example.com/api/sms/twilio/status', params))).statusCode).toBe(200);
      expect(await smsRow(id, behindProxy)).toMatchObject({ status: 'delivered' });
    } finally {
      await behindProxy.close();
    }
  });

  it('queues an undelivered reminder for its retry, with Twilio\'s error code as the reason', async () => {
    const { id, provider_message_id: sid } = await sentReminder();
    const params = { MessageSid: sid!, MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await callback(params, twilioSignature(url, params))).statusCode).toBe(200);
    expect(await smsRow(id)).toMatchObject({ status: 'queued', attempts: 1, error: 'Twilio: undelivered (error 30003)' });
  });

  it('keeps a sent SMS sent on Twilio\'s own queued and sent reports, and ignores an unknown status', async () => {
    const { id, provider_message_id: sid } = await sentReminder();
    for (const status of ['queued', 'sent', 'receiving']) {
      const params = { MessageSid: sid!, MessageStatus: status };
      expect((await callback(params, twilioSignature(url, params))).statusCode).toBe(200);
    }
    expect(await smsRow(id)).toMatchObject({ status: 'sent', error: null });
  });

  it('refuses a signed report without MessageSid and MessageStatus', async () => {
    const params = { MessageSid: twilioSid() };
    const response = await callback(params, twilioSignature(url, params));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'A delivery report needs MessageSid and MessageStatus', code: 'invalid_input', key: 'sms_callback_invalid', params: {},
    });
  });
});

describe('POST /api/sms/msg91/status/:token', () => {
  const notFound = { error: 'Not found', code: 'not_found', key: 'sms_callback_not_found', params: {} };
  let msg91: TestContext;
  let msg91Vendor: ReturnType<typeof scriptedVendor>;
  beforeAll(async () => {
    // MSG91's request id: 24 hexadecimal characters.
    msg91Vendor = scriptedVendor('msg91', () => randomUUID().replaceAll('-', '').slice(0, 24));
    msg91 = await createTestContext({ database: ctx.database, sms: msg91Vendor.provider });
  });
  afterAll(async () => { await msg91.close(); });
  const report = (token: string, payload: object | string, headers: Record<string, string> = {}) =>
    msg91.app.inject({ method: 'POST', url: `/api/sms/msg91/status/${token}`, payload, headers });

  it('answers 404 to a wrong or missing token, as if there were no such address, and changes nothing', async () => {
    const { id, provider_message_id: requestId } = await sentReminder(msg91);
    for (const token of ['wrong-token-0123456789', testMsg91WebhookToken.slice(0, -1), `${testMsg91WebhookToken}x`, 'x']) {
      const response = await report(token, { requestId: requestId!, status: '1', desc: 'DELIVERED' });
      expect({ token, status: response.statusCode, body: response.json() }).toEqual({ token, status: 404, body: notFound });
    }
    // Unreadable JSON is refused before any route runs, the same with or without the token.
    const unreadable = await report(testMsg91WebhookToken, 'not json', { 'content-type': 'application/json' });
    const unreadableWrong = await report('wrong-token-0123456789', 'not json', { 'content-type': 'application/json' });
    expect([unreadable.statusCode, unreadableWrong.statusCode]).toEqual([400, 400]);
    expect(unreadableWrong.body).toBe(unreadable.body);
    expect(await smsRow(id, msg91)).toMatchObject({ status: 'sent' });
  });

  it('records a delivery from the JSON webhook (version 3) with the right token', async () => {
    const { id, provider_message_id: requestId } = await sentReminder(msg91);
    const response = await report(testMsg91WebhookToken, {
      date: '2026-11-22 15:31:58', number: '919812345678', senderId: 'KHATAS', amount: '0.01', requestId: requestId!,
      INMSID: '0', CRQID: '0', credit: '1', userId: '27XXXX', campaignName: 'API', status: '1', desc: 'DELIVERED',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await smsRow(id, msg91)).toMatchObject({ status: 'delivered' });
  });

  it('records failures from the form-encoded webhook (version 2), several reports in one', async () => {
    const first = await sentReminder(msg91);
    const second = await sentReminder(msg91);
    const data = JSON.stringify([
      { senderId: 'KHATAS', requestId: first.provider_message_id, report: [
        { date: '2026-11-22 15:31:58', number: '919812345678', status: '17', desc: 'BLOCKED', failedReason: 'Blocked number' },
      ], userId: '27XXXX', campaignName: 'API' },
      { senderId: 'KHATAS', requestId: second.provider_message_id, report: [
        { date: '2026-11-22 15:31:59', number: '919812345679', status: '1', desc: 'DELIVERED', failedReason: '' },
      ], userId: '27XXXX', campaignName: 'API' },
    ]);
    const response = await report(testMsg91WebhookToken, form({ data }), formType);
    expect(response.statusCode, response.body).toBe(200);
    expect(await smsRow(first.id, msg91)).toMatchObject({ status: 'queued', attempts: 1, error: 'MSG91: Blocked number' });
    expect(await smsRow(second.id, msg91)).toMatchObject({ status: 'delivered' });
  });

  it('records the newer webhook\'s worded status', async () => {
    const { id, provider_message_id: requestId } = await sentReminder(msg91);
    expect((await report(testMsg91WebhookToken, { requestId: requestId!, status: 'Delivered', telNum: '919812345678' })).statusCode).toBe(200);
    expect(await smsRow(id, msg91)).toMatchObject({ status: 'delivered' });
  });

  it('answers 404 when MSG91 has no webhook token configured', async () => {
    const unconfigured = await createTestContext({ database: ctx.database, config: { msg91WebhookToken: undefined } });
    try {
      const response = await unconfigured.app.inject({
        method: 'POST', url: `/api/sms/msg91/status/${testMsg91WebhookToken}`, payload: { requestId: 'x', status: '1' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('GET /api/admin/sms-usage', () => {
  it('counts SMS per India day and by purpose, and names the shops sending most SMS', async () => {
    const usageVendor = scriptedVendor('twilio', twilioSid);
    const usage = await createTestContext({ sms: usageVendor.provider });
    try {
      const sms = usage.app.services.sms;
      // The shops and their sign-up OTPs are from long before the period.
      usage.clock.set(new Date('2026-10-01T06:00:00Z'));
      const shopA = await paymentSetup(usage);
      const shopB = await paymentSetup(usage);
      for (const shop of [shopA, shopB]) expect((await shop.pay((await shop.generate()).qrData, { amount: '500' })).statusCode).toBe(201);

      // 20 November (India): three reminders of shop A sent, two delivered; one OTP sent.
      usage.clock.set(new Date('2026-11-20T06:00:00Z'));
      const a = [await sentReminder(usage, shopA), await sentReminder(usage, shopA), await sentReminder(usage, shopA)];
      for (const sent of a.slice(0, 2)) await sms.recordDelivery('twilio', sent.provider_message_id!, 'delivered');
      await sms.sendOtp('+919812399001', '123456', 'en');

      // 22 November: an OTP and a reminder of shop B fail (the reminder after its retry);
      // another of B's is sent, and one of A's waits in the queue.
      usage.clock.set(new Date('2026-11-22T05:00:00Z'));
      usageVendor.state.refusal = 'twilio answered 503';
      await expect(sms.sendOtp('+919812399002', '654321', 'en')).rejects.toMatchObject({ key: 'sms_unavailable' });
      const failed = await sentReminder(usage, shopB);
      await sms.drain();
      expect(await smsRow(failed.id, usage)).toMatchObject({ status: 'failed', attempts: 2 });
      usageVendor.state.refusal = null;
      await sentReminder(usage, shopB);
      // Shop B's invitation, queued and sent as reminders are.
      await usage.database.db.transaction((tx) => sms.enqueueInvite(tx, {
        businessId: shopB.shop.businessId, to: shopB.customer.phoneNumber, language: 'en',
        variables: { shop: 'Kumar Kirana', limit: 'Rs 1.00', link: 'http://localhost:5000/i/AbCdE12345' },
      }));
      expect(await sms.drain()).toBe(1);
      await usage.database.db.transaction((tx) => sms.enqueueReminder(tx, {
        businessId: shopA.shop.businessId, creditAccountId: shopA.accountId, batchId: null, kind: 'bulk', dedupeKey: 'bulk:waiting',
        to: shopA.customer.phoneNumber, language: 'en',
        variables: { shop: 'Kumar Kirana', owed: '₹1.00', overdue: '₹1.00', due_date: '1 Dec 2026', link: 'http://localhost:5000/r/Waiting123' },
      }));

      // Shop B's invitation and its two codes (a charge, a sign-up) count with reminders and OTPs, and as B's SMS.
      const atOnce = { to: shopB.customer.phoneNumber, language: 'en' } as const;
      await sms.sendNow({ ...atOnce, template: 'charge', variables: { shop: 'Kumar Kirana', amount: 'Rs 1.00', fee: 'Rs 0.00', total: 'Rs 1.00', otp: '123456' } },
        { purpose: 'charge', businessId: shopB.shop.businessId, secret: '123456' });
      await sms.sendNow({ ...atOnce, template: 'enrol', variables: { shop: 'Kumar Kirana', limit: 'Rs 1.00', otp: '654321' } },
        { purpose: 'enrol', businessId: shopB.shop.businessId, secret: '654321' });

      usage.clock.set(new Date('2026-11-22T10:00:00Z'));
      const admin = bearer(await adminToken(usage));
      const week = await usage.app.inject({ method: 'GET', url: '/api/admin/sms-usage?days=7', headers: admin });
      expect(week.statusCode, week.body).toBe(200);
      const zero = (date: string) => ({ date, sent: 0, delivered: 0, failed: 0 });
      expect(week.json()).toEqual({
        days: 7, from: '2026-11-16', to: '2026-11-22',
        daily: [
          zero('2026-11-16'), zero('2026-11-17'), zero('2026-11-18'), zero('2026-11-19'),
          { date: '2026-11-20', sent: 4, delivered: 2, failed: 0 },
          zero('2026-11-21'),
          { date: '2026-11-22', sent: 4, delivered: 0, failed: 2 },
        ],
        // The admin's sign-in sent no SMS. One-time codes count with OTPs, an invitation with reminders.
        totals: { otp: 4, reminders: 7, failed: 2 },
        topShops: [
          { businessId: shopB.shop.businessId, businessName: 'Kumar Kirana', sent: 4 },
          { businessId: shopA.shop.businessId, businessName: 'Kumar Kirana', sent: 3 },
        ],
      });

      const month = (await usage.app.inject({ method: 'GET', url: '/api/admin/sms-usage', headers: admin })).json();
      expect({ days: month.days, from: month.from, length: month.daily.length, totals: month.totals })
        .toEqual({ days: 30, from: '2026-10-24', length: 30, totals: { otp: 4, reminders: 7, failed: 2 } });
      // 90 days reach back to the sign-ups' OTPs.
      const quarter = (await usage.app.inject({ method: 'GET', url: '/api/admin/sms-usage?days=90', headers: admin })).json();
      expect(quarter.daily).toHaveLength(90);
      expect(quarter.totals.otp).toBeGreaterThan(2);

      const refused = await usage.app.inject({ method: 'GET', url: '/api/admin/sms-usage?days=5', headers: admin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'days must be 7, 30 or 90', code: 'invalid_input', key: 'analytics_days', params: {} });
      const signedIn = await usage.app.inject({
        method: 'POST', url: '/api/auth/business/login', payload: { email: shopA.shop.email, pin: shopA.shop.pin },
      });
      const merchant = await usage.app.inject({
        method: 'GET', url: '/api/admin/sms-usage', headers: bearer(signedIn.json().sessionToken as string),
      });
      expect(merchant.statusCode).toBe(403);
    } finally {
      await usage.close();
    }
  });
});
