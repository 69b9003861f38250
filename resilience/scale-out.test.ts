/**
 * Scale-out (docs/security.md, threat 8): three real server processes started together against one
 * empty PostgreSQL database, with requests alternating between them. Migrations are
 * applied once, and sessions, PIN lockouts, OTP limits, idempotency and the
 * concurrent-payment guarantees hold exactly as with one process, because all of that
 * state lives in the database (docs/product.md#system). With REDIS_URL, a session's request
 * limit and stream cap hold across all three behind a round-robin proxy.
 *
 * PostgreSQL only: PGlite is one process's embedded database. The shared limits need a
 * Redis (TEST_REDIS_URL, or the one at 127.0.0.1:6379); each run uses its own key prefix.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../server/db/migrate';
import { testServerUrl } from '../server/test/database-url';
import { deleteTestRedisKeys, testRedisAvailable, testRedisUrl } from '../server/test/redis';
import { createPostgresDatabase, runReconcile, startKhata, type KhataProcess } from './lib';

const serverUrl = testServerUrl();
if (!serverUrl) {
  console.log('SKIPPED scale-out: it needs PostgreSQL; set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
interface Answer { status: number; body: any; setCookies: string[] }

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let sql: pg.Pool;
let a: KhataProcess;
let b: KhataProcess;
let c: KhataProcess;
let startUpMs = 0;

const redisPrefix = `khata-scale-${randomBytes(6).toString('hex')}:`;
const redisAvailable = serverUrl ? await testRedisAvailable('scale-out shared limits') : false;
/** Each process's limit on one session's requests a minute: above what any other test here spends on one session. */
const sessionLimitPerMinute = 120;

/**
 * A small round-robin HTTP proxy in front of the three processes, as a load balancer
 * without session affinity: each request (a stream too) goes to the next process in turn.
 */
async function roundRobinProxy(targets: KhataProcess[]) {
  let next = 0;
  const served = targets.map(() => 0);
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length;
    served[index]! += 1;
    const upstream = http.request({
      host: '127.0.0.1', port: targets[index]!.port, method: request.method, path: request.url, headers: request.headers,
    }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => { if (!response.headersSent) response.writeHead(502); response.end(); });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, served,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;

/** Opens GET /api/events and keeps it open: its status, and its body once it ends (a refusal's). */
async function openStream(server: { url: string }, token: string) {
  const request = http.get(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}` } });
  request.on('error', () => {});
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => { text += chunk; });
  const body = new Promise<string>((resolve) => { response.on('end', () => resolve(text)); response.on('close', () => resolve(text)); });
  return { status: response.statusCode ?? 0, body, close: () => request.destroy() };
}

async function call(server: { url: string }, method: string, path: string, options: {
  token?: string; body?: unknown; key?: string; cookie?: string;
} = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${server.url}${path}`, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
}

/** Alternates the two processes: the n-th call goes to A when n is even. */
const either = (n: number) => (n % 2 === 0 ? a : b);

let phoneCounter = 0;
const newPhone = () => `+9197${String(randomInt(0, 10_000)).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;

/** OTP sent on one process, verified on the other, the proof used on the first. */
async function verifiedPhone(phoneNumber: string, purpose = 'registration'): Promise<string> {
  const sent = await call(a, 'POST', '/api/otp/send', { body: { phoneNumber, purpose } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const verified = await call(b, 'POST', '/api/otp/verify', { body: { phoneNumber, purpose, otp: sent.body.developmentOtp } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const proof = verified.setCookies.find((c) => c.startsWith('otp_proof='));
  expect(proof).toBeTruthy();
  return proof!.split(';')[0]!;
}

async function registerCustomer(pin = '4826') {
  const phoneNumber = newPhone();
  const cookie = await verifiedPhone(phoneNumber);
  const registered = await call(a, 'POST', '/api/auth/customer/register', { cookie, body: { phoneNumber, name: 'Asha Verma', pin } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { phoneNumber, pin, token: registered.body.sessionToken as string, userId: registered.body.user.id as string };
}

async function adminToken(): Promise<string> {
  const match = /Demo admin created: e-mail (\S+), PIN (\d{4})/.exec(`${a.output()}\n${b.output()}\n${c.output()}`);
  expect(match, 'one of the processes printed the demo admin').toBeTruthy();
  const login = await call(b, 'POST', '/api/auth/admin/login', { body: { email: match![1], pin: match![2] } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.sessionToken;
}

/** A merchant registered on A, approved by the admin on B, with a static code made on A. */
async function approvedMerchant() {
  const phoneNumber = newPhone();
  const cookie = await verifiedPhone(phoneNumber);
  const registered = await call(a, 'POST', '/api/auth/business/register', {
    cookie,
    body: {
      phoneNumber, name: 'Ravi Kumar', businessName: 'Kumar Kirana', businessType: 'Retail',
      email: `shop-${randomUUID()}@example.com`, address: '12 MG Road, Pune', pin: '5937',
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = registered.body.sessionToken as string;
  const businessId = (await call(b, 'GET', '/api/auth/me', { token })).body.business.id as string;
  const approved = await call(b, 'POST', '/api/admin/businesses/approve', {
    token: await adminToken(), body: { businessIds: [businessId], action: 'approve' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const code = await call(a, 'POST', '/api/qr/generate', { token, body: { expirationMinutes: 1440 } });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  return { token, businessId, qrData: code.body.qrData as string };
}

/** A credit account of `limit` rupees, opened by the merchant on B. */
async function openAccount(merchant: { token: string }, customer: { token: string }, limit: string): Promise<string> {
  const handle = (await call(a, 'GET', '/api/customer/qr', { token: customer.token })).body.paymentHandle;
  const created = await call(b, 'POST', '/api/business/create-credit-account', {
    token: merchant.token, body: { paymentHandle: handle, creditLimit: limit },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.creditAccount.id;
}

/** A port this test listens on until `release`, so ports held together are distinct. */
async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const holder = http.createServer();
  await new Promise<void>((resolve, reject) => holder.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    port: (holder.address() as AddressInfo).port,
    release: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}

/**
 * Starts a process on a port held until just before it starts. Another program can still
 * take the port in that instant (the process then exits with EADDRINUSE): it is started
 * again on a fresh port, so the race can cost a retry but never fail the test.
 */
async function startOnHeldPort(env: Record<string, string>, held: { port: number; release(): Promise<void> }): Promise<KhataProcess> {
  let port = held.port;
  // What a process that lost its port printed first (it may have migrated, or made the demo admin).
  let earlier = '';
  await held.release();
  for (let attempt = 1; ; attempt++) {
    const server = startKhata(env, port);
    try {
      await server.ready;
      return earlier ? { ...server, output: () => `${earlier}\n${server.output()}` } : server;
    } catch (error) {
      if (attempt >= 3 || !server.output().includes('EADDRINUSE')) throw error;
      earlier += server.output();
      const next = await holdPort();
      port = next.port;
      await next.release();
    }
  }
}

describe.skipIf(!serverUrl)('scale-out: three processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl!, 'khata_scale');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    // Three distinct ports (held together, so none comes back twice).
    const [heldA, heldB, heldC] = await Promise.all([holdPort(), holdPort(), holdPort()]);
    const started = Date.now();
    // Started in the same tick against the empty database: all three race to migrate.
    // On a DATABASE_URL the demo admin is made only when asked for by name.
    const env = {
      DATABASE_URL: database.url, DB_POOL_SIZE: '5', DEMO_ADMIN: '1',
      ...(redisAvailable ? {
        REDIS_URL: testRedisUrl(redisPrefix),
        SESSION_RATE_LIMIT_PER_MINUTE: String(sessionLimitPerMinute),
      } : {}),
    };
    [a, b, c] = await Promise.all([startOnHeldPort(env, heldA), startOnHeldPort(env, heldB), startOnHeldPort(env, heldC)]);
    startUpMs = Date.now() - started;
    proxy = await roundRobinProxy([a, b, c]);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await sql?.end();
    await database?.drop();
    if (redisAvailable) await deleteTestRedisKeys(redisPrefix);
  });

  it('applies each migration exactly once and brings all three processes up', async () => {
    for (const server of [a, b, c]) expect(server.output()).toContain('Khata is running');
    const expected = readMigrationFiles({ migrationsFolder }).map((m) => m.hash).sort();
    const { rows } = await sql.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(rows.map((r) => r.hash).sort()).toEqual(expected);
    const admins = await sql.query('select id from users where role = $1', ['admin']);
    expect(admins.rowCount, 'exactly one demo admin, made by one of the three').toBe(1);
    const printed = `${a.output()}\n${b.output()}\n${c.output()}`.match(/Demo admin created/g) ?? [];
    expect(printed.length, 'one process printed the demo admin PIN, the others found it made').toBe(1);
    for (const server of [a, b, c]) {
      expect(await call(server, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
    }
    console.log(`RESULT scale-out start: 3 processes up in ${(startUpMs / 1000).toFixed(1)} s on an empty database, `
      + `${rows.length} migrations applied once each (${expected.length} in the folder)`);
  });

  it('shares sessions: made on A, used on B; signed out on A, refused on B', async () => {
    const customer = await registerCustomer();
    expect((await call(b, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(200);
    const login = await call(b, 'POST', '/api/auth/customer/login', { body: { phoneNumber: customer.phoneNumber, pin: customer.pin } });
    expect(login.status).toBe(200);
    const second = login.body.sessionToken as string;
    expect((await call(a, 'GET', '/api/auth/me', { token: second })).status).toBe(200);

    expect((await call(a, 'POST', '/api/auth/logout', { token: customer.token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    expect((await call(a, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    // The other session lives on, on both.
    expect((await call(b, 'GET', '/api/auth/me', { token: second })).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token: second })).status).toBe(200);

    // A PIN change on B signs out the user's other sessions on A too.
    const third = (await call(a, 'POST', '/api/auth/customer/login', { body: { phoneNumber: customer.phoneNumber, pin: customer.pin } })).body.sessionToken;
    const changed = await call(b, 'POST', '/api/auth/change-pin', {
      token: second, body: { currentPin: customer.pin, newPin: '5071', confirmPin: '5071' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token: third })).status).toBe(401);
    expect((await call(a, 'GET', '/api/auth/me', { token: second })).status).toBe(200);
  });

  it('locks a PIN on both after 5 wrong PINs alternating A and B, each counter on its own', async () => {
    const merchant = await approvedMerchant();
    const customer = await registerCustomer();
    await openAccount(merchant, customer, '1000');
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const wrong = await call(either(n), 'POST', '/api/auth/customer/login', { body: { phoneNumber: customer.phoneNumber, pin: '9051' } });
      statuses.push(wrong.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const right = await call(server, 'POST', '/api/auth/customer/login', { body: { phoneNumber: customer.phoneNumber, pin: customer.pin } });
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('account_locked');
      // Anonymous sign-ins cannot stop the signed-in owner paying (docs/security.md#who-can-lock-whom).
      const payment = await call(server, 'POST', '/api/payments/process', {
        token: customer.token, key: `lock-${randomUUID()}`, body: { qrData: merchant.qrData, pin: customer.pin, amount: '10.00' },
      });
      expect(payment.status).toBe(201);
    }

    // The payment PIN counts on the account's own counter, across processes.
    const other_ = await registerCustomer();
    await openAccount(merchant, other_, '1000');
    const paymentStatuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const wrong = await call(either(n), 'POST', '/api/payments/process', {
        token: other_.token, key: `wrong-${randomUUID()}`, body: { qrData: merchant.qrData, pin: '9051', amount: '10.00' },
      });
      paymentStatuses.push(wrong.status);
    }
    expect(paymentStatuses).toEqual([403, 403, 403, 403, 403]);
    for (const server of [a, b]) {
      const right = await call(server, 'POST', '/api/payments/process', {
        token: other_.token, key: `right-${randomUUID()}`, body: { qrData: merchant.qrData, pin: other_.pin, amount: '10.00' },
      });
      expect(right.status).toBe(429);
    }
    const paid = await sql.query('select customer_id, count(*)::int as n from transactions where customer_id = any($1) group by customer_id', [[customer.userId, other_.userId]]);
    expect(paid.rows).toEqual([{ customer_id: customer.userId, n: 2 }]);
  });

  it('holds the OTP limits across processes: 30 s between sends, 5 sends an hour, 5 verify tries', async () => {
    const phoneNumber = newPhone();
    const purpose = 'registration';
    const first = await call(a, 'POST', '/api/otp/send', { body: { phoneNumber, purpose } });
    expect(first.status).toBe(200);
    const tooSoon = await call(b, 'POST', '/api/otp/send', { body: { phoneNumber, purpose } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('otp_resend_too_soon');

    // Time passing is simulated by moving earlier sends 31 s into the past (the servers
    // read the real clock): each send is then past the 30 s gap, yet all are in the hour.
    const age = () => sql.query(`update otp_codes set created_at = created_at - interval '31 seconds' where phone = $1`, [phoneNumber]);
    const sends: number[] = [first.status];
    for (let n = 1; n < 6; n++) {
      await age();
      const sent = await call(either(n), 'POST', '/api/otp/send', { body: { phoneNumber, purpose } });
      sends.push(sent.status);
      if (n === 5) expect(sent.body.code).toBe('otp_hourly_limit');
    }
    expect(sends).toEqual([200, 200, 200, 200, 200, 429]);
    const stored = await sql.query('select count(*)::int as n from otp_codes where phone = $1', [phoneNumber]);
    expect(stored.rows[0].n).toBe(5);

    // Five wrong codes alternating A and B use up the code on both.
    const fresh = newPhone();
    const sent = await call(b, 'POST', '/api/otp/send', { body: { phoneNumber: fresh, purpose } });
    const otp = sent.body.developmentOtp as string;
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const tries: number[] = [];
    for (let n = 0; n < 5; n++) {
      tries.push((await call(either(n), 'POST', '/api/otp/verify', { body: { phoneNumber: fresh, purpose, otp: wrongCode } })).status);
    }
    expect(tries).toEqual([400, 400, 400, 400, 429]);
    for (const server of [a, b]) {
      const right = await call(server, 'POST', '/api/otp/verify', { body: { phoneNumber: fresh, purpose, otp } });
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('otp_attempts_exceeded');
    }
  });

  it('answers one Idempotency-Key once across processes: one charge, the same answer', async () => {
    const merchant = await approvedMerchant();
    const customer = await registerCustomer();
    const accountId = await openAccount(merchant, customer, '5000');
    const body = { qrData: merchant.qrData, pin: customer.pin, amount: '100.00' };

    const key = `idem-${randomUUID()}`;
    const onA = await call(a, 'POST', '/api/payments/process', { token: customer.token, key, body });
    expect(onA.status, JSON.stringify(onA.body)).toBe(201);
    const onB = await call(b, 'POST', '/api/payments/process', { token: customer.token, key, body });
    expect(onB.status).toBe(201);
    expect(onB.body).toEqual(onA.body);
    const conflict = await call(b, 'POST', '/api/payments/process', { token: customer.token, key, body: { ...body, amount: '99.00' } });
    expect(conflict.status).toBe(409);

    // The same key sent to both at the same moment, ten times over.
    const racedKeys = Array.from({ length: 10 }, () => `race-${randomUUID()}`);
    const raced = await Promise.all(racedKeys.map(async (k) =>
      Promise.all([a, b].map((server) => call(server, 'POST', '/api/payments/process', { token: customer.token, key: k, body })))));
    for (const [first, second] of raced) {
      expect([first!.status, second!.status]).toEqual([201, 201]);
      expect(second!.body).toEqual(first!.body);
    }

    const ledger = await sql.query<{ n: number; total: number }>(
      `select count(*)::int as n, coalesce(sum(total_paise), 0)::int as total from transactions where credit_account_id = $1`, [accountId]);
    expect(ledger.rows[0]).toEqual({ n: 11, total: 11 * 10_200 });
    const owed = await sql.query('select owed_paise::int as owed from credit_accounts where id = $1', [accountId]);
    expect(owed.rows[0].owed).toBe(11 * 10_200);
  });

  it('never lets concurrent payments split over A and B exceed the limit, and the ledger reconciles', async () => {
    const merchant = await approvedMerchant();
    const customer = await registerCustomer();
    const accountId = await openAccount(merchant, customer, '1000');
    // ₹50 at 2 % is ₹51: 19 fit under ₹1,000 (₹969), the 20th would not.
    const attempts = 80;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: attempts }, (_, n) => call(either(n), 'POST', '/api/payments/process', {
      token: customer.token, key: `limit-${n}-${randomUUID()}`, body: { qrData: merchant.qrData, pin: customer.pin, amount: '50.00' },
    })));
    const elapsedMs = Date.now() - started;
    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const paidPerProcess = [0, 1].map((side) => answers.filter((answer, n) => n % 2 === side && answer.status === 201).length);
    const refusals = answers.filter((answer) => answer.status !== 201);

    const account = await sql.query('select owed_paise::int as owed, limit_paise::int as limit from credit_accounts where id = $1', [accountId]);
    const reconcile = runReconcile({ DATABASE_URL: database.url });
    console.log(`RESULT scale-out payments: ${attempts} concurrent ₹50 payments on one ₹1,000 account over 2 processes in `
      + `${elapsedMs} ms: ${byStatus.get(201) ?? 0} paid (A ${paidPerProcess[0]}, B ${paidPerProcess[1]}), `
      + `${refusals.length} refused (${[...byStatus].filter(([s]) => s !== 201).map(([s, n]) => `${n}×${s}`).join(', ') || 'none'}); `
      + `owed ₹${account.rows[0].owed / 100} of ₹${account.rows[0].limit / 100}; reconcile: ${reconcile.output.split('\n').at(-1)}`);

    expect(byStatus.get(201)).toBe(19);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(422);
      expect(refusal.body.code).toBe('insufficient_credit');
    }
    expect(account.rows[0].owed).toBe(19 * 5_100);
    expect(account.rows[0].owed).toBeLessThanOrEqual(account.rows[0].limit);
    expect(reconcile.ok, reconcile.output).toBe(true);
  });

  it.skipIf(!redisAvailable)("holds one session's request limit and stream cap across the three behind a round-robin proxy", async () => {
    // Sent one after another, so the proxy spreads them evenly: each process alone would allow all of them.
    const customer = await registerCustomer();
    const extra = 15;
    const servedBefore = [...proxy.served];
    const statuses: number[] = [];
    for (let n = 0; n < sessionLimitPerMinute + extra; n++) {
      statuses.push((await call(proxy, 'GET', '/api/auth/me', { token: customer.token })).status);
    }
    const perProcess = proxy.served.map((count, i) => count - servedBefore[i]!);
    const refused = await call(proxy, 'GET', '/api/auth/me', { token: customer.token });
    expect(refused.body.code).toBe('rate_limited');
    expect(perProcess.every((count) => count >= (sessionLimitPerMinute + extra) / 3 - 1)).toBe(true);
    expect(statuses).toEqual([...Array(sessionLimitPerMinute).fill(200), ...Array(extra).fill(429)]);

    // Streams of another session, each on the next process: 4 are open in all, the 5th is refused.
    const other = await registerCustomer();
    const streams = [];
    for (let n = 0; n < 4; n++) streams.push(await openStream(proxy, other.token));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    const fifth = await openStream(proxy, other.token);
    expect(fifth.status).toBe(429);
    expect(JSON.parse(await fifth.body).code).toBe('rate_limited');
    // A closed stream's place is free on whichever process the next one reaches.
    streams[1]!.close();
    let replaced = 429;
    for (let tries = 0; tries < 20 && replaced !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await openStream(proxy, other.token);
      replaced = next.status;
      if (replaced === 200) streams.push(next);
      else next.close();
    }
    expect(replaced).toBe(200);
    for (const stream of streams) stream.close();
    console.log(`RESULT scale-out shared limits: one session's ${sessionLimitPerMinute + extra} requests over 3 processes `
      + `(${perProcess.join(' + ')}): ${statuses.filter((s) => s === 200).length} answered, `
      + `${statuses.filter((s) => s === 429).length} refused (limit ${sessionLimitPerMinute} a minute); `
      + `streams: 4 open over 3 processes, the 5th refused`);
  });
});

describe.runIf(!serverUrl)('scale-out', () => {
  it.skip('needs PostgreSQL (PGlite is one process\'s database): set TEST_DATABASE_URL to run it', () => {});
});
