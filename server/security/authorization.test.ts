/**
 * The authorization matrix (docs/security.md, threat 1): every registered /api route × fourteen
 * callers, with the expected status written here by hand, independently of `config.access` and
 * of the roles' permissions (common/permissions.ts), and data scoping between two customers,
 * two shops and the people working at them (IDOR). Among the callers are a shop's counter
 * session, which reaches only the counter's routes (docs/security.md, "Counter mode"), and the
 * people of shop A (an invited second owner, a manager, a cashier, a cashier since revoked) and
 * a manager of shop B, each with a staff account of their own (docs/security.md, "Staff and roles").
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodesPerNumberPerHour, staffInvitationsPerShopPerDay } from '@common/limits';
import { buildApp } from '../app';
import { developmentSmsProvider } from '../sms/development';
import { twilioSignature } from '../sms/twilio-signature';
import {
  adminToken, approvedBusiness, bearer, businessIdOf, cookieFrom, enterCounter, inviteStaff, newPhone, paymentHandleOf, registerBusiness,
  registerCustomer, testClock, verifyPhone, type TestContext,
} from '../test/context';
import { testConfig, testMsg91WebhookToken, testTwilioAuthToken } from '../test/config';
import { openTestDatabase } from '../test/database';

const callerNames = [
  'anonymous', 'customerA', 'customerB', 'pending', 'rejected', 'merchantA', 'merchantB', 'admin', 'counter',
  'ownerA2', 'managerA', 'cashierA', 'revokedA', 'staffB',
] as const;
type CallerName = typeof callerNames[number];
/** The callers signed in with a staff account (the Staff sign-in), each acting for its one shop. */
const staffCallers: readonly CallerName[] = ['ownerA2', 'managerA', 'cashierA', 'staffB'];
/** Everyone signed in acting for a shop: the business accounts and the staff. */
const shopCallers: readonly CallerName[] = ['pending', 'rejected', 'merchantA', 'merchantB', ...staffCallers];

interface Caller {
  name: CallerName;
  token: string | null;
  pin: string;
  /** A staff caller's membership at its shop. */
  memberId: string | null;
  /** Signs in again (after a cell that ends the session) and returns the new token. */
  signIn(): Promise<string>;
}

let ctx: TestContext;
/** What the development SMS provider wrote, one line per SMS: the consent codes are read from it. */
const smsLog: string[] = [];
/** `METHOD /url` of every /api route the app registered, HEAD mirrors left out. */
const registered = new Set<string>();

beforeAll(async () => {
  const database = await openTestDatabase();
  const clock = testClock();
  const app = await buildApp({
    db: database.db, config: testConfig(), sms: developmentSmsProvider((line) => smsLog.push(line)), clock,
    onRoute: (route) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    },
  });
  await app.ready();
  ctx = { app, database, clock, sentCodes: new Map(), sentLanguages: new Map(), async close() { await app.close(); await database.close(); } };
});
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

/** PINs to change to, none of them among the most guessed. */
const freshPins = ['5837', '6294', '7351', '8462', '9573', '3685', '4796', '5817', '6928', '7039'];
let pinIndex = 0;
const nextPin = (current: string) => {
  let pin = freshPins[pinIndex++ % freshPins.length]!;
  if (pin === current) pin = freshPins[pinIndex++ % freshPins.length]!;
  return pin;
};

async function login(url: string, payload: object): Promise<string> {
  const response = await post(url, payload);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().sessionToken as string;
}

function caller(
  name: CallerName, token: string | null, pin: string, signIn: (pin: string) => Promise<string>, memberId: string | null = null,
): Caller {
  const c: Caller = { name, token, pin, memberId, signIn: async () => { c.token = await signIn(c.pin); return c.token; } };
  return c;
}

// ---------------------------------------------------------------------------------------
// The shop's people, made as a shop makes them (inviteStaff): an owner invites a phone with a
// role, the person proves the phone by OTP (purpose staff_invitation) and accepts with a PIN
// of their own; here they then sign in on the Staff sign-in with phone and PIN.

type ShopRole = 'owner' | 'manager' | 'cashier';
interface StaffInvitation { id: string; phoneNumber: string }

/** An invitation not yet answered. */
async function inviteStaffTo(ownerToken: string, role: ShopRole): Promise<StaffInvitation> {
  const phoneNumber = newPhone();
  const response = await post('/api/business/staff/invitations', { phoneNumber, name: `Matrix ${role}`, role, language: 'en' }, bearer(ownerToken));
  if (response.statusCode !== 201) throw new Error(`staff invitation failed: ${response.body}`);
  return { id: response.json().invitation.id as string, phoneNumber };
}

const staffSignIn = (phoneNumber: string) => (pin: string) => login('/api/auth/staff/login', { phoneNumber, pin });

/** A person who joined a shop: their phone, PIN, membership and a session of the Staff sign-in. */
async function joinedStaff(ownerToken: string, role: ShopRole, pin: string) {
  const person = await inviteStaff(ctx, ownerToken, { role, pin, name: `Matrix ${role}` });
  return { phoneNumber: person.phoneNumber, pin, memberId: person.memberId, token: await staffSignIn(person.phoneNumber)(pin) };
}

/**
 * Shops whose invitations the public cells accept, decline and list (each a fresh one):
 * a shop invites at most staffInvitationsPerShopPerDay people a day, so a new shop takes over.
 */
let staffInviter: { token: string; invited: number } | null = null;
async function poolStaffInvitation(): Promise<StaffInvitation> {
  if (!staffInviter || staffInviter.invited >= staffInvitationsPerShopPerDay) {
    staffInviter = { token: (await approvedBusiness(ctx)).token, invited: 0 };
  }
  staffInviter.invited += 1;
  return inviteStaffTo(staffInviter.token, 'cashier');
}

let callers: Caller[];
let fixtures: {
  shopA: Awaited<ReturnType<typeof approvedBusiness>>;
  shopB: Awaited<ReturnType<typeof approvedBusiness>>;
  customerA: Awaited<ReturnType<typeof registerCustomer>>;
  customerB: Awaited<ReturnType<typeof registerCustomer>>;
  accountA: string;
  accountB: string;
  codeA: { id: string; qrData: string };
  codeB: { id: string; qrData: string };
  paymentA: string;
  paymentB: string;
  loginCustomer: Awaited<ReturnType<typeof registerCustomer>>;
  loginBusiness: Awaited<ReturnType<typeof registerBusiness>>;
  /** A cashier of another shop who signs in in the Staff sign-in's cells. */
  loginStaff: { phoneNumber: string; pin: string };
  /** A cashier of shop A whom the owners change in their cells and no one else may. */
  spareA: { memberId: string };
};

const adminEmail = 'matrix-admin@khata.test';
const loginAdminEmail = 'login-target@khata.test';

async function creditAccount(shopToken: string, customerToken: string, creditLimit: string): Promise<string> {
  const response = await post('/api/business/create-credit-account',
    { paymentHandle: await paymentHandleOf(ctx, customerToken), creditLimit }, bearer(shopToken));
  if (response.statusCode !== 201) throw new Error(`credit account failed: ${response.body}`);
  return response.json().creditAccount.id as string;
}

async function staticCode(shopToken: string) {
  const response = await post('/api/qr/generate', { expirationMinutes: 1440, description: 'Counter' }, bearer(shopToken));
  if (response.statusCode !== 201) throw new Error(`generate failed: ${response.body}`);
  return response.json() as { id: string; qrData: string };
}

let paymentKey = 0;
async function pay(token: string, qrData: string, pin: string, amount: string) {
  paymentKey += 1;
  return ctx.app.inject({
    method: 'POST', url: '/api/payments/process',
    headers: { ...bearer(token), 'idempotency-key': `matrix-${paymentKey}-${Date.now()}` },
    payload: { qrData, pin, amount },
  });
}

beforeAll(async () => {
  const shopA = await approvedBusiness(ctx);
  const shopB = await approvedBusiness(ctx);
  const shopC = await approvedBusiness(ctx);
  const pending = await registerBusiness(ctx);
  const rejected = await registerBusiness(ctx);
  const rejectedId = await businessIdOf(ctx, rejected.token);
  const decided = await post('/api/admin/businesses/approve',
    { businessIds: [rejectedId], action: 'reject', reason: 'Incomplete address' }, bearer(await adminToken(ctx)));
  if (decided.statusCode !== 200) throw new Error(`reject failed: ${decided.body}`);
  const customerA = await registerCustomer(ctx, { name: 'Customer A' });
  const customerB = await registerCustomer(ctx, { name: 'Customer B', pin: '7260' });
  await ctx.app.services.auth.ensureAdmin(adminEmail, '3971');
  await ctx.app.services.auth.ensureAdmin(loginAdminEmail, '3971');

  const accountA = await creditAccount(shopA.token, customerA.token, '1000');
  const accountB = await creditAccount(shopB.token, customerB.token, '2000');
  const codeA = await staticCode(shopA.token);
  const codeB = await staticCode(shopB.token);
  const paidA = await pay(customerA.token, codeA.qrData, customerA.pin, '100');
  const paidB = await pay(customerB.token, codeB.qrData, customerB.pin, '200');
  if (paidA.statusCode !== 201 || paidB.statusCode !== 201) throw new Error(`payment failed: ${paidA.body} ${paidB.body}`);

  // Shop A's people and shop B's manager; the revoked cashier signs in, then shop A revokes them.
  const ownerA2 = await joinedStaff(shopA.token, 'owner', '2749');
  const managerA = await joinedStaff(shopA.token, 'manager', '3861');
  const cashierA = await joinedStaff(shopA.token, 'cashier', '4972');
  const revokedA = await joinedStaff(shopA.token, 'cashier', '6183');
  const staffB = await joinedStaff(shopB.token, 'manager', '7294');
  const spareA = await joinedStaff(shopA.token, 'cashier', '3057');
  const revoked = await post(`/api/business/staff/${revokedA.memberId}/revoke`, {}, bearer(shopA.token));
  if (revoked.statusCode !== 200) throw new Error(`revoke failed: ${revoked.body}`);
  const loginStaff = await inviteStaff(ctx, (await approvedBusiness(ctx)).token, { role: 'cashier', pin: '5164' });

  fixtures = {
    shopA, shopB, customerA, customerB, accountA, accountB, codeA, codeB,
    paymentA: paidA.json().transaction.id, paymentB: paidB.json().transaction.id,
    loginCustomer: await registerCustomer(ctx), loginBusiness: await registerBusiness(ctx),
    loginStaff: { phoneNumber: loginStaff.phoneNumber, pin: '5164' },
    spareA: { memberId: spareA.memberId },
  };

  const customerLogin = (phoneNumber: string) => (pin: string) => login('/api/auth/customer/login', { phoneNumber, pin });
  const businessLogin = (email: string) => (pin: string) => login('/api/auth/business/login', { email, pin });
  const staff = (name: CallerName, person: Awaited<ReturnType<typeof joinedStaff>>) =>
    caller(name, person.token, person.pin, staffSignIn(person.phoneNumber), person.memberId);
  callers = [
    caller('anonymous', null, '0000', async () => { throw new Error('anonymous has no session'); }),
    caller('customerA', customerA.token, customerA.pin, customerLogin(customerA.phoneNumber)),
    caller('customerB', customerB.token, customerB.pin, customerLogin(customerB.phoneNumber)),
    caller('pending', pending.token, pending.pin, businessLogin(pending.email)),
    caller('rejected', rejected.token, rejected.pin, businessLogin(rejected.email)),
    caller('merchantA', shopA.token, shopA.pin, businessLogin(shopA.email)),
    caller('merchantB', shopB.token, shopB.pin, businessLogin(shopB.email)),
    caller('admin', null, '3971', (pin) => login('/api/auth/admin/login', { email: adminEmail, pin })),
    // Shop C's counter device: signs in as the merchant, then exchanges that for a counter session.
    caller('counter', null, shopC.pin, async (pin) => enterCounter(ctx, { token: await businessLogin(shopC.email)(pin), pin })),
    staff('ownerA2', ownerA2),
    staff('managerA', managerA),
    staff('cashierA', cashierA),
    // Revoked after signing in: the session it holds is dead, and it keeps holding it.
    caller('revokedA', revokedA.token, revokedA.pin, async () => revokedA.token, revokedA.memberId),
    staff('staffB', staffB),
  ];
  await callers.find((c) => c.name === 'admin')!.signIn();
  await callers.find((c) => c.name === 'counter')!.signIn();
}, 120_000);

// ---------------------------------------------------------------------------------------
// The expected statuses, by hand. `everyone(s)`: any caller, signed in or not, gets s.
// `only({...})`: the listed callers get their status, anyone else signed in 403 (the counter's
// 403 is counter_session), the signed-out and the revoked 401.

type Expected = Record<CallerName, number>;

const everyone = (status: number): Expected =>
  Object.fromEntries(callerNames.map((name) => [name, status])) as Expected;

const only = (allowed: Partial<Expected>): Expected => ({
  ...Object.fromEntries(callerNames.map((name) => [name, name === 'anonymous' || name === 'revokedA' ? 401 : 403])) as Expected,
  ...allowed,
});

const customers = (status: number) => only({ customerA: status, customerB: status });
/** The business accounts, approved or not: each its shop's founding owner. */
const anyMerchant = (status: number) => only({ pending: status, rejected: status, merchantA: status, merchantB: status });
const admins = (status: number) => only({ admin: status });
/** Any account's full session; not the counter's, nor the revoked one. */
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401, revokedA: 401, counter: 403 });
/**
 * Everyone acting for a shop, by their role there: the owners (the business accounts of
 * shops A and B and of the two shops not approved, and shop A's invited owner), the managers
 * (shop A's and shop B's) and shop A's cashier. Anyone else signed in 403, anonymous and
 * the revoked 401.
 */
const shopRoles = (status: { owner: number; manager: number; cashier: number }) => only({
  ...anyMerchant(status.owner), ownerA2: status.owner, managerA: status.manager, staffB: status.manager, cashierA: status.cashier,
});
/** The same, acting for an approved shop: the shops not approved are refused whatever the role (403 not_approved). */
const approvedShopRoles = (status: { owner: number; manager: number; cashier: number }): Expected => ({
  ...shopRoles(status), pending: 403, rejected: 403,
});

interface Row {
  expected: Expected;
  /**
   * The request a caller sends; valid for the route, so a refusal is about access. `want` is
   * the caller's expected status: a caller expected to succeed acts on a fresh row of its own
   * where acting uses one up, anyone else is shown a standing one.
   */
  request(caller: Caller, want: number): Promise<InjectOptions>;
  /** After a 2xx: the cell ended the caller's session or changed its PIN. */
  after?(caller: Caller, response: LightMyRequestResponse, request: InjectOptions): Promise<void>;
}

const body = (payload: object) => ({ payload });
const succeeds = (want: number) => want < 300;

/** A fresh customer with a verified-OTP proof for a PIN reset. */
async function resetTarget() {
  const customer = await registerCustomer(ctx);
  ctx.clock.advance(31);
  const sent = await post('/api/otp/send', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset' });
  const verified = await post('/api/otp/verify', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
  return { phoneNumber: customer.phoneNumber, proof: cookieFrom(verified, 'otp_proof')! };
}

/** The callers of shop B: each acts on shop B's account; everyone else on shop A's. */
const ownAccount = (c: Caller) => (c.name === 'merchantB' || c.name === 'staffB' ? fixtures.accountB : fixtures.accountA);
const ownCode = (c: Caller) => (c.name === 'customerB' ? fixtures.codeB : fixtures.codeA);
const ofShopA = (c: Caller) => ownAccount(c) === fixtures.accountA;

/**
 * Repayment claims: customer A's claims on account A at shop A, which gets a UPI ID first.
 * Whoever may decide one decides a fresh claim in their cell; everyone else is shown one
 * standing claim, which stays pending because nobody else may decide it.
 */
let shopAHasUpiId = false;
let standingClaim: string | null = null;
async function giveShopAUpiId() {
  if (shopAHasUpiId) return;
  await ctx.database.db.execute(sql`update businesses set upi_vpa = 'shopa@okaxis' where id = ${fixtures.shopA.businessId}`);
  shopAHasUpiId = true;
}
async function newClaim(): Promise<string> {
  await giveShopAUpiId();
  const customerA = callers.find((c) => c.name === 'customerA')!;
  const response = await post(`/api/credit-accounts/${fixtures.accountA}/repayment-claims`, { amount: '1' }, bearer(customerA.token!));
  if (response.statusCode !== 201) throw new Error(`claim failed: ${response.body}`);
  return response.json().claim.id as string;
}
const claimFor = async (want: number) => {
  if (succeeds(want)) return newClaim();
  standingClaim ??= await newClaim();
  return standingClaim;
};

/**
 * Refunds, reversals and reports: whoever may refunds customer A's payment (₹1 each, within
 * every person's limits) and reverses a fresh cash repayment of account A in their cell;
 * customer A reports a fresh payment of its own in each of its cells, and whoever may declines
 * a fresh report. Everyone else is shown standing rows, which stay as they are because nobody
 * else may act on them.
 */
const merchantACaller = () => callers.find((c) => c.name === 'merchantA')!;
const customerACaller = () => callers.find((c) => c.name === 'customerA')!;
async function newRepayment(): Promise<string> {
  const response = await post(`/api/business/credit-accounts/${fixtures.accountA}/repayment`, { amount: '1' }, bearer(merchantACaller().token!));
  if (response.statusCode !== 201) throw new Error(`repayment failed: ${response.body}`);
  return response.json().transaction.id as string;
}
async function newPaymentOfA(): Promise<string> {
  const customerA = customerACaller();
  const response = await pay(customerA.token!, fixtures.codeA.qrData, customerA.pin, '1');
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return response.json().transaction.id as string;
}
async function newReport(): Promise<string> {
  const response = await post(`/api/transactions/${await newPaymentOfA()}/report`, { reason: 'wrong_amount' }, bearer(customerACaller().token!));
  if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
  return response.json().report.id as string;
}
let standingRepayment: string | null = null;
let standingReport: string | null = null;
const repaymentFor = async (want: number) => {
  if (succeeds(want)) return newRepayment();
  standingRepayment ??= await newRepayment();
  return standingRepayment;
};
const reportFor = async (want: number) => {
  if (succeeds(want)) return newReport();
  standingReport ??= await newReport();
  return standingReport;
};

const changePin: Row['request'] = async (c) => {
  const newPin = nextPin(c.pin);
  return body({ currentPin: c.pin, newPin, confirmPin: newPin });
};
const adoptNewPin: Row['after'] = async (c, _response, request) => {
  c.pin = (request.payload as { newPin: string }).newPin;
};

/**
 * Reminder SMS: a batch of shop A and a live reminder link of customer A's account A,
 * written once, so their owners get 200 and everyone else's session finds nothing.
 */
let reminderFixtures: { batchId: string; linkCode: string } | null = null;
async function reminderRows() {
  if (reminderFixtures) return reminderFixtures;
  const batchId = '0190f3a0-0000-7000-8000-00000000a11a';
  const linkCode = 'MatrixLnk1';
  const now = ctx.clock();
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  await ctx.database.db.execute(sql`insert into reminder_batches (id, business_id, created_at)
    values (${batchId}, ${fixtures.shopA.businessId}, ${now.toISOString()}::timestamptz)`);
  await ctx.database.db.execute(sql`insert into reminder_links (code, credit_account_id, customer_id, business_id, created_at, expires_at)
    values (${linkCode}, ${fixtures.accountA}, ${fixtures.customerA.userId}, ${fixtures.shopA.businessId},
      ${now.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz)`);
  reminderFixtures = { batchId, linkCode };
  return reminderFixtures;
}

/**
 * Invitations by phone: whoever may cancels a fresh invitation of shop A in their cell;
 * customer A accepts a fresh one from a shop of its own and declines a fresh one from another.
 * Everyone else is shown standing invitations to a number that is no caller's, which stay as
 * they are because nobody else may act on them.
 */
let inviters: { accepting: Awaited<ReturnType<typeof approvedBusiness>>; declining: Awaited<ReturnType<typeof approvedBusiness>> } | null = null;
const standingInvitations = new Map<string, { id: string; code: string }>();
async function newInvitation(shopToken: string, phoneNumber: string): Promise<{ id: string; code: string }> {
  const response = await post('/api/business/invitations', { name: 'Matrix Invitee', phoneNumber, creditLimit: '100', language: 'en' }, bearer(shopToken));
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
  const { id, link } = response.json().invitation as { id: string; link: string };
  return { id, code: link.split('/i/')[1]! };
}
async function invitingShops() {
  inviters ??= { accepting: await approvedBusiness(ctx), declining: await approvedBusiness(ctx) };
  return inviters;
}
async function standingInvitation(purpose: string, shopToken?: string) {
  const found = standingInvitations.get(purpose);
  if (found) return found;
  const made = await newInvitation(shopToken ?? (await invitingShops()).accepting.token, newPhone());
  standingInvitations.set(purpose, made);
  return made;
}

/**
 * Consent by SMS code: charges on accounts at shop A of customers who turned the approval on,
 * and sign-ups at shop A's counter, each with the code its SMS brought. A number is sent at
 * most smsCodesPerNumberPerHour codes an hour, so a new charged customer takes over when one
 * has had them. Whoever may confirms a fresh one in their cell; everyone else is shown a
 * standing one, which stays pending because nobody else may confirm it.
 */
const codeSentTo = (phone: string): string => {
  const line = smsLog.filter((l) => l.includes(` for ${phone} `)).at(-1) ?? '';
  // Every language's text begins with the code (a customer may have chosen Hindi by now).
  const code = /"(\d{6}) /.exec(line)?.[1];
  if (!code) throw new Error(`no consent code sent to ${phone}`);
  return code;
};
let charged: { accountId: string; phoneNumber: string; codes: number } | null = null;
/** An account at shop A whose customer may be sent one more consent code this hour; counts it. */
async function chargedAccountOfA(): Promise<{ accountId: string; phoneNumber: string }> {
  if (!charged || charged.codes >= smsCodesPerNumberPerHour) {
    const customer = await registerCustomer(ctx, { name: 'Charged Customer' });
    const approval = await post('/api/customer/sms-approval', { enabled: true }, bearer(customer.token));
    if (approval.statusCode !== 200) throw new Error(`sms approval failed: ${approval.body}`);
    charged = { accountId: await creditAccount(merchantACaller().token!, customer.token, '1000'), phoneNumber: customer.phoneNumber, codes: 0 };
  }
  charged.codes += 1;
  return charged;
}
async function newChargeOfA(): Promise<{ id: string; code: string }> {
  const account = await chargedAccountOfA();
  const response = await post(`/api/business/credit-accounts/${account.accountId}/charges`, { amount: '1' }, bearer(merchantACaller().token!));
  if (response.statusCode !== 201) throw new Error(`charge failed: ${response.body}`);
  return { id: response.json().charge.id as string, code: codeSentTo(account.phoneNumber) };
}
async function newSignUpAtA(): Promise<{ id: string; code: string }> {
  const phoneNumber = newPhone();
  const response = await post('/api/business/counter-customers', { name: 'Matrix Counter', phoneNumber, creditLimit: '100', language: 'en' },
    bearer(merchantACaller().token!));
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { id: response.json().enrolment.id as string, code: codeSentTo(phoneNumber) };
}
let standingChargeOfA: { id: string; code: string } | null = null;
let standingSignUpAtA: { id: string; code: string } | null = null;
const standingCharge = async () => { standingChargeOfA ??= await newChargeOfA(); return standingChargeOfA; };
const standingSignUp = async () => { standingSignUpAtA ??= await newSignUpAtA(); return standingSignUpAtA; };

/**
 * The shop's people: an owner of shop A cancels a fresh staff invitation and revokes a person
 * who has just joined in their cell; everyone else is shown a standing invitation of shop A
 * and shop A's spare cashier, which stay as they are because nobody else may act on them.
 * Changing a person sets the spare cashier's role and limits to what they are.
 */
let standingStaffInvitation: StaffInvitation | null = null;
const staffInvitationFor = async (want: number) => {
  if (succeeds(want)) return inviteStaffTo(merchantACaller().token!, 'cashier');
  standingStaffInvitation ??= await inviteStaffTo(merchantACaller().token!, 'cashier');
  return standingStaffInvitation;
};
const memberToRevokeFor = async (want: number) => {
  if (!succeeds(want)) return fixtures.spareA.memberId;
  return (await joinedStaff(merchantACaller().token!, 'cashier', '8305')).memberId;
};
/** For the callers who are nobody's staff, a membership to name: shop A's manager's. */
const memberIdOf = (c: Caller) => c.memberId ?? callers.find((other) => other.name === 'managerA')!.memberId!;

const matrix: Record<string, Row> = {
  'GET /api/health': { expected: everyone(200), request: async () => ({}) },
  'GET /api/health/ready': { expected: everyone(200), request: async () => ({}) },
  'GET /api/health/live': { expected: everyone(200), request: async () => ({}) },

  // The published API and its reference page (server/plugins/openapi.ts): public.
  'GET /api/openapi.json': { expected: everyone(200), request: async () => ({}) },
  'GET /api/docs': { expected: everyone(200), request: async () => ({}) },
  'GET /api/docs/json': { expected: everyone(200), request: async () => ({}) },
  'GET /api/docs/yaml': { expected: everyone(200), request: async () => ({}) },
  'GET /api/docs/static/*': { expected: everyone(200), request: async () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/docs/static/index.html': { expected: everyone(302), request: async () => ({}) },
  'GET /api/docs/static/swagger-initializer.js': { expected: everyone(200), request: async () => ({}) },

  'POST /api/otp/send': {
    expected: everyone(200),
    request: async () => body({ phoneNumber: newPhone(), purpose: 'registration' }),
  },
  'POST /api/otp/verify': {
    expected: everyone(200),
    request: async () => {
      const phoneNumber = newPhone();
      const sent = await post('/api/otp/send', { phoneNumber, purpose: 'registration' });
      return body({ phoneNumber, purpose: 'registration', otp: sent.json().developmentOtp });
    },
  },
  'POST /api/auth/customer/register': {
    expected: everyone(201),
    request: async () => {
      const phoneNumber = newPhone();
      return { ...body({ phoneNumber, name: 'New Customer', pin: '4826' }), cookies: { otp_proof: await verifyPhone(ctx, phoneNumber) } };
    },
  },
  'POST /api/auth/business/register': {
    expected: everyone(201),
    request: async () => {
      const phoneNumber = newPhone();
      return {
        ...body({
          phoneNumber, name: 'New Owner', businessName: 'New Shop', businessType: 'Retail',
          email: `new-${phoneNumber.slice(3)}@example.com`, address: '1 Main Road', pin: '5937',
        }),
        cookies: { otp_proof: await verifyPhone(ctx, phoneNumber) },
      };
    },
  },
  'POST /api/auth/customer/login': {
    expected: everyone(200),
    request: async () => body({ phoneNumber: fixtures.loginCustomer.phoneNumber, pin: fixtures.loginCustomer.pin }),
  },
  'POST /api/auth/business/login': {
    expected: everyone(200),
    request: async () => body({ email: fixtures.loginBusiness.email, pin: fixtures.loginBusiness.pin }),
  },
  'POST /api/auth/staff/login': {
    expected: everyone(200),
    request: async () => body({ phoneNumber: fixtures.loginStaff.phoneNumber, pin: fixtures.loginStaff.pin }),
  },
  'POST /api/auth/admin/login': {
    expected: everyone(200),
    request: async () => body({ email: loginAdminEmail, pin: '3971' }),
  },
  'GET /api/auth/me': { expected: { ...signedIn(200), counter: 200 }, request: async () => ({}) },
  'POST /api/auth/language': { expected: signedIn(200), request: async () => body({ language: 'hi' }) },
  'POST /api/auth/logout': {
    expected: everyone(200),
    request: async () => body({}),
    after: async (c) => { if (c.token) await c.signIn(); },
  },
  'POST /api/auth/confirm-pin': { expected: signedIn(200), request: async (c) => body({ pin: c.pin }) },
  // Counter mode: anyone at an approved shop enters (their session becomes the counter's, so
  // they sign in again after); only a counter session leaves (and enters again after).
  'POST /api/auth/counter/enter': {
    expected: approvedShopRoles({ owner: 200, manager: 200, cashier: 200 }),
    request: async (c) => body({ pin: c.pin }),
    after: async (c) => { await c.signIn(); },
  },
  'POST /api/auth/counter/exit': {
    expected: only({ counter: 200 }),
    request: async (c) => body({ pin: c.pin }),
    after: async (c) => { await c.signIn(); },
  },
  'POST /api/customer/change-pin': { expected: customers(200), request: changePin, after: adoptNewPin },
  'POST /api/auth/change-pin': { expected: signedIn(200), request: changePin, after: adoptNewPin },
  'POST /api/auth/reset-pin': {
    expected: everyone(200),
    request: async () => {
      const target = await resetTarget();
      return { ...body({ phoneNumber: target.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' }), cookies: { otp_proof: target.proof } };
    },
  },
  'POST /api/admin/unlock': {
    expected: admins(200),
    request: async () => body({ role: 'customer', identifier: fixtures.loginCustomer.phoneNumber }),
  },
  'GET /api/admin/businesses/pending': { expected: admins(200), request: async () => ({}) },
  'GET /api/admin/businesses': { expected: admins(200), request: async () => ({ query: { status: 'approved' } }) },
  'POST /api/admin/businesses/approve': {
    expected: admins(200),
    request: async () => {
      const applicant = await registerBusiness(ctx);
      return body({ businessIds: [await businessIdOf(ctx, applicant.token)], action: 'approve' });
    },
  },
  'POST /api/admin/businesses/:id/terms': {
    expected: admins(200),
    request: async () => ({ url: `/api/admin/businesses/${fixtures.shopB.businessId}/terms`, ...body({ transactionFeePercent: '2.00' }) }),
  },
  'GET /api/admin/stats': { expected: admins(200), request: async () => ({}) },
  'GET /api/admin/analytics': { expected: admins(200), request: async () => ({}) },
  'GET /api/admin/sms-usage': { expected: admins(200), request: async () => ({}) },

  // The SMS vendors' delivery reports: no session needed or used, only Twilio's signature or
  // MSG91's secret token (a report for an unknown message changes nothing and is answered 200).
  'POST /api/sms/twilio/status': {
    expected: everyone(200),
    request: async () => {
      const params = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' };
      return {
        payload: new URLSearchParams(params).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded', host: 'khata.test',
          'x-twilio-signature': twilioSignature(testTwilioAuthToken, 'http://khata.test/api/sms/twilio/status', params),
        },
      };
    },
  },
  'POST /api/sms/msg91/status/:token': {
    expected: everyone(200),
    request: async () => ({
      url: `/api/sms/msg91/status/${testMsg91WebhookToken}`, ...body({ requestId: '0123456789abcdef01234567', status: '1', desc: 'DELIVERED' }),
    }),
  },

  // A shop's dashboard and lists, whatever its status (empty until approved): the dashboard's
  // figures are the whole history, a cashier's list of payments is today's.
  'GET /api/business/stats': { expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({}) },
  'GET /api/credit-accounts/business': { expected: shopRoles({ owner: 200, manager: 200, cashier: 200 }), request: async () => ({}) },
  // A counter session lists only the active codes, the ones it may show.
  'GET /api/qr/business': {
    expected: { ...shopRoles({ owner: 200, manager: 200, cashier: 200 }), counter: 200 },
    request: async (c) => (c.name === 'counter' ? { query: { active: 'true' } } : {}),
  },
  'GET /api/transactions/business': { expected: shopRoles({ owner: 200, manager: 200, cashier: 200 }), request: async () => ({}) },
  'POST /api/business/create-credit-account': {
    expected: approvedShopRoles({ owner: 201, manager: 201, cashier: 403 }),
    request: async () => {
      const customer = await registerCustomer(ctx);
      return body({ paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: '100' });
    },
  },
  'POST /api/business/credit-accounts/:id/limit': {
    expected: approvedShopRoles({ owner: 200, manager: 200, cashier: 403 }),
    request: async (c) => ({ url: `/api/business/credit-accounts/${ownAccount(c)}/limit`, ...body({ creditLimit: ofShopA(c) ? '1000' : '2000' }) }),
  },
  // ₹1, within every person's limits.
  'POST /api/business/credit-accounts/:id/repayment': {
    expected: approvedShopRoles({ owner: 201, manager: 201, cashier: 201 }),
    request: async (c) => ({ url: `/api/business/credit-accounts/${ownAccount(c)}/repayment`, ...body({ amount: '1' }) }),
  },
  // A static code: the counter's too.
  'POST /api/qr/generate': {
    expected: { ...approvedShopRoles({ owner: 201, manager: 201, cashier: 201 }), counter: 201 },
    request: async () => body({ expirationMinutes: 1440 }),
  },

  // Dues. Anyone at a shop reads its settings; only an owner of an approved shop changes them.
  // Whoever may (a manager too) reads the To collect card, moves a due date or records a
  // reminder. Shop A keeps the UPI ID the claims' cells rely on. A reminder draft is for the
  // caller's own account: a merchant without one finds no such account.
  'GET /api/business/settings': { expected: shopRoles({ owner: 200, manager: 200, cashier: 200 }), request: async () => ({}) },
  // Changing them needs the PIN confirmed on the session first, which everyone at a shop does
  // here: what refuses a manager or a cashier is their role.
  'POST /api/business/settings': {
    expected: approvedShopRoles({ owner: 200, manager: 403, cashier: 403 }),
    request: async (c) => {
      if (shopCallers.includes(c.name)) await post('/api/auth/confirm-pin', { pin: c.pin }, bearer(c.token!));
      return body({ creditPeriodDays: 30, upiId: ofShopA(c) ? 'shopa@okaxis' : null });
    },
  },
  'GET /api/business/to-collect': { expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({}) },
  'POST /api/business/credit-accounts/:id/due-date': {
    expected: approvedShopRoles({ owner: 200, manager: 200, cashier: 403 }),
    request: async (c) => ({
      url: `/api/business/credit-accounts/${ownAccount(c)}/due-date`,
      ...body({ dueOn: new Date(ctx.clock().getTime() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10) }),
    }),
  },
  'GET /api/business/credit-accounts/:id/reminder': {
    expected: only({
      merchantA: 200, merchantB: 200, ownerA2: 200, managerA: 200, staffB: 200, cashierA: 403, pending: 404, rejected: 404,
    }),
    request: async (c) => ({ url: `/api/business/credit-accounts/${ownAccount(c)}/reminder` }),
  },
  // Three on account A (merchant A, its second owner, its manager): the day's most for one account.
  'POST /api/business/credit-accounts/:id/reminders': {
    expected: approvedShopRoles({ owner: 201, manager: 201, cashier: 403 }),
    request: async (c) => ({ url: `/api/business/credit-accounts/${ownAccount(c)}/reminders`, ...body({ channel: 'whatsapp' }) }),
  },
  // Automatic and bulk reminder SMS. Whoever may reads the settings and the (empty) preview;
  // at an approved shop saves a schedule, sends to all overdue (nobody is overdue here: 409)
  // or leaves a customer out. A batch, an account's SMS and an exclusion are shop A's alone;
  // the opt-out and the reminder link are customer A's alone.
  'GET /api/business/reminder-settings': { expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({}) },
  'POST /api/business/reminder-settings': {
    expected: approvedShopRoles({ owner: 200, manager: 200, cashier: 403 }),
    request: async () => body({ overdueEveryDays: 3, beforeDueDays: null, hour: 10 }),
  },
  'GET /api/business/reminder-batches/preview': { expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({}) },
  'POST /api/business/reminder-batches': {
    expected: approvedShopRoles({ owner: 409, manager: 409, cashier: 403 }), request: async () => body({}),
  },
  'GET /api/business/reminder-batches/:id': {
    expected: only({
      merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404, pending: 404, rejected: 404,
    }),
    request: async () => ({ url: `/api/business/reminder-batches/${(await reminderRows()).batchId}` }),
  },
  'GET /api/business/credit-accounts/:id/sms-reminders': {
    expected: only({
      merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404, pending: 404, rejected: 404,
    }),
    request: async () => ({ url: `/api/business/credit-accounts/${fixtures.accountA}/sms-reminders` }),
  },
  'POST /api/business/credit-accounts/:id/reminder-exclusion': {
    expected: only({
      merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404, pending: 403, rejected: 403,
    }),
    request: async () => ({ url: `/api/business/credit-accounts/${fixtures.accountA}/reminder-exclusion`, ...body({ excluded: false }) }),
  },
  'POST /api/credit-accounts/:id/reminder-opt-out': {
    expected: only({ customerA: 200, customerB: 404 }),
    request: async () => ({ url: `/api/credit-accounts/${fixtures.accountA}/reminder-opt-out`, ...body({ optedOut: false }) }),
  },
  'GET /api/reminder-links/:code': {
    expected: only({ customerA: 200, customerB: 404 }),
    request: async () => ({ url: `/api/reminder-links/${(await reminderRows()).linkCode}` }),
  },

  // Invitations by phone. Whoever may at an approved shop invites; whoever may lists their
  // shop's (none until approved); a shop's people cancel only its own (anyone else's is not
  // found). Customer A accepts and declines invitations to its number; customer B finds them
  // not its own. The short link needs no session: anyone reads it and may refuse it (a
  // refused one stays refused).
  'POST /api/business/invitations': {
    expected: approvedShopRoles({ owner: 201, manager: 201, cashier: 403 }),
    request: async () => body({ name: 'Matrix Invitee', phoneNumber: newPhone(), creditLimit: '100', language: 'en' }),
  },
  'GET /api/business/invitations': { expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({}) },
  'POST /api/business/invitations/:id/cancel': {
    expected: only({
      merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404, pending: 404, rejected: 404,
    }),
    request: async (_c, want) => {
      const invitation = succeeds(want)
        ? await newInvitation(merchantACaller().token!, newPhone())
        : await standingInvitation('cancel', merchantACaller().token!);
      return { url: `/api/business/invitations/${invitation.id}/cancel`, ...body({}) };
    },
  },
  'GET /api/customer/invitations': { expected: customers(200), request: async () => ({}) },
  'POST /api/customer/invitations/:id/accept': {
    expected: only({ customerA: 201, customerB: 404 }),
    request: async (_c, want) => {
      const invitation = succeeds(want)
        ? await newInvitation((await invitingShops()).accepting.token, fixtures.customerA.phoneNumber)
        : await standingInvitation('accept');
      return { url: `/api/customer/invitations/${invitation.id}/accept`, ...body({}) };
    },
  },
  'POST /api/customer/invitations/:id/decline': {
    expected: only({ customerA: 200, customerB: 404 }),
    request: async (_c, want) => {
      const invitation = succeeds(want)
        ? await newInvitation((await invitingShops()).declining.token, fixtures.customerA.phoneNumber)
        : await standingInvitation('decline');
      return { url: `/api/customer/invitations/${invitation.id}/decline`, ...body({}) };
    },
  },
  'GET /api/invitations/:code': {
    expected: everyone(200), request: async () => ({ url: `/api/invitations/${(await standingInvitation('link')).code}` }),
  },
  'POST /api/invitations/:code/refuse': {
    expected: everyone(200), request: async () => ({ url: `/api/invitations/${(await standingInvitation('refuse')).code}/refuse` }),
  },

  // Consent by SMS code. Anyone at an approved shop starts a charge on its account and confirms
  // it with the customer's code (a cashier too); a sign-up at the counter is a new customer,
  // which needs a role that adds customers. Anyone else's shop finds the account, the charge or
  // the sign-up not its own. A customer turns their own approval on.
  'POST /api/business/credit-accounts/:id/charges': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 201, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => {
      const account = succeeds(want) ? await chargedAccountOfA() : charged ?? await chargedAccountOfA();
      return { url: `/api/business/credit-accounts/${account.accountId}/charges`, ...body({ amount: '1' }) };
    },
  },
  'POST /api/business/charges/:id/confirm': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 201, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => {
      const charge = succeeds(want) ? await newChargeOfA() : await standingCharge();
      return { url: `/api/business/charges/${charge.id}/confirm`, ...body({ code: charge.code }) };
    },
  },
  'POST /api/business/counter-customers': {
    expected: approvedShopRoles({ owner: 201, manager: 201, cashier: 403 }),
    request: async () => body({ name: 'Matrix Counter', phoneNumber: newPhone(), creditLimit: '100', language: 'en' }),
  },
  'POST /api/business/counter-customers/:id/confirm': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => {
      const enrolment = succeeds(want) ? await newSignUpAtA() : await standingSignUp();
      return { url: `/api/business/counter-customers/${enrolment.id}/confirm`, ...body({ code: enrolment.code }) };
    },
  },
  'GET /api/customer/sms-approval': { expected: customers(200), request: async () => ({}) },
  'POST /api/customer/sms-approval': { expected: customers(200), request: async () => body({ enabled: true }) },

  // The event stream of a customer, anyone at a shop, or a counter (the test app ends it at once).
  'GET /api/events': {
    expected: only({
      customerA: 200, customerB: 200, pending: 200, rejected: 200, merchantA: 200, merchantB: 200, counter: 200,
      ownerA2: 200, managerA: 200, cashierA: 200, staffB: 200,
    }),
    request: async () => ({}),
  },
  'GET /api/credit-accounts/customer': { expected: customers(200), request: async () => ({}) },
  'GET /api/customer/qr': { expected: customers(200), request: async () => ({}) },
  'GET /api/transactions/customer': { expected: customers(200), request: async () => ({}) },
  // A receipt: customer A's payment at shop A, to its customer and to whoever at shop A reads
  // the history; to anyone else's customer or shop session it is "not found", as a row that
  // does not exist.
  'GET /api/transactions/:id': {
    expected: only({
      customerA: 200, merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403,
      customerB: 404, pending: 404, rejected: 404, merchantB: 404, staffB: 404,
    }),
    request: async () => ({ url: `/api/transactions/${fixtures.paymentA}` }),
  },
  // A statement of customer A's account at shop A: to its customer and whoever at shop A
  // reads statements; to anyone else's customer or shop session the account does not exist.
  'GET /api/credit-accounts/:id/statement': {
    expected: only({
      customerA: 200, merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403,
      customerB: 404, pending: 404, rejected: 404, merchantB: 404, staffB: 404,
    }),
    request: async () => ({ url: `/api/credit-accounts/${fixtures.accountA}/statement?from=2026-11-01&to=2026-11-30` }),
  },
  'GET /api/credit-accounts/:id/statement.csv': {
    expected: only({
      customerA: 200, merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403,
      customerB: 404, pending: 404, rejected: 404, merchantB: 404, staffB: 404,
    }),
    request: async () => ({ url: `/api/credit-accounts/${fixtures.accountA}/statement.csv?from=2026-11-01&to=2026-11-30` }),
  },
  // Repayment claims: customer A claims on account A; whoever at shop A decides claims lists
  // and decides them. Another customer's or shop's session finds no such account or claim; a
  // shop not approved may list (nothing) but not decide.
  'POST /api/credit-accounts/:id/repayment-claims': {
    expected: only({ customerA: 201, customerB: 404 }),
    request: async () => {
      await giveShopAUpiId();
      return { url: `/api/credit-accounts/${fixtures.accountA}/repayment-claims`, ...body({ amount: '1' }) };
    },
  },
  'GET /api/credit-accounts/:id/repayment-claims': {
    expected: only({
      customerA: 200, merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403,
      customerB: 404, pending: 404, rejected: 404, merchantB: 404, staffB: 404,
    }),
    request: async () => ({ url: `/api/credit-accounts/${fixtures.accountA}/repayment-claims` }),
  },
  'GET /api/business/repayment-claims': {
    expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({ query: { status: 'all' } }),
  },
  'POST /api/business/repayment-claims/:id/confirm': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => ({ url: `/api/business/repayment-claims/${await claimFor(want)}/confirm`, ...body({ amount: '1' }) }),
  },
  'POST /api/business/repayment-claims/:id/decline': {
    expected: only({ merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => ({
      url: `/api/business/repayment-claims/${await claimFor(want)}/decline`, ...body({ reason: 'Not in my bank statement' }),
    }),
  },
  // Refunds and reversals: whoever at shop A may, with their own PIN, ₹1 within their limits;
  // another shop finds no such row; a shop not approved is refused before the row is read.
  'POST /api/business/transactions/:id/refund': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (c) => ({ url: `/api/business/transactions/${fixtures.paymentA}/refund`, ...body({ amount: '1', reason: 'Returned', pin: c.pin }) }),
  },
  'POST /api/business/transactions/:id/reversal': {
    expected: only({ merchantA: 201, ownerA2: 201, managerA: 201, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (c, want) => ({ url: `/api/business/transactions/${await repaymentFor(want)}/reversal`, ...body({ reason: 'Mistake', pin: c.pin }) }),
  },
  // Payment reports: customer A reports its own payment (another customer finds none); whoever
  // at its shop decides claims lists and declines them.
  'POST /api/transactions/:id/report': {
    expected: only({ customerA: 201, customerB: 404 }),
    request: async (_c, want) => ({
      url: `/api/transactions/${succeeds(want) ? await newPaymentOfA() : fixtures.paymentA}/report`, ...body({ reason: 'wrong_amount' }),
    }),
  },
  'GET /api/business/payment-reports': {
    expected: shopRoles({ owner: 200, manager: 200, cashier: 403 }), request: async () => ({ query: { status: 'all' } }),
  },
  'POST /api/business/payment-reports/:id/decline': {
    expected: only({ merchantA: 200, ownerA2: 200, managerA: 200, cashierA: 403, merchantB: 404, staffB: 404 }),
    request: async (_c, want) => ({ url: `/api/business/payment-reports/${await reportFor(want)}/decline`, ...body({ reason: 'Paid in person' }) }),
  },
  'POST /api/qr/validate': { expected: customers(200), request: async (c) => body({ qrData: ownCode(c).qrData }) },
  'POST /api/payments/process': {
    expected: customers(201),
    request: async (c) => {
      paymentKey += 1;
      return { headers: { 'idempotency-key': `matrix-cell-${paymentKey}` }, ...body({ qrData: ownCode(c).qrData, pin: c.pin, amount: '1' }) };
    },
  },

  // A staff account's shops and the one it acts for now: its own membership, picked again.
  'GET /api/staff/shops': { expected: only({ ownerA2: 200, managerA: 200, cashierA: 200, staffB: 200 }), request: async () => ({}) },
  'POST /api/staff/shop': {
    expected: only({ ownerA2: 200, managerA: 200, cashierA: 200, staffB: 200 }),
    request: async (c) => body({ memberId: memberIdOf(c) }),
  },
  // Joining: no session, only the OTP proof of the invited phone (each cell a fresh invitation).
  'GET /api/staff/invitations': {
    expected: everyone(200),
    request: async () => ({ cookies: { otp_proof: await verifyPhone(ctx, (await poolStaffInvitation()).phoneNumber, 'staff_invitation') } }),
  },
  'POST /api/staff/invitations/:id/accept': {
    expected: everyone(201),
    request: async () => {
      const invitation = await poolStaffInvitation();
      return {
        url: `/api/staff/invitations/${invitation.id}/accept`, cookies: { otp_proof: await verifyPhone(ctx, invitation.phoneNumber, 'staff_invitation') },
        ...body({ pin: '6418', confirmPin: '6418' }),
      };
    },
  },
  'POST /api/staff/invitations/:id/decline': {
    expected: everyone(200),
    request: async () => {
      const invitation = await poolStaffInvitation();
      return {
        url: `/api/staff/invitations/${invitation.id}/decline`, cookies: { otp_proof: await verifyPhone(ctx, invitation.phoneNumber, 'staff_invitation') },
        ...body({}),
      };
    },
  },
  // The shop's people and the audit log: an owner's alone (the invited one's too). Only an
  // approved shop invites; another shop finds shop A's invitations and people not its own.
  'GET /api/business/staff': { expected: shopRoles({ owner: 200, manager: 403, cashier: 403 }), request: async () => ({}) },
  'POST /api/business/staff/invitations': {
    expected: approvedShopRoles({ owner: 201, manager: 403, cashier: 403 }),
    request: async () => body({ phoneNumber: newPhone(), name: 'Matrix Helper', role: 'cashier', language: 'en' }),
  },
  'POST /api/business/staff/invitations/:id/cancel': {
    expected: only({ merchantA: 200, ownerA2: 200, merchantB: 404, pending: 404, rejected: 404 }),
    request: async (_c, want) => ({ url: `/api/business/staff/invitations/${(await staffInvitationFor(want)).id}/cancel`, ...body({}) }),
  },
  'POST /api/business/staff/:id': {
    expected: only({ merchantA: 200, ownerA2: 200, merchantB: 404, pending: 404, rejected: 404 }),
    request: async () => ({
      url: `/api/business/staff/${fixtures.spareA.memberId}`, ...body({ role: 'cashier', singleLimit: '2000', dailyLimit: '10000' }),
    }),
  },
  'POST /api/business/staff/:id/revoke': {
    expected: only({ merchantA: 200, ownerA2: 200, merchantB: 404, pending: 404, rejected: 404 }),
    request: async (_c, want) => ({ url: `/api/business/staff/${await memberToRevokeFor(want)}/revoke`, ...body({}) }),
  },
  'GET /api/business/audit': { expected: shopRoles({ owner: 200, manager: 403, cashier: 403 }), request: async () => ({}) },
  'GET /api/business/audit.csv': { expected: shopRoles({ owner: 200, manager: 403, cashier: 403 }), request: async () => ({}) },
};

/** The refusal's code, when the answer is a JSON refusal. */
function codeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return (response.json() as { code?: string }).code;
  } catch {
    return undefined;
  }
}

describe('authorization matrix', () => {
  it('has a hand-written row for every registered /api route, and no row for a route that is gone', () => {
    expect(registered.size).toBeGreaterThan(20);
    const missing = [...registered].filter((route) => !(route in matrix)).sort();
    const stale = Object.keys(matrix).filter((route) => !registered.has(route)).sort();
    expect(missing, 'registered routes without a row in the matrix').toEqual([]);
    expect(stale, 'rows for routes the app does not register').toEqual([]);
  });

  it('answers every route × caller with exactly the expected status', async () => {
    const mismatches: string[] = [];
    let unexpectedAllows = 0;
    let cells = 0;
    for (const [route, row] of Object.entries(matrix)) {
      const [method, url] = route.split(' ') as [InjectOptions['method'], string];
      for (const c of callers) {
        const want = row.expected[c.name];
        const request = await row.request(c, want);
        const response = await ctx.app.inject({
          method, url, ...request,
          headers: { ...request.headers, ...(c.token ? bearer(c.token) : {}) },
        });
        cells += 1;
        const got = response.statusCode;
        const code = got === 403 ? codeOf(response) : undefined;
        if (got !== want) {
          mismatches.push(`${route} as ${c.name}: expected ${want}, got ${got} ${response.body.slice(0, 160)}`);
          if (got < 300 && want >= 300) unexpectedAllows += 1;
        } else if (c.name === 'counter' && got === 403 && code !== 'counter_session') {
          mismatches.push(`${route} as counter: 403 without counter_session: ${response.body.slice(0, 160)}`);
        } else if (got === 403 && succeeds(row.expected.merchantA)) {
          // Where shop A's owner may, a person of a shop is refused for their role, a shop not
          // approved for that.
          const because = staffCallers.includes(c.name) ? 'role_forbidden' : c.name === 'pending' || c.name === 'rejected' ? 'not_approved' : undefined;
          if (because && code !== because) mismatches.push(`${route} as ${c.name}: 403 without ${because}: ${response.body.slice(0, 160)}`);
        }
        if (got < 300 && row.after) await row.after(c, response, request);
      }
    }
    console.log(`authorization matrix: ${Object.keys(matrix).length} routes × ${callers.length} callers (${cells} cells), ${unexpectedAllows} unexpected allows, ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
    expect(unexpectedAllows).toBe(0);
  }, 300_000);
});

describe('data scoping (IDOR)', () => {
  const customerA = () => callers.find((c) => c.name === 'customerA')!;
  const customerB = () => callers.find((c) => c.name === 'customerB')!;
  const merchantA = () => callers.find((c) => c.name === 'merchantA')!;
  const merchantB = () => callers.find((c) => c.name === 'merchantB')!;
  let checks = 0;
  afterAll(() => { console.log(`data scoping: ${checks} cross-owner reads and writes, 0 leaks`); });

  const accountOfA = async () => (await get('/api/credit-accounts/business', merchantA().token!)).json().creditAccounts
    .find((a: { id: string }) => a.id === fixtures.accountA) as { creditLimit: string; owed: string };

  it("keeps customer A's accounts, transactions and profile from customer B", async () => {
    const accounts = (await get('/api/credit-accounts/customer', customerB().token!)).json().creditAccounts as { id: string; businessId: string }[];
    expect(accounts.map((a) => a.id)).toEqual([fixtures.accountB]);
    checks += 1;

    const history = (await get('/api/transactions/customer?limit=100', customerB().token!)).json().transactions as { id: string }[];
    expect(history.map((t) => t.id)).not.toContain(fixtures.paymentA);
    expect(history.every((t) => (t as unknown as { customerName: string }).customerName === 'Customer B')).toBe(true);
    checks += 1;

    const filtered = await get(`/api/transactions/customer?businessId=${fixtures.shopA.businessId}`, customerB().token!);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().transactions).toEqual([]);
    checks += 1;

    const me = (await get('/api/auth/me', customerB().token!)).json();
    expect(me.user.phone).toBe(fixtures.customerB.phoneNumber);
    const code = (await get('/api/customer/qr', customerB().token!)).json();
    expect(code.phoneNumber).toBe(fixtures.customerB.phoneNumber);
    expect(code.paymentHandle).not.toBe(await paymentHandleOf(ctx, customerA().token!));
    checks += 2;
  });

  it("never shows customer B customer A's balance when validating a code", async () => {
    const noAccount = await post('/api/qr/validate', { qrData: fixtures.codeA.qrData }, bearer(customerB().token!));
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().code).toBe('no_credit_account');
    expect(noAccount.body).not.toMatch(/currentBalance/);
    checks += 1;

    // With an account of its own at shop A, B sees its own available credit, not A's.
    const accountBA = await creditAccount(merchantA().token!, customerB().token!, '321');
    const own = await post('/api/qr/validate', { qrData: fixtures.codeA.qrData }, bearer(customerB().token!));
    expect(own.statusCode).toBe(200);
    expect(own.json().creditAccount.currentBalance).toBe('321.00');
    const ofA = await post('/api/qr/validate', { qrData: fixtures.codeA.qrData }, bearer(customerA().token!));
    expect(ofA.json().creditAccount.currentBalance).not.toBe('321.00');
    checks += 1;
    expect(accountBA).not.toBe(fixtures.accountA);
  });

  it("lets no customer pay on another's account: B's session with A's PIN is B's wrong PIN, A owes nothing more", async () => {
    const before = await accountOfA();
    const withAsPin = await pay(customerB().token!, fixtures.codeA.qrData, customerA().pin, '5');
    expect(withAsPin.statusCode).toBe(403);
    expect(withAsPin.json().code).toBe('pin_incorrect');
    // The Bearer header decides whose session it is; A's cookie alongside changes nothing.
    const mixed = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(customerB().token!),
      cookies: { session: customerA().token! }, payload: { qrData: fixtures.codeA.qrData, pin: customerA().pin, amount: '5' },
    });
    expect(mixed.statusCode).toBe(403);
    // A signed-out session of A pays nothing.
    const stale = await login('/api/auth/customer/login', { phoneNumber: fixtures.customerA.phoneNumber, pin: customerA().pin });
    await post('/api/auth/logout', {}, bearer(stale));
    expect((await pay(stale, fixtures.codeA.qrData, customerA().pin, '5')).statusCode).toBe(401);
    expect(await accountOfA()).toEqual(before);
    // B's wrong PINs were counted against B, so clear them with B's right PIN.
    expect((await pay(customerB().token!, fixtures.codeB.qrData, customerB().pin, '1')).statusCode).toBe(201);
    checks += 3;
  });

  it("keeps merchant A's credit accounts from merchant B: 404 on limit and repayment, nothing changed", async () => {
    const before = await accountOfA();
    const limit = await post(`/api/business/credit-accounts/${fixtures.accountA}/limit`, { creditLimit: '5' }, bearer(merchantB().token!));
    expect(limit.statusCode).toBe(404);
    expect(limit.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    const repayment = await post(`/api/business/credit-accounts/${fixtures.accountA}/repayment`, { amount: '1' }, bearer(merchantB().token!));
    expect(repayment.statusCode).toBe(404);
    expect(repayment.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    expect(await accountOfA()).toEqual(before);
    const listed = (await get('/api/credit-accounts/business', merchantB().token!)).json().creditAccounts as { id: string }[];
    expect(listed.map((a) => a.id)).not.toContain(fixtures.accountA);
    checks += 3;
  });

  it("keeps merchant A's transactions, QR codes and stats from merchant B", async () => {
    const history = (await get(`/api/transactions/business?limit=100&businessId=${fixtures.shopA.businessId}`, merchantB().token!)).json()
      .transactions as { id: string; businessId: string }[];
    expect(history.length).toBeGreaterThan(0);
    expect(history.map((t) => t.id)).not.toContain(fixtures.paymentA);
    expect(history.every((t) => t.businessId === fixtures.shopB.businessId)).toBe(true);
    checks += 1;

    const codes = (await get('/api/qr/business', merchantB().token!)).json().qrCodes as { id: string }[];
    expect(codes.map((c) => c.id)).not.toContain(fixtures.codeA.id);
    expect(codes.map((c) => c.id)).toContain(fixtures.codeB.id);
    checks += 1;

    const statsA = (await get('/api/business/stats', merchantA().token!)).json().stats;
    const statsB = (await get('/api/business/stats', merchantB().token!)).json().stats;
    // Shop B took 200 at setup plus 1 in the matrix cell and 1 just above; shop A's 100 never counts there.
    expect(statsB.totalRevenue).toBe('202.00');
    expect(statsA.totalRevenue).not.toBe(statsB.totalRevenue);
    checks += 1;
  });

  it("keeps merchant A's payments and repayments from merchant B's refunds and reversals, and A's reports from B: nothing changed", async () => {
    const before = await accountOfA();
    const refund = await post(`/api/business/transactions/${fixtures.paymentA}/refund`,
      { amount: '1', reason: 'Returned', pin: merchantB().pin }, bearer(merchantB().token!));
    const unknown = await post('/api/business/transactions/00000000-0000-4000-8000-000000000000/refund',
      { amount: '1', reason: 'Returned', pin: merchantB().pin }, bearer(merchantB().token!));
    expect(refund.statusCode).toBe(404);
    expect(refund.json()).toEqual(unknown.json());
    expect(refund.json()).toEqual({ error: 'Transaction not found', code: 'not_found', key: 'transaction_not_found', params: {} });
    const repaymentId = await newRepayment();
    const afterRepayment = await accountOfA();
    const reversal = await post(`/api/business/transactions/${repaymentId}/reversal`,
      { reason: 'Mistake', pin: merchantB().pin }, bearer(merchantB().token!));
    expect(reversal.statusCode).toBe(404);
    expect(await accountOfA()).toEqual(afterRepayment);
    expect(afterRepayment.owed).not.toBe(before.owed);
    checks += 2;

    const reportId = await newReport();
    const listed = (await get('/api/business/payment-reports?status=all', merchantB().token!)).json().reports as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(reportId);
    const declined = await post(`/api/business/payment-reports/${reportId}/decline`, { reason: 'No' }, bearer(merchantB().token!));
    expect(declined.statusCode).toBe(404);
    const reportedByB = await post(`/api/transactions/${fixtures.paymentA}/report`, { reason: 'not_me', freeze: true }, bearer(customerB().token!));
    expect(reportedByB.statusCode).toBe(404);
    expect((await get('/api/auth/me', customerA().token!)).statusCode).toBe(200);
    checks += 3;
  });

  it('answers the same 404 for an account id that does not exist and one that belongs to another merchant', async () => {
    const unknown = await post('/api/business/credit-accounts/00000000-0000-4000-8000-000000000000/limit', { creditLimit: '5' }, bearer(merchantB().token!));
    const others = await post(`/api/business/credit-accounts/${fixtures.accountA}/limit`, { creditLimit: '5' }, bearer(merchantB().token!));
    expect(others.statusCode).toBe(unknown.statusCode);
    expect(others.json()).toEqual(unknown.json());
    checks += 1;
  });
});

describe("data scoping between shops' people", () => {
  const named = (name: CallerName) => callers.find((c) => c.name === name)!;
  let checks = 0;
  afterAll(() => { console.log(`staff data scoping: ${checks} cross-shop and role reads and writes, 0 leaks`); });

  const accountOfA = async () => (await get('/api/credit-accounts/business', named('merchantA').token!)).json().creditAccounts
    .find((a: { id: string }) => a.id === fixtures.accountA) as { creditLimit: string; owed: string };

  it("keeps shop A's accounts and rows from shop B's manager: 404 as for a row that does not exist, nothing changed", async () => {
    const staffB = named('staffB');
    const before = await accountOfA();
    const refund = await post(`/api/business/transactions/${fixtures.paymentA}/refund`,
      { amount: '1', reason: 'Returned', pin: staffB.pin }, bearer(staffB.token!));
    const unknown = await post('/api/business/transactions/00000000-0000-4000-8000-000000000000/refund',
      { amount: '1', reason: 'Returned', pin: staffB.pin }, bearer(staffB.token!));
    expect(refund.statusCode).toBe(404);
    expect(refund.json()).toEqual(unknown.json());
    const limit = await post(`/api/business/credit-accounts/${fixtures.accountA}/limit`, { creditLimit: '5' }, bearer(staffB.token!));
    expect(limit.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    const repayment = await post(`/api/business/credit-accounts/${fixtures.accountA}/repayment`, { amount: '1' }, bearer(staffB.token!));
    expect(repayment.statusCode).toBe(404);
    expect(await accountOfA()).toEqual(before);
    checks += 3;

    const listed = (await get('/api/credit-accounts/business', staffB.token!)).json().creditAccounts as { id: string }[];
    expect(listed.map((a) => a.id)).toContain(fixtures.accountB);
    expect(listed.map((a) => a.id)).not.toContain(fixtures.accountA);
    const history = (await get(`/api/transactions/business?limit=100&businessId=${fixtures.shopA.businessId}`, staffB.token!)).json()
      .transactions as { id: string; businessId: string }[];
    expect(history.map((t) => t.id)).toContain(fixtures.paymentB);
    expect(history.every((t) => t.businessId === fixtures.shopB.businessId)).toBe(true);
    checks += 2;
  });

  it("keeps shop A's people and audit log from shop B's owner: 404 for A's manager as for nobody, A's manager still signed in", async () => {
    const merchantB = named('merchantB');
    const managerA = named('managerA');
    const staffList = (await get('/api/business/staff', merchantB.token!)).json() as { members: { id: string }[] };
    expect(staffList.members.map((m) => m.id)).not.toContain(managerA.memberId);
    expect(staffList.members.map((m) => m.id)).toContain(named('staffB').memberId);
    checks += 1;

    const unknownId = '00000000-0000-4000-8000-000000000000';
    const revoke = await post(`/api/business/staff/${managerA.memberId}/revoke`, {}, bearer(merchantB.token!));
    const revokeUnknown = await post(`/api/business/staff/${unknownId}/revoke`, {}, bearer(merchantB.token!));
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toEqual(revokeUnknown.json());
    const change = await post(`/api/business/staff/${managerA.memberId}`, { role: 'owner' }, bearer(merchantB.token!));
    expect(change.statusCode).toBe(404);
    const me = await get('/api/auth/me', managerA.token!);
    expect(me.statusCode).toBe(200);
    expect(me.json().shop).toMatchObject({ memberId: managerA.memberId, businessId: fixtures.shopA.businessId, role: 'manager' });
    checks += 3;

    const audit = await get(`/api/business/audit?memberId=${managerA.memberId}`, merchantB.token!);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries).toEqual([]);
    const ownAudit = (await get(`/api/business/audit?memberId=${managerA.memberId}`, named('merchantA').token!)).json()
      .entries as { by: { memberId: string } }[];
    expect(ownAudit.length).toBeGreaterThan(0);
    expect(ownAudit.every((entry) => entry.by.memberId === managerA.memberId)).toBe(true);
    checks += 1;
  });

  it("lets no one act as another's membership: shop B's manager cannot pick shop A's manager's", async () => {
    const staffB = named('staffB');
    const picked = await post('/api/staff/shop', { memberId: named('managerA').memberId }, bearer(staffB.token!));
    expect(picked.statusCode).toBe(404);
    expect(picked.json().key).toBe('staff_member_not_found');
    const revokedPick = await post('/api/staff/shop', { memberId: named('revokedA').memberId }, bearer(named('cashierA').token!));
    expect(revokedPick.statusCode).toBe(404);
    expect((await get('/api/auth/me', staffB.token!)).json().shop).toMatchObject({ businessId: fixtures.shopB.businessId, role: 'manager' });
    checks += 2;
  });

  it("refuses a cashier's refund for the role, with nothing refunded, and keeps the revoked cashier's session dead", async () => {
    const cashierA = named('cashierA');
    const before = await accountOfA();
    const refused = await post(`/api/business/transactions/${fixtures.paymentA}/refund`,
      { amount: '1', reason: 'Returned', pin: cashierA.pin }, bearer(cashierA.token!));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Your role at this shop does not allow this. Ask an owner.', code: 'role_forbidden', key: 'role_forbidden', params: {},
    });
    expect(await accountOfA()).toEqual(before);
    checks += 1;

    const revokedA = named('revokedA');
    const me = await get('/api/auth/me', revokedA.token!);
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('not_signed_in');
    const repayment = await post(`/api/business/credit-accounts/${fixtures.accountA}/repayment`, { amount: '1' }, bearer(revokedA.token!));
    expect(repayment.statusCode).toBe(401);
    expect(await accountOfA()).toEqual(before);
    checks += 2;
  });

  // Last: it moves the clock a day on.
  it("shows a cashier the shop's payments of today only, and the owner and the manager the whole history", async () => {
    const listed = async (name: CallerName) => (await get('/api/transactions/business?limit=100', named(name).token!)).json()
      .transactions.map((t: { id: string }) => t.id) as string[];
    expect(await listed('cashierA')).toContain(fixtures.paymentA);
    ctx.clock.advance(24 * 3600);
    expect(await listed('cashierA')).toEqual([]);
    expect(await listed('managerA')).toContain(fixtures.paymentA);
    expect(await listed('merchantA')).toContain(fixtures.paymentA);
    checks += 3;
  });
});
