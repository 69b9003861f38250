/**
 * Counter mode's own session (docs/security.md, "Counter mode"): the device on the shop's
 * counter holds a narrow session that reaches only the counter's routes, never the
 * merchant's; entering and leaving need the PIN; wrong PINs typed at the counter lock only
 * the counter's exit. Each sequence below worked against the merchant's session before. A
 * counter opened by a person working at the shop is that person's: it exits with their PIN
 * or an owner's, its wrong PINs lock only that person's exit, and revoking them ends it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  approvedBusiness, bearer, changeSettings, cookieFrom, createTestContext, enterCounter, inviteStaff, paymentSetup, registerBusiness,
  staffLogin, type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: { eventStreamSeconds: 60 } }); });
afterAll(async () => { await ctx.close(); });

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, cookies, ...(payload ? { payload } : {}) });
const counterRefusal = { error: 'Counter mode is on. Exit counter mode with your PIN to do this.', code: 'counter_session', key: 'counter_session', params: {} };

async function attemptsOf(key: string) {
  const rows = rowsOf<{ failures: number; lock_count: number }>(await ctx.database.db.execute(
    sql`select failures, lock_count from pin_attempts where key = ${key}`));
  return rows[0] ?? { failures: 0, lock_count: 0 };
}

/** A shop with a customer who owes it something, and the shop's counter session. */
async function shopAtTheCounter() {
  const setup = await paymentSetup(ctx);
  const code = await setup.generate({ expirationMinutes: 60 });
  expect((await setup.pay(code.qrData, { amount: '300' })).statusCode).toBe(201);
  const merchantToken = setup.shop.token;
  const counterToken = await enterCounter(ctx, setup.shop);
  return { ...setup, merchantToken, counterToken };
}

describe('entering counter mode', () => {
  it('exchanges the merchant session for a counter session: the old token and cookie are dead', async () => {
    const shop = await approvedBusiness(ctx);
    const entered = await call('POST', '/api/auth/counter/enter', shop.token, { pin: shop.pin });
    expect(entered.statusCode).toBe(200);
    const body = entered.json();
    expect(body.user).toEqual({ id: shop.userId, role: 'counter', name: 'Kumar Kirana', phone: null, email: null });
    expect(body.sessionToken).toMatch(/^[\w-]{43}$/);
    // The cookie is replaced by the counter's.
    expect(cookieFrom(entered, 'session')).toBe(body.sessionToken);
    // The merchant's session is over, by header and by cookie.
    expect((await call('GET', '/api/auth/me', shop.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/credit-accounts/business', undefined, undefined, { session: shop.token })).statusCode).toBe(401);
    // The counter boots as the shop, with nothing of the merchant's own.
    expect((await call('GET', '/api/auth/me', body.sessionToken)).json()).toEqual({
      user: { id: shop.userId, role: 'counter', name: 'Kumar Kirana', phone: null, email: null }, business: null, shop: null, language: null,
    });
  });

  it('needs the right PIN, counted on the merchant\'s own counter; a wrong one changes nothing', async () => {
    const shop = await approvedBusiness(ctx);
    const wrong = await call('POST', '/api/auth/counter/enter', shop.token, { pin: '9071' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Incorrect PIN. 4 attempts left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4 });
    expect(await attemptsOf(`user:${shop.userId}`)).toEqual({ failures: 1, lock_count: 0 });
    expect((await call('GET', '/api/auth/me', shop.token)).json().user.role).toBe('business');
    const malformed = await call('POST', '/api/auth/counter/enter', shop.token, { pin: '12a4' });
    expect(malformed.statusCode).toBe(400);
  });

  it('is refused to a merchant not yet approved, to customers, admins and the signed out', async () => {
    const pending = await registerBusiness(ctx);
    const refused = await call('POST', '/api/auth/counter/enter', pending.token, { pin: pending.pin });
    expect(refused.json()).toEqual({ error: 'Your business must be approved by an admin first', code: 'not_approved', key: 'not_approved', params: {} });
    expect((await call('GET', '/api/auth/me', pending.token)).statusCode).toBe(200);
    const { customer } = await paymentSetup(ctx);
    expect((await call('POST', '/api/auth/counter/enter', customer.token, { pin: customer.pin })).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/counter/enter', undefined, { pin: '1234' })).statusCode).toBe(401);
  });

  it('cannot be entered again from the counter session', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    const again = await call('POST', '/api/auth/counter/enter', counterToken, { pin: shop.pin });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(counterRefusal);
  });
});

describe('what a counter session may do', () => {
  it('refuses the attacks of the outside review: repayment, limit, customers, settings, with nothing changed', async () => {
    const { counterToken, accountId, shop } = await shopAtTheCounter();
    const attacks = [
      call('POST', `/api/business/credit-accounts/${accountId}/repayment`, counterToken, { amount: '300' }),
      call('POST', `/api/business/credit-accounts/${accountId}/limit`, counterToken, { creditLimit: '50000' }),
      call('GET', '/api/credit-accounts/business', counterToken),
      call('POST', '/api/business/settings', counterToken, { creditPeriodDays: 30, upiId: 'thief@ybl' }),
      call('POST', '/api/auth/confirm-pin', counterToken, { pin: shop.pin }),
      call('POST', '/api/auth/change-pin', counterToken, { currentPin: shop.pin, newPin: '6283', confirmPin: '6283' }),
      call('GET', '/api/business/stats', counterToken),
      call('GET', '/api/transactions/business', counterToken),
      call('GET', '/api/qr/business', counterToken),
      call('POST', '/api/qr/generate', counterToken, { amount: '500', expirationMinutes: 1440 }),
      call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 1440, description: 'Pay your dues to thief@ybl' }),
      call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 5 }),
      call('POST', '/api/auth/language', counterToken, { language: 'hi' }),
    ];
    for (const refused of await Promise.all(attacks)) {
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: counterRefusal });
    }
    // The same with the counter's cookie instead of its header.
    const byCookie = await call('POST', `/api/business/credit-accounts/${accountId}/repayment`, undefined, { amount: '300' }, { session: counterToken });
    expect(byCookie.statusCode).toBe(403);
    const rows = rowsOf<{ owed_paise: number }>(await ctx.database.db.execute(
      sql`select owed_paise from credit_accounts where id = ${accountId}`));
    // ₹300 and its 2 % fee, as before the attacks.
    expect(Number(rows[0]!.owed_paise)).toBe(30600);
    const settings = rowsOf<{ upi_id: string | null; credit_limit_paise: number }>(await ctx.database.db.execute(
      sql`select b.upi_vpa as upi_id, c.limit_paise as credit_limit_paise from businesses b join credit_accounts c on c.business_id = b.id where c.id = ${accountId}`));
    expect(settings[0]).toMatchObject({ upi_id: null });
    expect(Number(settings[0]!.credit_limit_paise)).toBe(100000);
  });

  it('lists the plain static codes and makes one, and sees none of the merchant\'s other codes', async () => {
    const setup = await paymentSetup(ctx);
    const dynamic = await setup.generate({ expirationMinutes: 60, amount: '750', description: 'Rice, 25 kg' });
    const described = await setup.generate({ expirationMinutes: 60, description: 'Diwali offer' });
    const counterToken = await enterCounter(ctx, setup.shop);
    const made = await call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 1440 });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ amount: null, isDynamic: false, description: null });
    const listed = await call('GET', '/api/qr/business?active=true', counterToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().qrCodes.map((code: { id: string }) => code.id)).toEqual([made.json().id]);
    expect(listed.body).not.toContain(dynamic.id);
    expect(listed.body).not.toContain(described.id);
  });

  it('hears the shop\'s payments on the events stream', async () => {
    const { counterToken, pay } = await shopAtTheCounter();
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: bearer(counterToken) });
    request.on('error', () => {});
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    expect(response.statusCode).toBe(200);
    response.setEncoding('utf8');
    let received = '';
    const heard = new Promise<void>((resolve) => response.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('event: ledger')) resolve();
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const code = (await call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 1440 })).json();
    expect((await pay(code.qrData, { amount: '42' })).statusCode).toBe(201);
    await heard;
    request.destroy();
    expect(received).toContain('"amount":"42.00"');
  });

  it('hears only payments made since it began: no repayments, claims, or replays from a forged Last-Event-ID', async () => {
    const { counterToken, pay, accountId, customer, shop } = await shopAtTheCounter();
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // A Last-Event-ID from long before the counter began, as a replay of the shop's history would need.
    const forged = '00000000-0000-7000-8000-000000000000';
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { ...bearer(counterToken), 'last-event-id': forged } });
    request.on('error', () => {});
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    response.setEncoding('utf8');
    let received = '';
    const heard = new Promise<void>((resolve) => response.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('"amount":"7.00"')) resolve();
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The merchant's phone records a cash repayment and the customer claims a UPI one: not the counter's news.
    const phone = (await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin })).json().sessionToken as string;
    expect((await call('POST', `/api/business/credit-accounts/${accountId}/repayment`, phone, { amount: '10' })).statusCode).toBe(201);
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'shop@okaxis' where id = (select business_id from credit_accounts where id = ${accountId})`);
    expect((await call('POST', `/api/credit-accounts/${accountId}/repayment-claims`, customer.token, { amount: '1' })).statusCode).toBe(201);
    const code = (await call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 1440 })).json();
    expect((await pay(code.qrData, { amount: '7' })).statusCode).toBe(201);
    await heard;
    request.destroy();
    // The ₹300 payment made before the counter began is not replayed; the claim is not sent.
    expect(received).not.toContain('"amount":"300.00"');
    expect(received).not.toContain('event: claim');
    expect(received.match(/event: ledger/g)).toHaveLength(1);
  });

  it('signs out, ending the counter session', async () => {
    const { counterToken } = await shopAtTheCounter();
    expect((await call('POST', '/api/auth/logout', counterToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', counterToken)).statusCode).toBe(401);
  });
});

describe('leaving counter mode', () => {
  it('exchanges the counter session back for a full one with the PIN', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    const left = await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin });
    expect(left.statusCode).toBe(200);
    const { sessionToken, user } = left.json();
    expect(user).toMatchObject({ id: shop.userId, role: 'business', email: shop.email });
    expect(cookieFrom(left, 'session')).toBe(sessionToken);
    expect((await call('GET', '/api/auth/me', counterToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/credit-accounts/business', sessionToken)).statusCode).toBe(200);
  });

  it('locks only the exit after five wrong PINs: the owner still signs in, changes the PIN and confirms elsewhere', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/auth/counter/exit', counterToken, { pin: `90${71 + i}` });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().attemptsLeft).toBe(4 - i);
    }
    const locked = await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Too many wrong PINs. Try again in 15 minutes.', code: 'account_locked', key: 'account_locked', params: { retryAfterMinutes: 15 }, retryAfterMinutes: 15,
    });
    expect(await attemptsOf(`counter:${shop.userId}`)).toEqual({ failures: 0, lock_count: 1 });
    expect(await attemptsOf(`user:${shop.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    // The owner's own phone (the device they registered on) and any other sign in.
    const own = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin }, { device: shop.deviceToken });
    expect(own.statusCode).toBe(200);
    const elsewhere = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin });
    expect(elsewhere.statusCode).toBe(200);
    const phoneToken = own.json().sessionToken as string;
    expect((await call('POST', '/api/auth/confirm-pin', phoneToken, { pin: shop.pin })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/change-pin', phoneToken, { currentPin: shop.pin, newPin: '6283', confirmPin: '6283' })).statusCode).toBe(200);
  });

  it("stops trusting the counter device for the merchant: sign-ins typed there cannot lock the owner's phone", async () => {
    const setup = await paymentSetup(ctx);
    const { shop } = setup;
    // The shop's tablet: the merchant signed in there, so it is trusted, then entered counter mode.
    const tablet = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin });
    const tabletDevice = cookieFrom(tablet, 'device')!;
    const entered = await call('POST', '/api/auth/counter/enter', tablet.json().sessionToken, { pin: shop.pin }, { device: tabletDevice });
    expect(entered.statusCode).toBe(200);
    // Someone at the counter types wrong PINs into the public sign-in, with the tablet's device cookie.
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: `90${71 + i}` }, { device: tabletDevice });
      expect(wrong.statusCode).toBe(401);
    }
    expect(await attemptsOf(`user:${shop.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    // The owner's phone (the device they registered on) signs in and confirms the PIN.
    const own = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin }, { device: shop.deviceToken });
    expect(own.statusCode).toBe(200);
    expect((await call('POST', '/api/auth/confirm-pin', own.json().sessionToken, { pin: shop.pin })).statusCode).toBe(200);
    // Leaving with the PIN trusts the tablet again, under a new device token (no account
    // trusted the old one any more, and a token is only ever reused while one does).
    const left = await call('POST', '/api/auth/counter/exit', entered.json().sessionToken, { pin: shop.pin }, { device: tabletDevice });
    expect(left.statusCode).toBe(200);
    expect(cookieFrom(left, 'device')).toMatch(/^[\w-]{43}$/);
    const rows = rowsOf<{ count: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as count from trusted_devices where user_id = ${shop.userId}`));
    expect(rows[0]!.count).toBe(2);
  });

  it('makes one session of two exits racing with the right PIN', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    const answers = await Promise.all([1, 2].map(() => call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('backs off on its own: the lock doubles, and the right PIN after it lifts leaves', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    for (let i = 0; i < 5; i++) await call('POST', '/api/auth/counter/exit', counterToken, { pin: `90${71 + i}` });
    ctx.clock.advance(15 * 60 + 1);
    for (let i = 0; i < 5; i++) await call('POST', '/api/auth/counter/exit', counterToken, { pin: `90${71 + i}` });
    expect((await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin })).json().retryAfterMinutes).toBe(30);
    ctx.clock.advance(30 * 60 + 1);
    expect((await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin })).statusCode).toBe(200);
  });

  it('is refused to a merchant\'s full session', async () => {
    const shop = await approvedBusiness(ctx);
    expect((await call('POST', '/api/auth/counter/exit', shop.token, { pin: shop.pin })).statusCode).toBe(403);
  });
});

describe('a counter session ended elsewhere', () => {
  it('ends when the merchant changes the PIN on another device', async () => {
    const { counterToken, shop } = await shopAtTheCounter();
    const phone = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin }, { device: shop.deviceToken });
    const phoneToken = phone.json().sessionToken as string;
    expect((await call('POST', '/api/auth/change-pin', phoneToken, { currentPin: shop.pin, newPin: '6283', confirmPin: '6283' })).statusCode).toBe(200);
    const after = await call('GET', '/api/qr/business?active=true', counterToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('not_signed_in');
  });

  it('ends when it expires', async () => {
    const { counterToken } = await shopAtTheCounter();
    ctx.clock.advance(8 * 24 * 3600);
    expect((await call('GET', '/api/auth/me', counterToken)).statusCode).toBe(401);
  });
});

describe('changing the credit period or the UPI ID', () => {
  it('needs the PIN confirmed on the session in the last 5 minutes', async () => {
    const shop = await approvedBusiness(ctx);
    const thief = { creditPeriodDays: 30, upiId: 'thief@ybl' };
    const unconfirmed = await call('POST', '/api/business/settings', shop.token, thief);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({
      error: 'Enter your PIN to change these settings.', code: 'pin_confirmation_required', key: 'pin_confirmation_required', params: {},
    });
    const wrong = await call('POST', '/api/auth/confirm-pin', shop.token, { pin: '9071' });
    expect(wrong.json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
    expect((await call('POST', '/api/business/settings', shop.token, thief)).statusCode).toBe(403);
    expect((await call('GET', '/api/business/settings', shop.token)).json()).toEqual({ creditPeriodDays: 30, upiId: null });

    const saved = await changeSettings(ctx, shop, { creditPeriodDays: 15, upiId: 'gupta@okaxis' });
    expect(saved.json()).toEqual({ creditPeriodDays: 15, upiId: 'gupta@okaxis' });
    ctx.clock.advance(4 * 60);
    expect((await call('POST', '/api/business/settings', shop.token, { creditPeriodDays: 20, upiId: 'gupta@okaxis' })).statusCode).toBe(200);
    ctx.clock.advance(61);
    const stale = await call('POST', '/api/business/settings', shop.token, thief);
    expect(stale.json().code).toBe('pin_confirmation_required');
    expect((await call('GET', '/api/business/settings', shop.token)).json()).toEqual({ creditPeriodDays: 20, upiId: 'gupta@okaxis' });
  });

  it('does not carry a confirmation from one session to another', async () => {
    const shop = await approvedBusiness(ctx);
    expect((await call('POST', '/api/auth/confirm-pin', shop.token, { pin: shop.pin })).statusCode).toBe(200);
    const other = await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin });
    const refused = await call('POST', '/api/business/settings', other.json().sessionToken, { creditPeriodDays: 30, upiId: 'thief@ybl' });
    expect(refused.json().code).toBe('pin_confirmation_required');
  });
});

describe('counter mode opened by a person working at the shop', () => {
  /** A shop with a cashier and a manager; the cashier's session exchanged for a counter session. */
  async function cashierAtTheCounter() {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi Counter', pin: '6284' });
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager', name: 'Meena Manager', pin: '7395' });
    const counterToken = await enterCounter(ctx, cashier);
    return { shop, cashier, manager, counterToken };
  }

  it("is the cashier's own counter session: their session is over, the shop's counter routes only", async () => {
    const { shop, cashier, counterToken } = await cashierAtTheCounter();
    expect((await call('GET', '/api/auth/me', cashier.token)).statusCode).toBe(401);
    const me = await call('GET', '/api/auth/me', counterToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: cashier.userId, role: 'counter', phone: null, email: null });
    expect((await call('GET', '/api/qr/business?active=true', counterToken)).statusCode).toBe(200);
    expect((await call('POST', '/api/qr/generate', counterToken, { expirationMinutes: 1440 })).statusCode).toBe(201);
    for (const refused of [
      await call('GET', '/api/credit-accounts/business', counterToken),
      await call('GET', '/api/transactions/business', counterToken),
      await call('GET', '/api/staff/shops', counterToken),
      await call('POST', '/api/staff/shop', counterToken, { memberId: cashier.memberId }),
    ]) {
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: counterRefusal });
    }
    // Opening it is the cashier's, in the owner's audit log.
    const audit = (await call('GET', '/api/business/audit?action=counter_opened', shop.token)).json().entries as { by: { memberId: string } }[];
    expect(audit.map((entry) => entry.by.memberId)).toEqual([cashier.memberId]);
  });

  it("exits with the cashier's PIN back to the cashier's session, and the closing is theirs", async () => {
    const { shop, cashier, counterToken } = await cashierAtTheCounter();
    const left = await call('POST', '/api/auth/counter/exit', counterToken, { pin: cashier.pin });
    expect(left.statusCode).toBe(200);
    expect(left.json().user).toMatchObject({ id: cashier.userId, role: 'staff' });
    const me = (await call('GET', '/api/auth/me', left.json().sessionToken)).json();
    expect(me.shop).toMatchObject({ memberId: cashier.memberId, role: 'cashier' });
    expect((await call('GET', '/api/auth/me', counterToken)).statusCode).toBe(401);
    const audit = (await call('GET', '/api/business/audit?action=counter_closed', shop.token)).json().entries as { by: { memberId: string } }[];
    expect(audit.map((entry) => entry.by.memberId)).toEqual([cashier.memberId]);
  });

  it("exits with an owner's PIN into the owner's own session, the closing still the cashier's; a manager's PIN is a wrong PIN", async () => {
    const { shop, cashier, manager, counterToken } = await cashierAtTheCounter();
    const byManager = await call('POST', '/api/auth/counter/exit', counterToken, { pin: manager.pin });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
    const byOwner = await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().user).toMatchObject({ id: shop.userId, role: 'business' });
    const owner = (await call('GET', '/api/auth/me', shop.token)).json().shop;
    expect((await call('GET', '/api/auth/me', byOwner.json().sessionToken)).json().shop).toEqual(owner);
    const audit = (await call('GET', '/api/business/audit?action=counter_closed', shop.token)).json().entries as
      { by: { memberId: string }; details: Record<string, string> }[];
    expect(audit).toMatchObject([{ by: { memberId: cashier.memberId }, details: { closedBy: owner.name } }]);
  });

  it("locks only the cashier's exit after five wrong PINs: the cashier, the owner and the manager still sign in", async () => {
    const { shop, cashier, manager, counterToken } = await cashierAtTheCounter();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/auth/counter/exit', counterToken, { pin: `90${71 + i}` })).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/auth/counter/exit', counterToken, { pin: shop.pin })).json().code).toBe('account_locked');
    expect(await attemptsOf(`counter:${cashier.userId}`)).toEqual({ failures: 0, lock_count: 1 });
    expect(await attemptsOf(`user:${cashier.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    expect(await attemptsOf(`user:${shop.userId}`)).toEqual({ failures: 0, lock_count: 0 });
    expect((await staffLogin(ctx, cashier)).statusCode).toBe(200);
    expect((await staffLogin(ctx, manager)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/business/login', undefined, { email: shop.email, pin: shop.pin })).statusCode).toBe(200);
  });

  it('ends when the owner revokes the cashier', async () => {
    const { shop, cashier, counterToken } = await cashierAtTheCounter();
    const revoked = await call('POST', `/api/business/staff/${cashier.memberId}/revoke`, shop.token);
    expect(revoked.statusCode).toBe(200);
    const after = await call('GET', '/api/qr/business?active=true', counterToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('not_signed_in');
    expect((await call('POST', '/api/auth/counter/exit', counterToken, { pin: cashier.pin })).statusCode).toBe(401);
  });
});
