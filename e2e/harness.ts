/**
 * The world of a browser journey: the real app listening on a free port over a fresh
 * database, and real Chromium with a phone-sized context per journey. Each journey file
 * gets its own app and browser; each journey its own context (cookies, localStorage).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { buildApp, type AppConfig, type KhataApp, type Services } from '../server/app';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { developmentSmsProvider } from '../server/features/otp/sms';
import { testConfig } from '../server/test/config';
import { adminUrl, databaseUrlFor, testServerUrl } from '../server/test/database-url';
import { writeQrY4m } from './fake-camera';
import type { BusinessDetails } from './pages';

const artifactsDir = fileURLToPath(new URL('./artifacts', import.meta.url));

/** Set by global-setup.ts; '' means Chromium is missing and the journeys skip. */
export const chromiumPath = inject('chromiumPath');
const webDir = inject('e2eWebDir');
export const journeysDisabled = !chromiumPath;

const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A mid-range Android phone: what most of our users hold. */
const phoneContext = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

// Generous: in CI the journeys share two cores with the server tests.
const actionTimeoutMs = 15_000;

// ---------------------------------------------------------------------------------------
// The app

export interface RunningApp {
  baseUrl: string;
  app: KhataApp;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database: PGlite in memory, or, when TEST_DATABASE_URL / DATABASE_URL names a
 * PostgreSQL server, a new database `khata_e2e_<random>` on it that close() drops.
 */
async function openFreshDatabase(): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openPglite();
    await migrateEmbedded(database.client);
    return database;
  }
  const name = `khata_e2e_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const database = openPostgres({ connectionString: databaseUrlFor(serverUrl, name), poolSize: 5 });
  await migratePostgres(database.pool);
  return {
    ...database,
    async close() {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Journeys sign in and out many times from one address: no request limits.
const journeyConfig = (): AppConfig => testConfig({ webDir, eventStreamSeconds: 300 });

/**
 * Starts the real app in this process, serving the web app global-setup.ts built.
 * `config` overrides the journey configuration (e.g. an https publicUrl); `onRoute`
 * sees every route as it is registered.
 */
export async function startApp(
  { config, onRoute }: { config?: Partial<AppConfig>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<RunningApp> {
  const database = await openFreshDatabase();
  const app = await buildApp({
    db: database.db, config: { ...journeyConfig(), ...config }, sms: developmentSmsProvider(() => {}), onRoute,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    services: app.services,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** An admin account made the way the CLI makes one (admins cannot register). */
export async function createAdmin(khata: RunningApp, email: string, pin: string): Promise<void> {
  await khata.services.auth.ensureAdmin(email, pin);
}

/**
 * A customer account made through the API, for journeys about something after sign-up.
 * Goes through the same OTP proof as the wizard.
 */
export async function createCustomer(
  khata: RunningApp, customer: { mobileNumber: string; fullName: string; pin: string },
): Promise<void> {
  const phoneNumber = `+91${customer.mobileNumber}`;
  const sent = await khata.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
  const otp = (sent.json() as { developmentOtp?: string }).developmentOtp;
  if (sent.statusCode !== 200 || !otp) throw new Error(`sending the OTP failed: ${sent.statusCode} ${sent.body}`);
  const verified = await khata.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose: 'registration' } });
  const proof = verified.cookies.find((cookie) => cookie.name === 'otp_proof')?.value;
  if (verified.statusCode !== 200 || !proof) throw new Error(`verifying the OTP failed: ${verified.statusCode} ${verified.body}`);
  const registered = await khata.app.inject({
    method: 'POST', url: '/api/auth/customer/register', cookies: { otp_proof: proof },
    payload: { phoneNumber, name: customer.fullName, pin: customer.pin },
  });
  if (registered.statusCode !== 201) throw new Error(`registering the customer failed: ${registered.statusCode} ${registered.body}`);
}

// ---------------------------------------------------------------------------------------
// Shortcuts through the HTTP API, for the setup a journey is not about

/**
 * Calls the API over real HTTP (so codes carry the app's own origin, as in a browser),
 * with a session token when given; fails naming the call unless the status is `expected`.
 */
export async function callApi<T = unknown>(
  khata: RunningApp, method: 'GET' | 'POST', path: string,
  { token, body, headers: extraHeaders = {}, expected = method === 'POST' ? [200, 201] : [200] }:
    { token?: string; body?: unknown; headers?: Record<string, string>; expected?: number[] } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${khata.baseUrl}${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through the API and returns the session token. */
export async function apiSignIn(
  khata: RunningApp, role: 'customer' | 'business' | 'admin', credentials: { phoneNumber?: string; email?: string; pin: string },
): Promise<string> {
  const { sessionToken } = await callApi<{ sessionToken: string }>(khata, 'POST', `/api/auth/${role}/login`, { body: credentials });
  return sessionToken;
}

/** A customer made through the API (createCustomer), signed in: its session token. */
export async function createCustomerSession(
  khata: RunningApp, customer: { mobileNumber: string; fullName: string; pin: string },
): Promise<string> {
  await createCustomer(khata, customer);
  return apiSignIn(khata, 'customer', { phoneNumber: `+91${customer.mobileNumber}`, pin: customer.pin });
}

/** What a customer's "My Code" shows: GET /api/customer/qr. */
export function customerPaymentCode(khata: RunningApp, customerToken: string) {
  return callApi<{ qrData: string; paymentHandle: string; name: string; phoneNumber: string }>(
    khata, 'GET', '/api/customer/qr', { token: customerToken },
  );
}

/** A business registered through the API with the development OTP, still pending. */
export async function createBusiness(khata: RunningApp, business: BusinessDetails): Promise<{ token: string; businessId: string }> {
  const phoneNumber = `+91${business.mobileNumber}`;
  const sent = await khata.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
  const otp = (sent.json() as { developmentOtp?: string }).developmentOtp;
  if (sent.statusCode !== 200 || !otp) throw new Error(`sending the OTP failed: ${sent.statusCode} ${sent.body}`);
  const verified = await khata.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose: 'registration' } });
  const proof = verified.cookies.find((cookie) => cookie.name === 'otp_proof')?.value;
  if (verified.statusCode !== 200 || !proof) throw new Error(`verifying the OTP failed: ${verified.statusCode} ${verified.body}`);
  const registered = await khata.app.inject({
    method: 'POST', url: '/api/auth/business/register', cookies: { otp_proof: proof },
    payload: {
      phoneNumber, name: business.contactName, businessName: business.businessName, businessType: business.businessType,
      email: business.email, address: business.address, pin: business.pin,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`registering the business failed: ${registered.statusCode} ${registered.body}`);
  const token = (registered.json() as { sessionToken: string }).sessionToken;
  const me = await callApi<{ business: { id: string } | null }>(khata, 'GET', '/api/auth/me', { token });
  if (!me.business) throw new Error('the new business account has no business profile');
  return { token, businessId: me.business.id };
}

const shortcutAdmin = { email: 'shortcut.admin@khata.test', pin: '7391' };

/** Approves (or rejects) a business as an admin would, through the API. */
export async function decideBusiness(
  khata: RunningApp, businessId: string, action: 'approve' | 'reject', reason?: string,
): Promise<void> {
  await createAdmin(khata, shortcutAdmin.email, shortcutAdmin.pin);
  const token = await apiSignIn(khata, 'admin', shortcutAdmin);
  await callApi(khata, 'POST', '/api/admin/businesses/approve', { token, body: { businessIds: [businessId], action, reason } });
}

/** A business registered and approved through the API: its session token and id. */
export async function createApprovedBusiness(khata: RunningApp, business: BusinessDetails): Promise<{ token: string; businessId: string }> {
  const created = await createBusiness(khata, business);
  await decideBusiness(khata, created.businessId, 'approve');
  return created;
}

/** The merchant gives a customer (by payment handle) a credit limit, through the API. */
export async function grantCredit(khata: RunningApp, businessToken: string, paymentHandle: string, creditLimit: string): Promise<void> {
  await callApi(khata, 'POST', '/api/business/create-credit-account', { token: businessToken, body: { paymentHandle, creditLimit } });
}

export interface QrCodeView {
  id: string;
  qrData: string;
  amount: string | null;
  description: string | null;
  isDynamic: boolean;
  expiresAt: string;
  status: string;
}

/** A merchant QR code generated through the API (dynamic when `amount` is given). */
export function generateQrCode(
  khata: RunningApp, businessToken: string, options: { amount?: string; description?: string; expirationMinutes?: number } = {},
): Promise<QrCodeView> {
  return callApi<QrCodeView>(khata, 'POST', '/api/qr/generate', { token: businessToken, body: options });
}

/** The merchant's QR codes, newest first: GET /api/qr/business. */
export async function businessQrCodes(khata: RunningApp, businessToken: string): Promise<QrCodeView[]> {
  return (await callApi<{ qrCodes: QrCodeView[] }>(khata, 'GET', '/api/qr/business', { token: businessToken })).qrCodes;
}

/** A customer pays a merchant code through the API (amount for static codes only). */
export async function payByApi(
  khata: RunningApp, customerToken: string, payment: { qrData: string; pin: string; amount?: string },
): Promise<void> {
  await callApi(khata, 'POST', '/api/payments/process', {
    token: customerToken, body: payment, headers: { 'idempotency-key': randomBytes(12).toString('hex') },
  });
}

// ---------------------------------------------------------------------------------------
// The browser

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * Chromium whose only camera films `videoPath` (a Y4M file, see fake-camera.ts), with
 * camera permission granted without asking. Chromium reads the file at launch, so each
 * picture needs its own browser.
 */
export async function launchChromiumWithCamera(videoPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  });
}

/** What the page reported: console errors and uncaught exceptions. */
export interface PageProblems {
  consoleErrors: string[];
  uncaughtErrors: string[];
  /** Console errors that report a Content Security Policy violation. */
  cspViolations(): string[];
}

function watchProblems(page: Page): PageProblems {
  const consoleErrors: string[] = [];
  const uncaughtErrors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => uncaughtErrors.push(error.stack ?? error.message));
  return {
    consoleErrors,
    uncaughtErrors,
    cspViolations: () => consoleErrors.filter((text) => /Content Security Policy/i.test(text)),
  };
}

const problemsOfPage = new WeakMap<Page, PageProblems>();

function artifactName(testName: string): string {
  const slug = testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${slug}-${Date.now()}.png`;
}

interface Phone {
  page: Page;
  /** Screenshots a failed journey, closes the context and fails on CSP violations or crashes. */
  finish(task: { name: string; result?: { state?: string } }): Promise<void>;
}

async function newPhone(browser: Browser, baseUrl: string, camera = false): Promise<Phone> {
  const context: BrowserContext = await browser.newContext({
    ...phoneContext, baseURL: baseUrl, ...(camera ? { permissions: ['camera'] } : {}),
  });
  context.setDefaultTimeout(actionTimeoutMs);
  const page = await context.newPage();
  const problems = watchProblems(page);
  problemsOfPage.set(page, problems);
  return {
    page,
    async finish(task) {
      // Every journey, whatever it checks, also fails on a CSP violation or a crash.
      const faults = [...problems.cspViolations(), ...problems.uncaughtErrors];
      if (task.result?.state === 'fail' || faults.length > 0) {
        mkdirSync(artifactsDir, { recursive: true });
        const path = `${artifactsDir}/${artifactName(task.name)}`;
        await page.screenshot({ path, fullPage: true }).catch(() => {});
        console.error(`e2e: the failed journey ended at ${page.url()}; screenshot: ${path}`);
        const reported = [...problems.consoleErrors, ...problems.uncaughtErrors];
        if (reported.length) console.error(`e2e: the page reported:\n  ${reported.join('\n  ')}`);
      }
      await context.close();
      if (faults.length > 0) throw new Error(`the page reported CSP violations or uncaught errors:\n  ${faults.join('\n  ')}`);
    },
  };
}

interface JourneyFixtures {
  /** A fresh phone-sized page whose relative URLs go to the app. */
  page: Page;
  problems: PageProblems;
  /**
   * Another person's phone: a page in a context of its own (its own session). With
   * `cameraShowing`, the phone's camera films that text as a QR code (its own Chromium).
   * Checked and closed like `page` when the journey ends.
   */
  openPhone: (options?: { cameraShowing?: string }) => Promise<Page>;
}

interface FileFixtures {
  khata: RunningApp;
  browser: Browser;
}

/**
 * `journey(name, async ({ page, khata }) => …)`: a test with the app and browser of its
 * file and a page of its own. A failing journey leaves a screenshot in e2e/artifacts/.
 */
export const journey = test.extend<JourneyFixtures & FileFixtures>({
  khata: [
    async ({}, use) => {
      const khata = await startApp();
      await use(khata);
      await khata.close();
    },
    { scope: 'file' },
  ],
  browser: [
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  page: async ({ browser, khata, task }, use) => {
    const phone = await newPhone(browser, khata.baseUrl);
    await use(phone.page);
    await phone.finish(task);
  },
  openPhone: async ({ browser, khata, task }, use) => {
    const phones: Phone[] = [];
    const cameraBrowsers: Browser[] = [];
    let videoDir: string | undefined;
    await use(async (options = {}) => {
      let inBrowser = browser;
      if (options.cameraShowing !== undefined) {
        videoDir ??= mkdtempSync(join(tmpdir(), 'khata-e2e-camera-'));
        const videoPath = join(videoDir, `camera-${cameraBrowsers.length}.y4m`);
        writeQrY4m(options.cameraShowing, videoPath);
        inBrowser = await launchChromiumWithCamera(videoPath);
        cameraBrowsers.push(inBrowser);
      }
      const phone = await newPhone(inBrowser, khata.baseUrl, options.cameraShowing !== undefined);
      phones.push(phone);
      return phone.page;
    });
    const faults: unknown[] = [];
    for (const phone of phones) await phone.finish(task).catch((error: unknown) => faults.push(error));
    for (const cameraBrowser of cameraBrowsers) await cameraBrowser.close();
    if (videoDir) rmSync(videoDir, { recursive: true, force: true });
    if (faults.length > 0) throw faults[0];
  },
  problems: async ({ page }, use) => {
    await use(problemsOfPage.get(page)!);
  },
});
