/**
 * The shop's people through the API: an owner's invitation (defaults, every refusal with its
 * words, the SMS as the person reads it, held back past the number's invitation SMS of the
 * day), the person's acceptance with an OTP (a new account and its PIN rules, an account
 * joining a second shop with its PIN, expiry, a wrong code) or refusal, the owner's
 * cancellation, changes of role and limits, and revocation (an owner removed or made a
 * manager taking their open invitations with them), each with its line in the audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invitationsPerNumberPerDay, staffInvitationsPerShopPerDay } from '@common/limits';
import { rowsOf } from '../../db/client';
import { indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import { developmentSmsProvider } from '../../sms/development';
import type { SmsMessage, SmsProvider } from '../../sms/provider';
import {
  approvedBusiness, bearer, cookieFrom, createTestContext, inviteStaff, newPhone, registerBusiness, staffLogin, verifyPhone,
  type TestContext,
} from '../../test/context';

const publicUrl = 'https://khata.example.com';
const start = new Date('2026-11-22T10:00:00.000Z');
const daySeconds = 24 * 3600;

/** Every SMS handed to the vendor, and every line the development provider logged. */
const handed: SmsMessage[] = [];
const logged: string[] = [];
const development = developmentSmsProvider((line) => { logged.push(line); });
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    return development.send(message, options);
  },
};
const staffInvitesTo = (phone: string) => handed.filter((message) => message.template === 'staff_invite' && message.to === phone);

// Sessions outlive the week the expiry test moves the clock through.
const longSessions = { sessionIdleTtlSeconds: 400 * daySeconds, sessionAbsoluteTtlSeconds: 400 * daySeconds };
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: { ...longSessions, publicUrl }, sms: recorder }); });
afterAll(async () => { await ctx.close(); });
beforeEach(() => {
  ctx.clock.set(start);
  handed.length = 0;
  logged.length = 0;
});
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
/** A signed-out call carrying the OTP proof cookie. */
const withProof = (method: 'GET' | 'POST', url: string, proof: string | undefined, payload?: object) =>
  ctx.app.inject({ method, url, ...(proof ? { cookies: { otp_proof: proof } } : {}), ...(payload ? { payload } : {}) });

interface Invitation {
  id: string; name: string; phone: string; role: string; singleLimit: string | null; dailyLimit: string | null; status: string;
  createdAt: string; expiresAt: string;
}
interface Member {
  id: string; name: string; phone: string | null; email: string | null; role: string; founding: boolean; status: string;
  singleLimit: string | null; dailyLimit: string | null; usedToday: string; createdAt: string; revokedAt: string | null;
}

const invitationBody = (phoneNumber: string, extra: Record<string, unknown> = {}) =>
  ({ phoneNumber, name: 'Ravi', role: 'cashier', language: 'en', ...extra });

/** Invites, then waits for the SMS queue's drain the answer started. */
async function invite(ownerToken: string, phoneNumber: string, extra: Record<string, unknown> = {}) {
  const response = await post('/api/business/staff/invitations', ownerToken, invitationBody(phoneNumber, extra));
  await ctx.app.services.sms.drain();
  return response;
}

async function invited(ownerToken: string, phoneNumber: string, extra: Record<string, unknown> = {}): Promise<Invitation> {
  const response = await invite(ownerToken, phoneNumber, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invitation as Invitation;
}

const staffOf = async (ownerToken: string) => {
  const response = await get('/api/business/staff', ownerToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { members: Member[]; invitations: Invitation[] };
};

/** The shop's audit rows, oldest first, as stored. */
async function auditRows(businessId: string) {
  return rowsOf<{ action: string; member_id: string; role: string; subject: string | null; details: Record<string, string> }>(
    await ctx.database.db.execute(sql`select action, member_id, role, subject, details from shop_audit
      where business_id = ${businessId} order by created_at, id`));
}

/** A new OTP proof of purpose staff_invitation for the phone, a little later than the last code sent to it. */
async function proofFor(phone: string): Promise<string> {
  ctx.clock.advance(31);
  return verifyPhone(ctx, phone, 'staff_invitation');
}

const accept = (id: string, proof: string | undefined, payload: object = {}) =>
  withProof('POST', `/api/staff/invitations/${id}/accept`, proof, payload);

describe('an owner inviting a person', () => {
  it('invites a cashier with the shop\'s default limits and sends the SMS with the shop, the role and the join page', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { name: ' Ravi ' });
    expect(invitation).toEqual({
      id: expect.any(String), name: 'Ravi', phone, role: 'cashier', singleLimit: '2000.00', dailyLimit: '10000.00', status: 'pending',
      createdAt: start.toISOString(), expiresAt: new Date(start.getTime() + 7 * daySeconds * 1000).toISOString(),
    });
    expect(staffInvitesTo(phone)).toEqual([{
      to: phone, language: 'en', template: 'staff_invite',
      variables: { shop: 'Kumar Kirana', role: 'a cashier', link: 'https://khata.example.com/merchant/join' },
    }]);
    expect(logged).toContain(`[sms:development] staff_invite for ${phone} (en) "Kumar Kirana has invited you to work on its Khata as a cashier. `
      + 'Accept with this number at https://khata.example.com/merchant/join"');
    const [message] = rowsOf<{ purpose: string; business_id: string; status: string }>(await ctx.database.db.execute(
      sql`select purpose, business_id, status from sms_messages where to_phone = ${phone}`));
    expect(message).toEqual({ purpose: 'staff_invite', business_id: shop.businessId, status: 'sent' });

    const list = await staffOf(shop.token);
    expect(list.invitations).toEqual([invitation]);
    expect(list.members).toEqual([{
      id: expect.any(String), name: 'Ravi Kumar', phone: shop.phoneNumber, email: shop.email, role: 'owner', founding: true, status: 'active',
      singleLimit: null, dailyLimit: null, usedToday: '0.00', createdAt: expect.any(String), revokedAt: null,
    }]);
    const [audit] = await auditRows(shop.businessId);
    expect(audit).toEqual({
      action: 'staff_invited', member_id: list.members[0]!.id, role: 'owner', subject: 'Ravi',
      details: { role: 'cashier', phoneNumber: phone, singleLimit: '2000.00', dailyLimit: '10000.00' },
    });
  });

  it('gives a manager the manager\'s defaults, keeps limits given, gives an owner none, and writes the SMS in the language chosen', async () => {
    const shop = await approvedBusiness(ctx);
    expect(await invited(shop.token, newPhone(), { role: 'manager' })).toMatchObject({ singleLimit: '10000.00', dailyLimit: '50000.00' });
    ctx.clock.advance(1);
    expect(await invited(shop.token, newPhone(), { singleLimit: '500', dailyLimit: '1500.50' }))
      .toMatchObject({ role: 'cashier', singleLimit: '500.00', dailyLimit: '1500.50' });
    ctx.clock.advance(1);
    const hindi = newPhone();
    expect(await invited(shop.token, hindi, { role: 'owner', language: 'hi', singleLimit: null }))
      .toMatchObject({ role: 'owner', singleLimit: null, dailyLimit: null });
    expect(logged.at(-1)).toBe(`[sms:development] staff_invite for ${hindi} (hi) "Kumar Kirana ने आपको अपने Khata पर मालिक के रूप में `
      + 'काम करने के लिए बुलाया है। इसी नंबर से स्वीकार करें: https://khata.example.com/merchant/join"');
    // Newest first.
    expect((await staffOf(shop.token)).invitations.map((row) => row.role)).toEqual(['owner', 'cashier', 'manager']);
  });

  it('refuses limits missing, given to an owner or out of order, each with its words, and writes nothing', async () => {
    const shop = await approvedBusiness(ctx);
    const refusals = [
      [{ singleLimit: '500' }, 'staff_limits_required', 'Give a cashier or a manager a limit for one entry and a daily limit'],
      [{ role: 'manager', dailyLimit: '500' }, 'staff_limits_required', 'Give a cashier or a manager a limit for one entry and a daily limit'],
      [{ role: 'owner', dailyLimit: '500' }, 'staff_limits_for_owner', 'An owner has no limits'],
      [{ singleLimit: '500', dailyLimit: '499.99' }, 'staff_limits_order', 'The daily limit must be at least the limit for one entry'],
      [{ singleLimit: '0', dailyLimit: '10' }, 'staff_single_limit_format',
        'The limit for one entry must be an amount greater than 0 with at most 2 decimals'],
      [{ role: 'clerk' }, 'staff_role_choice', 'Role must be cashier, manager or owner'],
    ] as const;
    for (const [extra, key, error] of refusals) {
      const response = await invite(shop.token, newPhone(), extra);
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_input', key, error });
    }
    expect((await staffOf(shop.token)).invitations).toEqual([]);
    expect(handed.filter((message) => message.template === 'staff_invite')).toEqual([]);
  });

  it('refuses a shop not yet approved', async () => {
    const pending = await registerBusiness(ctx);
    const response = await invite(pending.token, newPhone());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ key: 'not_approved' });
  });

  it('refuses (409) a number that already works at the shop, the shop\'s own number, and a number invited and not yet answered', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    handed.length = 0;
    const taken = await invite(shop.token, cashier.phoneNumber);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ key: 'staff_exists', error: `${cashier.phoneNumber} already works at your shop` });
    const own = await invite(shop.token, shop.phoneNumber);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ key: 'staff_exists', params: { phoneNumber: shop.phoneNumber } });

    const phone = newPhone();
    await invited(shop.token, phone);
    const again = await invite(shop.token, phone, { role: 'manager' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'staff_invitation_exists', error: `You have already invited ${phone}` });
    expect(staffInvitesTo(phone)).toHaveLength(1);
    expect(staffInvitesTo(cashier.phoneNumber)).toEqual([]);
  });

  it('invites a number again once its invitation expired, which the list then shows expired', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const first = await invited(shop.token, phone);
    ctx.clock.advance(7 * daySeconds);
    const second = await invited(shop.token, phone, { role: 'manager' });
    const { invitations } = await staffOf(shop.token);
    expect(invitations.map((row) => [row.id, row.status])).toEqual([[second.id, 'pending'], [first.id, 'expired']]);
    const stored = rowsOf<{ status: string }>(await ctx.database.db.execute(sql`select status from staff_invitations where id = ${first.id}`));
    expect(stored).toEqual([{ status: 'expired' }]);
    expect(staffInvitesTo(phone)).toHaveLength(2);
  });

  it(`refuses an invitation past the shop's ${staffInvitationsPerShopPerDay} of an India day until India midnight (429, Retry-After)`, async () => {
    const shop = await approvedBusiness(ctx);
    for (let i = 0; i < staffInvitationsPerShopPerDay; i += 1) {
      const response = await post('/api/business/staff/invitations', shop.token, invitationBody(newPhone()));
      expect(response.statusCode, response.body).toBe(201);
    }
    await ctx.app.services.sms.drain();
    // 10:00Z is 15:30 in India: 8.5 hours to midnight.
    const refused = await invite(shop.token, newPhone());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(8.5 * 3600));
    expect(refused.json()).toMatchObject({
      key: 'staff_invitations_daily_limit', error: `Your shop can invite at most ${staffInvitationsPerShopPerDay} people a day. Try again tomorrow.`,
    });
    ctx.clock.advance(8.5 * 3600);
    expect((await invite(shop.token, newPhone())).statusCode).toBe(201);
  });

  it(`holds the SMS back once the number had its ${invitationsPerNumberPerDay} invitation SMS of the India day, customers' ones counted, and answers alike`, async () => {
    const phone = newPhone();
    const shops = [];
    for (let n = 0; n < invitationsPerNumberPerDay + 2; n++) shops.push(await approvedBusiness(ctx));
    const customerInvitation = (token: string) =>
      post('/api/business/invitations', token, { name: 'Meena Devi', phoneNumber: phone, creditLimit: '500', language: 'en' });
    // All but one of the number's invitation SMS of the day from shops inviting a customer, the last from a staff invitation.
    for (const shop of shops.slice(0, invitationsPerNumberPerDay - 1)) expect((await customerInvitation(shop.token)).statusCode).toBe(201);
    const sent = await invited(shops[invitationsPerNumberPerDay - 1]!.token, phone);
    const held = await invited(shops[invitationsPerNumberPerDay]!.token, phone);
    expect(held).toEqual({ ...sent, id: held.id });
    expect((await staffOf(shops[invitationsPerNumberPerDay]!.token)).invitations).toEqual([held]);
    expect(staffInvitesTo(phone)).toEqual([expect.objectContaining({ template: 'staff_invite' })]);
    const smsToPhone = async () => rowsOf<{ purpose: string; n: number }>(await ctx.database.db.execute(sql`
      select purpose, count(*)::int as n from sms_messages where to_phone = ${phone} group by purpose order by purpose`));
    expect(await smsToPhone()).toEqual([{ purpose: 'invite', n: invitationsPerNumberPerDay - 1 }, { purpose: 'staff_invite', n: 1 }]);
    // A customer's invitation counts the staff one too: held back as well.
    expect((await customerInvitation(shops[invitationsPerNumberPerDay + 1]!.token)).statusCode).toBe(201);
    await ctx.app.services.sms.drain();
    expect(await smsToPhone()).toEqual([{ purpose: 'invite', n: invitationsPerNumberPerDay - 1 }, { purpose: 'staff_invite', n: 1 }]);
    // The invitation held back is open all the same: the link the owner passes on reaches the person.
    const proof = await proofFor(phone);
    expect((await accept(held.id, proof, { pin: '6284', confirmPin: '6284' })).statusCode).toBe(201);

    // The next India day (India midnight is 18:30Z), the number's SMS go again.
    ctx.clock.set(new Date('2026-11-22T18:30:00.000Z'));
    await invited(shops[0]!.token, phone);
    expect(staffInvitesTo(phone)).toHaveLength(2);
  });

  it('is for owners only: a manager or a cashier is refused (403 role_forbidden), a customer or nobody too', async () => {
    const shop = await approvedBusiness(ctx);
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    for (const token of [manager.token]) {
      expect((await get('/api/business/staff', token)).json()).toMatchObject({ key: 'role_forbidden' });
      expect((await invite(token, newPhone())).statusCode).toBe(403);
    }
    expect((await get('/api/business/staff')).statusCode).toBe(401);
  });
});

describe('the invited person', () => {
  it('lists the phone\'s open invitations only with an OTP proof of purpose staff_invitation', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { role: 'manager' });
    const none = await withProof('GET', '/api/staff/invitations', undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      key: 'otp_proof_missing', params: { purpose: 'staff_invitation' }, error: 'Please verify your phone number with an OTP to see your invitations.',
    });
    const registration = await verifyPhone(ctx, phone);
    expect((await withProof('GET', '/api/staff/invitations', registration)).json()).toMatchObject({ key: 'otp_proof_missing' });

    const proof = await proofFor(phone);
    const open = await withProof('GET', '/api/staff/invitations', proof);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      hasAccount: false,
      invitations: [{ id: invitation.id, businessName: 'Kumar Kirana', role: 'manager', name: 'Ravi', expiresAt: invitation.expiresAt }],
    });
    // Listing leaves the proof for the acceptance.
    expect((await withProof('GET', '/api/staff/invitations', proof)).statusCode).toBe(200);
  });

  it('is refused a proof by a wrong code: the OTP check\'s own refusal', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    await invited(shop.token, phone);
    const sent = await post('/api/otp/send', undefined, { phoneNumber: phone, purpose: 'staff_invitation' });
    const code = sent.json().developmentOtp as string;
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await post('/api/otp/verify', undefined, { phoneNumber: phone, purpose: 'staff_invitation', otp: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'otp_invalid', error: 'Incorrect OTP. 4 attempts left.' });
    expect(cookieFrom(refused, 'otp_proof')).toBeUndefined();
  });

  it('opens a staff account with a PIN chosen as at registration, joins the shop and is signed in acting for it', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone, { name: 'Meena', singleLimit: '300', dailyLimit: '900' });
    const proof = await proofFor(phone);
    const refusals = [
      [{}, 'staff_pin_required', 'Choose a 4-digit PIN for your staff account'],
      [{ pin: '6284' }, 'staff_pin_required', 'Choose a 4-digit PIN for your staff account'],
      [{ pin: '6284', confirmPin: '6285' }, 'pin_confirmation_mismatch', 'New PIN and confirmation do not match'],
      [{ pin: '1234', confirmPin: '1234' }, 'weak_pin', undefined],
      [{ pin: '12a4', confirmPin: '12a4' }, 'pin_format', 'PIN must be exactly 4 digits'],
    ] as const;
    for (const [payload, key, error] of refusals) {
      const response = await accept(invitation.id, proof, payload);
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ key, ...(error ? { error } : {}) });
    }

    const accepted = await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const body = accepted.json() as { sessionToken: string; user: { id: string } };
    expect(body).toEqual({ sessionToken: expect.any(String), user: { id: expect.any(String), role: 'staff', name: 'Meena', phone, email: null } });
    expect(cookieFrom(accepted, 'session')).toBe(body.sessionToken);
    expect(cookieFrom(accepted, 'device')).toEqual(expect.any(String));
    expect(accepted.cookies.find((cookie) => cookie.name === 'otp_proof')).toMatchObject({ value: '' });

    const me = (await get('/api/auth/me', body.sessionToken)).json();
    expect(me.shop).toMatchObject({ businessId: shop.businessId, businessName: 'Kumar Kirana', role: 'cashier', name: 'Meena' });
    const { members, invitations } = await staffOf(shop.token);
    expect(members.map((m) => [m.name, m.role, m.founding, m.phone, m.singleLimit, m.dailyLimit])).toEqual([
      ['Ravi Kumar', 'owner', true, shop.phoneNumber, null, null],
      ['Meena', 'cashier', false, phone, '300.00', '900.00'],
    ]);
    expect(invitations).toEqual([{ ...invitation, status: 'accepted' }]);
    expect((await auditRows(shop.businessId)).at(-1)).toEqual({
      action: 'staff_joined', member_id: me.shop.memberId, role: 'cashier', subject: 'Meena', details: { role: 'cashier' },
    });

    // The proof is used up; the new PIN signs in.
    expect((await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' })).json()).toMatchObject({ key: 'otp_proof_missing' });
    expect((await staffLogin(ctx, { phoneNumber: phone, pin: '6284' })).statusCode).toBe(200);
  });

  it('joins a second shop with the staff account it has, keeping its PIN', async () => {
    const first = await approvedBusiness(ctx);
    const second = await approvedBusiness(ctx);
    const person = await inviteStaff(ctx, first.token, { role: 'cashier', pin: '5820' });
    const invitation = await invited(second.token, person.phoneNumber, { role: 'manager', name: 'Meena M' });
    const proof = await proofFor(person.phoneNumber);
    expect((await withProof('GET', '/api/staff/invitations', proof)).json()).toMatchObject({ hasAccount: true, invitations: [{ id: invitation.id }] });
    // A PIN sent along by an account that has one changes nothing.
    const accepted = await accept(invitation.id, proof, { pin: '7391', confirmPin: '7391' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().user.id).toBe(person.userId);
    expect((await get('/api/auth/me', accepted.json().sessionToken)).json().shop)
      .toMatchObject({ businessId: second.businessId, role: 'manager', name: 'Meena M' });
    expect((await staffLogin(ctx, { phoneNumber: person.phoneNumber, pin: '7391' })).statusCode).toBe(401);
    expect((await staffLogin(ctx, { phoneNumber: person.phoneNumber, pin: '5820' })).statusCode).toBe(200);
    const accounts = rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from users where role = 'staff' and phone = ${person.phoneNumber}`));
    expect(accounts).toEqual([{ n: 1 }]);
  });

  it('is told an invitation past its 7 days has expired (410), and the list no longer offers it', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone);
    ctx.clock.advance(7 * daySeconds - 60);
    const proof = await proofFor(phone);
    ctx.clock.advance(60);
    expect((await withProof('GET', '/api/staff/invitations', proof)).json()).toEqual({ hasAccount: false, invitations: [] });
    const late = await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ key: 'staff_invitation_expired', error: 'This invitation has expired. Ask the shop for a new one.' });
    expect((await withProof('POST', `/api/staff/invitations/${invitation.id}/decline`, proof)).statusCode).toBe(410);
    expect((await staffOf(shop.token)).invitations.map((row) => row.status)).toEqual(['expired']);
    // The owner sees what became of it for another 7 days.
    ctx.clock.advance(7 * daySeconds - 60);
    expect((await staffOf(shop.token)).invitations.map((row) => row.status)).toEqual(['expired']);
    ctx.clock.advance(60);
    expect((await staffOf(shop.token)).invitations).toEqual([]);
  });

  it('declines, after which the invitation is no longer open (409) and the owner sees it declined', async () => {
    const shop = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone);
    const proof = await proofFor(phone);
    const declined = await withProof('POST', `/api/staff/invitations/${invitation.id}/decline`, proof);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ success: true });
    const again = await proofFor(phone);
    const late = await accept(invitation.id, again, { pin: '6284', confirmPin: '6284' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ key: 'staff_invitation_not_pending', error: 'This invitation is no longer open' });
    expect((await staffOf(shop.token)).invitations.map((row) => row.status)).toEqual(['declined']);
    // Nobody joined: only the owner's invitation is in the log.
    expect((await auditRows(shop.businessId)).map((row) => row.action)).toEqual(['staff_invited']);
  });

  it('cannot take another phone\'s invitation (404, as one that does not exist)', async () => {
    const shop = await approvedBusiness(ctx);
    const invitation = await invited(shop.token, newPhone());
    const stranger = newPhone();
    const proof = await proofFor(stranger);
    const taken = await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' });
    expect(taken.statusCode).toBe(404);
    expect(taken.json()).toMatchObject({ key: 'staff_invitation_not_found' });
    expect((await accept('not-a-uuid', proof)).statusCode).toBe(404);
  });
});

describe('an owner\'s cancellation, changes and revocation', () => {
  it('cancels an open invitation once, then the person can no longer accept it; another shop\'s is not found', async () => {
    const shop = await approvedBusiness(ctx);
    const other = await approvedBusiness(ctx);
    const phone = newPhone();
    const invitation = await invited(shop.token, phone);
    expect((await post(`/api/business/staff/invitations/${invitation.id}/cancel`, other.token)).json())
      .toMatchObject({ key: 'staff_invitation_not_found' });
    ctx.clock.advance(1);
    const cancelled = await post(`/api/business/staff/invitations/${invitation.id}/cancel`, shop.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ invitation: { ...invitation, status: 'cancelled' } });
    const twice = await post(`/api/business/staff/invitations/${invitation.id}/cancel`, shop.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ key: 'staff_invitation_not_pending' });
    const proof = await proofFor(phone);
    expect((await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' })).statusCode).toBe(409);
    expect((await auditRows(shop.businessId)).map((row) => [row.action, row.subject, row.details])).toEqual([
      ['staff_invited', 'Ravi', { role: 'cashier', phoneNumber: phone, singleLimit: '2000.00', dailyLimit: '10000.00' }],
      ['staff_invitation_cancelled', 'Ravi', { role: 'cashier', phoneNumber: phone }],
    ]);
  });

  it('changes a person\'s role and limits, which their next request acts with; the founding owner never changes', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi' });
    const path = `/api/business/staff/${cashier.memberId}`;
    expect((await get('/api/business/audit', cashier.token)).json()).toMatchObject({ key: 'role_forbidden' });

    const refusals = [
      [{ role: 'manager' }, 400, 'staff_limits_required'],
      [{ role: 'owner', singleLimit: '1' }, 400, 'staff_limits_for_owner'],
      [{ role: 'manager', singleLimit: '10', dailyLimit: '9' }, 400, 'staff_limits_order'],
    ] as const;
    for (const [payload, status, key] of refusals) {
      const response = await post(path, shop.token, payload);
      expect(response.statusCode, key).toBe(status);
      expect(response.json()).toMatchObject({ key });
    }
    const changed = await post(path, shop.token, { role: 'manager', singleLimit: '5000', dailyLimit: '20000' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().member).toMatchObject({
      id: cashier.memberId, role: 'manager', singleLimit: '5000.00', dailyLimit: '20000.00', status: 'active', founding: false,
    });
    expect((await get('/api/auth/me', cashier.token)).json().shop).toMatchObject({ role: 'manager' });
    ctx.clock.advance(1);
    const owner = await post(path, shop.token, { role: 'owner' });
    expect(owner.json().member).toMatchObject({ role: 'owner', singleLimit: null, dailyLimit: null });
    // Now an owner, they read the audit log.
    expect((await get('/api/business/audit', cashier.token)).statusCode).toBe(200);
    expect((await auditRows(shop.businessId)).filter((row) => row.action === 'staff_changed').map((row) => row.details)).toEqual([
      { roleFrom: 'cashier', roleTo: 'manager', singleLimitFrom: '2000.00', singleLimitTo: '5000.00', dailyLimitFrom: '10000.00', dailyLimitTo: '20000.00' },
      { roleFrom: 'manager', roleTo: 'owner', singleLimitFrom: '5000.00', singleLimitTo: '', dailyLimitFrom: '20000.00', dailyLimitTo: '' },
    ]);

    const { members } = await staffOf(shop.token);
    const founding = members.find((member) => member.founding)!;
    for (const url of [`/api/business/staff/${founding.id}`, `/api/business/staff/${founding.id}/revoke`]) {
      const refused = await post(url, shop.token, { role: 'cashier', singleLimit: '1', dailyLimit: '1' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ key: 'shop_account_owner', error: 'The account the shop registered with always stays its owner' });
    }
    const other = await approvedBusiness(ctx);
    expect((await post(path, other.token, { role: 'owner' })).json()).toMatchObject({ key: 'staff_member_not_found' });
    expect((await post('/api/business/staff/not-a-uuid/revoke', shop.token)).statusCode).toBe(404);
  });

  it('cancels the open invitations of an owner revoked or made a manager, each a line by whoever did it, and the invited are refused', async () => {
    const shop = await approvedBusiness(ctx);
    const founding = (await staffOf(shop.token)).members[0]!;
    const sita = await inviteStaff(ctx, shop.token, { role: 'owner', name: 'Sita' });
    const gita = await inviteStaff(ctx, shop.token, { role: 'owner', name: 'Gita' });
    const [friendPhone, raviPhone, cancelledPhone, kiranPhone] = [newPhone(), newPhone(), newPhone(), newPhone()];
    ctx.clock.advance(1);
    const friend = await invited(sita.token, friendPhone, { role: 'owner', name: 'Friend' });
    ctx.clock.advance(1);
    const ravi = await invited(sita.token, raviPhone);
    ctx.clock.advance(1);
    const cancelledBefore = await invited(sita.token, cancelledPhone, { name: 'Asha' });
    expect((await post(`/api/business/staff/invitations/${cancelledBefore.id}/cancel`, sita.token)).statusCode).toBe(200);
    ctx.clock.advance(1);
    const kiran = await invited(gita.token, kiranPhone, { name: 'Kiran' });
    const cancellations = async () => (await auditRows(shop.businessId))
      .filter((row) => row.action === 'staff_invitation_cancelled').map((row) => [row.member_id, row.role, row.subject, row.details]);
    const before = await cancellations();
    expect(before).toEqual([[sita.memberId, 'owner', 'Asha', { role: 'cashier', phoneNumber: cancelledPhone }]]);

    // Gita removes Sita: Sita's open invitations go with her, each a line of Gita's.
    ctx.clock.advance(1);
    expect((await post(`/api/business/staff/${sita.memberId}/revoke`, gita.token)).statusCode).toBe(200);
    const statuses = async () => Object.fromEntries((await staffOf(shop.token)).invitations.map((row) => [row.name, row.status]));
    expect(await statuses()).toEqual({
      Sita: 'accepted', Gita: 'accepted', Friend: 'cancelled', Ravi: 'cancelled', Asha: 'cancelled', Kiran: 'pending',
    });
    // Written at one instant, the two lines come in either order.
    const afterRevoke = await cancellations();
    expect(afterRevoke.slice(0, before.length)).toEqual(before);
    expect(afterRevoke.slice(before.length).sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      [gita.memberId, 'owner', 'Friend', { role: 'owner', phoneNumber: friendPhone }],
      [gita.memberId, 'owner', 'Ravi', { role: 'cashier', phoneNumber: raviPhone }],
    ]);
    for (const [invitation, phone] of [[friend, friendPhone], [ravi, raviPhone]] as const) {
      const refused = await accept(invitation.id, await proofFor(phone), { pin: '6284', confirmPin: '6284' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ key: 'staff_invitation_not_pending' });
    }

    // A change that keeps Gita an owner leaves her invitations; made a manager, she loses them, in the founding owner's line.
    ctx.clock.advance(1);
    const change = (payload: object) => post(`/api/business/staff/${gita.memberId}`, shop.token, payload);
    expect((await change({ role: 'owner' })).statusCode).toBe(200);
    expect(await statuses()).toMatchObject({ Kiran: 'pending' });
    expect((await change({ role: 'manager', singleLimit: '1000', dailyLimit: '5000' })).statusCode).toBe(200);
    expect(await statuses()).toMatchObject({ Kiran: 'cancelled' });
    expect((await cancellations()).at(-1)).toEqual([founding.id, 'owner', 'Kiran', { role: 'cashier', phoneNumber: kiranPhone }]);
    expect((await accept(kiran.id, await proofFor(kiranPhone), { pin: '6284', confirmPin: '6284' })).statusCode).toBe(409);
    expect((await staffOf(shop.token)).members.map((member) => member.name)).toEqual(['Ravi Kumar', 'Gita', 'Sita']);
  });

  it('refuses (409) an invitation still open whose inviter is no longer an active owner, and takes it once they are again', async () => {
    const shop = await approvedBusiness(ctx);
    const sita = await inviteStaff(ctx, shop.token, { role: 'owner', name: 'Sita' });
    // As a database written before such invitations were cancelled holds them: the inviter
    // made a manager, or revoked, and the invitation still pending.
    const demoted = sql`update shop_members set role = 'manager', single_limit_paise = 100000, daily_limit_paise = 500000 where id = ${sita.memberId}`;
    const revoked = sql`update shop_members set status = 'revoked', revoked_at = now() where id = ${sita.memberId}`;
    const owner = sql`update shop_members set role = 'owner', single_limit_paise = null, daily_limit_paise = null,
      status = 'active', revoked_at = null where id = ${sita.memberId}`;
    for (const change of [demoted, revoked]) {
      const phone = newPhone();
      const invitation = await invited(sita.token, phone, { role: 'owner', name: 'Friend' });
      await ctx.database.db.execute(change);
      const proof = await proofFor(phone);
      const refused = await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ key: 'staff_invitation_not_pending' });
      expect((await staffOf(shop.token)).invitations.find((row) => row.id === invitation.id)!.status).toBe('pending');
      await ctx.database.db.execute(owner);
      expect((await accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' })).statusCode).toBe(201);
    }
  });

  it("settles an acceptance racing the inviter's removal one way or the other: joined, or cancelled and refused", async () => {
    const shop = await approvedBusiness(ctx);
    const sita = await inviteStaff(ctx, shop.token, { role: 'owner', name: 'Sita' });
    const phone = newPhone();
    const invitation = await invited(sita.token, phone, { role: 'owner', name: 'Friend' });
    const proof = await proofFor(phone);
    const [accepted, revoked] = await Promise.all([
      accept(invitation.id, proof, { pin: '6284', confirmPin: '6284' }), post(`/api/business/staff/${sita.memberId}/revoke`, shop.token),
    ]);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const status = (await staffOf(shop.token)).invitations.find((row) => row.id === invitation.id)!.status;
    if (accepted.statusCode === 201) expect(status).toBe('accepted');
    else expect([accepted.statusCode, accepted.json().key, status]).toEqual([409, 'staff_invitation_not_pending', 'cancelled']);
  });

  it('revokes a person: their sessions end at once, they join no more, and a new invitation brings the same person back', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi' });
    expect((await get('/api/auth/me', cashier.token)).statusCode).toBe(200);

    const revoked = await post(`/api/business/staff/${cashier.memberId}/revoke`, shop.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().member).toMatchObject({ id: cashier.memberId, status: 'revoked', revokedAt: ctx.clock().toISOString() });
    const next = await get('/api/auth/me', cashier.token);
    expect(next.statusCode).toBe(401);
    // Revoking again changes nothing and records nothing more.
    expect((await post(`/api/business/staff/${cashier.memberId}/revoke`, shop.token)).json().member.status).toBe('revoked');
    expect((await auditRows(shop.businessId)).filter((row) => row.action === 'staff_revoked').map((row) => [row.subject, row.details]))
      .toEqual([['Ravi', { role: 'cashier' }]]);
    // Revoked, changed no more.
    expect((await post(`/api/business/staff/${cashier.memberId}`, shop.token, { role: 'owner' })).statusCode).toBe(404);

    // Invited again, the person is the same member, active, with the new invitation's terms.
    ctx.clock.advance(1);
    const back = await inviteStaff(ctx, shop.token, { role: 'manager', name: 'Ravi K', phoneNumber: cashier.phoneNumber });
    expect(back.memberId).toBe(cashier.memberId);
    const { members } = await staffOf(shop.token);
    expect(members.map((m) => [m.name, m.role, m.status, m.revokedAt])).toEqual([
      ['Ravi Kumar', 'owner', 'active', null], ['Ravi K', 'manager', 'active', null],
    ]);
  });
});
