/**
 * Invitations by phone through the API: the merchant's answer and list the same for a new
 * number and a customer's, accepting (the account opens, the books reconcile), declining,
 * "I don't want this", expiry, cancellation, the shop's and the number's daily limits, every
 * refusal with its exact words, and the SMS as the number reads it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import { developmentSmsProvider } from '../../sms/development';
import { SmsSendError, type SmsMessage, type SmsProvider } from '../../sms/provider';
import {
  approvedBusiness, bearer, createTestContext, newPhone, paymentSetup, registerBusiness, registerCustomer, withApp, type TestContext,
} from '../../test/context';

const publicUrl = 'https://khata.example.com';
const start = new Date('2026-11-22T10:00:00.000Z');
const daySeconds = 24 * 3600;

/**
 * Every SMS handed to the vendor and every line the development provider logged; `failing`
 * makes the vendor refuse, and `held` keeps it from answering until it is settled.
 */
const handed: SmsMessage[] = [];
const logged: string[] = [];
const vendor = { failing: false, held: null as Promise<void> | null };
const development = developmentSmsProvider((line) => { logged.push(line); });
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    if (vendor.held) await vendor.held;
    if (vendor.failing) throw new SmsSendError('every SMS vendor failed: twilio answered 503', true, 'twilio');
    return development.send(message, options);
  },
};
const invitesTo = (phone: string) => handed.filter((message) => message.template === 'invite' && message.to === phone);

// Sessions outlive the month the expiry test moves the clock through.
const longSessions = { sessionIdleTtlSeconds: 400 * daySeconds, sessionAbsoluteTtlSeconds: 400 * daySeconds };
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: { ...longSessions, publicUrl }, sms: recorder }); });
afterAll(async () => { await ctx.close(); });
beforeEach(() => {
  ctx.clock.set(start);
  handed.length = 0;
  logged.length = 0;
  vendor.failing = false;
  vendor.held = null;
});
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

interface Invitation { id: string; name: string; phone: string; creditLimit: string; language: string; status: string; link: string; createdAt: string; expiresAt: string }

const inviteBody = (phoneNumber: string, extra: Partial<{ name: string; creditLimit: string; language: string }> = {}) =>
  ({ name: 'Meena Devi', phoneNumber, creditLimit: '500', language: 'en', ...extra });

/** Invites, then waits for the SMS queue's drain the answer started (a drain waits for the one running). */
async function invite(shopToken: string, phoneNumber: string, extra: Parameters<typeof inviteBody>[1] = {}) {
  const response = await post('/api/business/invitations', shopToken, inviteBody(phoneNumber, extra));
  await ctx.app.services.sms.drain();
  return response;
}

async function invited(shopToken: string, phoneNumber: string, extra: Parameters<typeof invite>[2] = {}): Promise<Invitation> {
  const response = await invite(shopToken, phoneNumber, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invitation as Invitation;
}

const listOf = async (shopToken: string) => {
  const response = await get('/api/business/invitations', shopToken);
  expect(response.statusCode).toBe(200);
  return response.json().invitations as Invitation[];
};
const offersOf = async (customerToken: string) => {
  const response = await get('/api/customer/invitations', customerToken);
  expect(response.statusCode).toBe(200);
  return response.json().invitations as { id: string; businessId: string; businessName: string; creditLimit: string }[];
};
const codeOf = (invitation: Invitation) => invitation.link.split('/i/')[1]!;
const linkOf = async (invitation: Invitation) => (await get(`/api/invitations/${codeOf(invitation)}`)).json() as { status: string };

const refusal = (key: string, error: string, params: object = {}, code = key) => ({ error, code, key, params });
const notFound = refusal('invitation_not_found', 'Invitation not found', {}, 'not_found');
const notPending = refusal('invitation_not_pending', 'This invitation is no longer open');

interface SmsRow { purpose: string; business_id: string; template: string; variables: unknown; status: string; attempts: number; error: string | null }
const smsRowsTo = async (phone: string) => rowsOf<SmsRow>(await ctx.database.db.execute(
  sql`select purpose, business_id, template, variables, status, attempts, error from sms_messages where to_phone = ${phone} order by created_at`));

/** Waits until `condition` holds: for what the answer's drain does in the background. */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!await condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function invitationRow(id: string) {
  const [row] = rowsOf<{ status: string; sms_sent: boolean; customer_id: string | null; credit_account_id: string | null; decided_at: unknown }>(
    await ctx.database.db.execute(sql`select status, sms_sent, customer_id, credit_account_id, decided_at from invitations where id = ${id}`));
  return row;
}

/** An invitation as anyone could compare two: what differs by nature (ids, numbers, codes, times) stood in for. */
const comparable = (invitation: Invitation) => ({
  ...invitation, id: '<id>', phone: '<phone>', link: invitation.link.replace(codeOf(invitation), '<code>'), createdAt: '<date>', expiresAt: '<date>',
});

describe('inviting', () => {
  it("answers and lists alike an invitation to a new number and one to a Khata customer's, and sends both the same SMS", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx, { name: 'Registered Name' });
    const fresh = newPhone();
    const toCustomer = await invite(shop.token, customer.phoneNumber);
    ctx.clock.advance(1);
    const toFresh = await invite(shop.token, fresh);
    expect([toCustomer.statusCode, toFresh.statusCode]).toEqual([201, 201]);
    expect(Object.keys(toCustomer.json())).toEqual(['invitation']);
    expect(comparable(toCustomer.json().invitation)).toEqual(comparable(toFresh.json().invitation));
    expect(toFresh.json().invitation).toEqual({
      id: expect.any(String), name: 'Meena Devi', phone: fresh, creditLimit: '500.00', language: 'en', status: 'pending',
      link: expect.stringMatching(/^https:\/\/khata\.example\.com\/i\/[0-9A-Za-z]{10}$/),
      createdAt: '2026-11-22T10:00:01.000Z', expiresAt: '2026-12-22T10:00:01.000Z',
    });

    // The whole list, newest first, the same but for what differs by nature.
    const list = await listOf(shop.token);
    expect(list.map((i) => i.phone)).toEqual([fresh, customer.phoneNumber]);
    expect(comparable(list[0]!)).toEqual(comparable(list[1]!));
    expect(list).toEqual([toFresh.json().invitation, toCustomer.json().invitation]);
    expect(invitesTo(customer.phoneNumber)).toHaveLength(1);
    expect(invitesTo(fresh)).toHaveLength(1);
  });

  it('sends the SMS in the language asked for, with the shop, the limit in rupees and the link, and records it', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { creditLimit: '1250.5' });
    const invitationLines = () => logged.filter((line) => line.startsWith('[sms:development] invite '));
    expect(invitationLines()).toEqual([`[sms:development] invite for ${phone} (en) "Kumar Kirana offers you a Khata credit account with a `
      + `limit of Rs 1,250.50. Accept or refuse: ${publicUrl}/i/${codeOf(invitation)}"`]);
    const tamil = newPhone();
    const inTamil = await invited(shop.token, tamil, { language: 'ta' });
    expect(invitesTo(tamil)).toEqual([{
      to: tamil, language: 'ta', template: 'invite', variables: { shop: 'Kumar Kirana', limit: '₹500.00', link: inTamil.link },
    }]);
    expect(invitationLines()[1]).toBe(`[sms:development] invite for ${tamil} (ta) "Kumar Kirana உங்களுக்கு ₹500.00 வரம்புடன் ஒரு Khata கடன் `
      + `கணக்கை வழங்குகிறது. ஏற்க அல்லது மறுக்க: ${inTamil.link}"`);
    expect(await smsRowsTo(phone)).toEqual([{
      purpose: 'invite', business_id: shop.businessId, template: 'invite', status: 'sent', attempts: 1, error: null,
      variables: { shop: 'Kumar Kirana', limit: 'Rs 1,250.50', link: invitation.link },
    }]);
  });

  it('cuts a long shop name in the SMS as DLT takes it', async () => {
    const shop = await approvedBusiness(ctx);
    await ctx.database.db.execute(sql`update businesses set business_name = 'Shri Ganesh General Stores and Provisions' where id = ${shop.businessId}`);
    const phone = newPhone();
    await invited(shop.token, phone);
    expect(invitesTo(phone)[0]!.variables.shop).toBe('Shri Ganesh General Stores an…');
  });

  it('refuses a number this shop already has an account with, naming the customer as its list does', async () => {
    const s = await paymentSetup(ctx);
    const refused = await invite(s.shop.token, s.customer.phoneNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal('credit_account_exists', 'Asha Verma already has a credit account with your business',
      { customerName: 'Asha Verma' }, 'already_exists'));
    expect(await listOf(s.shop.token)).toEqual([]);
    expect(invitesTo(s.customer.phoneNumber)).toEqual([]);
  });

  it('refuses a second invitation to a number while the first is open', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const first = await invited(shop.token, phone);
    const again = await invite(shop.token, phone, { name: 'Someone Else', creditLimit: '900' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal('invitation_exists', `You have already invited ${phone}`, { phoneNumber: phone }));
    expect(await listOf(shop.token)).toEqual([first]);
    expect(invitesTo(phone)).toHaveLength(1);
  });

  it("refuses a limit above the shop's maximum, and a shop not yet approved", async () => {
    const shop = await approvedBusiness(ctx);
    const above = await invite(shop.token, newPhone(), { creditLimit: '50000.01' });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual(refusal('limit_above_maximum', "Credit limit cannot be more than ₹50,000.00, your business's maximum",
      { maximum: '₹50,000.00' }));
    expect((await invite(shop.token, newPhone(), { creditLimit: '50000' })).statusCode).toBe(201);
    const pending = await registerBusiness(ctx);
    const notApproved = await invite(pending.token, newPhone());
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json()).toEqual(refusal('not_approved', 'Your business must be approved by an admin first'));
    expect(await listOf(pending.token)).toEqual([]);
    expect(handed.filter((m) => m.template === 'invite')).toHaveLength(1);
  });

  it('answers before the vendor does: the SMS goes after the answer, from the queue', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    let answer: () => void = () => {};
    vendor.held = new Promise((resolve) => { answer = resolve; });
    // The vendor has not answered, and will not until told: the merchant has their answer meanwhile.
    const answered = await post('/api/business/invitations', shop.token, inviteBody(phone));
    expect(answered.statusCode).toBe(201);
    expect((await smsRowsTo(phone)).map((row) => row.status)).not.toContain('sent');
    answer();
    await ctx.app.services.sms.drain();
    expect((await smsRowsTo(phone)).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    expect(invitesTo(phone)).toHaveLength(1);
  });

  it('answers 201 alike while no vendor takes the SMS: the invitation stays, and its SMS goes on a drain once a vendor is back', async () => {
    const shop = await approvedBusiness(ctx);
    const working = await invited(shop.token, newPhone());
    // A second later, so the list's order (newest first, then by id) is the order they were made.
    ctx.clock.advance(1);
    const phone = newPhone();
    vendor.failing = true;
    const during = await post('/api/business/invitations', shop.token, inviteBody(phone));
    expect(during.statusCode).toBe(201);
    await until(async () => (await smsRowsTo(phone)).some((row) => row.attempts === 1 && row.status === 'queued'));
    expect(during.headers['retry-after']).toBeUndefined();
    expect(comparable(during.json().invitation)).toEqual(comparable(working));
    expect(await listOf(shop.token)).toEqual([during.json().invitation, working]);
    expect(await invitationRow(during.json().invitation.id)).toMatchObject({ status: 'pending', sms_sent: true });
    // Tried once by the answer's drain, and queued again for its one retry.
    expect(await smsRowsTo(phone)).toEqual([{
      purpose: 'invite', business_id: shop.businessId, template: 'invite', status: 'queued', attempts: 1,
      error: 'every SMS vendor failed: twilio answered 503',
      variables: { shop: 'Kumar Kirana', limit: 'Rs 500.00', link: during.json().invitation.link },
    }]);
    expect(logged.filter((line) => line.includes(phone))).toEqual([]);

    vendor.failing = false;
    expect(await ctx.app.services.sms.drain()).toBe(1);
    expect((await smsRowsTo(phone)).map((row) => [row.status, row.attempts, row.error])).toEqual([['sent', 2, null]]);
    expect(invitesTo(phone)).toHaveLength(2);
    expect(logged.filter((line) => line.includes(phone))).toEqual([`[sms:development] invite for ${phone} (en) "Kumar Kirana offers you `
      + `a Khata credit account with a limit of Rs 500.00. Accept or refuse: ${during.json().invitation.link}"`]);
  });

  it('queues no SMS for a held-back invitation, and counts one queued and not yet sent against the number\'s day', async () => {
    const phone = newPhone();
    const shops = [];
    for (let n = 0; n < 6; n++) shops.push(await approvedBusiness(ctx));
    let answer: () => void = () => {};
    vendor.held = new Promise((resolve) => { answer = resolve; });
    // The vendor answers none of the five until told: each counts all the same.
    const answers = [];
    for (const shop of shops) answers.push(await post('/api/business/invitations', shop.token, inviteBody(phone)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    const held = answers[5]!.json().invitation as Invitation;
    expect((await invitationRow(held.id))!.sms_sent).toBe(false);
    const waiting = await smsRowsTo(phone);
    expect(waiting).toHaveLength(5);
    expect(waiting.map((row) => row.status)).not.toContain('sent');
    answer();
    await ctx.app.services.sms.drain();
    expect((await smsRowsTo(phone)).map((row) => row.status)).toEqual(Array(5).fill('sent'));
    expect(invitesTo(phone).map((message) => message.variables.link).sort())
      .toEqual(answers.slice(0, 5).map((answer) => (answer.json().invitation as Invitation).link).sort());
  });
});

describe('the daily limits', () => {
  it('lets a shop invite 50 numbers an India day, refusing the 51st until India midnight', async () => {
    const shop = await approvedBusiness(ctx);
    for (let n = 0; n < 50; n++) await invited(shop.token, newPhone());
    const refused = await invite(shop.token, newPhone());
    expect(refused.statusCode).toBe(429);
    // 10:00 UTC is 15:30 in India: India midnight is 8 h 30 min away.
    expect(refused.headers['retry-after']).toBe(String(8.5 * 3600));
    expect(refused.json()).toEqual(refusal('invitations_daily_limit', 'Your shop can send at most 50 invitations a day. Try again tomorrow.', { limit: 50 }));
    expect(await listOf(shop.token)).toHaveLength(50);
    ctx.clock.set(new Date('2026-11-22T18:29:59.000Z'));
    expect((await invite(shop.token, newPhone())).statusCode).toBe(429);
    ctx.clock.set(new Date('2026-11-22T18:30:00.000Z'));
    expect((await invite(shop.token, newPhone())).statusCode).toBe(201);
  });

  it('sends one number at most 5 invitation SMS a day across shops; the 6th shop is answered alike and sends nothing', async () => {
    const phone = newPhone();
    const shops = [];
    for (let n = 0; n < 7; n++) shops.push(await approvedBusiness(ctx));
    const answers = [];
    for (const shop of shops.slice(0, 6)) answers.push(await invited(shop.token, phone));
    expect(invitesTo(phone)).toHaveLength(5);
    expect(comparable(answers[5]!)).toEqual(comparable(answers[0]!));
    expect(comparable((await listOf(shops[5]!.token))[0]!)).toEqual(comparable((await listOf(shops[0]!.token))[0]!));
    expect((await invitationRow(answers[5]!.id))!.sms_sent).toBe(false);
    // The number's owner, signing up, is shown the five that reached them.
    const customer = await registerCustomer(ctx, { phoneNumber: phone });
    expect((await offersOf(customer.token)).map((offer) => offer.id).sort()).toEqual(answers.slice(0, 5).map((a) => a.id).sort());
    // The next India day, another shop's SMS goes.
    ctx.clock.set(new Date('2026-11-22T18:30:00.000Z'));
    await invited(shops[6]!.token, phone);
    expect(invitesTo(phone)).toHaveLength(6);
  });
});

describe('at the same time', () => {
  it('keeps the limits when requests race: one open invitation per shop and number, 5 SMS a day per number', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const twice = await Promise.all([invite(shop.token, phone), invite(shop.token, phone)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await listOf(shop.token)).toHaveLength(1);

    const contested = newPhone();
    const shops = [];
    for (let n = 0; n < 7; n++) shops.push(await approvedBusiness(ctx));
    const answers = await Promise.all(shops.map((s) => invite(s.token, contested)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(7).fill(201));
    expect(invitesTo(contested)).toHaveLength(5);
    const sent = rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from invitations where phone = ${contested} and sms_sent`));
    expect(sent).toEqual([{ n: 5 }]);
  });

  it('accepts an invitation once when two accepts race', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await invited(shop.token, customer.phoneNumber);
    const both = await Promise.all([1, 2].map(() => post(`/api/customer/invitations/${invitation.id}/accept`, customer.token)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toEqual(notPending);
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts).toHaveLength(1);
  });
});

describe('accepting', () => {
  it("opens the account with the invitation's limit, in the customer's and the merchant's lists, and the books reconcile", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx, { name: 'Meena Registered' });
    const invitation = await invited(shop.token, customer.phoneNumber, { creditLimit: '750' });
    const before = await ctx.app.services.stats.adminStats();
    expect(await offersOf(customer.token)).toEqual([{
      id: invitation.id, businessId: shop.businessId, businessName: 'Kumar Kirana', creditLimit: '750.00',
      createdAt: invitation.createdAt, expiresAt: invitation.expiresAt,
    }]);
    const accepted = await post(`/api/customer/invitations/${invitation.id}/accept`, customer.token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const account = accepted.json().creditAccount;
    expect(account).toEqual({
      id: expect.any(String), businessId: shop.businessId, business: { businessName: 'Kumar Kirana' }, currentBalance: '750.00',
      creditLimit: '750.00', owed: '0.00', overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false,
    });
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts).toEqual([account]);
    const merchantAccounts = (await get('/api/credit-accounts/business', shop.token)).json().creditAccounts;
    expect(merchantAccounts).toMatchObject([{ id: account.id, customerName: 'Meena Registered', phone: customer.phoneNumber, creditLimit: '750.00' }]);
    expect(await invitationRow(invitation.id)).toMatchObject({
      status: 'accepted', customer_id: customer.userId, credit_account_id: account.id, decided_at: expect.anything(),
    });
    expect(await listOf(shop.token)).toEqual([]);
    expect(await offersOf(customer.token)).toEqual([]);
    expect((await linkOf(invitation)).status).toBe('accepted');
    const after = await ctx.app.services.stats.adminStats();
    expect(after.creditAccounts - before.creditAccounts).toBe(1);

    const again = await post(`/api/customer/invitations/${invitation.id}/accept`, customer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(notPending);
    // Now the shop has an account for the number: a new invitation is refused.
    expect((await invite(shop.token, customer.phoneNumber)).json().key).toBe('credit_account_exists');
  });

  it('is for the invited number alone: anyone else is told there is no such invitation', async () => {
    const shop = await approvedBusiness(ctx);
    const invitation = await invited(shop.token, newPhone());
    const someoneElse = await registerCustomer(ctx);
    for (const action of ['accept', 'decline']) {
      const response = await post(`/api/customer/invitations/${invitation.id}/${action}`, someoneElse.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await post(`/api/customer/invitations/${id}/accept`, someoneElse.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await offersOf(someoneElse.token)).toEqual([]);
    expect((await invitationRow(invitation.id))!.status).toBe('pending');
  });

  it('lets a new number sign up through the link and accept', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { name: 'Typed By Merchant', creditLimit: '300', language: 'hi' });
    const link = await get(`/api/invitations/${codeOf(invitation)}`);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({
      id: invitation.id, businessName: 'Kumar Kirana', name: 'Typed By Merchant', phoneNumber: phone, creditLimit: '300.00',
      language: 'hi', status: 'pending', expiresAt: invitation.expiresAt,
    });
    const customer = await registerCustomer(ctx, { phoneNumber: phone, name: 'Own Name' });
    const accepted = await post(`/api/customer/invitations/${link.json().id}/accept`, customer.token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().creditAccount).toMatchObject({ creditLimit: '300.00', business: { businessName: 'Kumar Kirana' } });
  });

  it('refuses a customer who meanwhile got an account at the shop, naming the shop; the shop lists the account alone', async () => {
    const s = await paymentSetup(ctx);
    const other = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await invited(s.shop.token, customer.phoneNumber);
    const elsewhere = await invited(other.token, customer.phoneNumber);
    // The merchant adds them by payment handle before they accept.
    const handle = (await get('/api/customer/qr', customer.token)).json().paymentHandle as string;
    expect((await post('/api/business/create-credit-account', s.shop.token, { paymentHandle: handle, creditLimit: '100' })).statusCode).toBe(201);
    expect(await listOf(s.shop.token)).toEqual([]);
    // Another shop's invitation to the number is still open, in its list and the customer's.
    expect(await listOf(other.token)).toEqual([elsewhere]);
    expect((await offersOf(customer.token)).map((offer) => offer.id)).toEqual([elsewhere.id]);
    const refused = await post(`/api/customer/invitations/${invitation.id}/accept`, customer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal('invitation_account_exists', 'You already have a credit account with Kumar Kirana',
      { businessName: 'Kumar Kirana' }));
    expect((await invitationRow(invitation.id))!.status).toBe('pending');
  });

  it('leaves out of the shop\'s list an invitation to a number it signed up at the counter meanwhile', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { name: 'Typed For Invite' });
    const started = await post('/api/business/counter-customers', shop.token, inviteBody(phone, { name: 'Typed At Counter' }));
    expect(started.statusCode, started.body).toBe(201);
    const code = handed.filter((message) => message.template === 'enrol' && message.to === phone).at(-1)!.variables.otp!;
    const confirmed = await post(`/api/business/counter-customers/${started.json().enrolment.id}/confirm`, shop.token, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await listOf(shop.token)).toEqual([]);
    // Still pending (accepting it is refused, as above), but no longer shown beside the account.
    expect((await invitationRow(invitation.id))!.status).toBe('pending');
    const accounts = (await get('/api/credit-accounts/business', shop.token)).json().creditAccounts as { phone: string }[];
    expect(accounts.map((account) => account.phone)).toEqual([phone]);
  });
});

describe('declining and refusing', () => {
  it('declines: the offer leaves both lists, the link says so, and it cannot be accepted after', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await invited(shop.token, customer.phoneNumber);
    const declined = await post(`/api/customer/invitations/${invitation.id}/decline`, customer.token);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ success: true });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'declined', customer_id: customer.userId, credit_account_id: null });
    expect(await listOf(shop.token)).toEqual([]);
    expect(await offersOf(customer.token)).toEqual([]);
    expect((await linkOf(invitation)).status).toBe('declined');
    for (const action of ['accept', 'decline']) {
      const response = await post(`/api/customer/invitations/${invitation.id}/${action}`, customer.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(notPending);
    }
    // A declined invitation does not block: the shop may invite again, and the SMS goes.
    await invited(shop.token, customer.phoneNumber);
    expect(invitesTo(customer.phoneNumber)).toHaveLength(2);
  });

  it('"I don\'t want this": declines without a session, and the shop\'s next invitations are answered alike but go nowhere', async () => {
    const shop = await approvedBusiness(ctx);
    const otherShop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const first = await invited(shop.token, customer.phoneNumber);
    const refused = await post(`/api/invitations/${codeOf(first)}/refuse`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ success: true });
    expect((await linkOf(first)).status).toBe('declined');
    expect(await listOf(shop.token)).toEqual([]);
    // Refusing again changes nothing.
    expect((await post(`/api/invitations/${codeOf(first)}/refuse`)).statusCode).toBe(200);

    const second = await invite(shop.token, customer.phoneNumber);
    expect(second.statusCode).toBe(201);
    expect(comparable(second.json().invitation)).toEqual(comparable({ ...first, link: first.link }));
    expect(await listOf(shop.token)).toEqual([second.json().invitation]);
    expect(invitesTo(customer.phoneNumber)).toHaveLength(1);
    expect(await offersOf(customer.token)).toEqual([]);
    // Another shop is not refused.
    const fromOther = await invited(otherShop.token, customer.phoneNumber);
    expect(invitesTo(customer.phoneNumber)).toHaveLength(2);
    expect((await offersOf(customer.token)).map((offer) => offer.id)).toEqual([fromOther.id]);
  });

  it('refuses to refuse an accepted or cancelled invitation, and knows no unknown code', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const accepted = await invited(shop.token, customer.phoneNumber);
    expect((await post(`/api/customer/invitations/${accepted.id}/accept`, customer.token)).statusCode).toBe(201);
    const cancelled = await invited(shop.token, newPhone());
    expect((await post(`/api/business/invitations/${cancelled.id}/cancel`, shop.token)).statusCode).toBe(200);
    for (const invitation of [accepted, cancelled]) {
      const response = await post(`/api/invitations/${codeOf(invitation)}/refuse`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(notPending);
    }
    expect(rowsOf(await ctx.database.db.execute(sql`select * from invitation_blocks where business_id = ${shop.businessId}`))).toEqual([]);
    for (const code of ['AAAAAAAAAA', 'short', `${codeOf(accepted)}x`, '%F0%9F%98%80']) {
      for (const response of [await get(`/api/invitations/${code}`), await post(`/api/invitations/${code}/refuse`)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    }
  });
});

describe('expiry', () => {
  it('ends an invitation after 30 days: the link says expired, accepting is refused, and the shop may invite again', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await invited(shop.token, customer.phoneNumber);
    ctx.clock.advance(30 * daySeconds - 1);
    expect((await linkOf(invitation)).status).toBe('pending');
    expect(await listOf(shop.token)).toHaveLength(1);
    ctx.clock.advance(1);
    expect((await linkOf(invitation)).status).toBe('expired');
    expect(await listOf(shop.token)).toEqual([]);
    expect(await offersOf(customer.token)).toEqual([]);
    for (const url of [`/api/customer/invitations/${invitation.id}/accept`, `/api/customer/invitations/${invitation.id}/decline`]) {
      const response = await post(url, customer.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(notPending);
    }
    const cancel = await post(`/api/business/invitations/${invitation.id}/cancel`, shop.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual(notPending);

    const again = await invited(shop.token, customer.phoneNumber);
    expect(again.id).not.toBe(invitation.id);
    expect((await invitationRow(invitation.id))!.status).toBe('expired');
    expect((await offersOf(customer.token)).map((offer) => offer.id)).toEqual([again.id]);
    // An expired invitation may still be refused: it blocks the shop, and stays expired.
    expect((await post(`/api/invitations/${codeOf(invitation)}/refuse`)).statusCode).toBe(200);
    expect((await invitationRow(invitation.id))!.status).toBe('expired');
    expect((await invitationRow(again.id))!.status).toBe('pending');
    expect(rowsOf(await ctx.database.db.execute(sql`select phone from invitation_blocks where business_id = ${shop.businessId}`)))
      .toEqual([{ phone: customer.phoneNumber }]);
  });
});

describe('cancelling', () => {
  it("cancels the shop's own open invitation; another shop's and an unknown one are not found", async () => {
    const shop = await approvedBusiness(ctx);
    const otherShop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await invited(shop.token, customer.phoneNumber);
    const byOther = await post(`/api/business/invitations/${invitation.id}/cancel`, otherShop.token);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual(notFound);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await post(`/api/business/invitations/${id}/cancel`, shop.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const cancelled = await post(`/api/business/invitations/${invitation.id}/cancel`, shop.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ invitation: { ...invitation, status: 'cancelled' } });
    expect(await listOf(shop.token)).toEqual([]);
    expect(await offersOf(customer.token)).toEqual([]);
    expect((await linkOf(invitation)).status).toBe('cancelled');
    const again = await post(`/api/business/invitations/${invitation.id}/cancel`, shop.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(notPending);
    const accept = await post(`/api/customer/invitations/${invitation.id}/accept`, customer.token);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual(notPending);
    // A cancelled invitation does not block the shop from inviting again.
    expect((await invite(shop.token, customer.phoneNumber)).statusCode).toBe(201);
  });
});

describe('the short link', () => {
  it('needs no session, and counts on the caller\'s address as every signed-out call does', async () => {
    const shop = await approvedBusiness(ctx);
    const invitation = await invited(shop.token, newPhone());
    await withApp(ctx, { rateLimitPerMinute: 2 }, async (app) => {
      const open = () => app.inject({ method: 'GET', url: `/api/invitations/${codeOf(invitation)}` });
      expect((await open()).statusCode).toBe(200);
      expect((await open()).statusCode).toBe(200);
      const limited = await open();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(refusal('rate_limited', 'Too many requests. Please slow down and try again shortly.'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
