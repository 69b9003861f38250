/**
 * Invitations on the live events stream, through real streams on listening apps (two, for two
 * server processes): `event: invitation` to the invited number's customer when a shop invites
 * or cancels, to the merchant on every change of its invitations (alike for any number), and
 * nothing to anyone else or to a number whose invitation SMS was held back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationEvent, type InvitationEventData } from '@common/schemas/events';
import { approvedBusiness, bearer, createTestContext, enterCounter, newPhone, registerCustomer, type TestContext } from '../../test/context';
import { openEventStream, sleep, until } from '../../test/event-stream';

let ctx: TestContext;
let other: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { eventStreamSeconds: 60 } });
  other = await createTestContext({ database: ctx.database, config: { eventStreamSeconds: 60 } });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** Opens a session's event stream on a listening app and collects its `invitation` messages, each checked by the web's schema. */
async function openStream(app: TestContext['app'], token: string) {
  const { messages, close } = await openEventStream(app, token, ['invitation']);
  return {
    get invitations() {
      return messages.map((m) => {
        invitationEvent.parse(m.data);
        return m.data as unknown as InvitationEventData;
      });
    },
    get ids() { return messages.map((m) => m.id); },
    close,
  };
}

const post = (token: string | null, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function invite(shopToken: string, phoneNumber: string) {
  const response = await post(shopToken, '/api/business/invitations', { name: 'Meena Devi', phoneNumber, creditLimit: '500', language: 'en' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invitation as { id: string; link: string };
}

describe('event: invitation', () => {
  it("tells the invited customer's screens on both processes, the merchant's alike for any number, and no one else", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const bystander = await registerCustomer(ctx);
    const customerHere = await openStream(ctx.app, customer.token);
    const customerElsewhere = await openStream(other.app, customer.token);
    const merchant = await openStream(other.app, shop.token);
    const counter = await openStream(ctx.app, await enterCounter(ctx, await approvedBusiness(ctx)));
    const onlooker = await openStream(ctx.app, bystander.token);

    const toCustomer = await invite(shop.token, customer.phoneNumber);
    const toNewNumber = await invite(shop.token, newPhone());
    const pending = (id: string): InvitationEventData => ({ invitationId: id, businessId: shop.businessId, status: 'pending' });
    await until(() => customerHere.invitations.length > 0 && customerElsewhere.invitations.length > 0 && merchant.invitations.length > 1);
    expect(customerHere.invitations).toEqual([pending(toCustomer.id)]);
    expect(customerElsewhere.invitations).toEqual([pending(toCustomer.id)]);
    expect(merchant.invitations).toEqual([pending(toCustomer.id), pending(toNewNumber.id)]);
    // No id: a reconnect's Last-Event-ID stays the ledger's.
    expect(customerHere.ids).toEqual([undefined]);

    const cancelled = await post(shop.token, `/api/business/invitations/${toCustomer.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    await until(() => customerHere.invitations.length > 1 && merchant.invitations.length > 2);
    expect(customerHere.invitations.at(-1)).toEqual({ ...pending(toCustomer.id), status: 'cancelled' });
    expect(merchant.invitations.at(-1)).toEqual({ ...pending(toCustomer.id), status: 'cancelled' });

    await sleep(300);
    expect(onlooker.invitations).toEqual([]);
    expect(counter.invitations).toEqual([]);
    for (const stream of [customerHere, customerElsewhere, merchant, counter, onlooker]) stream.close();
  });

  it('tells the merchant when the customer accepts or declines, or refuses through the link', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const merchant = await openStream(ctx.app, shop.token);
    const elsewhere = await openStream(other.app, shop.token);
    const first = await invite(shop.token, customer.phoneNumber);
    await until(() => merchant.invitations.length > 0);
    expect((await post(customer.token, `/api/customer/invitations/${first.id}/decline`)).statusCode).toBe(200);
    const second = await invite(shop.token, customer.phoneNumber);
    expect((await post(customer.token, `/api/customer/invitations/${second.id}/accept`)).statusCode).toBe(201);
    const third = await invite(shop.token, newPhone());
    expect((await post(null, `/api/invitations/${third.link.split('/i/')[1]}/refuse`)).statusCode).toBe(200);

    const told = (id: string, status: InvitationEventData['status']) => ({ invitationId: id, businessId: shop.businessId, status });
    const expected = [
      told(first.id, 'pending'), told(first.id, 'declined'), told(second.id, 'pending'), told(second.id, 'accepted'),
      told(third.id, 'pending'), told(third.id, 'declined'),
    ];
    for (const stream of [merchant, elsewhere]) {
      await until(() => stream.invitations.length >= expected.length);
      expect(stream.invitations).toEqual(expected);
    }
    merchant.close();
    elsewhere.close();
  });

  it("tells the customer nothing of an invitation whose SMS was held back by their refusal; the merchant hears it as any other", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const first = await invite(shop.token, customer.phoneNumber);
    expect((await post(null, `/api/invitations/${first.link.split('/i/')[1]}/refuse`)).statusCode).toBe(200);
    const stream = await openStream(ctx.app, customer.token);
    const merchant = await openStream(ctx.app, shop.token);
    const held = await invite(shop.token, customer.phoneNumber);
    await until(() => merchant.invitations.length > 0);
    expect(merchant.invitations).toEqual([{ invitationId: held.id, businessId: shop.businessId, status: 'pending' }]);
    await sleep(300);
    expect(stream.invitations).toEqual([]);
    stream.close();
    merchant.close();
  });
});
