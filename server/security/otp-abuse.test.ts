/**
 * OTP abuse (docs/security.md, threat 3): codes and proofs that must not work, send limits
 * that must hold per phone across purposes and per address, and the uniformity of the
 * codes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { otpSendsPerAddressPerMinuteMax } from '@common/limits';
import { newOtpCode } from '../features/otp/otp.service';
import { cookieFrom, createTestContext, newPhone, registerCustomer, type TestContext } from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

type Purpose = 'registration' | 'pin_reset';
const send = (phoneNumber: string, purpose: Purpose = 'registration') =>
  ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose } });
const verify = (phoneNumber: string, otp: string, purpose: Purpose = 'registration') =>
  ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose } });
const register = (phoneNumber: string, proof?: string) => ctx.app.inject({
  method: 'POST', url: '/api/auth/customer/register', payload: { phoneNumber, name: 'Mallory', pin: '4826' },
  cookies: proof ? { otp_proof: proof } : {},
});
const resetPin = (phoneNumber: string, proof: string) => ctx.app.inject({
  method: 'POST', url: '/api/auth/reset-pin', payload: { phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' },
  cookies: { otp_proof: proof },
});
const otherCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
const userCount = async (phone: string) => rowsOf<{ n: number }>(await ctx.database.db.execute(
  sql`select count(*)::int as n from users where phone = ${phone}`))[0]!.n;

async function sentCode(phoneNumber: string, purpose: Purpose = 'registration'): Promise<string> {
  const response = await send(phoneNumber, purpose);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().developmentOtp as string;
}

async function proofFor(phoneNumber: string, purpose: Purpose = 'registration'): Promise<string> {
  const verified = await verify(phoneNumber, await sentCode(phoneNumber, purpose), purpose);
  expect(verified.statusCode).toBe(200);
  return cookieFrom(verified, 'otp_proof')!;
}

let refusals = 0;
afterAll(() => { console.log(`OTP abuse: ${refusals} abusive codes, proofs and sends refused, 0 accepted`); });

describe('codes that must not verify', () => {
  it('refuses a code at its 5-minute expiry, though it works a second before', async () => {
    const early = newPhone();
    const earlyCode = await sentCode(early);
    const late = newPhone();
    const lateCode = await sentCode(late);
    ctx.clock.advance(299);
    expect((await verify(early, earlyCode)).statusCode).toBe(200);
    ctx.clock.advance(1);
    const expired = await verify(late, lateCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('otp_expired');
    refusals += 1;
  });

  it('refuses a code used once already, for either purpose', async () => {
    for (const purpose of ['registration', 'pin_reset'] as const) {
      const phone = newPhone();
      const code = await sentCode(phone, purpose);
      expect((await verify(phone, code, purpose)).statusCode).toBe(200);
      const again = await verify(phone, code, purpose);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('otp_expired');
      refusals += 1;
    }
  });

  it('refuses the right code on the 6th attempt after 5 wrong ones', async () => {
    const phone = newPhone();
    const code = await sentCode(phone, 'pin_reset');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(phone, otherCode(code), 'pin_reset')).json().code);
    expect(answers).toEqual(['otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_attempts_exceeded']);
    const sixth = await verify(phone, code, 'pin_reset');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('otp_attempts_exceeded');
    refusals += 6;
  });

  it('lets only 5 of 50 concurrent guesses be tried, and the right code after them is refused', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verify(phone, guess)));
    expect(answers.filter((a) => a.json().code === 'otp_invalid')).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(46);
    expect((await verify(phone, code)).statusCode).toBe(429);
    refusals += 51;
  });

  it("refuses a code sent to another phone, even while that phone has a code of its own", async () => {
    const victim = newPhone();
    const attacker = newPhone();
    const attackerCode = await sentCode(attacker);
    const noCode = await verify(victim, attackerCode);
    expect(noCode.statusCode).toBe(400);
    const victimCode = await sentCode(victim);
    if (victimCode !== attackerCode) {
      const response = await verify(victim, attackerCode);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('otp_invalid');
    }
    expect((await verify(victim, victimCode)).statusCode).toBe(200);
    refusals += 2;
  });

  it('refuses a code sent for one purpose when verified for the other', async () => {
    const phone = newPhone();
    const registrationCode = await sentCode(phone, 'registration');
    const crossed = await verify(phone, registrationCode, 'pin_reset');
    expect(crossed.statusCode).toBe(400);
    ctx.clock.advance(31);
    const resetCode = await sentCode(phone, 'pin_reset');
    if (resetCode !== registrationCode) {
      expect((await verify(phone, registrationCode, 'pin_reset')).json().code).toBe('otp_invalid');
      expect((await verify(phone, resetCode, 'registration')).json().code).toBe('otp_invalid');
    }
    expect((await verify(phone, resetCode, 'pin_reset')).statusCode).toBe(200);
    expect((await verify(phone, registrationCode, 'registration')).statusCode).toBe(200);
    refusals += 3;
  });

  it('gives one proof for 20 concurrent verifications of the right code', async () => {
    const phone = newPhone();
    const code = await sentCode(phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(phone, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    refusals += 19;
  });
});

describe('proofs that must not register or reset', () => {
  it('refuses registration without the proof cookie, with a made-up one, and with one for another phone', async () => {
    const phone = newPhone();
    expect((await register(phone)).json().code).toBe('otp_proof_missing');
    expect((await register(phone, 'A'.repeat(43))).json().code).toBe('otp_proof_missing');
    const othersProof = await proofFor(newPhone());
    expect((await register(phone, othersProof)).json().code).toBe('otp_proof_missing');
    expect(await userCount(phone)).toBe(0);
    refusals += 3;
  });

  it('refuses a pin_reset proof at registration and a registration proof at reset', async () => {
    const phone = newPhone();
    const resetProof = await proofFor(phone, 'pin_reset');
    const registered = await register(phone, resetProof);
    expect(registered.statusCode).toBe(400);
    expect(registered.json().code).toBe('otp_proof_missing');
    expect(await userCount(phone)).toBe(0);

    const customer = await registerCustomer(ctx);
    ctx.clock.advance(31);
    const registrationProof = await proofFor(customer.phoneNumber, 'registration');
    const reset = await resetPin(customer.phoneNumber, registrationProof);
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('otp_proof_missing');
    refusals += 2;
  });

  it('refuses a proof used once, and one older than 15 minutes', async () => {
    const phone = newPhone();
    const proof = await proofFor(phone);
    expect((await register(phone, proof)).statusCode).toBe(201);
    const second = newPhone();
    const reused = await register(second, proof);
    expect(reused.json().code).toBe('otp_proof_missing');

    const stale = newPhone();
    const staleProof = await proofFor(stale);
    ctx.clock.advance(15 * 60);
    expect((await register(stale, staleProof)).json().code).toBe('otp_proof_missing');
    expect(await userCount(stale)).toBe(0);
    refusals += 2;
  });
});

describe('send limits per phone, whatever the purpose', () => {
  it('refuses a resend inside 30 seconds, also for the other purpose', async () => {
    const phone = newPhone();
    await sentCode(phone, 'registration');
    ctx.clock.advance(29);
    for (const purpose of ['registration', 'pin_reset'] as const) {
      const response = await send(phone, purpose);
      expect(response.statusCode, purpose).toBe(429);
      expect(response.json().code).toBe('otp_resend_too_soon');
      refusals += 1;
    }
    ctx.clock.advance(1);
    expect((await send(phone, 'pin_reset')).statusCode).toBe(200);
  });

  it('refuses a 6th send inside an hour, counting both purposes, and allows it an hour later', async () => {
    const phone = newPhone();
    const purposes: Purpose[] = ['registration', 'pin_reset', 'registration', 'pin_reset', 'registration'];
    for (const purpose of purposes) {
      expect((await send(phone, purpose)).statusCode).toBe(200);
      ctx.clock.advance(31);
    }
    for (const purpose of ['pin_reset', 'registration'] as const) {
      const sixth = await send(phone, purpose);
      expect(sixth.statusCode, purpose).toBe(429);
      expect(sixth.json().code).toBe('otp_hourly_limit');
      refusals += 1;
    }
    ctx.clock.advance(3600 - 5 * 31 + 1);
    expect((await send(phone, 'pin_reset')).statusCode).toBe(200);
  });

  it('sends one SMS for 20 concurrent requests for one phone', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(phone, i % 2 ? 'pin_reset' : 'registration')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(19);
    expect(ctx.sentCodes.get(phone)).toHaveLength(1);
    refusals += 19;
  });
});

describe('sends from one address', () => {
  it(`lets at most ${otpSendsPerAddressPerMinuteMax} a minute of 1,000 sends reach the database, one after another or in bursts`, async () => {
    const limited = await createTestContext({ database: ctx.database, config: { rateLimitPerMinute: 1200 } });
    const sendFrom = (remoteAddress: string, phoneNumber: string) => limited.app.inject({
      method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' }, remoteAddress,
    });
    const storedFor = async (phones: string[]) => rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from otp_codes where phone in ${phones}`))[0]!.n;
    try {
      // One after another: the per-address limit (60 a minute, per process) lets exactly the first 60 through.
      const phones = Array.from({ length: 1000 }, () => newPhone());
      const startedAt = Date.now();
      const statuses: number[] = [];
      for (const phone of phones) statuses.push((await sendFrom('203.0.113.7', phone)).statusCode);
      const minutes = Math.max(1, Math.ceil((Date.now() - startedAt) / 60_000));
      const stored = await storedFor(phones);
      const accepted = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(stored).toBe(accepted);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThanOrEqual(otpSendsPerAddressPerMinuteMax * minutes);

      // In bursts of 200 at once from another address: never more than 60 either.
      const burstPhones = Array.from({ length: 1000 }, () => newPhone());
      for (let i = 0; i < burstPhones.length; i += 200) {
        const answers = await Promise.all(burstPhones.slice(i, i + 200).map((phone) => sendFrom('203.0.113.8', phone)));
        expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 429)).toEqual([]);
      }
      const burstStored = await storedFor(burstPhones);
      expect(burstStored).toBeLessThanOrEqual(otpSendsPerAddressPerMinuteMax * minutes);
      console.log(`OTP abuse: 1,000 sends from one address → ${stored} reached the database; 1,000 in bursts of 200 → ${burstStored} (limit ${otpSendsPerAddressPerMinuteMax} a minute)`);
      refusals += 2000 - stored - burstStored;

      // A third address is not held back by the others' limits.
      expect((await sendFrom('198.51.100.9', newPhone())).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('code uniformity', () => {
  it('draws each of the 6 digit positions uniformly (chi-square over 100,000 codes, α = 1e-6)', () => {
    const draws = 100_000;
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    const seen = new Set<string>();
    for (let i = 0; i < draws; i++) {
      const code = newOtpCode();
      expect(code).toMatch(/^\d{6}$/);
      for (let position = 0; position < 6; position++) counts[position]![code.charCodeAt(position) - 48]! += 1;
      if (i < 1000) seen.add(code);
    }
    // The upper 1e-6 quantile of chi-square with 9 degrees of freedom: Q(4.5, x/2) = 1e-6 at
    // x = 44.81 (computed from the regularized incomplete gamma function; 48.0 would be α ≈ 2.6e-7).
    const critical = 44.81;
    const expected = draws / 10;
    const statistics = counts.map((row) => row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0));
    console.log(`OTP uniformity: chi-square per position over ${draws} codes = ${statistics.map((x) => x.toFixed(1)).join(', ')} (critical ${critical} at α = 1e-6, 9 df)`);
    for (const statistic of statistics) expect(statistic).toBeLessThan(critical);
    // A birthday check on the first 1,000: collisions are expected ~0.5 times in 10⁶ codes, so at most a few.
    expect(seen.size).toBeGreaterThan(995);
  });
});
