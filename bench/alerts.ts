/**
 * npm run bench:alerts — the seconds from a payment to the merchant's alert.
 * Builds the web app (unless --no-build), serves it from the real app over a fresh PGlite
 * (or a fresh database on TEST_DATABASE_URL's PostgreSQL server), opens the merchant's
 * dashboard in headless Chromium with a recording speechSynthesis offering an en-IN voice
 * (e2e/speech.ts: headless Chromium has none), then pays the shop's static code from Node
 * N times, a second and a half apart, and measures for each payment, from the moment the
 * payment request is sent:
 *   - the alert: the chime's first note starting (the toast shows with it);
 *   - the sentence: speechSynthesis.speak() called (the chime lasts 600 ms before it).
 * Both clocks are this machine's. Prints median, p90 and max, then a RESULT line.
 *
 *   npx tsx bench/alerts.ts [--payments N] [--no-build]
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { openPglite, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { developmentSmsProvider } from '../server/sms/development';
import { testConfig } from '../server/test/config';
import { createServerDatabase, testServerUrl } from '../server/test/database-url';
import { chimesIn, recordSpeech, spokenIn } from '../e2e/speech';
import { machine } from './lib';
import { buildWeb, chromiumArgs, chromiumPath, defaultWebDir } from './web-budget';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const paymentCount = Number(option('--payments') ?? 20);
const pin = '7391';
const gapMs = 1_500;
const alertTimeoutMs = 10_000;

let baseUrl = '';

async function call<T>(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { body: (text ? JSON.parse(text) : null) as T, setCookies: response.headers.getSetCookie() };
}

async function register(kind: 'customer' | 'business', phoneNumber: string, details: Record<string, string>): Promise<string> {
  const sent = await call<{ developmentOtp?: string }>('POST', '/api/otp/send', { body: { phoneNumber, purpose: 'registration' } });
  const verified = await call('POST', '/api/otp/verify', { body: { phoneNumber, otp: sent.body.developmentOtp, purpose: 'registration' } });
  const proof = verified.setCookies.map((cookie) => cookie.split(';')[0]!).find((cookie) => cookie.startsWith('otp_proof='));
  const registered = await call<{ sessionToken: string }>('POST', `/api/auth/${kind}/register`, { cookie: proof, body: { phoneNumber, pin, ...details } });
  return registered.body.sessionToken;
}

async function freshDatabase(): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openPglite();
    await migrateEmbedded(database.client);
    return database;
  }
  const database = await createServerDatabase(serverUrl, `khata_alerts_${randomBytes(6).toString('hex')}`);
  await migratePostgres(database.pool);
  return database;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  if (!args.includes('--no-build')) buildWeb(defaultWebDir, 'production');
  const database = await freshDatabase();
  const app = await buildApp({ db: database.db, config: testConfig({ webDir: defaultWebDir, eventStreamSeconds: 300 }), sms: developmentSmsProvider(() => {}), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await app.services.auth.ensureAdmin('alerts.admin@khata.test', pin);
    const admin = (await call<{ sessionToken: string }>('POST', '/api/auth/admin/login', { body: { email: 'alerts.admin@khata.test', pin } })).body.sessionToken;
    const merchantEmail = 'alerts.shop@khata.test';
    const merchant = await register('business', '+919800000201', {
      name: 'Ravi Kumar', businessName: 'Ravi Stores', businessType: 'Retail', email: merchantEmail, address: '12 MG Road, Bengaluru',
    });
    const me = (await call<{ business: { id: string } }>('GET', '/api/auth/me', { token: merchant })).body;
    await call('POST', '/api/admin/businesses/approve', { token: admin, body: { businessIds: [me.business.id], action: 'approve' } });
    const customer = await register('customer', '+919800000202', { name: 'Asha Rao' });
    const { paymentHandle } = (await call<{ paymentHandle: string }>('GET', '/api/customer/qr', { token: customer })).body;
    await call('POST', '/api/business/create-credit-account', { token: merchant, body: { paymentHandle, creditLimit: '50000' } });
    const code = (await call<{ qrData: string }>('POST', '/api/qr/generate', { token: merchant, body: { expirationMinutes: 1440 } })).body;

    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await recordSpeech(context, [{ name: 'English (India)', lang: 'en-IN' }]);
    const page = await context.newPage();
    if (process.env.ALERTS_DEBUG) {
      page.on('console', (message) => console.log(`page: ${message.type()} ${message.text()}`));
      page.on('pageerror', (error) => console.log(`pageerror: ${error.message}`));
    }
    // Signs in as the login screen would; the session cookie lands in the browser context.
    await page.request.post('/api/auth/business/login', { data: { email: merchantEmail, pin } });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ravi Stores', exact: true }).waitFor();
    // The tap a browser needs before it plays sound.
    await page.mouse.click(5, 5);
    await page.waitForTimeout(1_000);

    const alerts: number[] = [];
    const sentences: number[] = [];
    for (let i = 0; i < paymentCount; i++) {
      const chimesBefore = (await chimesIn(page)).length;
      const spokenBefore = (await spokenIn(page)).length;
      const sentAt = Date.now();
      await call('POST', '/api/payments/process', {
        token: customer, body: { qrData: code.qrData, pin, amount: `${100 + i}.50` },
        headers: { 'idempotency-key': randomBytes(12).toString('hex') },
      });
      const deadline = Date.now() + alertTimeoutMs;
      let chime: number | undefined;
      let spoken: number | undefined;
      while ((chime === undefined || spoken === undefined) && Date.now() < deadline) {
        await page.waitForTimeout(20);
        chime ??= (await chimesIn(page))[chimesBefore];
        spoken ??= (await spokenIn(page))[spokenBefore]?.at;
      }
      if (chime === undefined || spoken === undefined) {
        await page.screenshot({ path: '/tmp/alerts-failed.png' });
        throw new Error(`payment ${i + 1}: no alert within ${alertTimeoutMs / 1000} s (chime ${chime}, spoken ${spoken}; screenshot /tmp/alerts-failed.png)`);
      }
      alerts.push(chime - sentAt);
      sentences.push(spoken - sentAt);
      await page.waitForTimeout(gapMs);
    }
    const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(`machine: ${machine()}`);
    console.log(`database: ${engine}, ${paymentCount} payments ${gapMs / 1000} s apart to one merchant's open dashboard`);
    for (const [label, values] of [['alert (chime, toast)', alerts], ['sentence spoken', sentences]] as const) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`${label}: median ${seconds(percentile(sorted, 50))} s, p90 ${seconds(percentile(sorted, 90))} s, max ${seconds(sorted.at(-1)!)} s`);
    }
    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
    console.log(`RESULT alerts engine=${engine} payments=${paymentCount} alert_median_s=${seconds(median(alerts))} sentence_median_s=${seconds(median(sentences))}`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

await main();
