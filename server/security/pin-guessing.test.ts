/**
 * PIN guessing (docs/security.md, threat 2 and "Who can lock whom"): a 4-digit PIN survives
 * only if guesses are counted wherever a PIN is typed and stop being evaluated once locked:
 * at most 10 per lock window for a customer across its two counters, 15 for a merchant,
 * whose counter device's exit has a third. A stranger who knows only the phone number fills
 * the anonymous sign-in counter and nothing else, so cannot stop the owner paying or
 * signing in on a device the owner already uses; wrong PINs at a shop's counter lock only
 * the counter's exit; a phone the owner signed out of counts as a stranger's. Also the ways
 * back in (OTP reset, admin unlock) under attack.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  adminToken, approvedBusiness, bearer, cookieFrom, createTestContext, enterCounter, newPhone, paymentSetup, registerBusiness,
  registerCustomer, type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: object, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, cookies });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
/** A sign-in; with a device token it comes from that device (its `device` cookie). */
const customerLogin = (phoneNumber: string, pin: string, deviceToken?: string) =>
  post('/api/auth/customer/login', { phoneNumber, pin }, {}, deviceToken ? { device: deviceToken } : {});

async function attemptsOf(key: string) {
  const rows = rowsOf<{ failures: number; lock_count: number }>(await ctx.database.db.execute(
    sql`select failures, lock_count from pin_attempts where key = ${key}`));
  return rows[0] ?? { failures: 0, lock_count: 0 };
}

/** Wrong PINs that are never the right one, and never a weak one (they are refused before evaluation). */
const wrongPin = (i: number, right: string) => {
  const pin = String(1000 + ((i * 7919) % 9000)).padStart(4, '0');
  return pin === right ? '9071' : pin;
};

type Outcome = 'evaluated' | 'locked';
/** Sign-in 401, payment or change-pin 403 pin_incorrect: the PIN was evaluated. 429: it was not. */
function outcomeOf(response: LightMyRequestResponse): Outcome {
  if (response.statusCode === 401 && response.json().code === 'invalid_credentials') return 'evaluated';
  if (response.statusCode === 403 && response.json().code === 'pin_incorrect') return 'evaluated';
  if (response.statusCode === 429 && response.json().code === 'account_locked') return 'locked';
  throw new Error(`unexpected answer to a wrong PIN: ${response.statusCode} ${response.body}`);
}

describe('10,000 wrong PINs against one customer over 24 hours', () => {
  it('evaluates at most 10 per lock window across both counters, whichever door the guesses come through', async () => {
    const setup = await paymentSetup(ctx, { limit: '50000' });
    const { customer } = setup;
    const code = await setup.generate({ expirationMinutes: 1440 });
    const sessions = await Promise.all(Array.from({ length: 20 }, async () =>
      (await customerLogin(customer.phoneNumber, customer.pin)).json().sessionToken as string));

    // 50 waves spread over a simulated day. Every guess is a real request with its own
    // database transaction, so the default run sends 2,000 (40 a wave) to stay quick;
    // KHATA_PIN_GUESSES=10000 sends as many as there are PINs (200 a wave). The number
    // evaluated depends on the lock windows, not on the count.
    const batches = 50;
    const total = Number(process.env.KHATA_PIN_GUESSES ?? 2000);
    const batchSize = Math.ceil(total / batches);
    const maxStepSeconds = (24 * 3600) / batches;
    const startedAt = ctx.clock().getTime();
    let evaluated = 0;
    let locked = 0;
    let sent = 0;
    for (let batch = 0; batch < batches; batch++) {
      const guesses = Array.from({ length: batchSize }, (_, j) => {
        const i = sent + j;
        const pin = wrongPin(i, customer.pin);
        const token = sessions[i % sessions.length]!;
        switch (i % 4) {
          case 0: return customerLogin(customer.phoneNumber, pin);
          case 1: return customerLogin(customer.phoneNumber, pin, customer.deviceToken);
          case 2: return setup.pay(code.qrData, { pin, amount: '1', token });
          default: return post('/api/customer/change-pin', { currentPin: pin, newPin: '6283', confirmPin: '6283' }, bearer(token));
        }
      });
      const answers = await Promise.all(guesses);
      sent += batchSize;
      let retryAfterMinutes = Infinity;
      for (const answer of answers) {
        if (outcomeOf(answer) === 'evaluated') evaluated += 1;
        else { locked += 1; retryAfterMinutes = Math.min(retryAfterMinutes, answer.json().retryAfterMinutes as number); }
      }
      // The attacker comes back the moment the lock lifts, or after its share of the day.
      ctx.clock.advance(Math.min(maxStepSeconds, retryAfterMinutes * 60));
    }
    const hours = (ctx.clock().getTime() - startedAt) / 3_600_000;
    const anonymous = await attemptsOf(`customer:${customer.phoneNumber}`);
    const own = await attemptsOf(`user:${customer.userId}`);
    console.log(`PIN guessing: ${sent} wrong PINs from ${sessions.length} sessions, a trusted device and anonymous sign-in over ${hours.toFixed(1)} h → ${evaluated} evaluated, ${locked} refused unevaluated; lock windows: ${anonymous.lock_count} anonymous, ${own.lock_count} own`);
    expect(evaluated + locked).toBe(sent);
    // Locks of 15, 30, 60, 120, 240, 480 and 960 minutes start within a day: 7 windows a counter.
    expect(anonymous.lock_count).toBeLessThanOrEqual(8);
    expect(own.lock_count).toBeLessThanOrEqual(8);
    expect(evaluated).toBe(5 * (anonymous.lock_count + own.lock_count) + anonymous.failures + own.failures);
    expect(evaluated).toBeLessThanOrEqual(80);
    // Nothing was charged and the PIN is unchanged.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/transactions/customer', headers: bearer(customer.token) })).json().transactions).toEqual([]);
  }, 300_000);
});

describe('sign-in answers reveal nothing about which accounts exist', () => {
  const roles = [
    {
      role: 'customer',
      make: async () => { const c = await registerCustomer(ctx); return { body: (pin: string) => ({ phoneNumber: c.phoneNumber, pin }), pin: c.pin }; },
      unknown: () => (pin: string) => ({ phoneNumber: newPhone(), pin }),
      url: '/api/auth/customer/login',
    },
    {
      role: 'business',
      make: async () => { const b = await registerBusiness(ctx); return { body: (pin: string) => ({ email: b.email, pin }), pin: b.pin }; },
      unknown: () => { const email = `nobody-${newPhone().slice(3)}@example.com`; return (pin: string) => ({ email, pin }); },
      url: '/api/auth/business/login',
    },
    {
      role: 'admin',
      make: async () => { await adminToken(ctx, 'probe-admin@khata.test'); return { body: (pin: string) => ({ email: 'probe-admin@khata.test', pin }), pin: '3971' }; },
      unknown: () => (pin: string) => ({ email: 'no-such-admin@khata.test', pin }),
      url: '/api/auth/admin/login',
    },
  ] as const;

  it.each(roles)('gives $role sign-in the same status and body, and the same lockout, for a real and an unknown account', async ({ make, unknown, url }) => {
    const real = await make();
    const unknownPhoneBody = unknown();
    // The unknown identifier must stay the same across attempts.
    const fixedUnknown = unknownPhoneBody('0000');
    const unknownBody = (pin: string) => ({ ...fixedUnknown, pin });
    const transcript = async (bodyFor: (pin: string) => object) => {
      const lines: string[] = [];
      for (const minutes of [15, 30]) {
        for (let i = 0; i < 6; i++) {
          const response = await post(url, bodyFor(wrongPin(i, real.pin)));
          lines.push(`${response.statusCode} ${response.body} retry-after=${response.headers['retry-after'] ?? '-'}`);
        }
        ctx.clock.advance(minutes * 60);
      }
      return lines;
    };
    const start = ctx.clock().getTime();
    const realLines = await transcript(real.body);
    ctx.clock.set(new Date(start));
    const unknownLines = await transcript(unknownBody);
    expect(unknownLines).toEqual(realLines);
    expect(realLines[0]).toMatch(/^401 /);
    expect(realLines[5]).toMatch(/^429 .*"retryAfterMinutes":15/);
    expect(realLines[11]).toMatch(/^429 .*"retryAfterMinutes":30/);
    ctx.clock.advance(45 * 60);
  });
});

describe('concurrent guesses', () => {
  it('evaluates no more than 10 of 100 concurrent wrong PINs through every door: 5 anonymous, 5 on the account', async () => {
    const setup = await paymentSetup(ctx);
    const code = await setup.generate({ expirationMinutes: 1440 });
    const { customer } = setup;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => {
      const pin = wrongPin(i, customer.pin);
      if (i % 4 === 0) return customerLogin(customer.phoneNumber, pin);
      if (i % 4 === 1) return customerLogin(customer.phoneNumber, pin, customer.deviceToken);
      if (i % 4 === 2) return setup.pay(code.qrData, { pin, amount: '1' });
      return post('/api/customer/change-pin', { currentPin: pin, newPin: '6283', confirmPin: '6283' }, bearer(customer.token));
    }));
    const evaluated = answers.filter((a) => outcomeOf(a) === 'evaluated').length;
    console.log(`PIN guessing: 100 concurrent wrong PINs → ${evaluated} evaluated before the locks held`);
    expect(evaluated).toBe(10);
    expect(await attemptsOf(`customer:${customer.phoneNumber}`)).toMatchObject({ lock_count: 1 });
    expect(await attemptsOf(`user:${customer.userId}`)).toMatchObject({ lock_count: 1 });
    expect((await customerLogin(customer.phoneNumber, customer.pin)).statusCode).toBe(429);
    expect((await customerLogin(customer.phoneNumber, customer.pin, customer.deviceToken)).statusCode).toBe(429);
    expect((await setup.pay(code.qrData, { amount: '1' })).statusCode).toBe(429);
  });

  it("evaluates no more than 15 of 150 concurrent wrong PINs at a merchant's doors: 5 anonymous, 5 own, 5 at the counter's exit", async () => {
    const shop = await approvedBusiness(ctx);
    const counterToken = await enterCounter(ctx, shop);
    const phone = (await post('/api/auth/business/login', { email: shop.email, pin: shop.pin }, {}, { device: shop.deviceToken })).json().sessionToken as string;
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => {
      const pin = wrongPin(i, shop.pin);
      switch (i % 6) {
        case 0: return post('/api/auth/business/login', { email: shop.email, pin });
        case 1: return post('/api/auth/business/login', { email: shop.email, pin }, {}, { device: shop.deviceToken });
        case 2: return post('/api/auth/change-pin', { currentPin: pin, newPin: '6283', confirmPin: '6283' }, bearer(phone));
        case 3: return post('/api/auth/confirm-pin', { pin }, bearer(phone));
        case 4: return post('/api/auth/counter/enter', { pin }, bearer(phone));
        default: return post('/api/auth/counter/exit', { pin }, bearer(counterToken));
      }
    }));
    const evaluated = answers.filter((a) => outcomeOf(a) === 'evaluated').length;
    console.log(`PIN guessing: 150 concurrent wrong PINs at a merchant's doors → ${evaluated} evaluated before the locks held`);
    expect(evaluated).toBe(15);
    for (const key of [`business:${shop.email}`, `user:${shop.userId}`, `counter:${shop.userId}`]) {
      expect(await attemptsOf(key)).toMatchObject({ lock_count: 1 });
    }
  });
});

describe('who can lock whom', () => {
  /** A stranger who knows only the phone number: wrong sign-ins from a device of their own. */
  const strangerLocks = async (phoneNumber: string) => {
    for (let i = 0; i < 6; i++) await customerLogin(phoneNumber, wrongPin(i, '0000'));
    expect((await customerLogin(phoneNumber, wrongPin(7, '0000'))).statusCode).toBe(429);
  };

  it("lets a signed-in customer pay after a stranger's six wrong sign-ins on the phone number", async () => {
    const setup = await paymentSetup(ctx);
    const code = await setup.generate({ expirationMinutes: 60 });
    await strangerLocks(setup.customer.phoneNumber);
    const paid = await setup.pay(code.qrData, { amount: '1' });
    expect(paid.statusCode).toBe(201);
    // The stranger's door stays shut: the right PIN from a device without trust is not evaluated.
    expect((await customerLogin(setup.customer.phoneNumber, setup.customer.pin)).statusCode).toBe(429);
  });

  it('lets the owner sign in on the device they registered on while a stranger holds the phone number locked', async () => {
    const customer = await registerCustomer(ctx);
    await strangerLocks(customer.phoneNumber);
    const signedIn = await customerLogin(customer.phoneNumber, customer.pin, customer.deviceToken);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('deviceToken');
    expect(cookieFrom(signedIn, 'device')).toBe(customer.deviceToken);
  });

  it('keeps a device the owner reset the PIN on usable when the stranger locks the number again', async () => {
    const customer = await registerCustomer(ctx);
    await strangerLocks(customer.phoneNumber);
    // A new phone, no trust yet: the owner resets by OTP there, and that device is trusted.
    ctx.clock.advance(31);
    const sent = await post('/api/otp/send', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset' });
    const verified = await post('/api/otp/verify', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
    const reset = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' },
      {}, { otp_proof: cookieFrom(verified, 'otp_proof')! });
    expect(reset.statusCode).toBe(200);
    const newDevice = cookieFrom(reset, 'device')!;
    expect(newDevice).toMatch(/^[\w-]{43}$/);
    await strangerLocks(customer.phoneNumber);
    expect((await customerLogin(customer.phoneNumber, '6283', newDevice)).statusCode).toBe(200);
    // The reset left only that device trusted: the registration device is anonymous again.
    expect((await customerLogin(customer.phoneNumber, '6283', customer.deviceToken)).statusCode).toBe(429);
  });

  it("does not let a stranger's own device, or a made-up one, count as the owner's", async () => {
    const victim = await registerCustomer(ctx);
    const stranger = await registerCustomer(ctx);
    for (let i = 0; i < 5; i++) {
      const device = i % 2 === 0 ? stranger.deviceToken : 'A'.repeat(43);
      expect((await customerLogin(victim.phoneNumber, wrongPin(i, victim.pin), device)).statusCode).toBe(401);
    }
    expect(await attemptsOf(`customer:${victim.phoneNumber}`)).toMatchObject({ lock_count: 1 });
    expect(await attemptsOf(`user:${victim.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    expect((await customerLogin(victim.phoneNumber, victim.pin, victim.deviceToken)).statusCode).toBe(200);
  });

  it("counts payment, change-pin and trusted sign-in on the account's own counter", async () => {
    const setup = await paymentSetup(ctx);
    const code = await setup.generate({ expirationMinutes: 60 });
    const { customer } = setup;
    expect((await setup.pay(code.qrData, { pin: '9071', amount: '1' })).json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
    expect((await customerLogin(customer.phoneNumber, '9072', customer.deviceToken)).statusCode).toBe(401);
    const changed = await post('/api/auth/change-pin', { currentPin: '9073', newPin: '6283', confirmPin: '6283' }, bearer(customer.token));
    expect(changed.json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 2 });
    expect((await setup.pay(code.qrData, { pin: '9074', amount: '1' })).json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 1 });
    expect((await setup.pay(code.qrData, { pin: '9075', amount: '1' })).json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 0 });
    // Locked everywhere the owner types a PIN, even for the right PIN, which is not evaluated.
    expect((await setup.pay(code.qrData, { amount: '1' })).statusCode).toBe(429);
    expect((await customerLogin(customer.phoneNumber, customer.pin, customer.deviceToken)).statusCode).toBe(429);
    expect((await post('/api/customer/change-pin', { currentPin: customer.pin, newPin: '6283', confirmPin: '6283' }, bearer(customer.token))).statusCode).toBe(429);
    expect(await attemptsOf(`user:${customer.userId}`)).toMatchObject({ lock_count: 1, failures: 0 });
    ctx.clock.advance(15 * 60);
    expect((await setup.pay(code.qrData, { amount: '1' })).statusCode).toBe(201);
  });

  it("lets the owner pay after someone types wrong PINs on a shared phone the owner signed out of", async () => {
    // Registered on a shared phone (which the OTP made trusted), then signed out there.
    const setup = await paymentSetup(ctx);
    const { customer } = setup;
    const shared = customer.deviceToken;
    expect((await post('/api/auth/logout', {}, bearer(customer.token), { device: shared })).statusCode).toBe(200);
    // The owner signs in on their own phone.
    const own = await customerLogin(customer.phoneNumber, customer.pin);
    expect(own.statusCode).toBe(200);
    const ownToken = own.json().sessionToken as string;
    // Someone on the shared phone types five wrong PINs for the owner's number.
    for (let i = 0; i < 5; i++) expect((await customerLogin(customer.phoneNumber, wrongPin(i, customer.pin), shared)).statusCode).toBe(401);
    expect(await attemptsOf(`user:${customer.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    const code = await setup.generate({ expirationMinutes: 60 });
    expect((await setup.pay(code.qrData, { amount: '1', token: ownToken })).statusCode).toBe(201);
    // Signing back in on the shared phone is as from a new device: its lock is the anonymous one.
    expect((await customerLogin(customer.phoneNumber, customer.pin, shared)).statusCode).toBe(429);
  });

  it("keeps a device trusted by other accounts trusted for them when one signs out there", async () => {
    const first = await registerCustomer(ctx);
    const second = await registerCustomer(ctx);
    // The second proves itself on the first's phone: one device cookie, two accounts.
    const onShared = await customerLogin(second.phoneNumber, second.pin, first.deviceToken);
    expect(cookieFrom(onShared, 'device')).toBe(first.deviceToken);
    await post('/api/auth/logout', {}, bearer(onShared.json().sessionToken), { device: first.deviceToken });
    for (let i = 0; i < 5; i++) await customerLogin(first.phoneNumber, wrongPin(i, first.pin));
    expect((await customerLogin(first.phoneNumber, first.pin, first.deviceToken)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await customerLogin(second.phoneNumber, wrongPin(i, second.pin));
    expect((await customerLogin(second.phoneNumber, second.pin, first.deviceToken)).statusCode).toBe(429);
  });

  it("keeps a merchant's and an admin's change-pin apart from strangers' sign-ins, and with their trusted sign-in", async () => {
    const business = await registerBusiness(ctx);
    const adminEmail = 'counter-admin@khata.test';
    const admin = await adminToken(ctx, adminEmail);
    const adminSignIn = await post('/api/auth/admin/login', { email: adminEmail, pin: '3971' });
    const adminDevice = cookieFrom(adminSignIn, 'device')!;
    for (const [token, url, identifier, pin, device] of [
      [business.token, '/api/auth/business/login', { email: business.email }, business.pin, business.deviceToken],
      [admin, '/api/auth/admin/login', { email: adminEmail }, '3971', adminDevice],
    ] as const) {
      for (let i = 0; i < 5; i++) expect((await post(url, { ...identifier, pin: wrongPin(i, pin) })).statusCode).toBe(401);
      expect((await post(url, { ...identifier, pin })).statusCode).toBe(429);
      const first = await post('/api/auth/change-pin', { currentPin: '9071', newPin: '6283', confirmPin: '6283' }, bearer(token));
      expect(first.json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
      for (let i = 0; i < 3; i++) expect((await post(url, { ...identifier, pin: wrongPin(i, pin) }, {}, { device })).statusCode).toBe(401);
      expect((await post('/api/auth/change-pin', { currentPin: '9072', newPin: '6283', confirmPin: '6283' }, bearer(token))).statusCode).toBe(403);
      expect((await post(url, { ...identifier, pin }, {}, { device })).statusCode).toBe(429);
      expect((await post('/api/auth/change-pin', { currentPin: pin, newPin: '6283', confirmPin: '6283' }, bearer(token))).statusCode).toBe(429);
    }
  });
});

describe('the ways back in, under attack', () => {
  async function pinResetProof(phoneNumber: string): Promise<string> {
    ctx.clock.advance(31);
    const sent = await post('/api/otp/send', { phoneNumber, purpose: 'pin_reset' });
    expect(sent.statusCode).toBe(200);
    const verified = await post('/api/otp/verify', { phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
    expect(verified.statusCode).toBe(200);
    return cookieFrom(verified, 'otp_proof')!;
  }
  const reset = (phoneNumber: string, newPin: string, proof: string, role = 'customer') =>
    post('/api/auth/reset-pin', { phoneNumber, role, newPin, confirmPin: newPin }, {}, { otp_proof: proof });

  it("refuses a reset proof made for the attacker's own phone on the victim's phone", async () => {
    const victim = await registerCustomer(ctx);
    const attacker = await registerCustomer(ctx);
    const proof = await pinResetProof(attacker.phoneNumber);
    const response = await reset(victim.phoneNumber, '6283', proof);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('otp_proof_missing');
    expect((await me(victim.token)).statusCode).toBe(200);
    expect((await customerLogin(victim.phoneNumber, victim.pin)).statusCode).toBe(200);
  });

  it('refuses a reset proof used a second time, also when both uses race', async () => {
    const customer = await registerCustomer(ctx);
    const proof = await pinResetProof(customer.phoneNumber);
    expect((await reset(customer.phoneNumber, '6283', proof)).statusCode).toBe(200);
    const again = await reset(customer.phoneNumber, '7394', proof);
    expect(again.statusCode).toBe(400);
    expect((await customerLogin(customer.phoneNumber, '6283')).statusCode).toBe(200);

    const raced = await registerCustomer(ctx);
    const racedProof = await pinResetProof(raced.phoneNumber);
    const pins = ['6283', '7394', '8405', '9516', '5627', '6738', '7849', '8950', '5061', '6172'];
    const answers = await Promise.all(pins.map((pin) => reset(raced.phoneNumber, pin, racedProof)));
    const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [pins[i]!] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(pins.length - 1);
    expect((await customerLogin(raced.phoneNumber, won[0]!)).statusCode).toBe(200);
  });

  it('lets a customer locked by wrong payment PINs reset through an OTP: lock lifted, every old session gone', async () => {
    const setup = await paymentSetup(ctx);
    const code = await setup.generate({ expirationMinutes: 60 });
    const { customer } = setup;
    for (let i = 0; i < 5; i++) expect((await setup.pay(code.qrData, { pin: wrongPin(i, customer.pin), amount: '1' })).statusCode).toBe(403);
    expect((await setup.pay(code.qrData, { amount: '1' })).statusCode).toBe(429);
    const proof = await pinResetProof(customer.phoneNumber);
    expect((await reset(customer.phoneNumber, '6283', proof)).statusCode).toBe(200);
    expect(await attemptsOf(`customer:${customer.phoneNumber}`)).toEqual({ failures: 0, lock_count: 0 });
    expect(await attemptsOf(`user:${customer.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    expect((await setup.pay(code.qrData, { pin: '6283', amount: '1' })).statusCode).toBe(401);
    const fresh = (await customerLogin(customer.phoneNumber, '6283')).json().sessionToken as string;
    expect((await setup.pay(code.qrData, { pin: customer.pin, amount: '1', token: fresh })).statusCode).toBe(403);
    expect((await setup.pay(code.qrData, { pin: '6283', amount: '1', token: fresh })).statusCode).toBe(201);
  });

  it('lets only an admin unlock: every other caller is refused and the lock holds', async () => {
    const customer = await registerCustomer(ctx);
    const changePin = (currentPin: string) => post('/api/customer/change-pin', { currentPin, newPin: '6283', confirmPin: '6283' }, bearer(customer.token));
    for (let i = 0; i < 5; i++) await customerLogin(customer.phoneNumber, wrongPin(i, customer.pin));
    for (let i = 0; i < 5; i++) await changePin(wrongPin(i, customer.pin));
    expect((await customerLogin(customer.phoneNumber, customer.pin)).statusCode).toBe(429);
    expect((await changePin(customer.pin)).statusCode).toBe(429);
    const otherCustomer = await registerCustomer(ctx);
    const merchant = await approvedBusiness(ctx);
    const pending = await registerBusiness(ctx);
    const unlockBody = { role: 'customer', identifier: customer.phoneNumber };
    const refused = [
      ['anonymous', await post('/api/admin/unlock', unlockBody), 401],
      ['the locked customer', await post('/api/admin/unlock', unlockBody, bearer(customer.token)), 403],
      ['another customer', await post('/api/admin/unlock', unlockBody, bearer(otherCustomer.token)), 403],
      ['an approved merchant', await post('/api/admin/unlock', unlockBody, bearer(merchant.token)), 403],
      ['a pending merchant', await post('/api/admin/unlock', unlockBody, bearer(pending.token)), 403],
      ['the session cookie from another site', await ctx.app.inject({
        method: 'POST', url: '/api/admin/unlock', payload: unlockBody,
        cookies: { session: await adminToken(ctx) }, headers: { origin: 'https://evil.example' },
      }), 403],
    ] as const;
    for (const [who, response, status] of refused) expect(response.statusCode, who).toBe(status);
    expect((await customerLogin(customer.phoneNumber, customer.pin)).statusCode).toBe(429);
    const unlocked = await post('/api/admin/unlock', unlockBody, bearer(await adminToken(ctx)));
    expect(unlocked.json()).toEqual({ success: true, wasLocked: true });
    // Both of the account's counters are lifted: the anonymous one and its own.
    expect((await customerLogin(customer.phoneNumber, customer.pin)).statusCode).toBe(200);
    expect((await changePin(customer.pin)).statusCode).toBe(200);
  });
});
