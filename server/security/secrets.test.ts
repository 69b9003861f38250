/**
 * Secrets at rest and in logs (docs/security.md, threat 10): after a whole journey with
 * sentinel values (register, OTP, approve, credit, QR, sign-in, pay, change PIN, reset PIN,
 * sign out, and refused calls along the way), no PIN, OTP, session token, OTP proof or
 * pepper appears in plain form in the server's log output at level trace, in any error
 * body, or in a dump of every table. And a dump without the pepper reveals no PIN: all
 * 10,000 are tried against each dumped hash with every unkeyed construction, none matches,
 * while with the pepper exactly the right PIN does.
 */
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { developmentSmsProvider } from '../sms/development';
import { bearer, cookieFrom, createTestContext, newPhone, type TestContext } from '../test/context';

/** The pepper as an operator would configure it (PIN_PEPPER is read as UTF-8 text). */
const pepperText = 'sentinel-pepper/Qx7!Vw3#Zr9$Lm2^Kd5&Hy8*Nb4(Jf6)Tp1';
const pepper = Buffer.from(pepperText, 'utf8');

const logLines: string[] = [];
const logStream = {
  write(chunk: string) {
    for (const line of chunk.split('\n')) if (line.length > 0) logLines.push(line);
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    logger: { level: 'trace', stream: logStream },
    config: { pinPeppers: new Map([[1, pepper]]), pinKeyVersion: 1 },
  });
});
afterAll(async () => { await ctx.close(); });

// Every secret the journey handles, by kind.
const pins = new Set<string>();
const otps = new Set<string>();
const tokens = new Set<string>();
const proofs = new Set<string>();
const pepperForms = [pepperText, pepper.toString('hex'), pepper.toString('base64'), pepper.toString('base64url')];

/** Every answer, so the refused ones' bodies can be searched. */
const responses: { label: string; response: LightMyRequestResponse }[] = [];
async function call(label: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject(options);
  responses.push({ label, response });
  return response;
}
const post = (label: string, url: string, payload: unknown, extra: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {}) =>
  call(label, { method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
const get = (label: string, url: string, token: string) => call(label, { method: 'GET', url, headers: bearer(token) });

/** A session token from a signed-in answer; the cookie must carry the same one. */
function tokenOf(response: LightMyRequestResponse): string {
  const token = response.json().sessionToken as string;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookieFrom(response, 'session')).toBe(token);
  tokens.add(token);
  return token;
}

/** Sends an OTP, tries a wrong code once, verifies the right one; returns the proof. */
async function verifiedProof(phoneNumber: string, purpose: 'registration' | 'pin_reset'): Promise<string> {
  const sent = await post(`otp send ${purpose}`, '/api/otp/send', { phoneNumber, purpose });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = sent.json().developmentOtp as string;
  expect(code).toMatch(/^\d{6}$/);
  expect(ctx.sentCodes.get(phoneNumber)?.at(-1)).toBe(code);
  otps.add(code);
  const wrong = String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');
  expect((await post('otp verify wrong code', '/api/otp/verify', { phoneNumber, purpose, otp: wrong })).statusCode).toBe(400);
  const verified = await post('otp verify', '/api/otp/verify', { phoneNumber, purpose, otp: code });
  expect(verified.statusCode, verified.body).toBe(200);
  const proof = cookieFrom(verified, 'otp_proof')!;
  expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
  proofs.add(proof);
  return proof;
}

// Short numeric secrets are searched as whole numbers: not inside a longer run of
// letters or digits (a hex hash, a phone number) nor a UUID group, which would match
// by chance. A PIN written as `"pin":"7391"`, `PIN 7391` or `id:7391` is still found.
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const wholeNumber = (digits: string) => new RegExp(`(?<![0-9A-Za-z.])${digits}(?![0-9A-Za-z])`);

/** A 32-byte token as handed out (base64url) or its raw bytes in hex or base64. */
const anyForm = (text: string, token: string) => {
  const bytes = Buffer.from(token, 'base64url');
  return [token, bytes.toString('hex'), bytes.toString('base64')].some((form) => text.toLowerCase().includes(form.toLowerCase()));
};

/** The secrets found in some text, each as `kind value`. */
function secretsIn(text: string): string[] {
  const found: string[] = [];
  const masked = text.replace(uuidPattern, '<uuid>');
  for (const pin of pins) if (wholeNumber(pin).test(masked)) found.push(`PIN ${pin}`);
  for (const otp of otps) if (wholeNumber(otp).test(masked)) found.push(`OTP ${otp}`);
  for (const token of tokens) if (anyForm(text, token)) found.push(`token ${token.slice(0, 6)}…`);
  for (const proof of proofs) if (anyForm(text, proof)) found.push(`proof ${proof.slice(0, 6)}…`);
  for (const form of pepperForms) if (text.includes(form)) found.push(`pepper ${form.slice(0, 6)}…`);
  return found;
}

/** Every row of every table in the public schema, as JSON text. */
async function dumpDatabase(): Promise<{ table: string; row: string }[]> {
  const tables = rowsOf<{ table_name: string }>(await ctx.database.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`));
  const dump: { table: string; row: string }[] = [];
  for (const { table_name: table } of tables) {
    const rows = rowsOf<{ row: string }>(await ctx.database.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table.replace(/"/g, '""')}" t`)));
    for (const { row } of rows) dump.push({ table, row });
  }
  return dump;
}

// The people of the journey, and the PIN each ends with.
const customerName = 'Zephyrine Quokkabottom';
const merchantName = 'Marmaduke Fennimore';
const shopName = 'Quillwort Provisions';
const adminEmail = 'sentinel-admin@khata.test';
const idempotencyKey = 'sentinel-idem-Kx93-Quokka';
const finalPins = new Map<string, string>();

describe('secrets after a whole journey', () => {
  beforeAll(async () => {
    const customerPhone = newPhone();
    const merchantPhone = newPhone();
    const merchantEmail = 'marmaduke.sentinel@example.com';
    const [customerPin, merchantPin, adminPin] = ['7391', '8462', '6157'];
    const [wrongLoginPin, wrongPaymentPin, wrongCurrentPin, changedPin, resetPin] = ['5183', '9274', '3068', '2957', '4719'];
    for (const pin of [customerPin, merchantPin, adminPin, wrongLoginPin, wrongPaymentPin, wrongCurrentPin, changedPin, resetPin]) pins.add(pin);

    // Registration: OTP send → verify (after one wrong code) → register.
    const customerProof = await verifiedProof(customerPhone, 'registration');
    const customerRegistered = await post('customer register', '/api/auth/customer/register',
      { phoneNumber: customerPhone, name: customerName, pin: customerPin }, { cookies: { otp_proof: customerProof } });
    expect(customerRegistered.statusCode, customerRegistered.body).toBe(201);
    const customerId = customerRegistered.json().user.id as string;
    tokenOf(customerRegistered);
    // The proof is single use: registering again with it is refused.
    expect((await post('register with a spent proof', '/api/auth/customer/register',
      { phoneNumber: customerPhone, name: customerName, pin: customerPin }, { cookies: { otp_proof: customerProof } })).statusCode).toBeGreaterThanOrEqual(400);
    // Registration without any proof, with a proof for another phone, with a weak PIN.
    expect((await post('register without proof', '/api/auth/customer/register',
      { phoneNumber: newPhone(), name: customerName, pin: customerPin })).statusCode).toBeGreaterThanOrEqual(400);

    const merchantProof = await verifiedProof(merchantPhone, 'registration');
    const merchantRegistered = await post('business register', '/api/auth/business/register', {
      phoneNumber: merchantPhone, name: merchantName, businessName: shopName, businessType: 'Grocery',
      email: merchantEmail, address: '7 Bramblewick Lane, Pune', pin: merchantPin,
    }, { cookies: { otp_proof: merchantProof } });
    expect(merchantRegistered.statusCode, merchantRegistered.body).toBe(201);
    const merchantId = merchantRegistered.json().user.id as string;
    const merchantToken = tokenOf(merchantRegistered);

    // Admin approval.
    await ctx.app.services.auth.ensureAdmin(adminEmail, adminPin, 'Sentinel Admin');
    const adminLogin = await post('admin login', '/api/auth/admin/login', { email: adminEmail, pin: adminPin });
    expect(adminLogin.statusCode, adminLogin.body).toBe(200);
    const adminId = adminLogin.json().user.id as string;
    const adminToken = tokenOf(adminLogin);
    const businessId = (await get('merchant me', '/api/auth/me', merchantToken)).json().business.id as string;
    const approved = await post('approve', '/api/admin/businesses/approve',
      { businessIds: [businessId], action: 'approve' }, { headers: bearer(adminToken) });
    expect(approved.statusCode, approved.body).toBe(200);

    // Sign-in, with a wrong PIN first and an unknown account.
    expect((await post('customer login wrong PIN', '/api/auth/customer/login', { phoneNumber: customerPhone, pin: wrongLoginPin })).statusCode).toBe(401);
    expect((await post('login unknown account', '/api/auth/customer/login', { phoneNumber: newPhone(), pin: customerPin })).statusCode).toBe(401);
    expect((await post('business login wrong PIN', '/api/auth/business/login', { email: merchantEmail, pin: wrongLoginPin })).statusCode).toBe(401);
    const customerLogin = await post('customer login', '/api/auth/customer/login', { phoneNumber: customerPhone, pin: customerPin });
    expect(customerLogin.statusCode, customerLogin.body).toBe(200);
    const customerToken = tokenOf(customerLogin);

    // Credit account and a QR code.
    const handle = (await get('customer qr', '/api/customer/qr', customerToken)).json().paymentHandle as string;
    const account = await post('create credit account', '/api/business/create-credit-account',
      { paymentHandle: handle, creditLimit: '1500' }, { headers: bearer(merchantToken) });
    expect(account.statusCode, account.body).toBe(201);
    const code = await post('qr generate', '/api/qr/generate', { amount: '245.50', description: 'Sentinel basket' }, { headers: bearer(merchantToken) });
    expect(code.statusCode, code.body).toBe(201);
    const qrData = code.json().qrData as string;

    // A payment: a wrong PIN, then the right one with an Idempotency-Key, then its retry.
    expect((await post('qr validate', '/api/qr/validate', { qrData }, { headers: bearer(customerToken) })).statusCode).toBe(200);
    const pay = (label: string, pin: string) => post(label, '/api/payments/process', { qrData, pin },
      { headers: { ...bearer(customerToken), 'idempotency-key': idempotencyKey } });
    expect((await pay('payment wrong PIN', wrongPaymentPin)).statusCode).toBe(403);
    const paid = await pay('payment', customerPin);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await pay('payment retried', customerPin)).statusCode).toBe(201);
    expect((await post('payment malformed PIN', '/api/payments/process', { qrData, pin: Number(customerPin) },
      { headers: bearer(customerToken) })).statusCode).toBe(400);

    // Change PIN: wrong current PIN, mismatched confirmation, weak PIN, then for real.
    const change = (label: string, body: object) => post(label, '/api/customer/change-pin', body, { headers: bearer(customerToken) });
    expect((await change('change PIN wrong current', { currentPin: wrongCurrentPin, newPin: changedPin, confirmPin: changedPin })).statusCode).toBe(403);
    expect((await change('change PIN mismatch', { currentPin: customerPin, newPin: changedPin, confirmPin: resetPin })).statusCode).toBe(400);
    expect((await change('change PIN weak', { currentPin: customerPin, newPin: '1234', confirmPin: '1234' })).statusCode).toBe(400);
    const changed = await change('change PIN', { currentPin: customerPin, newPin: changedPin, confirmPin: changedPin });
    expect(changed.statusCode, changed.body).toBe(200);
    finalPins.set(customerId, changedPin);

    // PIN reset through an OTP to the merchant's phone, then sign-in with the new PIN.
    ctx.clock.advance(31);
    const resetProof = await verifiedProof(merchantPhone, 'pin_reset');
    const reset = await post('reset PIN', '/api/auth/reset-pin',
      { phoneNumber: merchantPhone, role: 'business', newPin: resetPin, confirmPin: resetPin }, { cookies: { otp_proof: resetProof } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('reset PIN with a spent proof', '/api/auth/reset-pin',
      { phoneNumber: merchantPhone, role: 'business', newPin: merchantPin, confirmPin: merchantPin },
      { cookies: { otp_proof: resetProof } })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get('merchant after reset', '/api/auth/me', merchantToken)).statusCode).toBe(401);
    const merchantLogin = await post('business login', '/api/auth/business/login', { email: merchantEmail, pin: resetPin });
    expect(merchantLogin.statusCode, merchantLogin.body).toBe(200);
    const merchantToken2 = tokenOf(merchantLogin);
    finalPins.set(merchantId, resetPin);
    finalPins.set(adminId, adminPin);

    // Refused calls carrying secrets: malformed JSON, a text body, a token in the wrong
    // place, a live token where its role may not go, the cookie from another site.
    expect((await call('truncated JSON with a PIN', {
      method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': 'application/json' },
      payload: `{"phoneNumber":"${customerPhone}","pin":"${changedPin}"`,
    })).statusCode).toBe(400);
    expect((await call('text body with a token', {
      method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': 'text/plain' }, payload: customerToken,
    })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await post('PIN with a space', '/api/auth/business/login', { email: merchantEmail, pin: ` ${resetPin}` })).statusCode).toBe(400);
    expect((await post('OTP as a number', '/api/otp/verify', { phoneNumber: customerPhone, purpose: 'registration', otp: Number([...otps][0]) })).statusCode).toBe(400);
    expect((await call('token as a query string', { method: 'GET', url: `/api/auth/me?token=${merchantToken2}` })).statusCode).toBe(401);
    expect((await call('token as a bad header', { method: 'GET', url: '/api/auth/me', headers: { authorization: `Token ${merchantToken2}` } })).statusCode).toBe(401);
    expect((await get('customer on an admin route', '/api/admin/stats', customerToken)).statusCode).toBe(403);
    expect((await call('cookie from another site', {
      method: 'POST', url: '/api/auth/change-pin', cookies: { session: customerToken }, headers: { origin: 'https://evil.example' },
      payload: { currentPin: changedPin, newPin: customerPin, confirmPin: customerPin },
    })).statusCode).toBe(403);

    // Sign out: the token is refused afterwards.
    expect((await post('logout', '/api/auth/logout', {}, { headers: bearer(customerToken) })).statusCode).toBe(200);
    expect((await get('after logout', '/api/auth/me', customerToken)).statusCode).toBe(401);
    expect((await post('logout merchant', '/api/auth/logout', {}, { headers: bearer(merchantToken2) })).statusCode).toBe(200);
  });

  it('shows the checks can fail: every secret is found where it is written on purpose', async () => {
    // The development SMS provider writes the codes to its own log by design; the
    // search finds every one of them there, and every other secret in a leaky line.
    const smsLines: string[] = [];
    const sms = developmentSmsProvider((line) => smsLines.push(line));
    for (const [phone, codes] of ctx.sentCodes) for (const code of codes) await sms.send({ to: phone, language: 'en', template: 'otp', variables: { otp: code } });
    expect(secretsIn(smsLines.join('\n')).filter((s) => s.startsWith('OTP'))).toHaveLength(otps.size);
    const leaky = [
      ...[...pins].map((pin) => `{"level":30,"req":{"body":{"pin":"${pin}"}}}`),
      ...[...tokens].map((token) => `{"req":{"headers":{"authorization":"Bearer ${token}"}}}`),
      ...[...proofs].map((proof) => `{"req":{"headers":{"cookie":"otp_proof=${proof}"}}}`),
      ...pepperForms.map((form) => `{"pepper":"${form}"}`),
    ].join('\n');
    expect(secretsIn(leaky)).toHaveLength(pins.size + tokens.size + proofs.size + pepperForms.length);
    const rawToken = Buffer.from([...tokens][0]!, 'base64url');
    expect(secretsIn(`{"token":"${rawToken.toString('hex').toUpperCase()}"}`)).toHaveLength(1);
    // And the journey really was recorded: names and keys are in the dump, requests in the log.
    const dump = (await dumpDatabase()).map((entry) => entry.row).join('\n');
    for (const marker of [customerName, merchantName, shopName, idempotencyKey]) expect(dump).toContain(marker);
    expect(logLines.some((line) => line.includes('/api/payments/process'))).toBe(true);
  });

  it('writes no PIN, OTP, session token, OTP proof or pepper to the log, an error body or the database', async () => {
    expect(pins.size).toBe(8);
    expect(otps.size).toBe(3);
    expect(tokens.size).toBe(5);
    expect(proofs.size).toBe(3);

    const logFindings = logLines.flatMap((line, index) => secretsIn(line).map((s) => `log line ${index}: ${s}`));
    const refused = responses.filter(({ response }) => response.statusCode >= 400);
    const bodyFindings = refused.flatMap(({ label, response }) => secretsIn(response.body).map((s) => `${label} (${response.statusCode}): ${s}`));
    const dump = await dumpDatabase();
    const dumpFindings = dump.flatMap(({ table, row }) => secretsIn(row).map((s) => `${table}: ${s}`));

    const findings = [...logFindings, ...bodyFindings, ...dumpFindings];
    console.log(`secrets: ${pins.size} PINs, ${otps.size} OTPs, ${tokens.size} tokens, ${proofs.size} proofs, 1 pepper (${pepperForms.length} encodings); `
      + `${findings.length} found in ${logLines.length.toLocaleString('en')} log lines, ${refused.length} error bodies, `
      + `${dump.length.toLocaleString('en')} rows of ${new Set(dump.map((entry) => entry.table)).size} tables`);
    // The search covered a log of every request: one line each (server/request-log.test.ts).
    expect(logLines.filter((line) => line.includes('"msg":"request"')).length).toBe(responses.length);
    expect(refused.length).toBeGreaterThanOrEqual(15);
    expect(findings).toEqual([]);
  });

  it('reveals no PIN from a dumped hash without the pepper; with it, exactly the right PIN', async () => {
    const users = rowsOf<{ id: string; pin_hash: string; pin_key_version: number }>(await ctx.database.db.execute(
      sql`select id, pin_hash, pin_key_version from users order by id`));
    expect(users.map((user) => user.id).sort()).toEqual([...finalPins.keys()].sort());

    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
    const unkeyedGuesses: ((userId: string, pin: string) => string)[] = [
      (userId, pin) => hmac('', `${userId}:${pin}`),
      (userId, pin) => hmac(userId, pin),
      (userId, pin) => sha256(`${userId}:${pin}`),
      (_userId, pin) => sha256(pin),
      (userId, pin) => sha256(`${userId}${pin}`),
    ];

    let withoutPepper = 0;
    const withPepper: string[] = [];
    for (const user of users) {
      expect(user.pin_key_version).toBe(1);
      expect(user.pin_hash).toMatch(/^[0-9a-f]{64}$/);
      for (let n = 0; n < 10_000; n += 1) {
        const pin = String(n).padStart(4, '0');
        for (const guess of unkeyedGuesses) if (guess(user.id, pin) === user.pin_hash) withoutPepper += 1;
        if (hmac(pepper, `${user.id}:${pin}`) === user.pin_hash) withPepper.push(`${user.id}:${pin}`);
      }
    }
    console.log(`10,000 PINs × ${unkeyedGuesses.length} unkeyed guesses × ${users.length} dumped hashes: `
      + `${withoutPepper} matches without the pepper; ${withPepper.length / users.length} each with it (the right PIN)`);
    expect(withoutPepper).toBe(0);
    expect(withPepper).toEqual(users.map((user) => `${user.id}:${finalPins.get(user.id)}`));
  });
});
