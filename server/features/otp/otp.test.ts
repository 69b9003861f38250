import { createHmac, hkdfSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otpSendsPerHourMax } from '@common/limits';
import { rowsOf } from '../../db/client';
import { SmsSendError, type SmsProvider } from '../../sms/provider';
import { resilientSmsProvider } from '../../sms/resilient';
import { cookieFrom, createTestContext, newPhone, type TestContext } from '../../test/context';
import { deriveOtpKey } from './otp.service';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const send = (phoneNumber: string, purpose = 'registration') =>
  ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose } });
const verify = (phoneNumber: string, otp: string, purpose = 'registration') =>
  ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose } });
const lastCode = (phone: string) => ctx.sentCodes.get(phone)!.at(-1)!;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/otp/send', () => {
  it('sends a 6-digit code and returns it only because the development provider is in use', async () => {
    const phone = newPhone();
    const response = await send(phone);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, expiresInSeconds: 300, developmentOtp: lastCode(phone) });
    expect(body.developmentOtp).toMatch(/^\d{6}$/);
  });

  it('stores the code hashed, never in clear', async () => {
    const phone = newPhone();
    await send(phone);
    const rows = rowsOf<{ code_hash: string }>(await ctx.database.db.execute(
      sql`select code_hash from otp_codes where phone = ${phone}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(lastCode(phone));
  });

  it('keys the code HMAC with a key derived from the pepper by HKDF, never the pepper itself', async () => {
    const pepper = Buffer.from('otp-key-test-pepper-0123456789abcdefghij', 'utf8');
    const keyed = await createTestContext({ database: ctx.database, config: { pinPeppers: new Map([[1, pepper]]), pinKeyVersion: 1 } });
    try {
      const phone = newPhone();
      expect((await keyed.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone, purpose: 'registration' } })).statusCode).toBe(200);
      const code = keyed.sentCodes.get(phone)!.at(-1)!;
      const [row] = rowsOf<{ code_hash: string }>(await ctx.database.db.execute(
        sql`select code_hash from otp_codes where phone = ${phone}`));
      const message = `otp:${phone}:registration:${code}`;
      const otpKey = deriveOtpKey(pepper);
      expect(otpKey).toHaveLength(32);
      expect(otpKey.equals(pepper)).toBe(false);
      expect(otpKey).toEqual(Buffer.from(hkdfSync('sha256', pepper, 'khata', 'khata otp v1', 32)));
      expect(row!.code_hash).not.toBe(createHmac('sha256', pepper).update(message).digest('hex'));
      expect(row!.code_hash).toBe(createHmac('sha256', otpKey).update(message).digest('hex'));
      expect((await keyed.app.inject({
        method: 'POST', url: '/api/otp/verify', payload: { phoneNumber: phone, otp: code, purpose: 'registration' },
      })).statusCode).toBe(200);
    } finally {
      await keyed.close();
    }
  });

  it.each([
    ['a 9-digit number', '+91987654321'],
    ['a number without +91', '9876543210'],
    ['a number starting with 5', '+915876543210'],
    ['letters', '+91abcdefghij'],
  ])('refuses %s with 400 and writes nothing', async (_label, phoneNumber) => {
    const response = await send(phoneNumber);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Phone number must be +91 followed by a 10-digit mobile number', code: 'invalid_input', key: 'phone_format', params: {},
    });
    const rows = rowsOf(await ctx.database.db.execute(sql`select 1 from otp_codes where phone = ${phoneNumber}`));
    expect(rows).toHaveLength(0);
  });

  it('refuses an unknown purpose', async () => {
    const response = await send(newPhone(), 'payment');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_input');
  });

  it('refuses a resend within 30 seconds and allows it after', async () => {
    const phone = newPhone();
    expect((await send(phone)).statusCode).toBe(200);
    ctx.clock.advance(29);
    const tooSoon = await send(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      error: 'Please wait 1 second before requesting another OTP.', code: 'otp_resend_too_soon', key: 'otp_resend_too_soon', params: { waitSeconds: 1 },
    });
    ctx.clock.advance(1);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('allows 5 sends per phone per hour and refuses the 6th', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).statusCode).toBe(200);
      ctx.clock.advance(31);
    }
    const sixth = await send(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'Too many OTP requests for this number. Please try again in an hour.', code: 'otp_hourly_limit', key: 'otp_hourly_limit', params: {},
    });
    ctx.clock.advance(3600);
    expect((await send(phone)).statusCode).toBe(200);
  });
});

describe('POST /api/otp/verify', () => {
  it('verifies the right code and sets a single-use HttpOnly SameSite=Strict proof cookie', async () => {
    const phone = newPhone();
    await send(phone);
    const response = await verify(phone, lastCode(phone));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, verified: true });
    const cookie = response.cookies.find((c) => c.name === 'otp_proof')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.maxAge).toBe(900);
  });

  it('refuses a code that was already used', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode(phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'This OTP has expired or was never sent. Please request a new one.', code: 'otp_expired', key: 'otp_expired', params: {},
    });
  });

  it('refuses an expired code after 5 minutes', async () => {
    const phone = newPhone();
    await send(phone);
    ctx.clock.advance(300);
    const response = await verify(phone, lastCode(phone));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('otp_expired');
  });

  it('counts wrong codes and refuses even the right one after 5 wrong tries', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode(phone);
    for (let left = 4; left >= 1; left--) {
      const wrong = await verify(phone, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: `Incorrect OTP. ${left} attempt${left === 1 ? '' : 's'} left.`, code: 'otp_invalid', key: 'otp_invalid', params: { attemptsLeft: left },
      });
    }
    const fifth = await verify(phone, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      error: 'Too many wrong attempts. Please request a new OTP.', code: 'otp_attempts_exceeded', key: 'otp_attempts_exceeded', params: {},
    });
    const sixth = await verify(phone, code);
    expect(sixth.statusCode).toBe(429);
    expect(cookieFrom(sixth, 'otp_proof')).toBeUndefined();
  });

  it('refuses a code sent to another phone', async () => {
    const phone = newPhone();
    await send(phone);
    const response = await verify(newPhone(), lastCode(phone));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('otp_expired');
  });

  it('accepts only the newest code once a new one was sent', async () => {
    const phone = newPhone();
    await send(phone);
    const first = lastCode(phone);
    ctx.clock.advance(30);
    await send(phone);
    const second = lastCode(phone);
    if (first !== second) expect((await verify(phone, first)).statusCode).toBe(400);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it('refuses a malformed code without counting it', async () => {
    const phone = newPhone();
    await send(phone);
    const response = await verify(phone, '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'OTP must be exactly 6 digits', code: 'invalid_input', key: 'otp_format', params: {} });
    expect((await verify(phone, lastCode(phone))).statusCode).toBe(200);
  });
});

describe('POST /api/otp/send when the SMS vendors fail', () => {
  const unavailable = {
    error: 'We could not send the SMS just now. Please try again in a minute.', code: 'sms_unavailable', key: 'sms_unavailable', params: {},
  };
  const logLines: string[] = [];
  const logStream = { write(chunk: string) { logLines.push(chunk); } };
  const state = { down: false, delayMs: 0, tries: 0, taken: 0 };
  let outage: TestContext;

  /**
   * A real vendor's failure: a 503 whose words echo the message (as a careless gateway may),
   * so the test sees the code kept out of every log and record.
   */
  const vendor = (name: string): SmsProvider => ({
    name,
    async send(message) {
      state.tries += 1;
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.down) throw new SmsSendError(`${name} answered 503 (cannot send "${message.variables.otp}" now)`, true, name);
      state.taken += 1;
      return { provider: name, providerMessageId: `${name}-${state.taken}` };
    },
  });

  beforeAll(async () => {
    // Twilio, then MSG91 as the fallback, each retried as in production (without the waits).
    const sms = resilientSmsProvider({ primary: vendor('twilio'), fallback: vendor('msg91'), sleep: async () => {} });
    outage = await createTestContext({ database: ctx.database, sms, logger: { level: 'trace', stream: logStream } });
  });
  afterAll(async () => { await outage.close(); });
  beforeEach(() => { Object.assign(state, { down: false, delayMs: 0, tries: 0, taken: 0 }); });

  const sendVia = (phoneNumber: string) =>
    outage.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
  const verifyVia = (phoneNumber: string, otp: string) =>
    outage.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose: 'registration' } });
  const codesOf = (phone: string) => outage.sentCodes.get(phone) ?? [];

  it('answers 503 with Retry-After and the clear text once every vendor and retry has failed, never 500', async () => {
    state.down = true;
    const response = await sendVia(newPhone());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual(unavailable);
    // Three tries at Twilio (a 503 is retried twice), then three at MSG91.
    expect(state.tries).toBe(6);
  });

  it('neither counts a failed send against the limits nor leaves a usable code', async () => {
    const phone = newPhone();
    state.down = true;
    for (let i = 0; i <= otpSendsPerHourMax; i++) expect((await sendVia(phone)).statusCode).toBe(503);
    expect(codesOf(phone)).toHaveLength(otpSendsPerHourMax + 1);
    for (const code of new Set(codesOf(phone))) {
      const refused = await verifyVia(phone, code);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('otp_expired');
    }
    expect(rowsOf(await ctx.database.db.execute(sql`select 1 from otp_codes where phone = ${phone}`))).toHaveLength(0);

    // Back up: a send goes at once, with no 30 s wait and no hourly limit reached.
    state.down = false;
    const sent = await sendVia(phone);
    expect(sent.statusCode).toBe(200);
    // Outside development the answer never carries the code.
    expect(sent.json()).toEqual({ success: true, expiresInSeconds: 300 });
    expect((await verifyVia(phone, codesOf(phone).at(-1)!)).statusCode).toBe(200);
  });

  it('keeps the code sent before usable when a resend fails', async () => {
    const phone = newPhone();
    expect((await sendVia(phone)).statusCode).toBe(200);
    const first = codesOf(phone).at(-1)!;
    outage.clock.advance(30);
    state.down = true;
    expect((await sendVia(phone)).statusCode).toBe(503);
    expect((await verifyVia(phone, first)).statusCode).toBe(200);
  });

  it('sends one SMS when two sends to a phone race, and refuses the other', async () => {
    const phone = newPhone();
    state.delayMs = 50;
    const responses = await Promise.all([sendVia(phone), sendVia(phone)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(state.taken).toBe(1);
    expect((await verifyVia(phone, codesOf(phone)[0]!)).statusCode).toBe(200);
  });

  it('puts no code in the log, the answer or the SMS records', async () => {
    logLines.length = 0;
    const phones = [newPhone(), newPhone()];
    expect((await sendVia(phones[0]!)).statusCode).toBe(200);
    state.down = true;
    const refused = await sendVia(phones[1]!);
    expect(refused.statusCode).toBe(503);
    const codes = phones.flatMap(codesOf);
    expect(codes).toHaveLength(2);
    const log = logLines.join('');
    // The log is there (one line per request), and holds neither code.
    expect(log).toContain('"statusCode":503');
    for (const code of codes) {
      expect(log).not.toContain(code);
      expect(refused.body).not.toContain(code);
    }
    const records = rowsOf<{ status: string; error: string | null; variables: unknown }>(await ctx.database.db.execute(
      sql`select status, error, variables from sms_messages where to_phone in ${phones} order by status desc`));
    expect(records.map((r) => [r.status, r.variables])).toEqual([['sent', null], ['failed', null]]);
    // The vendors' words are kept for the operator, with the echoed code cut out.
    expect(records[1]!.error).toMatch(/^every SMS vendor failed: twilio answered 503 \(cannot send "…" now\)/);
    expect(JSON.stringify(records)).not.toMatch(new RegExp(codes.join('|')));
  });
});
