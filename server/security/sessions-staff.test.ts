/**
 * Staff sessions (docs/security.md, "Staff and roles"): counter mode opened by a person and
 * closed by their PIN or an owner's, its lock kept to the counter's exit, and revocation,
 * which ends a person's sessions at once (the next request 401) and closes their open
 * streams with `signed_out`, in every process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  approvedBusiness, bearer, cookieFrom, createTestContext, inviteStaff, paymentSetup, registerCustomer, staffLogin, withApp, type TestContext,
} from '../test/context';
import { openEventStream, sleep, until } from '../test/event-stream';

let ctx: TestContext;
// Streams last a minute here, so one stays open until the revocation closes it.
const streamsOpen = { eventStreamSeconds: 60 };
beforeAll(async () => { ctx = await createTestContext({ config: streamsOpen }); });
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token: string, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token), cookies });
const me = (token: string) => get('/api/auth/me', token);

/** The shop's audit rows of counter mode, oldest first: who (membership, role then) and what. */
async function counterAudit(businessId: string) {
  ctx.clock.advance(1);
  return rowsOf<{ memberId: string; role: string; action: string }>(await ctx.database.db.execute(sql`
    select member_id as "memberId", role, action from shop_audit
    where business_id = ${businessId} and action in ('counter_opened', 'counter_closed')
    order by created_at, id`));
}

async function enter(token: string, pin: string): Promise<string> {
  const entered = await post('/api/auth/counter/enter', { pin }, token);
  expect(entered.statusCode).toBe(200);
  return entered.json().sessionToken as string;
}

const revoke = (ownerToken: string, memberId: string) => post(`/api/business/staff/${memberId}/revoke`, {}, ownerToken);

describe('counter mode opened by a cashier', () => {
  it("opens with the cashier's PIN, keeps the cashier and their membership, and closes with it", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi' });
    const entered = await post('/api/auth/counter/enter', { pin: cashier.pin }, cashier.token);
    expect(entered.statusCode).toBe(200);
    const counter = entered.json().sessionToken as string;
    expect(entered.json().user).toEqual({ id: cashier.userId, role: 'counter', name: 'Kumar Kirana', phone: null, email: null });
    expect((await me(cashier.token)).statusCode).toBe(401);
    expect((await me(counter)).json()).toEqual({ user: entered.json().user, business: null, shop: null, language: null });
    // What a counter may not do, a cashier's counter may not either.
    expect((await get('/api/credit-accounts/business', counter)).json().key).toBe('counter_session');
    expect((await get('/api/qr/business?active=true', counter)).statusCode).toBe(200);

    ctx.clock.advance(1);
    const exited = await post('/api/auth/counter/exit', { pin: cashier.pin }, counter);
    expect(exited.statusCode).toBe(200);
    expect(exited.json().user).toEqual({ id: cashier.userId, role: 'staff', name: 'Ravi', phone: cashier.phoneNumber, email: null });
    expect(cookieFrom(exited, 'device')).toBeDefined();
    expect((await me(counter)).statusCode).toBe(401);
    const back = (await me(exited.json().sessionToken)).json();
    expect(back.shop).toMatchObject({ memberId: cashier.memberId, role: 'cashier', businessId: shop.businessId });

    expect(await counterAudit(shop.businessId)).toEqual([
      { memberId: cashier.memberId, role: 'cashier', action: 'counter_opened' },
      { memberId: cashier.memberId, role: 'cashier', action: 'counter_closed' },
    ]);
  });

  it("closes with any active owner's PIN of the shop into that owner's own session, not the cashier's; not with a manager's", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const coOwner = await inviteStaff(ctx, shop.token, { role: 'owner', name: 'Lata Rao', pin: '8142' });
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager', pin: '3619' });
    const founding = (await me(shop.token)).json().shop.memberId as string;
    let counter = await enter(cashier.token, cashier.pin);

    const byManager = await post('/api/auth/counter/exit', { pin: manager.pin }, counter);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ key: 'pin_incorrect', params: { attemptsLeft: 4 } });

    const byOwner = await post('/api/auth/counter/exit', { pin: shop.pin }, counter);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().user.id).toBe(shop.userId);
    // The PIN proved the owner, not the cashier: the device is not trusted by the cashier again.
    expect(cookieFrom(byOwner, 'device')).toBeUndefined();
    expect((await me(byOwner.json().sessionToken as string)).json().shop).toMatchObject({ memberId: founding, role: 'owner' });

    counter = await enter((await staffLogin(ctx, cashier)).json().sessionToken as string, cashier.pin);
    // The two closings are read back in time order: a second apart.
    ctx.clock.advance(1);
    const byCoOwner = await post('/api/auth/counter/exit', { pin: coOwner.pin }, counter);
    expect(byCoOwner.statusCode).toBe(200);
    expect(byCoOwner.json().user).toMatchObject({ id: coOwner.userId, role: 'staff' });
    expect((await me(byCoOwner.json().sessionToken as string)).json().shop).toMatchObject({ memberId: coOwner.memberId, role: 'owner' });

    // The counter was the cashier's: each closing is their line, naming the owner who closed it.
    ctx.clock.advance(1);
    const closings = rowsOf<{ memberId: string; details: Record<string, string> }>(await ctx.database.db.execute(sql`
      select member_id as "memberId", details from shop_audit
      where business_id = ${shop.businessId} and action = 'counter_closed' order by created_at, id`));
    expect(closings).toEqual([
      { memberId: cashier.memberId, details: { closedBy: 'Ravi Kumar' } },
      { memberId: cashier.memberId, details: { closedBy: 'Lata Rao' } },
    ]);

    // An owner who no longer works here closes nothing.
    counter = await enter((await staffLogin(ctx, cashier)).json().sessionToken as string, cashier.pin);
    expect((await revoke(shop.token, coOwner.memberId)).statusCode).toBe(200);
    expect((await post('/api/auth/counter/exit', { pin: coOwner.pin }, counter)).json().key).toBe('pin_incorrect');
  });

  it("writes what is done after an owner closed a cashier's counter as the owner's, not the cashier's", async () => {
    const { shop, accountId, generate, pay } = await paymentSetup(ctx);
    expect((await pay((await generate()).qrData, { amount: '100' })).statusCode).toBe(201);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi' });
    const counter = await enter(cashier.token, cashier.pin);
    const byOwner = (await post('/api/auth/counter/exit', { pin: shop.pin }, counter)).json().sessionToken as string;
    const repaid = await post(`/api/business/credit-accounts/${accountId}/repayment`, { amount: '20' }, byOwner);
    expect(repaid.statusCode, repaid.body).toBe(201);
    expect(repaid.json().transaction.by).toEqual({ name: 'Ravi Kumar', role: 'owner' });
  });

  it("locks only the counter's exit on wrong PINs: the cashier and the owner sign in and confirm elsewhere", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const counter = await enter(cashier.token, cashier.pin);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/counter/exit', { pin: '9071' }, counter)).statusCode).toBe(403);
    for (const pin of [cashier.pin, shop.pin]) {
      expect((await post('/api/auth/counter/exit', { pin }, counter)).json().key).toBe('account_locked');
    }
    const elsewhere = await staffLogin(ctx, cashier, cashier.deviceToken);
    expect(elsewhere.statusCode).toBe(200);
    expect((await post('/api/auth/confirm-pin', { pin: cashier.pin }, elsewhere.json().sessionToken)).statusCode).toBe(200);
    expect((await post('/api/auth/confirm-pin', { pin: shop.pin }, shop.token)).statusCode).toBe(200);
  });

  it('refuses a wrong PIN at entry on the cashier\'s own counter, and a staff session without a shop', async () => {
    const first = await approvedBusiness(ctx);
    const second = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, first.token, { role: 'cashier' });
    const wrong = await post('/api/auth/counter/enter', { pin: '9071' }, cashier.token);
    expect(wrong.json()).toMatchObject({ key: 'pin_incorrect', params: { attemptsLeft: 4 } });
    expect((await me(cashier.token)).statusCode).toBe(200);
    await inviteStaff(ctx, second.token, { role: 'cashier', phoneNumber: cashier.phoneNumber, pin: cashier.pin });
    const unpicked = (await staffLogin(ctx, cashier)).json().sessionToken as string;
    expect((await post('/api/auth/counter/enter', { pin: cashier.pin }, unpicked)).json().key).toBe('shop_not_picked');
  });
});

describe('revoking a person', () => {
  it('ends every session of theirs at once, the counter too: the next request answers 401', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const colleague = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const second = (await staffLogin(ctx, cashier)).json().sessionToken as string;
    const counter = await enter(second, cashier.pin);
    expect((await me(cashier.token)).statusCode).toBe(200);

    expect((await revoke(shop.token, cashier.memberId)).statusCode).toBe(200);
    for (const token of [cashier.token, counter]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('not_signed_in');
    }
    expect((await get('/api/credit-accounts/business', cashier.token)).statusCode).toBe(401);
    // Nobody else's.
    expect((await me(colleague.token)).statusCode).toBe(200);
    expect((await me(shop.token)).statusCode).toBe(200);
    // The account stays, with no shop to act for.
    const again = await staffLogin(ctx, cashier);
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().sessionToken)).json().shop).toBeNull();
    expect((await get('/api/staff/shops', again.json().sessionToken)).json()).toEqual({ shops: [] });
  });

  it('treats a session acting as a membership no longer active as over, even one left unrevoked', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    await ctx.database.db.execute(sql`
      update shop_members set status = 'revoked', revoked_at = ${ctx.clock().toISOString()}::timestamptz where id = ${cashier.memberId}`);
    expect((await me(cashier.token)).statusCode).toBe(401);
    expect((await get('/api/staff/shops', cashier.token)).statusCode).toBe(401);
  });

  it("closes the person's open streams with signed_out, in this process and another, and no one else's", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const customer = await registerCustomer(ctx);
    const named = ['signed_out'];
    await withApp(ctx, streamsOpen, async (other) => {
      const here = await openEventStream(ctx.app, cashier.token, named);
      const there = await openEventStream(other, cashier.token, named);
      const owners = await openEventStream(ctx.app, shop.token, named);
      const customers = await openEventStream(ctx.app, customer.token, named);
      try {
        expect((await revoke(shop.token, cashier.memberId)).statusCode).toBe(200);
        await until(() => here.messages.length > 0 && there.messages.length > 0);
        expect(here.messages).toEqual([{ event: 'signed_out', data: {} }]);
        expect(there.messages).toEqual([{ event: 'signed_out', data: {} }]);
        await Promise.all([here.ended, there.ended]);
        await sleep(100);
        expect(owners.messages).toEqual([]);
        expect(customers.messages).toEqual([]);
        // Reconnecting finds the session over.
        expect((await get('/api/events', cashier.token)).statusCode).toBe(401);
      } finally {
        for (const stream of [here, there, owners, customers]) stream.close();
      }
    });
  });

  it("closes the counter's stream of a revoked cashier", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const counter = await enter(cashier.token, cashier.pin);
    const stream = await openEventStream(ctx.app, counter, ['signed_out']);
    try {
      expect((await revoke(shop.token, cashier.memberId)).statusCode).toBe(200);
      await until(() => stream.messages.length > 0);
      expect(stream.messages).toEqual([{ event: 'signed_out', data: {} }]);
      await stream.ended;
    } finally {
      stream.close();
    }
  });
});
