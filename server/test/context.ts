/**
 * A test's whole world: a fresh database, the app built on it with a clock the test
 * moves, and the SMS codes the development provider "sent".
 */
import { randomBytes } from 'node:crypto';
import type { Language } from '@common/languages';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig, type AppDeps, type KhataApp } from '../app';
import type { Database } from '../db/client';
import { developmentSmsProvider } from '../sms/development';
import type { SmsProvider } from '../sms/provider';
import { testConfig } from './config';
import { openTestDatabase } from './database';

export interface TestClock {
  (): Date;
  advance(seconds: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date('2026-11-22T10:00:00.000Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (seconds) => { now += seconds * 1000; };
  clock.set = (date) => { now = date.getTime(); };
  return clock;
}

export interface TestContext {
  app: KhataApp;
  database: Database;
  clock: TestClock;
  /** Codes sent by SMS, newest last, per phone. */
  sentCodes: Map<string, string[]>;
  /** The language of each SMS sent, in the same order, per phone. */
  sentLanguages: Map<string, Language[]>;
  close(): Promise<void>;
}

export async function createTestContext(options: {
  config?: Partial<AppConfig>; database?: Database; logger?: AppDeps['logger']; onRoute?: AppDeps['onRoute'];
  /** The SMS vendor (default: the development provider, silent); every OTP it is given is recorded. */
  sms?: SmsProvider;
} = {}): Promise<TestContext> {
  const database = options.database ?? await openTestDatabase();
  const clock = testClock();
  const sentCodes = new Map<string, string[]>();
  const sentLanguages = new Map<string, Language[]>();
  const sms = options.sms ?? developmentSmsProvider(() => {});
  // Records each OTP handed to the vendor, whether or not the vendor then takes it.
  const recordingSms: SmsProvider = {
    name: sms.name,
    async send(message, sendOptions) {
      if (message.template === 'otp') {
        sentCodes.set(message.to, [...(sentCodes.get(message.to) ?? []), message.variables.otp!]);
        sentLanguages.set(message.to, [...(sentLanguages.get(message.to) ?? []), message.language]);
      }
      return sms.send(message, sendOptions);
    },
  };
  const app = await buildApp({
    db: database.db, config: testConfig(options.config), sms: recordingSms, clock, logger: options.logger,
    onRoute: options.onRoute,
  });
  return {
    app, database, clock, sentCodes, sentLanguages,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Runs `run` on a second app over the same database, built with `config` (e.g. its limits). */
export async function withApp<T>(
  ctx: TestContext, config: Partial<AppConfig>, run: (app: TestContext['app']) => Promise<T>,
): Promise<T> {
  const other = await createTestContext({ database: ctx.database, config });
  try {
    return await run(other.app);
  } finally {
    await other.close();
  }
}

/** The value of a Set-Cookie from a response, by name. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

let phoneCounter = 0;
/** A fresh valid mobile number for each call within a file. */
export function newPhone(): string {
  phoneCounter += 1;
  return `+9198${String(Date.now() % 1_000_000).padStart(6, '0').slice(0, 4)}${String(phoneCounter).padStart(4, '0')}`;
}

/** Sends and verifies an OTP (for registration unless said); returns the proof cookie value. */
export async function verifyPhone(
  ctx: TestContext, phoneNumber: string, purpose: 'registration' | 'pin_reset' | 'staff_invitation' = 'registration',
): Promise<string> {
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose } });
  if (sent.statusCode !== 200) throw new Error(`otp send failed: ${sent.body}`);
  // The development provider hands the code back; another vendor's is as it was given it.
  const otp = (sent.json().developmentOtp as string | undefined) ?? ctx.sentCodes.get(phoneNumber)!.at(-1)!;
  const verified = await ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose } });
  if (verified.statusCode !== 200) throw new Error(`otp verify failed: ${verified.body}`);
  return cookieFrom(verified, 'otp_proof')!;
}

export async function registerCustomer(
  ctx: TestContext, overrides: { phoneNumber?: string; name?: string; pin?: string } = {},
) {
  const phoneNumber = overrides.phoneNumber ?? newPhone();
  const proof = await verifyPhone(ctx, phoneNumber);
  const pin = overrides.pin ?? '4826';
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/auth/customer/register',
    cookies: { otp_proof: proof },
    payload: { phoneNumber, name: overrides.name ?? 'Asha Verma', pin },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const body = response.json() as { sessionToken: string; user: { id: string } };
  return { phoneNumber, pin, token: body.sessionToken, userId: body.user.id, deviceToken: cookieFrom(response, 'device')! };
}

let emailCounter = 0;
export async function registerBusiness(
  ctx: TestContext, overrides: { email?: string; pin?: string; phoneNumber?: string } = {},
) {
  emailCounter += 1;
  const phoneNumber = overrides.phoneNumber ?? newPhone();
  const email = overrides.email ?? `shop${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const proof = await verifyPhone(ctx, phoneNumber);
  const pin = overrides.pin ?? '5937';
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/auth/business/register',
    cookies: { otp_proof: proof },
    payload: {
      phoneNumber, name: 'Ravi Kumar', businessName: 'Kumar Kirana', businessType: 'Retail',
      email, address: '12 MG Road, Pune', pin,
    },
  });
  if (response.statusCode !== 201) throw new Error(`business register failed: ${response.body}`);
  const body = response.json() as { sessionToken: string; user: { id: string } };
  return { phoneNumber, email, pin, token: body.sessionToken, userId: body.user.id, deviceToken: cookieFrom(response, 'device')! };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in an admin (created on first use) and returns its token. */
export async function adminToken(ctx: TestContext, email = 'admin@khata.test'): Promise<string> {
  await ctx.app.services.auth.ensureAdmin(email, '3971');
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, pin: '3971' } });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json().sessionToken as string;
}

/** The business id of a merchant's session. */
export async function businessIdOf(ctx: TestContext, token: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return response.json().business.id as string;
}

/** Registers a business and has an admin approve it. */
export async function approvedBusiness(ctx: TestContext, overrides: Parameters<typeof registerBusiness>[1] = {}) {
  const business = await registerBusiness(ctx, overrides);
  const businessId = await businessIdOf(ctx, business.token);
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
    payload: { businessIds: [businessId], action: 'approve' },
  });
  if (response.statusCode !== 200) throw new Error(`approve failed: ${response.body}`);
  return { ...business, businessId };
}

/** The payment handle of a customer's session. */
export async function paymentHandleOf(ctx: TestContext, token: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/customer/qr', headers: bearer(token) });
  return response.json().paymentHandle as string;
}

/** An approved merchant, a customer with a credit account there, and helpers to pay. */
export async function paymentSetup(ctx: TestContext, options: { limit?: string; feePercent?: string } = {}) {
  const shop = await approvedBusiness(ctx);
  if (options.feePercent) {
    await ctx.app.inject({
      method: 'POST', url: `/api/admin/businesses/${shop.businessId}/terms`, headers: bearer(await adminToken(ctx)),
      payload: { transactionFeePercent: options.feePercent },
    });
  }
  const customer = await registerCustomer(ctx);
  const created = await ctx.app.inject({
    method: 'POST', url: '/api/business/create-credit-account', headers: bearer(shop.token),
    payload: { paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: options.limit ?? '1000' },
  });
  if (created.statusCode !== 201) throw new Error(`credit account failed: ${created.body}`);
  const generate = async (payload: object = {}) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload });
    if (response.statusCode !== 201) throw new Error(`generate failed: ${response.body}`);
    return response.json() as { id: string; qrData: string; amount: string | null };
  };
  const pay = (qrData: string, extra: { amount?: unknown; pin?: string; key?: string; token?: string } = {}) => ctx.app.inject({
    method: 'POST', url: '/api/payments/process',
    headers: { ...bearer(extra.token ?? customer.token), ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
    payload: { qrData, pin: extra.pin ?? customer.pin, ...(extra.amount !== undefined ? { amount: extra.amount } : {}) },
  });
  return { shop, customer, accountId: created.json().creditAccount.id as string, generate, pay };
}

/**
 * Changes a merchant's credit period and UPI ID as the app does: the PIN confirmed on the
 * session first (POST /api/business/settings needs one from the last few minutes).
 */
export async function changeSettings(
  ctx: TestContext, shop: { token: string; pin: string }, settings: { creditPeriodDays: number; upiId: string | null },
) {
  const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-pin', headers: bearer(shop.token), payload: { pin: shop.pin } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm-pin failed: ${confirmed.body}`);
  return ctx.app.inject({ method: 'POST', url: '/api/business/settings', headers: bearer(shop.token), payload: settings });
}

/** An approved merchant's session exchanged for a counter session; returns its token. */
export async function enterCounter(ctx: TestContext, shop: { token: string; pin: string }): Promise<string> {
  const entered = await ctx.app.inject({ method: 'POST', url: '/api/auth/counter/enter', headers: bearer(shop.token), payload: { pin: shop.pin } });
  if (entered.statusCode !== 200) throw new Error(`counter enter failed: ${entered.body}`);
  return entered.json().sessionToken as string;
}

/**
 * A person invited to an owner's shop who accepted, as the app does it: the owner invites
 * the phone (a new number unless given) with a role, the person proves the phone by OTP and
 * accepts, choosing `pin` when the phone has no staff account yet (one that has keeps its
 * PIN). Returns the session the acceptance started, acting as the new membership, and who
 * the person is. Limits are rupee strings; left out, the shop's defaults for the role.
 */
export async function inviteStaff(ctx: TestContext, ownerToken: string, options: {
  role: 'owner' | 'manager' | 'cashier'; name?: string; singleLimit?: string; dailyLimit?: string; phoneNumber?: string; pin?: string;
}) {
  const phoneNumber = options.phoneNumber ?? newPhone();
  const pin = options.pin ?? '6284';
  const invited = await ctx.app.inject({
    method: 'POST', url: '/api/business/staff/invitations', headers: bearer(ownerToken),
    payload: {
      phoneNumber, name: options.name ?? 'Meena Iyer', role: options.role, language: 'en',
      ...(options.singleLimit !== undefined ? { singleLimit: options.singleLimit } : {}),
      ...(options.dailyLimit !== undefined ? { dailyLimit: options.dailyLimit } : {}),
    },
  });
  if (invited.statusCode !== 201) throw new Error(`staff invitation failed: ${invited.body}`);
  const invitationId = invited.json().invitation.id as string;
  // A number given may have had an OTP a moment ago (its registration, another shop's invitation).
  if (options.phoneNumber) ctx.clock.advance(31);
  const proof = await verifyPhone(ctx, phoneNumber, 'staff_invitation');
  const open = await ctx.app.inject({ method: 'GET', url: '/api/staff/invitations', cookies: { otp_proof: proof } });
  if (open.statusCode !== 200) throw new Error(`staff invitations failed: ${open.body}`);
  const hasAccount = open.json().hasAccount as boolean;
  const accepted = await ctx.app.inject({
    method: 'POST', url: `/api/staff/invitations/${invitationId}/accept`, cookies: { otp_proof: proof },
    payload: hasAccount ? {} : { pin, confirmPin: pin },
  });
  if (accepted.statusCode !== 201) throw new Error(`staff acceptance failed: ${accepted.body}`);
  const body = accepted.json() as { sessionToken: string; user: { id: string } };
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.sessionToken) });
  if (me.statusCode !== 200 || !me.json().shop) throw new Error(`staff session has no shop: ${me.body}`);
  return {
    phoneNumber, pin, token: body.sessionToken, userId: body.user.id, memberId: me.json().shop.memberId as string,
    deviceToken: cookieFrom(accepted, 'device')!,
  };
}

/** Signs a staff account in with its phone and PIN; returns the sign-in's answer. */
export const staffLogin = (ctx: TestContext, person: { phoneNumber: string; pin: string }, deviceToken?: string) => ctx.app.inject({
  method: 'POST', url: '/api/auth/staff/login', payload: { phoneNumber: person.phoneNumber, pin: person.pin },
  ...(deviceToken ? { cookies: { device: deviceToken } } : {}),
});
