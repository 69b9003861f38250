/**
 * Input fuzzing (docs/security.md, row 5): every body and query string of every /api route the
 * app registers, sent by a caller of the right role (a shop's cashier or manager among them, on
 * the routes whose limits and lists are theirs), must be answered without a 5xx,
 * without internals in the body, as `{ error, code, key, params }` when refused, and writing nothing
 * when refused. Amount edge cases get their exact statuses.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorStatus, isErrorKey } from '@common/errors';
import { staffInvitationsPerShopPerDay } from '@common/limits';
import { rowsOf } from '../db/client';
import {
  adminToken, approvedBusiness, bearer, businessIdOf, createTestContext, enterCounter, inviteStaff, newPhone, paymentHandleOf, paymentSetup,
  registerBusiness, registerCustomer, type TestContext,
} from '../test/context';
import { testMsg91WebhookToken } from '../test/config';
import { developmentSmsProvider } from '../sms/development';
import type { SmsMessage, SmsProvider } from '../sms/provider';

let ctx: TestContext;

/** Every SMS handed to the vendor: the consent codes (charges, sign-ups at the counter) are read from it. */
const handedSms: SmsMessage[] = [];
const developmentSms = developmentSmsProvider(() => {});
const smsRecorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handedSms.push(message);
    return developmentSms.send(message, options);
  },
};
const codeSentTo = (phone: string): string => handedSms.filter((m) => m.to === phone && m.variables.otp).at(-1)!.variables.otp!;

// ---------------------------------------------------------------------------------------
// What a refusal may write, and how answers are checked.

/** Text that a server must never send: stack frames, SQL, driver and ORM internals. */
const leakPatterns = [
  /at .*\(.*:\d+:\d+\)/,
  /node_modules/,
  /\bselect\b.*\bfrom\b/i,
  /syntax error|relation ".*"|violates|duplicate key|SQLSTATE|Drizzle|Failed query/i,
];

/**
 * Inputs that themselves look like internals. Some answers legitimately echo what was
 * sent (an unknown payment handle, a stored business name), so these are removed from
 * an answer before it is searched for leaks.
 */
const echoable = new Set<string>();

function noteInput(text: string): void {
  if (!leakPatterns.some((pattern) => pattern.test(text))) return;
  for (const variant of [text, text.trim(), text.toLowerCase(), text.trim().toLowerCase()]) {
    if (variant.length > 0) echoable.add(variant);
  }
}

function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value instanceof Raw) into.push(value.text);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) { into.push(key); stringsOf(item, into); }
  }
  return into;
}

/** A JSON fragment sent verbatim (1e309, a body with a "__proto__" key, deep nesting). */
class Raw { constructor(readonly text: string) {} }
const raw = (text: string) => new Raw(text);

function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const figures = {
  requests: 0, serverErrors: 0, leaks: 0, malformedErrors: 0, writesOnRefusal: 0,
  refusals: 0, pinAttemptWrites: 0, otpAttemptWrites: 0,
};

let tables: string[] = [];

/** Committed row writes per table since the file began, kept by a trigger on every table. */
type Snapshot = Map<string, { inserted: number; updated: number; deleted: number }>;

/**
 * Puts a row-level trigger on every table of this file's own database that counts each
 * inserted, updated and deleted row in `fuzz_writes`. A refused request's rolled-back
 * writes roll back their counts too, so any count that moves is a committed write.
 */
async function countWrites(): Promise<void> {
  const db = ctx.database.db;
  await db.execute(sql`create table fuzz_writes (
    table_name text primary key, inserted bigint not null, updated bigint not null, deleted bigint not null)`);
  await db.execute(sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (table_name, inserted, updated, deleted)
      values (TG_TABLE_NAME, (TG_OP = 'INSERT')::int, (TG_OP = 'UPDATE')::int, (TG_OP = 'DELETE')::int)
      on conflict (table_name) do update set inserted = fuzz_writes.inserted + excluded.inserted,
        updated = fuzz_writes.updated + excluded.updated, deleted = fuzz_writes.deleted + excluded.deleted;
      return null;
    end $$`));
  for (const table of tables) {
    await db.execute(sql.raw(`create trigger fuzz_count_write after insert or update or delete on "${table}"
      for each row execute function fuzz_count_write()`));
  }
}

async function snapshot(): Promise<Snapshot> {
  const rows = rowsOf<{ table_name: string; inserted: number; updated: number; deleted: number }>(
    await ctx.database.db.execute(sql`select table_name, inserted, updated, deleted from fuzz_writes`));
  return new Map(tables.map((table) => {
    const row = rows.find((r) => r.table_name === table);
    return [table, { inserted: Number(row?.inserted ?? 0), updated: Number(row?.updated ?? 0), deleted: Number(row?.deleted ?? 0) }];
  }));
}

/**
 * The writes a refusal legitimately makes, by its code: a wrong PIN is counted (at most
 * one new pin_attempts row, the first time an identifier is wrong) and a wrong OTP is
 * counted on its code (no new row). Everything else writes nothing at all.
 */
function allowedChanges(code: string): Map<string, { inserted: number; updated: number }> {
  if (code === 'invalid_credentials' || code === 'pin_incorrect') return new Map([['pin_attempts', { inserted: 1, updated: 1 }]]);
  if (code === 'otp_invalid' || code === 'otp_attempts_exceeded') return new Map([['otp_codes', { inserted: 0, updated: 1 }]]);
  // A wrong consent code is counted on its charge or sign-up (the last one voids it).
  if (code === 'sms_code_incorrect' || code === 'sms_code_void') {
    return new Map([['sms_charges', { inserted: 0, updated: 1 }], ['counter_enrolments', { inserted: 0, updated: 1 }]]);
  }
  return new Map();
}

function describeRequest(request: Request): string {
  const body = request.payload === undefined ? '' : ` ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)}${body}`;
}

function checkAnswer(request: Request, response: LightMyRequestResponse): { code?: string } {
  const label = describeRequest(request);
  if (response.statusCode >= 500) {
    figures.serverErrors += 1;
    throw new Error(`server error ${response.statusCode} for ${label}: ${response.body.slice(0, 300)}`);
  }
  let parsed: unknown;
  try { parsed = response.body === '' ? undefined : JSON.parse(response.body); } catch { parsed = undefined; }
  let text = parsed === undefined ? response.body : stringsOf(parsed).join('\n');
  for (const input of echoable) text = text.split(input).join('');
  const leak = leakPatterns.find((pattern) => pattern.test(text));
  if (leak) {
    figures.leaks += 1;
    throw new Error(`answer leaks internals (${leak}) for ${label}: ${response.body.slice(0, 300)}`);
  }
  if (response.statusCode < 400) return {};
  const body = parsed as { error?: unknown; code?: unknown; key?: unknown; params?: unknown } | undefined;
  const shapeOk = typeof body === 'object' && body !== null && !Array.isArray(body)
    && typeof body.error === 'string' && body.error.length > 0 && typeof body.code === 'string'
    && body.code in errorStatus
    && (errorStatus[body.code as keyof typeof errorStatus] === response.statusCode
      || (response.statusCode === 413 && body.code === 'invalid_input'))
    // The catalogue entry it was said from, under its code: every check names its own
    // (invalid_input itself carries the words of a check that names none).
    && isErrorKey(body.key) && errorCode(body.key) === body.code && body.key !== 'invalid_input'
    && typeof body.params === 'object' && body.params !== null && !Array.isArray(body.params);
  if (!shapeOk) {
    figures.malformedErrors += 1;
    throw new Error(`refusal is not { error, code, key, params } with its status for ${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return { code: body!.code as string };
}

interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  cookies?: Record<string, string>;
  payload?: string;
  contentType?: string;
}

/**
 * The tables as the last refused request left them. A refusal writes nothing, so this is
 * still the state before the next request unless something else wrote in between, which
 * calls `forgetSnapshot()`.
 */
let lastSnapshot: Snapshot | undefined;
const forgetSnapshot = () => { lastSnapshot = undefined; };

/** Sends one request and checks the answer and, when refused, every table. */
async function send(request: Request, inputs: unknown[]): Promise<LightMyRequestResponse> {
  for (const text of stringsOf(inputs)) noteInput(text);
  const before = lastSnapshot ?? await snapshot();
  lastSnapshot = undefined;
  const response = await ctx.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...request.headers,
      ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
    },
    cookies: request.cookies,
    payload: request.payload,
  });
  figures.requests += 1;
  const { code } = checkAnswer(request, response);
  // An answer may start the SMS queue's drain in the background (an invitation): its writes
  // land before the next request's snapshot, not in it.
  if (code === undefined) {
    await ctx.app.services.sms.drain();
    return response;
  }
  figures.refusals += 1;
  const after = await snapshot();
  lastSnapshot = after;
  for (const [table, was] of before) {
    const now = after.get(table)!;
    const inserted = now.inserted - was.inserted;
    const updated = now.updated - was.updated;
    const deleted = now.deleted - was.deleted;
    if (inserted === 0 && updated === 0 && deleted === 0) continue;
    const allowed = allowedChanges(code).get(table);
    if (allowed && deleted === 0 && inserted <= allowed.inserted && updated <= allowed.updated && inserted + updated === 1) {
      if (table === 'pin_attempts') figures.pinAttemptWrites += 1;
      else figures.otpAttemptWrites += 1;
      continue;
    }
    figures.writesOnRefusal += 1;
    throw new Error(`refused request (${response.statusCode} ${code}) wrote ${table} (+${inserted} ~${updated} -${deleted} rows): ${describeRequest(request)}`);
  }
  return response;
}

// ---------------------------------------------------------------------------------------
// Generators.

const deepArray = raw(`${'['.repeat(2000)}${']'.repeat(2000)}`);
const deepObject = raw(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`);

/** Values a field is replaced with in the targeted mutations of a valid body. */
const specialValues: unknown[] = [
  null, true, 0, -1, 0.001, 10.005, 2 ** 53 + 2, raw('1e309'), raw('-1e309'), 'NaN', ' 10 ', '10', '',
  '\u0000', 'a\u0000b', '\uD800', 'x'.repeat(10_000), 'x'.repeat(70_000), '😀İß\u202E', 'Ravi \u2067x\u2069', 'क्\u200Dष', "' or 1=1 --",
  'select * from users', '------------------------------------', '9999', '+919876543210', 'nobody@example.com', [], ['10'], { amount: '10' },
  raw('{"__proto__":{"polluted":"yes"}}'), raw('{"constructor":{"prototype":{"polluted":"yes"}}}'), deepArray, deepObject,
]

const pollutionKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Any JSON text: arbitrary values, objects with hostile keys, and text that is not JSON at all. */
const anyBody = (fields: string[]) => fc.oneof(
  fc.jsonValue().map(jsonText),
  fc.anything({ maxDepth: 3 }).map((value) => jsonText(JSON.parse(JSON.stringify(value ?? null) ?? 'null'))),
  fc.dictionary(
    fc.oneof(fc.constantFrom(...fields, ...pollutionKeys), fc.string()),
    fc.oneof(fc.constantFrom(...specialValues), fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary' })),
    { maxKeys: 8 },
  ).map(jsonText),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '{"a":1}{"b":2}', '\u0000', '{"a":1,}', "{'a':1}", 'NaN'),
);

/** A valid body with some fields replaced, removed or joined by hostile keys. */
const mutatedBody = (base: Record<string, unknown>) => {
  const fields = Object.keys(base);
  return fc.tuple(
    fc.dictionary(
      fc.oneof(fc.constantFrom(...fields, ...pollutionKeys), fc.string({ maxLength: 10 })),
      fc.oneof(fc.constantFrom(...specialValues), fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 50 })),
      { maxKeys: 3 },
    ),
    fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
  ).map(([changes, removed]) => {
    const body: Record<string, unknown> = { ...base, ...changes };
    for (const field of removed) if (!(field in changes)) delete body[field];
    return body;
  });
};

const queryKeys = ['limit', 'cursor', 'businessId', 'status', 'active', 'from', 'to', '__proto__', 'constructor', 'limit[]', 'a[b]'];
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

/** Crafted cursors: ids that pass a loose pattern but are not UUIDs, dates PostgreSQL cannot hold. */
const specialQueryValues = [
  '', '0', '1', '15', '100', '101', '999', '1000', '-1', '1e2', ' 1', '01', '१', 'true', 'false', 'TRUE', 'pending', 'approved',
  'rejected', 'PENDING', 'all', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  // Statement dates: valid, impossible, out of the accepted years, out of what PostgreSQL holds.
  '2026-11-22', '2026-02-29', '2028-02-29', '2026-13-01', '0000-01-01', '1999-12-31', '2999-12-31', '3000-01-01',
  '+275760-09-13', '2026-11-22T00:00:00Z', '२०२६-११-२२',
  '------------------------------------', 'x'.repeat(250), '%00', '\u0000', "' or 1=1 --",
  cursorOf('2026-11-22T10:00:00.000Z|------------------------------------'),
  cursorOf('2026-11-22T10:00:00.000Z|aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-'),
  cursorOf('2026-11-22T10:00:00.000Z|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff'),
  cursorOf('-271821-04-20T00:00:00.000Z|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff'),
  cursorOf('+275760-09-13T00:00:00.000Z|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff'),
  cursorOf('-004714-01-01T00:00:00.000Z|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff'),
  cursorOf('1|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff'), cursorOf('|'), cursorOf('\u0000|\u0000'),
  cursorOf('2026-11-22T10:00:00.000Z|0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff|extra'),
];

/** Query strings: known and unknown keys, repeated keys, crafted values, stray % and brackets. */
const anyQuery = fc.oneof(
  fc.array(fc.tuple(
    fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 8 })),
    fc.oneof(fc.constantFrom(...specialQueryValues), fc.string({ unit: 'binary', maxLength: 40 })),
  ), { maxLength: 5 }).map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')),
  fc.string({ unit: fc.constantFrom(...'ab01%=&[]._~+-;,|'.split('')), maxLength: 40 }),
);

// ---------------------------------------------------------------------------------------
// The cases: one per registered route, each with a caller of the right role and a valid
// body to mutate.

interface FuzzCase {
  method: 'GET' | 'POST';
  /** The route as registered, with its parameters. */
  route: string;
  headers: () => Record<string, string>;
  /** The concrete path. */
  path?: () => string;
  /** A valid body (POST routes), fresh for each request where state demands it. */
  base?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Cookies a request needs to get past the parsing (an OTP proof for a registration or a staff invitation). */
  cookies?: (body: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
  /** Runs before each request, outside the write check (lifting a PIN lock). */
  before?: () => Promise<void>;
  /** Runs after an accepted request (a new pending business once one was decided). */
  accepted?: (response: LightMyRequestResponse, body: unknown) => Promise<void>;
  /** Parameter values to try in the path. */
  params?: string[];
  /** The query parameters the route reads, each tried with every crafted value. */
  query?: string[];
}

interface Actors {
  admin: string;
  customer: { token: string; phoneNumber: string; pin: string };
  shop: { token: string; businessId: string; email: string; pin: string };
  staticCode: string;
  limitAccountId: string;
  termsBusinessId: string;
  pinCustomer: { token: string; phoneNumber: string; pin: string };
  pinMerchant: { token: string; email: string; pin: string };
  /** An approved shop going in and out of counter mode: its merchant's session and its counter's. */
  counterShop: { merchantToken: string; counterToken: string; email: string; pin: string };
  verifyPhone: string;
  resetPhone: string;
  pendingBusinessId: string;
  freeHandle: string;
  /** A payment at `shop`, for its receipt. */
  paymentId: string;
  /** People of `shop` with staff accounts: the cashier and the manager call the routes of their roles. */
  cashier: StaffActor;
  manager: StaffActor;
  /** Of `shop` too: a cashier whose role and limits are fuzzed, and one to revoke. */
  changeMemberId: string;
  revokeMemberId: string;
  /** A staff account of another shop, for the Staff sign-in. */
  loginStaff: { phoneNumber: string; pin: string };
}

interface StaffActor { token: string; phoneNumber: string; pin: string; memberId: string }

let actors: Actors;

/** A fresh session of the counter shop's merchant. */
async function counterShopSignIn(shop: { email: string; pin: string } = actors.counterShop): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/business/login', payload: { email: shop.email, pin: shop.pin } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().sessionToken as string;
}

/** An OTP proof for a fresh phone, made through the service so it costs no request. */
async function proofFor(phone: string, purpose: 'registration' | 'pin_reset' | 'staff_invitation'): Promise<string> {
  const sent = await ctx.app.services.otp.send(phone, purpose);
  return ctx.app.services.otp.verify(phone, purpose, sent.developmentOtp!);
}

const otherPin = (pin: string) => (pin === '6284' ? '7395' : '6284');

/** A shop owner's invitation of a fresh phone as a cashier, not yet answered; its SMS is drained. */
async function staffInvitationOf(ownerToken: string): Promise<{ id: string; phoneNumber: string }> {
  const phoneNumber = newPhone();
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/business/staff/invitations', headers: bearer(ownerToken),
    payload: { phoneNumber, name: 'Fuzz Helper', role: 'cashier', language: 'en' },
  });
  if (response.statusCode !== 201) throw new Error(`staff invitation failed: ${response.body}`);
  await ctx.app.services.sms.drain();
  return { id: response.json().invitation.id as string, phoneNumber };
}

/** A person who joined an owner's shop, with the session their acceptance started. */
async function joinStaff(ownerToken: string, role: 'manager' | 'cashier', pin: string): Promise<StaffActor> {
  const person = await inviteStaff(ctx, ownerToken, { role, pin });
  return { token: person.token, phoneNumber: person.phoneNumber, pin, memberId: person.memberId };
}

function fuzzCases(): FuzzCase[] {
  const anonymous = () => ({});
  const asAdmin = () => bearer(actors.admin);
  const asCustomer = () => bearer(actors.customer.token);
  const asShop = () => bearer(actors.shop.token);
  const asCashier = () => bearer(actors.cashier.token);
  const asManager = () => bearer(actors.manager.token);
  const unlock = (role: 'customer' | 'business' | 'admin' | 'staff', identifier: () => string) => async () => {
    await ctx.app.services.auth.unlock({ role, identifier: identifier() });
  };
  // A proof for the phone in the body when there is one to get (a repeated phone may be
  // inside its resend gap: then the request goes without one).
  const registrationProof = async (body: Record<string, unknown>) => {
    if (typeof body.phoneNumber !== 'string' || !/^\+91[6-9]\d{9}$/.test(body.phoneNumber)) return undefined;
    try {
      return { otp_proof: await proofFor(body.phoneNumber, 'registration') };
    } catch {
      return undefined;
    }
  };
  let emails = 0;
  // Repayment claims: the customer's at the shop, which gets a UPI ID and a debt
  // first (outside the write check: `before`). A claim accepted by the creation case is
  // declined at once, so pending claims never reach the account's cap; the confirm and
  // decline cases each decide a fresh claim, made once theirs is decided.
  const claimState = { ready: false, accountId: '', references: 0, confirmId: '', declineId: '' };
  const newReference = () => `7${String(Date.now() % 100_000).padStart(5, '0')}${String(++claimState.references).padStart(6, '0')}`;
  const newClaim = async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${claimState.accountId}/repayment-claims`, headers: asCustomer(), payload: { amount: '1' },
    });
    if (response.statusCode !== 201) throw new Error(`claim failed: ${response.body}`);
    return response.json().claim.id as string;
  };
  const claimsReady = async () => {
    if (claimState.ready) return;
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'fuzzshop@okaxis' where id = ${actors.shop.businessId}`);
    await ctx.app.services.auth.unlock({ role: 'customer', identifier: actors.customer.phoneNumber });
    const paid = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: { ...asCustomer(), 'idempotency-key': `fuzz-claims-${Date.now()}` },
      payload: { qrData: actors.staticCode, pin: actors.customer.pin, amount: '5000' },
    });
    if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
    const accounts = (await ctx.app.inject({ method: 'GET', url: '/api/credit-accounts/customer', headers: asCustomer() })).json()
      .creditAccounts as { id: string; businessId: string }[];
    claimState.accountId = accounts.find((account) => account.businessId === actors.shop.businessId)!.id;
    claimState.confirmId = await newClaim();
    claimState.declineId = await newClaim();
    claimState.ready = true;
  };
  // Refunds, reversals and reports: a customer of the shop with a ₹20,000 payment to refund,
  // a cash repayment to reverse (a fresh one once it is), a payment to report (a fresh one once
  // it is) and a report to decline (a fresh one once it is), made before the first request.
  const refundState = {
    ready: false, token: '', pin: '', accountId: '', paymentId: '', repaymentId: '', reportPaymentId: '', reportId: '',
  };
  const newRefundPayment = async (amount: string) => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(refundState.token),
      payload: { qrData: actors.staticCode, pin: refundState.pin, amount },
    });
    if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
    return response.json().transaction.id as string;
  };
  const newCashRepayment = async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${refundState.accountId}/repayment`, headers: asShop(), payload: { amount: '1' },
    });
    if (response.statusCode !== 201) throw new Error(`repayment failed: ${response.body}`);
    return response.json().transaction.id as string;
  };
  const newPaymentReport = async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/transactions/${await newRefundPayment('1')}/report`, headers: bearer(refundState.token),
      payload: { reason: 'goods_returned' },
    });
    if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
    return response.json().report.id as string;
  };
  // Consent by SMS code: the start case charges a customer of the shop who turned the approval
  // on (its accepted charges use up the number's codes for the hour, then 429); the confirm case
  // confirms a charge to a customer of its own, and a fresh one once it is (a number takes 5
  // codes an hour); the counter case confirms a sign-up of a fresh number, and a fresh one once
  // it is. Made before the first request.
  const codeState = { ready: false, startAccountId: '', chargeId: '', chargeCode: '', enrolmentId: '', enrolmentCode: '' };
  const approvingCustomer = async () => {
    const customer = await registerCustomer(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/customer/sms-approval', headers: bearer(customer.token), payload: { enabled: true } });
    const account = await ctx.app.inject({
      method: 'POST', url: '/api/business/create-credit-account', headers: asShop(),
      payload: { paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: '40000' },
    });
    if (account.statusCode !== 201) throw new Error(`credit account failed: ${account.body}`);
    return { accountId: account.json().creditAccount.id as string, phoneNumber: customer.phoneNumber };
  };
  const newCharge = async () => {
    const customer = await approvingCustomer();
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${customer.accountId}/charges`, headers: asShop(), payload: { amount: '1' },
    });
    if (response.statusCode !== 201) throw new Error(`charge failed: ${response.body}`);
    codeState.chargeId = response.json().charge.id;
    codeState.chargeCode = codeSentTo(customer.phoneNumber);
  };
  const newSignUp = async () => {
    const phoneNumber = newPhone();
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/business/counter-customers', headers: asShop(),
      payload: { name: 'Fuzz Counter', phoneNumber, creditLimit: '100', language: 'en' },
    });
    if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
    codeState.enrolmentId = response.json().enrolment.id;
    codeState.enrolmentCode = codeSentTo(phoneNumber);
  };
  const codesReady = async () => {
    if (codeState.ready) return;
    codeState.startAccountId = (await approvingCustomer()).accountId;
    await newCharge();
    await newSignUp();
    codeState.ready = true;
  };
  const refundsReady = async () => {
    await ctx.app.services.auth.unlock({ role: 'business', identifier: actors.shop.email });
    if (refundState.ready) return;
    const customer = await registerCustomer(ctx);
    const account = await ctx.app.inject({
      method: 'POST', url: '/api/business/create-credit-account', headers: asShop(),
      payload: { paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: '40000' },
    });
    if (account.statusCode !== 201) throw new Error(`credit account failed: ${account.body}`);
    Object.assign(refundState, { token: customer.token, pin: customer.pin, accountId: account.json().creditAccount.id });
    refundState.paymentId = await newRefundPayment('20000');
    refundState.repaymentId = await newCashRepayment();
    refundState.reportPaymentId = await newRefundPayment('1');
    refundState.reportId = await newPaymentReport();
    refundState.ready = true;
  };
  // Invitations by phone: shops of their own (the create case may use up its shop's day), a
  // customer of its own who is invited, and the invitations the cancel, accept, decline, link
  // and refuse cases act on, made before the first request. The cancel and decline cases each
  // get a fresh invitation once theirs is decided; the accepted one stays accepted (accepting
  // again is refused), and a refused one stays refused (refusing again changes nothing).
  const invitationState = {
    ready: false, inviteToken: '', cancelToken: '', declineToken: '', customerToken: '', customerPhone: '',
    cancelId: '', acceptId: '', declineId: '', linkCode: '', refuseCode: '',
  };
  const newInvitation = async (shopToken: string, phoneNumber: string = newPhone()) => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/business/invitations', headers: bearer(shopToken),
      payload: { name: 'Fuzz Invitee', phoneNumber, creditLimit: '100', language: 'en' },
    });
    if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
    await ctx.app.services.sms.drain();
    const { id, link } = response.json().invitation as { id: string; link: string };
    return { id, code: link.split('/i/')[1]! };
  };
  const invitationsReady = async () => {
    if (invitationState.ready) return;
    const [inviting, cancelling, accepting, declining] = [
      await approvedBusiness(ctx), await approvedBusiness(ctx), await approvedBusiness(ctx), await approvedBusiness(ctx),
    ];
    const customer = await registerCustomer(ctx);
    Object.assign(invitationState, {
      inviteToken: inviting.token, cancelToken: cancelling.token, declineToken: declining.token,
      customerToken: customer.token, customerPhone: customer.phoneNumber,
    });
    invitationState.cancelId = (await newInvitation(cancelling.token)).id;
    invitationState.acceptId = (await newInvitation(accepting.token, customer.phoneNumber)).id;
    invitationState.declineId = (await newInvitation(declining.token, customer.phoneNumber)).id;
    invitationState.linkCode = (await newInvitation(accepting.token)).code;
    invitationState.refuseCode = (await newInvitation(declining.token)).code;
    invitationState.ready = true;
  };
  const asInvited = () => bearer(invitationState.customerToken);
  // The shop's people: shops of their own invite (the create case may use up its shop's day),
  // and a rotating shop makes the invitations the cancel, accept, decline and list cases act on,
  // each with the OTP proof of its phone; the cancel, accept and decline cases each get a fresh
  // invitation once theirs is decided. A shop invites at most staffInvitationsPerShopPerDay a
  // day, so a new one takes over when one has. The person revoked stays revoked (revoking again
  // is refused).
  interface OpenInvitation { id: string; phoneNumber: string; ownerToken: string; proof: string }
  const staffState = {
    ready: false, createToken: '', inviterToken: '', invited: 0,
    list: undefined as OpenInvitation | undefined, cancel: undefined as OpenInvitation | undefined,
    accept: undefined as OpenInvitation | undefined, decline: undefined as OpenInvitation | undefined,
  };
  const openInvitation = async (): Promise<OpenInvitation> => {
    if (!staffState.inviterToken || staffState.invited >= staffInvitationsPerShopPerDay) {
      staffState.inviterToken = (await approvedBusiness(ctx)).token;
      staffState.invited = 0;
    }
    staffState.invited += 1;
    const invitation = await staffInvitationOf(staffState.inviterToken);
    return { ...invitation, ownerToken: staffState.inviterToken, proof: await proofFor(invitation.phoneNumber, 'staff_invitation') };
  };
  const staffReady = async () => {
    if (staffState.ready) return;
    staffState.createToken = (await approvedBusiness(ctx)).token;
    staffState.list = await openInvitation();
    staffState.cancel = await openInvitation();
    staffState.accept = await openInvitation();
    staffState.decline = await openInvitation();
    staffState.ready = true;
  };
  const proofOf = (which: 'list' | 'accept' | 'decline') => async () => ({ otp_proof: staffState[which]!.proof });
  const ids = [
    '------------------------------------', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000',
    'AAAAAAAA-AAAA-AAAA-AAAA-AAAAAAAAAAAA', 'not-an-id', '%00', '%2e%2e%2f%2e%2e', 'x'.repeat(300), '1', '-1',
    encodeURIComponent('😀'), encodeURIComponent("' or 1=1 --"),
  ];

  return [
    { method: 'GET', route: '/api/health', headers: anonymous },
    { method: 'GET', route: '/api/health/ready', headers: anonymous },
    { method: 'GET', route: '/api/health/live', headers: anonymous },
    // The published API and its reference page: public, read-only, ignoring any query.
    { method: 'GET', route: '/api/openapi.json', headers: anonymous },
    { method: 'GET', route: '/api/docs', headers: anonymous },
    { method: 'GET', route: '/api/docs/json', headers: anonymous },
    { method: 'GET', route: '/api/docs/yaml', headers: anonymous },
    { method: 'GET', route: '/api/docs/static/*', path: () => '/api/docs/static/index.css', headers: anonymous },
    { method: 'GET', route: '/api/docs/static/index.html', headers: anonymous },
    { method: 'GET', route: '/api/docs/static/swagger-initializer.js', headers: anonymous },
    {
      method: 'POST', route: '/api/otp/send', headers: anonymous,
      base: () => ({ phoneNumber: newPhone(), purpose: 'registration' }),
    },
    {
      method: 'POST', route: '/api/otp/verify', headers: anonymous,
      base: () => ({ phoneNumber: actors.verifyPhone, otp: '000000', purpose: 'registration' }),
    },
    {
      method: 'POST', route: '/api/auth/customer/register', headers: anonymous,
      base: () => ({ phoneNumber: newPhone(), name: 'Fuzz Customer', pin: '4826' }), cookies: registrationProof,
    },
    {
      method: 'POST', route: '/api/auth/business/register', headers: anonymous,
      base: () => {
        emails += 1;
        return {
          phoneNumber: newPhone(), name: 'Fuzz Owner', businessName: 'Fuzz Traders', businessType: 'Retail',
          email: `fuzz${emails}@example.com`, address: '1 Fuzz Lane, Pune', pin: '5937',
        };
      },
      cookies: registrationProof,
    },
    {
      method: 'POST', route: '/api/auth/customer/login', headers: anonymous,
      base: () => ({ phoneNumber: actors.customer.phoneNumber, pin: actors.customer.pin }),
      before: unlock('customer', () => actors.customer.phoneNumber),
    },
    {
      method: 'POST', route: '/api/auth/business/login', headers: anonymous,
      base: () => ({ email: actors.shop.email, pin: actors.shop.pin }),
      before: unlock('business', () => actors.shop.email),
    },
    {
      method: 'POST', route: '/api/auth/admin/login', headers: anonymous,
      base: () => ({ email: 'admin@khata.test', pin: '3971' }),
      before: unlock('admin', () => 'admin@khata.test'),
    },
    { method: 'GET', route: '/api/auth/me', headers: asCustomer },
    { method: 'POST', route: '/api/auth/language', headers: asCustomer, base: () => ({ language: 'ta' }) },
    // Signing out with a session would end it; the anonymous call parses the same input.
    { method: 'POST', route: '/api/auth/logout', headers: anonymous, base: () => ({}) },
    {
      method: 'POST', route: '/api/auth/confirm-pin', headers: () => bearer(actors.pinMerchant.token),
      base: () => ({ pin: actors.pinMerchant.pin }),
      before: unlock('business', () => actors.pinMerchant.email),
    },
    // Counter mode: an accepted entry revokes the merchant's session (it signs in again), an
    // accepted exit revokes the counter's (it enters again with the fresh merchant session).
    {
      method: 'POST', route: '/api/auth/counter/enter', headers: () => bearer(actors.counterShop.merchantToken),
      base: () => ({ pin: actors.counterShop.pin }),
      before: unlock('business', () => actors.counterShop.email),
      accepted: async () => { actors.counterShop.merchantToken = await counterShopSignIn(); },
    },
    {
      method: 'POST', route: '/api/auth/counter/exit', headers: () => bearer(actors.counterShop.counterToken),
      base: () => ({ pin: actors.counterShop.pin }),
      before: unlock('business', () => actors.counterShop.email),
      accepted: async (response) => {
        const merchantToken = response.json().sessionToken as string;
        actors.counterShop.counterToken = await enterCounter(ctx, { token: merchantToken, pin: actors.counterShop.pin });
        actors.counterShop.merchantToken = await counterShopSignIn();
      },
    },
    {
      method: 'POST', route: '/api/customer/change-pin', headers: () => bearer(actors.pinCustomer.token),
      base: () => ({ currentPin: actors.pinCustomer.pin, newPin: otherPin(actors.pinCustomer.pin), confirmPin: otherPin(actors.pinCustomer.pin) }),
      before: unlock('customer', () => actors.pinCustomer.phoneNumber),
      accepted: async (_response, body) => { actors.pinCustomer.pin = (body as { newPin: string }).newPin; },
    },
    {
      method: 'POST', route: '/api/auth/change-pin', headers: () => bearer(actors.pinMerchant.token),
      base: () => ({ currentPin: actors.pinMerchant.pin, newPin: otherPin(actors.pinMerchant.pin), confirmPin: otherPin(actors.pinMerchant.pin) }),
      before: unlock('business', () => actors.pinMerchant.email),
      accepted: async (_response, body) => { actors.pinMerchant.pin = (body as { newPin: string }).newPin; },
    },
    {
      method: 'POST', route: '/api/auth/reset-pin', headers: anonymous,
      base: () => ({ phoneNumber: actors.resetPhone, role: 'customer', newPin: '6284', confirmPin: '6284' }),
      cookies: async () => ({ otp_proof: 'x'.repeat(43) }),
    },
    {
      method: 'POST', route: '/api/admin/unlock', headers: asAdmin,
      base: () => ({ role: 'customer', identifier: '+919800000001' }),
    },
    { method: 'GET', route: '/api/admin/businesses', headers: asAdmin, query: ['status', 'limit', 'cursor'] },
    { method: 'GET', route: '/api/admin/businesses/pending', headers: asAdmin, query: ['limit', 'cursor'] },
    {
      method: 'POST', route: '/api/admin/businesses/approve', headers: asAdmin,
      base: () => ({
        businessIds: [actors.pendingBusinessId], action: 'reject', reason: 'Documents missing', notes: 'Checked by fuzz',
        transactionFeePercent: '2.50', maxCreditLimit: '50000',
      }),
      accepted: async () => {
        const business = await registerBusiness(ctx);
        actors.pendingBusinessId = await businessIdOf(ctx, business.token);
      },
    },
    {
      method: 'POST', route: '/api/admin/businesses/:id/terms', headers: asAdmin,
      path: () => `/api/admin/businesses/${actors.termsBusinessId}/terms`,
      base: () => ({ transactionFeePercent: '2.50', maxCreditLimit: '50000' }),
      params: ids,
    },
    { method: 'GET', route: '/api/admin/stats', headers: asAdmin },
    { method: 'GET', route: '/api/admin/analytics', headers: asAdmin, query: ['days'] },
    { method: 'GET', route: '/api/admin/sms-usage', headers: asAdmin, query: ['days'] },
    // The SMS vendors' delivery reports. Unsigned, every Twilio body is refused (403) before it
    // is read; at MSG91's address with its token, every body reaches the report parser.
    {
      method: 'POST', route: '/api/sms/twilio/status', headers: anonymous,
      base: () => ({ MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered', ErrorCode: '30003' }),
    },
    {
      method: 'POST', route: '/api/sms/msg91/status/:token', path: () => `/api/sms/msg91/status/${testMsg91WebhookToken}`,
      headers: anonymous,
      base: () => ({
        requestId: '0123456789abcdef01234567', status: '2', desc: 'FAILED', failedReason: 'Blocked',
        data: JSON.stringify([{ requestId: '0123456789abcdef01234567', report: [{ status: '1', desc: 'DELIVERED' }] }]),
      }),
    },
    { method: 'GET', route: '/api/customer/qr', headers: asCustomer },
    { method: 'GET', route: '/api/events', headers: asShop },
    { method: 'GET', route: '/api/credit-accounts/customer', headers: asCustomer },
    { method: 'GET', route: '/api/credit-accounts/business', headers: asShop },
    { method: 'GET', route: '/api/business/stats', headers: asShop },
    {
      method: 'POST', route: '/api/business/create-credit-account', headers: asShop,
      base: () => ({ paymentHandle: actors.freeHandle, creditLimit: '100' }),
      accepted: async () => {
        const customer = await registerCustomer(ctx);
        actors.freeHandle = await paymentHandleOf(ctx, customer.token);
      },
    },
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/limit', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/limit`,
      base: () => ({ creditLimit: '40000' }), params: ids,
    },
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/repayment', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/repayment`,
      base: () => ({ amount: '1' }), params: ids,
    },
    {
      method: 'POST', route: '/api/qr/generate', headers: asShop,
      base: () => ({ expirationMinutes: 15, amount: '10', description: 'Fuzzed code' }),
    },
    { method: 'GET', route: '/api/qr/business', headers: asShop, query: ['active'] },
    {
      method: 'POST', route: '/api/qr/validate', headers: asCustomer,
      base: () => ({ qrData: actors.staticCode }),
    },
    {
      method: 'POST', route: '/api/payments/process', headers: asCustomer,
      base: () => ({ qrData: actors.staticCode, pin: actors.customer.pin, amount: '1' }),
      before: unlock('customer', () => actors.customer.phoneNumber),
    },
    { method: 'GET', route: '/api/transactions/customer', headers: asCustomer, query: ['limit', 'cursor', 'businessId'] },
    { method: 'GET', route: '/api/transactions/business', headers: asShop, query: ['limit', 'cursor'] },
    {
      method: 'GET', route: '/api/transactions/:id', headers: asShop,
      path: () => `/api/transactions/${actors.paymentId}`, params: ids,
    },
    {
      method: 'GET', route: '/api/credit-accounts/:id/statement', headers: asShop,
      path: () => `/api/credit-accounts/${actors.limitAccountId}/statement`, params: ids, query: ['from', 'to'],
    },
    {
      method: 'GET', route: '/api/credit-accounts/:id/statement.csv', headers: asShop,
      path: () => `/api/credit-accounts/${actors.limitAccountId}/statement.csv`, params: ids, query: ['from', 'to'],
    },
    {
      method: 'POST', route: '/api/credit-accounts/:id/repayment-claims', headers: asCustomer,
      path: () => `/api/credit-accounts/${claimState.accountId}/repayment-claims`,
      base: () => ({ amount: '1', upiReference: newReference() }), params: ids, before: claimsReady,
      accepted: async (response) => {
        await ctx.database.db.execute(sql`update repayment_claims set status = 'declined', decline_reason = 'Fuzzed',
          decided_at = now() where id = ${response.json().claim.id as string}`);
      },
    },
    {
      method: 'GET', route: '/api/credit-accounts/:id/repayment-claims', headers: asShop,
      path: () => `/api/credit-accounts/${actors.limitAccountId}/repayment-claims`, params: ids,
    },
    { method: 'GET', route: '/api/business/repayment-claims', headers: asShop, query: ['status'] },
    {
      method: 'POST', route: '/api/business/repayment-claims/:id/confirm', headers: asShop,
      path: () => `/api/business/repayment-claims/${claimState.confirmId}/confirm`,
      base: () => ({ amount: '1' }), params: ids, before: claimsReady,
      accepted: async () => { claimState.confirmId = await newClaim(); },
    },
    {
      method: 'POST', route: '/api/business/repayment-claims/:id/decline', headers: asShop,
      path: () => `/api/business/repayment-claims/${claimState.declineId}/decline`,
      base: () => ({ reason: 'Not in my bank statement' }), params: ids, before: claimsReady,
      accepted: async () => { claimState.declineId = await newClaim(); },
    },
    // Dues.
    { method: 'GET', route: '/api/business/settings', headers: asShop },
    {
      // The PIN confirmed first, outside the write check, so a valid body is accepted.
      method: 'POST', route: '/api/business/settings', headers: asShop,
      base: () => ({ creditPeriodDays: 30, upiId: 'fuzz.shop@okaxis' }),
      before: async () => {
        await ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-pin', headers: asShop(), payload: { pin: actors.shop.pin } });
      },
    },
    { method: 'GET', route: '/api/business/to-collect', headers: asShop },
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/due-date', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/due-date`,
      base: () => ({ dueOn: '2026-12-30' }), params: ids,
    },
    {
      method: 'GET', route: '/api/business/credit-accounts/:id/reminder', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/reminder`, params: ids,
    },
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/reminders', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/reminders`,
      base: () => ({ channel: 'sms' }), params: ids,
    },
    // Automatic and bulk reminder SMS. Nobody is overdue at the fuzzing's time, so "Send to all
    // overdue" is refused (409) whatever it is sent, and writes nothing.
    { method: 'GET', route: '/api/business/reminder-settings', headers: asShop },
    {
      method: 'POST', route: '/api/business/reminder-settings', headers: asShop,
      base: () => ({ overdueEveryDays: 3, beforeDueDays: 1, hour: 10 }),
    },
    { method: 'GET', route: '/api/business/reminder-batches/preview', headers: asShop },
    { method: 'POST', route: '/api/business/reminder-batches', headers: asShop, base: () => ({}) },
    {
      method: 'GET', route: '/api/business/reminder-batches/:id', headers: asShop,
      path: () => '/api/business/reminder-batches/0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff', params: ids,
    },
    {
      method: 'GET', route: '/api/business/credit-accounts/:id/sms-reminders', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/sms-reminders`, params: ids,
    },
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/reminder-exclusion', headers: asShop,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/reminder-exclusion`,
      base: () => ({ excluded: false }), params: ids,
    },
    {
      method: 'POST', route: '/api/credit-accounts/:id/reminder-opt-out', headers: asCustomer,
      path: () => `/api/credit-accounts/${claimState.accountId}/reminder-opt-out`,
      base: () => ({ optedOut: false }), params: ids, before: claimsReady,
    },
    { method: 'GET', route: '/api/reminder-links/:code', headers: asCustomer, path: () => '/api/reminder-links/AAAAAAAAAA' },
    // Invitations by phone.
    {
      method: 'POST', route: '/api/business/invitations', headers: () => bearer(invitationState.inviteToken),
      base: () => ({ name: 'Fuzz Invitee', phoneNumber: newPhone(), creditLimit: '100', language: 'en' }), before: invitationsReady,
    },
    { method: 'GET', route: '/api/business/invitations', headers: asShop },
    {
      method: 'POST', route: '/api/business/invitations/:id/cancel', headers: () => bearer(invitationState.cancelToken),
      path: () => `/api/business/invitations/${invitationState.cancelId}/cancel`, base: () => ({}), params: ids, before: invitationsReady,
      accepted: async () => { invitationState.cancelId = (await newInvitation(invitationState.cancelToken)).id; },
    },
    { method: 'GET', route: '/api/customer/invitations', headers: asCustomer },
    {
      method: 'POST', route: '/api/customer/invitations/:id/accept', headers: asInvited,
      path: () => `/api/customer/invitations/${invitationState.acceptId}/accept`, base: () => ({}), params: ids, before: invitationsReady,
    },
    {
      method: 'POST', route: '/api/customer/invitations/:id/decline', headers: asInvited,
      path: () => `/api/customer/invitations/${invitationState.declineId}/decline`, base: () => ({}), params: ids, before: invitationsReady,
      accepted: async () => {
        invitationState.declineId = (await newInvitation(invitationState.declineToken, invitationState.customerPhone)).id;
      },
    },
    {
      method: 'GET', route: '/api/invitations/:code', headers: anonymous,
      path: () => `/api/invitations/${invitationState.linkCode}`, before: invitationsReady,
    },
    {
      method: 'POST', route: '/api/invitations/:code/refuse', headers: anonymous,
      path: () => `/api/invitations/${invitationState.refuseCode}/refuse`, base: () => ({}), before: invitationsReady,
    },
    // Consent by SMS code.
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/charges', headers: asShop,
      path: () => `/api/business/credit-accounts/${codeState.startAccountId}/charges`,
      base: () => ({ amount: '1', note: 'Fuzzed charge' }), params: ids, before: codesReady,
    },
    {
      method: 'POST', route: '/api/business/charges/:id/confirm', headers: asShop,
      path: () => `/api/business/charges/${codeState.chargeId}/confirm`,
      base: () => ({ code: codeState.chargeCode }), params: ids, before: codesReady, accepted: newCharge,
    },
    {
      method: 'POST', route: '/api/business/counter-customers', headers: asShop,
      base: () => ({ name: 'Fuzz Counter', phoneNumber: newPhone(), creditLimit: '100', language: 'en' }),
    },
    {
      method: 'POST', route: '/api/business/counter-customers/:id/confirm', headers: asShop,
      path: () => `/api/business/counter-customers/${codeState.enrolmentId}/confirm`,
      base: () => ({ code: codeState.enrolmentCode }), params: ids, before: codesReady, accepted: newSignUp,
    },
    { method: 'GET', route: '/api/customer/sms-approval', headers: asCustomer },
    { method: 'POST', route: '/api/customer/sms-approval', headers: asCustomer, base: () => ({ enabled: true }) },
    // Refunds, reversals and reports.
    {
      method: 'POST', route: '/api/business/transactions/:id/refund', headers: asShop,
      path: () => `/api/business/transactions/${refundState.paymentId}/refund`,
      base: () => ({ amount: '1', reason: 'Fuzzed refund', pin: actors.shop.pin }), params: ids, before: refundsReady,
    },
    {
      method: 'POST', route: '/api/business/transactions/:id/reversal', headers: asShop,
      path: () => `/api/business/transactions/${refundState.repaymentId}/reversal`,
      base: () => ({ reason: 'Fuzzed reversal', pin: actors.shop.pin }), params: ids, before: refundsReady,
      accepted: async () => { refundState.repaymentId = await newCashRepayment(); },
    },
    {
      method: 'POST', route: '/api/transactions/:id/report', headers: () => bearer(refundState.token),
      path: () => `/api/transactions/${refundState.reportPaymentId}/report`,
      base: () => ({ reason: 'wrong_amount', note: 'Fuzzed note', freeze: false }), params: ids, before: refundsReady,
      accepted: async () => { refundState.reportPaymentId = await newRefundPayment('1'); },
    },
    { method: 'GET', route: '/api/business/payment-reports', headers: asShop, query: ['status'] },
    {
      method: 'POST', route: '/api/business/payment-reports/:id/decline', headers: asShop,
      path: () => `/api/business/payment-reports/${refundState.reportId}/decline`,
      base: () => ({ reason: 'Fuzzed decline' }), params: ids, before: refundsReady,
      accepted: async () => { refundState.reportId = await newPaymentReport(); },
    },
    // The shop's people and the audit log.
    {
      method: 'POST', route: '/api/auth/staff/login', headers: anonymous,
      base: () => ({ phoneNumber: actors.loginStaff.phoneNumber, pin: actors.loginStaff.pin }),
      before: unlock('staff', () => actors.loginStaff.phoneNumber),
    },
    { method: 'GET', route: '/api/staff/shops', headers: asCashier },
    { method: 'POST', route: '/api/staff/shop', headers: asCashier, base: () => ({ memberId: actors.cashier.memberId }) },
    { method: 'GET', route: '/api/staff/invitations', headers: anonymous, before: staffReady, cookies: proofOf('list') },
    {
      method: 'POST', route: '/api/staff/invitations/:id/accept', headers: anonymous,
      path: () => `/api/staff/invitations/${staffState.accept!.id}/accept`,
      base: () => ({ pin: '6418', confirmPin: '6418' }), params: ids, before: staffReady, cookies: proofOf('accept'),
      accepted: async () => { staffState.accept = await openInvitation(); },
    },
    {
      method: 'POST', route: '/api/staff/invitations/:id/decline', headers: anonymous,
      path: () => `/api/staff/invitations/${staffState.decline!.id}/decline`,
      base: () => ({}), params: ids, before: staffReady, cookies: proofOf('decline'),
      accepted: async () => { staffState.decline = await openInvitation(); },
    },
    { method: 'GET', route: '/api/business/staff', headers: asShop },
    {
      method: 'POST', route: '/api/business/staff/invitations', headers: () => bearer(staffState.createToken),
      base: () => ({ phoneNumber: newPhone(), name: 'Fuzz Helper', role: 'cashier', singleLimit: '500', dailyLimit: '2000', language: 'en' }),
      before: staffReady,
    },
    {
      method: 'POST', route: '/api/business/staff/invitations/:id/cancel', headers: () => bearer(staffState.cancel!.ownerToken),
      path: () => `/api/business/staff/invitations/${staffState.cancel!.id}/cancel`, base: () => ({}), params: ids, before: staffReady,
      accepted: async () => { staffState.cancel = await openInvitation(); },
    },
    {
      method: 'POST', route: '/api/business/staff/:id', headers: asShop,
      path: () => `/api/business/staff/${actors.changeMemberId}`,
      base: () => ({ role: 'cashier', singleLimit: '2000', dailyLimit: '10000' }), params: ids,
    },
    {
      method: 'POST', route: '/api/business/staff/:id/revoke', headers: asShop,
      path: () => `/api/business/staff/${actors.revokeMemberId}/revoke`, base: () => ({}), params: ids,
    },
    { method: 'GET', route: '/api/business/audit', headers: asShop, query: ['from', 'to', 'memberId', 'action', 'limit', 'cursor'] },
    { method: 'GET', route: '/api/business/audit.csv', headers: asShop, query: ['from', 'to', 'memberId', 'action', 'limit', 'cursor'] },
    // The same routes as a cashier's or a manager's: their limits are checked in the ledger (a
    // refusal above them writes nothing), and a cashier's list of payments is today's.
    {
      method: 'POST', route: '/api/business/credit-accounts/:id/repayment', headers: asCashier,
      path: () => `/api/business/credit-accounts/${actors.limitAccountId}/repayment`,
      base: () => ({ amount: '1' }), params: ids,
    },
    {
      method: 'POST', route: '/api/business/transactions/:id/refund', headers: asManager,
      path: () => `/api/business/transactions/${refundState.paymentId}/refund`,
      base: () => ({ amount: '1', reason: 'Fuzzed refund', pin: actors.manager.pin }), params: ids,
      before: async () => {
        await refundsReady();
        await ctx.app.services.auth.unlock({ role: 'staff', identifier: actors.manager.phoneNumber });
      },
    },
    { method: 'GET', route: '/api/transactions/business', headers: asCashier, query: ['limit', 'cursor'] },
  ];
}

/**
 * The routes the app registered, as it registered them (its onRoute hook): the printed
 * route tree misplaces a wildcard under a shared prefix (the reference page's static/*).
 */
const registeredRouteNames: string[] = [];
function registeredRoutes(): string[] {
  return registeredRouteNames;
}

async function run(fuzzCase: FuzzCase, body: unknown, options: { query?: string; path?: string; contentType?: string; headers?: Record<string, string> } = {}) {
  if (fuzzCase.before || fuzzCase.cookies) forgetSnapshot();
  await fuzzCase.before?.();
  const path = options.path ?? fuzzCase.path?.() ?? fuzzCase.route;
  const url = options.query !== undefined ? `${path}?${options.query}` : path;
  const payload = fuzzCase.method === 'POST' ? (typeof body === 'string' ? body : jsonText(body)) : undefined;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body as Record<string, unknown> : {};
  const cookies = fuzzCase.cookies ? await fuzzCase.cookies(fields) : undefined;
  const response = await send({
    method: fuzzCase.method, url, headers: { ...fuzzCase.headers(), ...options.headers }, cookies, payload, contentType: options.contentType,
  }, [body, options.query ? decodeURIComponentSafe(options.query) : '']);
  if (response.statusCode < 400 && fuzzCase.accepted) {
    await fuzzCase.accepted(response, typeof body === 'string' ? safeParse(body) : JSON.parse(jsonText(body)));
  }
  return response;
}

function decodeURIComponentSafe(text: string): string {
  try { return decodeURIComponent(text); } catch { return text; }
}

function safeParse(text: string): unknown {
  try { return JSON.parse(text); } catch { return undefined; }
}

/** Runs per route; a 2-core machine and one PGlite connection set the budget. */
const randomBodiesPerRoute = 10;
const mutatedBodiesPerRoute = 10;
const queriesPerRoute = 6;

beforeAll(async () => {
  ctx = await createTestContext({
    sms: smsRecorder,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') registeredRouteNames.push(`${method} ${route.url}`);
      }
    },
  });
  tables = rowsOf<{ table_name: string }>(await ctx.database.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).map((row) => row.table_name);
  expect(tables).toEqual(expect.arrayContaining([
    'users', 'businesses', 'sessions', 'otp_codes', 'otp_proofs', 'credit_accounts', 'transactions', 'qr_codes',
    'idempotency_keys', 'business_decisions', 'pin_attempts',
  ]));
  await countWrites();

  const admin = await adminToken(ctx);
  const paying = await paymentSetup(ctx, { limit: '50000' });
  const staticCode = (await paying.generate({ expirationMinutes: 1440 })).qrData;
  // A second customer of the same shop whose limit and repayments are fuzzed, owing something.
  const debtor = await registerCustomer(ctx);
  const account = await ctx.app.inject({
    method: 'POST', url: '/api/business/create-credit-account', headers: bearer(paying.shop.token),
    payload: { paymentHandle: await paymentHandleOf(ctx, debtor.token), creditLimit: '40000' },
  });
  const debtorPaid = await paying.pay(staticCode, { token: debtor.token, pin: debtor.pin, amount: '20000' });
  expect(debtorPaid.statusCode).toBe(201);
  const termsShop = await approvedBusiness(ctx);
  const pinCustomer = await registerCustomer(ctx);
  const pinMerchant = await registerBusiness(ctx);
  const counterShop = await approvedBusiness(ctx);
  const resetCustomer = await registerCustomer(ctx);
  const pending = await registerBusiness(ctx);
  const free = await registerCustomer(ctx);
  const verifyPhone = newPhone();
  await ctx.app.services.otp.send(verifyPhone, 'registration');

  actors = {
    admin,
    customer: paying.customer,
    shop: paying.shop,
    staticCode,
    limitAccountId: account.json().creditAccount.id,
    termsBusinessId: termsShop.businessId,
    pinCustomer,
    pinMerchant,
    counterShop: {
      merchantToken: await counterShopSignIn(counterShop), counterToken: await enterCounter(ctx, counterShop),
      email: counterShop.email, pin: counterShop.pin,
    },
    verifyPhone,
    resetPhone: resetCustomer.phoneNumber,
    pendingBusinessId: await businessIdOf(ctx, pending.token),
    freeHandle: await paymentHandleOf(ctx, free.token),
    paymentId: debtorPaid.json().transaction.id,
    cashier: await joinStaff(paying.shop.token, 'cashier', '4972'),
    manager: await joinStaff(paying.shop.token, 'manager', '3861'),
    changeMemberId: (await joinStaff(paying.shop.token, 'cashier', '6183')).memberId,
    revokeMemberId: (await joinStaff(paying.shop.token, 'cashier', '7294')).memberId,
    loginStaff: await joinStaff((await approvedBusiness(ctx)).token, 'cashier', '5164'),
  };
}, 120_000);

afterAll(async () => { await ctx.close(); });

describe('input fuzzing', () => {
  it('answers every body and query of every endpoint without a 5xx, a leak, a malformed error or a write on refusal', async () => {
    const started = Date.now();
    const cases = fuzzCases();
    const covered = new Set(cases.map((c) => `${c.method} ${c.route}`));
    const registered = registeredRoutes().filter((route) => route.split(' ')[1]!.startsWith('/api'));
    expect(registered.length).toBeGreaterThan(25);
    for (const route of registered) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect(ctx.app.hasRoute({ method, url }), `route tree parsed wrongly: ${route}`).toBe(true);
    }
    expect(registered.filter((route) => !covered.has(route)), 'registered /api routes without a fuzz case').toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route)), 'fuzz cases for routes that do not exist').toEqual([]);

    for (const fuzzCase of cases) {
      const caseStarted = Date.now(); const caseRequests = figures.requests;
      const fields = fuzzCase.base ? Object.keys(await fuzzCase.base()) : [];

      // Arbitrary query strings, on every route.
      await fc.assert(fc.asyncProperty(anyQuery, async (query) => {
        await run(fuzzCase, fuzzCase.base ? await fuzzCase.base() : undefined, { query });
      }), { numRuns: queriesPerRoute });
      for (const key of fuzzCase.query ?? []) {
        for (const value of specialQueryValues) await run(fuzzCase, undefined, { query: `${key}=${encodeURIComponent(value)}` });
        await run(fuzzCase, undefined, { query: `${key}=1&${key}=2` });
      }

      // Path parameters.
      for (const id of fuzzCase.params ?? []) {
        await run(fuzzCase, fuzzCase.base ? await fuzzCase.base() : {}, { path: fuzzCase.route.replace(':id', id) });
      }

      if (fuzzCase.method !== 'POST') {
        if (process.env.FUZZ_TIMING) console.log(fuzzCase.route, figures.requests - caseRequests, Date.now() - caseStarted);
        continue;
      }

      // Arbitrary bodies, and bodies that are not JSON or not sent as JSON.
      await fc.assert(fc.asyncProperty(anyBody(fields), async (body) => {
        await run(fuzzCase, body);
      }), { numRuns: randomBodiesPerRoute });
      const base = await fuzzCase.base!();
      await run(fuzzCase, jsonText(base), { contentType: 'text/plain' });
      await run(fuzzCase, `${jsonText(base).slice(0, -1)},"__proto__":{"polluted":"yes"}}`);
      await run(fuzzCase, `${jsonText(base).slice(0, -1)},"constructor":{"prototype":{"polluted":"yes"}}}`);
      await run(fuzzCase, [base]);

      // A valid body with each field in turn replaced by each hostile value, or missing.
      for (const field of fields) {
        for (const value of [...specialValues, undefined]) {
          const body: Record<string, unknown> = { ...(await fuzzCase.base!()) };
          if (value === undefined) delete body[field]; else body[field] = value;
          await run(fuzzCase, body);
        }
      }

      // Random mutations of a valid body.
      await fc.assert(fc.asyncProperty(fc.integer(), async (seed) => {
        const [body] = fc.sample(mutatedBody(await fuzzCase.base!()), { numRuns: 1, seed });
        await run(fuzzCase, body);
      }), { numRuns: mutatedBodiesPerRoute });
      if (process.env.FUZZ_TIMING) console.log(fuzzCase.route, figures.requests - caseRequests, Date.now() - caseStarted);
    }

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(figures).toMatchObject({ serverErrors: 0, leaks: 0, malformedErrors: 0, writesOnRefusal: 0 });
    console.log(`fuzzing: ${figures.requests.toLocaleString('en-US')} requests over ${registered.length} endpoints `
      + `(${figures.refusals.toLocaleString('en-US')} refused) in ${((Date.now() - started) / 1000).toFixed(1)} s on ${ctx.database.kind}, `
      + `${figures.serverErrors} server errors, ${figures.leaks} leaks, ${figures.malformedErrors} malformed errors, `
      + `${figures.writesOnRefusal} writes on refusal (${figures.pinAttemptWrites} wrong-PIN and ${figures.otpAttemptWrites} wrong-OTP counts accounted)`);
  }, 300_000);

  it('gives every amount edge case its exact status on payments, charges, QR codes, limits, invitations, sign-ups, repayments and refunds', async () => {
    const { shop, customer, accountId, generate } = await paymentSetup(ctx, { limit: '50000' });
    const staticCode = (await generate()).qrData;
    const paid = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(customer.token),
      payload: { qrData: staticCode, pin: customer.pin, amount: '20000' },
    });
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().transaction.id as string;
    const refused = (code: string) => ({ status: errorStatus[code as keyof typeof errorStatus], code });
    const invalid = refused('invalid_input');
    // What each endpoint answers for: −1, 0, 0.001, 10.005, 1e309, NaN, "10", 10, " 10 ", above the maximum.
    const edges: [string, unknown][] = [
      ['-1', -1], ['0', 0], ['0.001', 0.001], ['10.005', 10.005], ['1e309', raw('1e309')], ['"NaN"', 'NaN'],
      ['"10"', '10'], ['10', 10], ['" 10 "', ' 10 '],
    ];
    const expectations: { name: string; request: (amount: unknown) => Promise<Request>; accepted: number; aboveMaximum: [unknown, { status: number; code: string }] }[] = [
      {
        name: 'payment on a static code',
        request: async (amount) => ({ method: 'POST', url: '/api/payments/process', headers: bearer(customer.token), payload: jsonText({ qrData: staticCode, pin: customer.pin, amount }) }),
        accepted: 201, aboveMaximum: ['100000.01', refused('amount_above_maximum')],
      },
      {
        name: 'QR code generation',
        request: async (amount) => ({ method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload: jsonText({ amount }) }),
        accepted: 201, aboveMaximum: ['100000.01', refused('amount_above_maximum')],
      },
      {
        name: 'credit limit of a new account',
        request: async (amount) => {
          const other = await registerCustomer(ctx);
          return {
            method: 'POST', url: '/api/business/create-credit-account', headers: bearer(shop.token),
            payload: jsonText({ paymentHandle: await paymentHandleOf(ctx, other.token), creditLimit: amount }),
          };
        },
        accepted: 201, aboveMaximum: ['50000.01', refused('limit_above_maximum')],
      },
      {
        name: 'amount of a charge by SMS code',
        request: async (amount) => {
          await ctx.app.inject({ method: 'POST', url: '/api/customer/sms-approval', headers: bearer(customer.token), payload: { enabled: true } });
          return { method: 'POST', url: `/api/business/credit-accounts/${accountId}/charges`, headers: bearer(shop.token), payload: jsonText({ amount }) };
        },
        accepted: 201, aboveMaximum: ['100000.01', refused('amount_above_maximum')],
      },
      {
        name: 'credit limit of a sign-up at the counter',
        request: async (amount) => ({
          method: 'POST', url: '/api/business/counter-customers', headers: bearer(shop.token),
          payload: jsonText({ name: 'Edge Counter', phoneNumber: newPhone(), creditLimit: amount, language: 'en' }),
        }),
        accepted: 201, aboveMaximum: ['50000.01', refused('limit_above_maximum')],
      },
      {
        name: 'credit limit of an invitation',
        request: async (amount) => ({
          method: 'POST', url: '/api/business/invitations', headers: bearer(shop.token),
          payload: jsonText({ name: 'Edge Invitee', phoneNumber: newPhone(), creditLimit: amount, language: 'en' }),
        }),
        accepted: 201, aboveMaximum: ['50000.01', refused('limit_above_maximum')],
      },
      {
        name: 'limit change',
        request: async (amount) => ({ method: 'POST', url: `/api/business/credit-accounts/${accountId}/limit`, headers: bearer(shop.token), payload: jsonText({ creditLimit: amount }) }),
        accepted: 200, aboveMaximum: ['50000.01', refused('limit_above_maximum')],
      },
      {
        name: 'repayment',
        request: async (amount) => ({ method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: jsonText({ amount }) }),
        accepted: 201, aboveMaximum: ['100000', refused('repayment_above_owed')],
      },
      {
        name: 'refund',
        request: async (amount) => ({
          method: 'POST', url: `/api/business/transactions/${paymentId}/refund`, headers: bearer(shop.token),
          payload: jsonText({ amount, reason: 'Returned', pin: shop.pin }),
        }),
        accepted: 201, aboveMaximum: ['20000', refused('refund_above_refundable')],
      },
    ];
    let checked = 0;
    for (const expectation of expectations) {
      const cases: [string, unknown, { status: number; code?: string }][] = [
        ...edges.map(([label, amount]): [string, unknown, { status: number; code?: string }] =>
          [label, amount, label === '"10"' || label === '10' ? { status: expectation.accepted } : invalid]),
        ['above the maximum', expectation.aboveMaximum[0], expectation.aboveMaximum[1]],
      ];
      for (const [label, amount, expected] of cases) {
        forgetSnapshot();
        const response = await send(await expectation.request(amount), [amount]);
        expect({ what: `${expectation.name}: ${label}`, status: response.statusCode, code: response.json().code })
          .toEqual({ what: `${expectation.name}: ${label}`, status: expected.status, code: expected.code });
        checked += 1;
      }
    }
    console.log(`fuzzing: ${checked} amount edge cases over ${expectations.length} endpoints, each with its exact status`);
  });
});
