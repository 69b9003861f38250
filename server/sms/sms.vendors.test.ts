/**
 * The whole path against the vendors' fakes: OTPs and reminders sent through the vendors the
 * configuration names (Twilio, MSG91 as its fallback, with their retries), their delivery
 * reports posted back to Khata's callbacks as each vendor posts them, and the outage.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rowsOf } from '../db/client';
import { createTestContext, paymentSetup, type TestContext } from '../test/context';
import type { Deliver } from '../test/fakes/fake-server';
import type { Msg91Fake } from '../test/fakes/msg91';
import type { TwilioFake } from '../test/fakes/twilio';
import { startVendorFakes, type VendorFakes } from '../test/fakes/vendors';
import { providerFromConfig } from './providers';

const publicUrl = 'https://khata.example.com';
const webhookToken = 'msg91-webhook-token-for-the-fakes';

let fakes: VendorFakes | undefined;
let twilio: TwilioFake;
let msg91: Msg91Fake;
let ctx: TestContext;
let setup: Awaited<ReturnType<typeof paymentSetup>>;
let keys = 0;

beforeAll(async () => {
  fakes = await startVendorFakes();
  ({ twilio, msg91 } = fakes);
  const config = loadConfig(fakes.env({ PUBLIC_URL: publicUrl, MSG91_WEBHOOK_TOKEN: webhookToken }));
  ctx = await createTestContext({
    sms: providerFromConfig(config, { sleep: async () => {} }),
    config: { publicUrl, twilioAuthToken: config.twilioAuthToken, msg91WebhookToken: config.msg91WebhookToken },
  });
  setup = await paymentSetup(ctx);
  // A reminder goes only while something is owed.
  expect((await setup.pay((await setup.generate()).qrData, { amount: '500' })).statusCode).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await fakes?.close();
});

/** Hands a vendor's callback to the app as the vendor would post it to PUBLIC_URL. */
const deliver: Deliver = async ({ url, headers, body }) => {
  const response = await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
  return { status: response.statusCode, body: response.body };
};

async function queueReminder() {
  keys += 1;
  return (await ctx.database.db.transaction((tx) => ctx.app.services.sms.enqueueReminder(tx, {
    businessId: setup.shop.businessId, creditAccountId: setup.accountId, batchId: null, kind: 'overdue',
    dedupeKey: `overdue:vendors-${keys}`, to: setup.customer.phoneNumber, language: 'hi',
    variables: { shop: 'Kumar Kirana', owed: '₹1,200.00', overdue: '₹500.00', due_date: '25 नव॰ 2026', link: `${publicUrl}/r/AbCdE1234${keys % 10}` },
  })))!;
}

async function smsRow(where: ReturnType<typeof sql>) {
  const [row] = rowsOf<{ id: string; status: string; provider: string; provider_message_id: string; attempts: number; error: string | null }>(
    await ctx.database.db.execute(sql`select * from sms_messages where ${where} order by created_at desc limit 1`));
  return row!;
}

describe('through Twilio', () => {
  it('sends an OTP, never returning its code, and records Twilio\'s delivery report', async () => {
    const phoneNumber = '+919812377001';
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, expiresInSeconds: 300 });
    const message = twilio.messages.at(-1)!;
    const code = ctx.sentCodes.get(phoneNumber)!.at(-1)!;
    expect(message.form).toMatchObject({ To: phoneNumber, Body: `${code} is your Khata verification code. It expires in 5 minutes.` });
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp: code, purpose: 'registration' } });
    expect(verified.statusCode).toBe(200);

    expect(await twilio.sendStatus(message.sid, 'delivered', { deliver })).toEqual({ status: 200, body: '{"success":true}' });
    expect(await smsRow(sql`to_phone = ${phoneNumber}`)).toMatchObject({
      status: 'delivered', provider: 'twilio', provider_message_id: message.sid,
    });
  });

  it('refuses a forged status report, and retries a reminder Twilio could not deliver', async () => {
    const id = await queueReminder();
    expect(await ctx.app.services.sms.drain()).toBe(1);
    const first = twilio.messages.at(-1)!;
    expect(first.form.Body).toContain('Kumar Kirana: आपके Khata खाते पर ₹1,200.00 बकाया है');
    expect(first.form.StatusCallback).toBe(`${publicUrl}/api/sms/twilio/status`);

    const forged = await twilio.sendStatus(first.sid, 'delivered', { deliver, authToken: 'not-the-auth-token' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ error: 'The delivery report signature is not valid' });
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'sent', attempts: 1 });

    expect((await twilio.sendStatus(first.sid, 'undelivered', { deliver })).status).toBe(200);
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'queued', error: 'Twilio: undelivered (error 30003)' });
    expect(await ctx.app.services.sms.drain()).toBe(1);
    const second = twilio.messages.at(-1)!;
    expect(second.sid).not.toBe(first.sid);
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: second.sid });
  });
});

describe('through MSG91, the fallback', () => {
  it('sends a reminder with the Hindi flow when Twilio is down, and records MSG91\'s delivery reports', async () => {
    twilio.failNext(3, 500);
    const id = await queueReminder();
    expect(await ctx.app.services.sms.drain()).toBe(1);
    const request = msg91.requests.at(-1)!;
    expect(request.body.template_id).toBe('reminder-hi');
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'sent', provider: 'msg91', provider_message_id: request.requestId });

    const url = `${publicUrl}/api/sms/msg91/status/${webhookToken}`;
    expect(await msg91.report(request.requestId, 'blocked', { url, deliver })).toEqual({ status: 200, body: '{"success":true}' });
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'queued', error: 'MSG91: BLOCKED' });
    expect(await ctx.app.services.sms.drain()).toBe(1);
    // Twilio is back: the retry goes to it, and MSG91's late report about its own try changes nothing.
    expect(await msg91.report(request.requestId, 'delivered', { url, deliver })).toEqual({ status: 200, body: '{"success":true}' });
    expect(await smsRow(sql`id = ${id}`)).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 2 });

    const wrongToken = await msg91.report(request.requestId, 'delivered', { url: `${publicUrl}/api/sms/msg91/status/guessed-token-0123`, deliver });
    expect(wrongToken.status).toBe(404);
  });
});

describe('messages for a shop', () => {
  /** Invites, then waits for the drain the answer started (a drain waits for the running one). */
  async function invite(phoneNumber: string, language: string) {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/business/invitations', headers: { authorization: `Bearer ${setup.shop.token}` },
      payload: { name: 'Meena Devi', phoneNumber, creditLimit: '500', language },
    });
    await ctx.app.services.sms.drain();
    return response;
  }

  it('sends an invitation through Twilio as its text, and through MSG91\'s invitation flow when Twilio is down', async () => {
    const first = await invite('+919812377011', 'en');
    expect(first.statusCode, first.body).toBe(201);
    expect(twilio.messages.at(-1)!.form).toMatchObject({
      To: '+919812377011',
      Body: `Kumar Kirana offers you a Khata credit account with a limit of Rs 500.00. Accept or refuse: ${first.json().invitation.link}`,
    });
    twilio.failNext(3, 500);
    const second = await invite('+919812377012', 'ta');
    expect(second.statusCode, second.body).toBe(201);
    expect(msg91.requests.at(-1)!.body).toMatchObject({
      template_id: 'invite-ta',
      recipients: [{ mobiles: '919812377012', shop: 'Kumar Kirana', limit: '₹500.00', link: second.json().invitation.link }],
    });
    expect(await smsRow(sql`to_phone = '+919812377012'`)).toMatchObject({ status: 'sent', provider: 'msg91' });
  });

  it('sends a charge code through MSG91\'s charge flow, the code a variable there and nowhere in the record', async () => {
    twilio.failNext(3, 500);
    const phone = '+919812377013';
    await ctx.app.services.sms.sendNow({
      to: phone, language: 'hi', template: 'charge',
      variables: { shop: 'Kumar Kirana', amount: '₹100.00', fee: '₹2.00', total: '₹102.00', otp: '604172' },
    }, { purpose: 'charge', businessId: setup.shop.businessId, secret: '604172' });
    expect(msg91.requests.at(-1)!.body).toMatchObject({ template_id: 'charge-hi', recipients: [{ mobiles: '919812377013', otp: '604172' }] });
    const [row] = rowsOf<Record<string, unknown>>(await ctx.database.db.execute(sql`select * from sms_messages where to_phone = ${phone}`));
    expect(row).toMatchObject({ purpose: 'charge', status: 'sent', provider: 'msg91', variables: null });
    expect(JSON.stringify(row)).not.toContain('604172');
  });
});

describe('when both vendors are down', () => {
  it('answers the OTP send 503 with Retry-After, and a send right after goes through', async () => {
    twilio.failNext(3, 503);
    msg91.failNext(3, 500);
    const phoneNumber = '+919812377002';
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
    const refused = await send();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      error: 'We could not send the SMS just now. Please try again in a minute.', code: 'sms_unavailable', key: 'sms_unavailable', params: {},
    });
    const failed = await smsRow(sql`to_phone = ${phoneNumber}`);
    expect(failed).toMatchObject({ status: 'failed', provider: 'twilio,msg91' });
    expect(failed.error).toMatch(/^every SMS vendor failed: twilio answered 503/);

    expect((await send()).statusCode).toBe(200);
    expect(twilio.messages.at(-1)!.form.To).toBe(phoneNumber);
  });
});
