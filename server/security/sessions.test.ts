/**
 * Sessions (docs/security.md, threat 4): every way a session ends takes effect on the next
 * request, tokens are 32 CSPRNG bytes, and the database holds only their SHA-256.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, rowsOf } from '../db/client';
import {
  adminToken, bearer, cookieFrom, createTestContext, registerBusiness, registerCustomer, type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: object, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, cookies });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const meByCookie = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: token } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const day = 24 * 3600;
let endings = 0;
afterAll(() => { console.log(`sessions: ${endings} ended sessions checked, each refused (401) on the very next request`); });

/** The three kinds of account, each able to sign in again for a second session. */
async function accounts() {
  const customer = await registerCustomer(ctx);
  const business = await registerBusiness(ctx);
  const adminEmail = `sessions-admin-${Math.random().toString(36).slice(2, 8)}@khata.test`;
  const admin = await adminToken(ctx, adminEmail);
  return [
    { role: 'customer', token: customer.token, pin: customer.pin, phone: customer.phoneNumber,
      signIn: async (pin = customer.pin) => (await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin })).json().sessionToken as string },
    { role: 'business', token: business.token, pin: business.pin, phone: business.phoneNumber,
      signIn: async (pin = business.pin) => (await post('/api/auth/business/login', { email: business.email, pin })).json().sessionToken as string },
    { role: 'admin', token: admin, pin: '3971', phone: null,
      signIn: async (pin = '3971') => (await post('/api/auth/admin/login', { email: adminEmail, pin })).json().sessionToken as string },
  ] as const;
}

describe('ending a session', () => {
  it('refuses the token at once after logout, by Bearer or cookie, for every role, and leaves other sessions alone', async () => {
    for (const account of await accounts()) {
      const other = await account.signIn();
      expect((await me(account.token)).statusCode).toBe(200);
      expect((await post('/api/auth/logout', {}, bearer(account.token))).statusCode).toBe(200);
      expect((await me(account.token)).statusCode, account.role).toBe(401);
      expect((await meByCookie(account.token)).statusCode, account.role).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
      endings += 1;

      // Signing out with the cookie alone (the web app's own origin) ends that session too.
      const cookieOnly = await account.signIn();
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { session: cookieOnly }, headers: { host: 'khata.test', origin: 'http://khata.test' } });
      expect(out.statusCode).toBe(200);
      expect((await me(cookieOnly)).statusCode).toBe(401);
      endings += 1;
    }
  });

  it("refuses a logout from another site, which must not end someone's session either", async () => {
    const customer = await registerCustomer(ctx);
    const forged = await ctx.app.inject({
      method: 'POST', url: '/api/auth/logout', cookies: { session: customer.token }, headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await me(customer.token)).statusCode).toBe(200);
  });

  it("signs out every other session at once when the PIN changes, for every role, keeping the changer's", async () => {
    for (const account of await accounts()) {
      const others = await Promise.all([account.signIn(), account.signIn(), account.signIn()]);
      const response = await post('/api/auth/change-pin', { currentPin: account.pin, newPin: '6283', confirmPin: '6283' }, bearer(account.token));
      expect(response.statusCode, account.role).toBe(200);
      for (const other of others) expect((await me(other)).statusCode, account.role).toBe(401);
      expect((await me(account.token)).statusCode).toBe(200);
      endings += others.length;
    }
  });

  it('signs out every session, old and new, when the PIN is reset through an OTP', async () => {
    for (const account of (await accounts()).filter((a) => a.phone !== null)) {
      const tokens = [account.token, await account.signIn(), await account.signIn()];
      ctx.clock.advance(31);
      const sent = await post('/api/otp/send', { phoneNumber: account.phone!, purpose: 'pin_reset' });
      const verified = await post('/api/otp/verify', { phoneNumber: account.phone!, purpose: 'pin_reset', otp: sent.json().developmentOtp });
      const reset = await post('/api/auth/reset-pin', { phoneNumber: account.phone!, role: account.role, newPin: '6283', confirmPin: '6283' },
        {}, { otp_proof: cookieFrom(verified, 'otp_proof')! });
      expect(reset.statusCode).toBe(200);
      for (const token of tokens) expect((await me(token)).statusCode, account.role).toBe(401);
      expect((await me(await account.signIn('6283'))).statusCode).toBe(200);
      endings += tokens.length;
    }
  });

  it('ends a session idle for 7 days to the second, and keeps one used within them', async () => {
    const customer = await registerCustomer(ctx);
    const idle = customer.token;
    const used = (await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).json().sessionToken as string;
    ctx.clock.advance(7 * day - 1);
    expect((await me(used)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(used)).statusCode).toBe(200);
    endings += 1;
  });

  it('ends a session 30 days after sign-in however busy it is', async () => {
    const customer = await registerCustomer(ctx);
    for (let elapsed = 0; elapsed < 30 * day - 6 * day; elapsed += 6 * day) {
      ctx.clock.advance(6 * day);
      expect((await me(customer.token)).statusCode).toBe(200);
    }
    ctx.clock.advance(6 * day - 1);
    expect((await me(customer.token)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await me(customer.token)).statusCode).toBe(401);
    endings += 1;
  });
});

describe('tokens', () => {
  it('hands out 10,000 distinct 32-byte CSPRNG tokens and stores only the SHA-256 hex of each', async () => {
    const customer = await registerCustomer(ctx);
    const userId = customer.userId;
    const sessions = ctx.app.services.sessions;
    // 1,000 sessions written to the table; 9,000 more through the same start(), with the row it
    // would write captured at the repository's door, so the run stays short.
    const tokens: string[] = [];
    await inTransaction(ctx.database.db, async (tx) => {
      for (let j = 0; j < 1000; j++) tokens.push(await sessions.start(tx, userId));
    });
    const captured: { tokenHash: string }[] = [];
    const capturing = { insert: () => ({ values: async (row: { tokenHash: string }) => { captured.push(row); } }) };
    for (let j = 0; j < 9000; j++) tokens.push(await sessions.start(capturing as unknown as Parameters<typeof sessions.start>[0], userId));

    expect(new Set(tokens).size).toBe(10_000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    // Every bit position is set in about half of the tokens: within 6 standard deviations of 10,000 fair coins.
    const ones = new Array<number>(256).fill(0);
    for (const token of tokens) {
      const bytes = Buffer.from(token, 'base64url');
      for (let bit = 0; bit < 256; bit++) ones[bit]! += (bytes[bit >> 3]! >> (bit & 7)) & 1;
    }
    const worst = Math.max(...ones.map((n) => Math.abs(n - 5000)));
    expect(worst).toBeLessThan(6 * 50);
    expect(captured.map((row) => row.tokenHash)).toEqual(tokens.slice(1000).map(sha256));
    for (const row of captured) expect(Object.values(row).map(String).some((value) => tokens.includes(value))).toBe(false);

    const rows = rowsOf<{ token_hash: string; text: string }>(await ctx.database.db.execute(
      sql`select token_hash, row_to_json(s)::text as text from sessions s where user_id = ${userId}`));
    const stored = new Set(rows.map((row) => row.token_hash));
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const token of tokens.slice(0, 1000)) expect(stored.has(sha256(token))).toBe(true);
    // No row carries a token in any form: its text, or its bytes in hex or standard base64.
    const tokenForms = new Set(tokens.flatMap((token) => {
      const bytes = Buffer.from(token, 'base64url');
      return [token, bytes.toString('hex'), bytes.toString('base64').replace(/=+$/, '')];
    }));
    const windows = (text: string) => [43, 64].flatMap((length) =>
      Array.from({ length: Math.max(0, text.length - length + 1) }, (_, at) => text.slice(at, at + length)));
    expect(windows(JSON.stringify({ leaked: tokens[0] })).some((window) => tokenForms.has(window))).toBe(true);
    const rowsWithToken = rows.filter((row) => windows(row.text).some((window) => tokenForms.has(window)));
    expect(rowsWithToken).toEqual([]);
    console.log(`sessions: 10,000 tokens, all distinct 43-char base64url (32 bytes), worst bit bias ${worst}/5000; the table holds ${stored.size} SHA-256 hashes and no token`);
  });

  it('keeps tokens handed out over HTTP out of every table of the database', async () => {
    const issued: string[] = [];
    for (const account of await accounts()) issued.push(account.token, await account.signIn());
    const tables = rowsOf<{ table_name: string }>(await ctx.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
    expect(tables.map((t) => t.table_name)).toContain('sessions');
    const hashes = new Set(rowsOf<{ token_hash: string }>(await ctx.database.db.execute(sql`select token_hash from sessions`)).map((r) => r.token_hash));
    for (const token of issued) expect(hashes.has(sha256(token))).toBe(true);
    let scanned = 0;
    for (const { table_name: table } of tables) {
      const rows = rowsOf<{ text: string }>(await ctx.database.db.execute(
        sql`select row_to_json(t)::text as text from ${sql.identifier(table)} t`));
      scanned += rows.length;
      const dump = rows.map((r) => r.text).join('\n');
      for (const token of issued) {
        const bytes = Buffer.from(token, 'base64url');
        for (const form of [token, bytes.toString('hex'), bytes.toString('base64').replace(/=+$/, '')]) {
          expect(dump.includes(form), `${table} holds a session token`).toBe(false);
        }
      }
    }
    expect(scanned).toBeGreaterThan(0);
  });
});
