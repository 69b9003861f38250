/**
 * The real entry point as a separate process: start-up refusals, the demo admin, the
 * health check, a real SMS vendor (its fake) and a clean stop on SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeArgs } from '../scripts/start-command.mjs';
import { openPglite, rowsOf } from './db/client';
import { startTwilioFake } from './test/fakes/twilio';
import { adminUrl, databaseUrlFor, testServerUrl } from './test/database-url';

const dataDir = mkdtempSync(join(tmpdir(), 'khata-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The TypeScript through tsx (npm run dev), or the build as `npm start` runs it for the server's environment. */
const fromSource = () => ['--import', 'tsx', 'server/main.ts'];

function built(env: Record<string, string | undefined>): string[] {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed: ${build.stderr}`);
  return startNodeArgs(env);
}

function startServer(env: Record<string, string>, entry: (env: Record<string, string | undefined>) => string[] = fromSource) {
  const serverEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIR: '/nonexistent', ...env };
  const child = spawn(process.execPath, entry(serverEnv), { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; errors += chunk; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pattern.exec(output)!;
  };
  return { child, exited, waitFor, output: () => output, errors: () => errors };
}

describe('the node command of npm start', () => {
  const postgresUrl = 'postgres://khata@127.0.0.1:5432/khata';
  /** V8's heap limit under a node command's flags (its last word, the script, left out), in MB. */
  const heapLimitMb = (args: string[]) => Number(spawnSync(process.execPath,
    [...args.slice(0, -1), '-p', 'v8.getHeapStatistics().heap_size_limit / 2 ** 20'], { encoding: 'utf8' }).stdout);

  // The main thread's default 16 MB semi-spaces were most of the embedded server's unused
  // memory; on PostgreSQL small ones cost bench:payments 16–22 % (docs/decisions.md).
  it('gives the embedded database 2 MB semi-spaces and leaves PostgreSQL\'s node command as it was', () => {
    const embedded = ['--enable-source-maps', '--max-old-space-size=128', '--max-semi-space-size=2', 'dist/server/main.mjs'];
    expect(startNodeArgs({ PATH: process.env.PATH })).toEqual(embedded);
    expect(startNodeArgs({ PATH: process.env.PATH, DATABASE_URL: '' })).toEqual(embedded);
    const postgres = startNodeArgs({ PATH: process.env.PATH, DATABASE_URL: postgresUrl });
    expect(postgres).toEqual(['--enable-source-maps', '--max-old-space-size=128', 'dist/server/main.mjs']);
    // The limit counts the old generation and the young one (three semi-spaces, 16 MB each by default).
    expect(heapLimitMb(postgres)).toBe(heapLimitMb(['--max-old-space-size=128', 'dist/server/main.mjs']));
    expect(heapLimitMb(embedded)).toBeLessThan(heapLimitMb(postgres) - 30);
  });
});

describe('server/main.ts', () => {
  it('refuses to start in production without PIN_PEPPER', async () => {
    const server = startServer({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Configuration error: NODE_ENV=production needs PIN_PEPPER');
  });

  // Links would otherwise take their origin from a client's Host.
  it('refuses to start in production without PUBLIC_URL', async () => {
    const server = startServer({
      NODE_ENV: 'production', PIN_PEPPER: 'x'.repeat(40), SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    });
    expect(await server.exited).toBe(78);
    expect(server.errors()).toContain('Configuration error: NODE_ENV=production needs PUBLIC_URL, the address people open the app at');
  });

  it('refuses to start in production with the development SMS provider', async () => {
    const server = startServer({ NODE_ENV: 'production', PIN_PEPPER: 'x'.repeat(40) });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('refuses the development SMS provider');
  });

  it('built as npm start runs it (PGlite in its worker thread): creates a demo admin whose printed PIN signs in, then stops cleanly on SIGTERM', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = startServer({ PORT: port }, built);
    const [, email, pin] = await server.waitFor(/Demo admin created: e-mail (\S+), PIN (\d{4})/);
    await server.waitFor(/Khata is running on/);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', listen: 'ok' });
    const login = await fetch(`${base}/api/auth/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, pin }),
    });
    expect(login.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  }, 60_000);
});

/**
 * A real deployment, where the development conveniences must be asked for by name
 * (docs/decisions.md, "Development conveniences only where they are safe"): an empty
 * PostgreSQL database when the run has one, else the embedded database behind an https
 * PUBLIC_URL (the same rule applies).
 */
async function realDeployment(): Promise<{ env: Record<string, string>; admins(): Promise<number>; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const ownDir = mkdtempSync(join(tmpdir(), 'khata-main-https-'));
    return {
      env: { PUBLIC_URL: 'https://khata.example.com', DATA_DIR: ownDir },
      async admins() {
        const database = await openPglite({ dataDir: join(ownDir, 'pglite') });
        try {
          return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users where role = 'admin'`))[0]!.n;
        } finally {
          await database.close();
        }
      },
      async drop() { rmSync(ownDir, { recursive: true, force: true }); },
    };
  }
  const name = `khata_main_${randomBytes(4).toString('hex')}`;
  const query = async (text: string, url = adminUrl(serverUrl)) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = databaseUrlFor(serverUrl, name);
  return {
    env: { DATABASE_URL: url },
    admins: async () => Number((await query(`select count(*)::int as n from users where role = 'admin'`, url)).rows[0].n),
    drop: async () => { await query(`drop database if exists ${name} with (force)`); },
  };
}

describe('development conveniences on a real deployment', () => {
  const webhook = { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' };
  const port = () => String(20_000 + Math.floor(Math.random() * 20_000));

  it('refuses to start on a DATABASE_URL without SMS_PROVIDER, saying what to set', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://khata@127.0.0.1:9/khata' });
    expect(await server.exited).toBe(78);
    expect(server.errors()).toContain('Configuration error: With DATABASE_URL or an https PUBLIC_URL, SMS_PROVIDER must be set: '
      + 'SMS_PROVIDER=twilio, msg91 or webhook (with their variables) to send real SMS, or SMS_PROVIDER=development');
  });

  it('creates no demo admin and prints nothing about one without DEMO_ADMIN', async () => {
    const deployment = await realDeployment();
    try {
      const server = startServer({ PORT: port(), ...webhook, ...deployment.env });
      await server.waitFor(/Khata is running on/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/demo admin/i);
      expect(server.output()).not.toContain('WARNING');
      expect(await deployment.admins()).toBe(0);
    } finally {
      await deployment.drop();
    }
  }, 60_000);

  it('warns loudly on stderr when SMS_PROVIDER=development and DEMO_ADMIN=1 are asked for, and does as asked', async () => {
    const deployment = await realDeployment();
    try {
      const serverPort = port();
      const server = startServer({ PORT: serverPort, SMS_PROVIDER: 'development', DEMO_ADMIN: '1', ...deployment.env });
      await server.waitFor(/Demo admin created: e-mail \S+, PIN \d{4}/);
      await server.waitFor(/Khata is running on/);
      expect(server.errors()).toMatch(/^WARNING: SMS_PROVIDER=development is on with (a DATABASE_URL|an https PUBLIC_URL): every one-time code is shown in the app and the log/m);
      expect(server.errors()).toMatch(/^WARNING: DEMO_ADMIN=1 is on with (a DATABASE_URL|an https PUBLIC_URL): a demo admin is created/m);
      const sent = await fetch(`http://127.0.0.1:${serverPort}/api/otp/send`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '+919812340001', purpose: 'registration' }),
      });
      expect((await sent.json() as { developmentOtp?: string }).developmentOtp).toMatch(/^\d{6}$/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await deployment.admins()).toBe(1);
    } finally {
      await deployment.drop();
    }
  }, 60_000);
});

describe('a real SMS vendor', () => {
  it('sends the OTP through Twilio, never shows or logs the code, and answers 503 with Retry-After when every try fails', async () => {
    const twilio = await startTwilioFake({ numbers: ['+15005550006'] });
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = startServer({
      PORT: port, SMS_PROVIDER: 'twilio', TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', DEMO_ADMIN: '0', PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const sendOtp = (phoneNumber: string) => fetch(`http://127.0.0.1:${port}/api/otp/send`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phoneNumber, purpose: 'registration' }),
    });
    const codeIn = (body: string) => /Body=(\d{6})\+is\+your\+Khata/.exec(body)?.[1];
    try {
      await server.waitFor(/Khata is running on/);
      const sent = await sendOtp('+919812340011');
      expect(sent.status).toBe(200);
      expect(await sent.json()).not.toHaveProperty('developmentOtp');
      expect(twilio.messages).toHaveLength(1);
      const code = codeIn(twilio.raw[0]!.body);
      expect(code).toMatch(/^\d{6}$/);

      twilio.failNext(3, 500);
      const refused = await sendOtp('+919812340012');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.json()).toMatchObject({ key: 'sms_unavailable' });
      expect(twilio.raw).toHaveLength(4);
      // The log is written in blocks, flushed on a clean stop.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output().match(/SMS try failed: twilio answered 500/g)).toHaveLength(3);
      for (const request of twilio.raw) expect(server.output()).not.toContain(codeIn(request.body));
    } finally {
      server.child.kill('SIGKILL');
      await twilio.close();
    }
  }, 60_000);
});
