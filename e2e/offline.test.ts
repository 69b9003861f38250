/**
 * Installable, and honest when offline (docs/product.md#offline): Chromium's installability check passes;
 * with the server stopped (Playwright's offline mode does not reach service-worker
 * fetches, so the real server goes away instead) the app shell loads from the service
 * worker's cache with the offline banner, a payment attempt is refused on screen, and
 * when the server returns on the same port and data nothing was paid or sent.
 * Also (docs/security.md, threat 17): the offline screen at /cust speaks, in English and Hindi; a sign-out without
 * a network completes at once and ends the session on the server when it is back; Back
 * after a sign-out never shows the signed-in page (Chromium's back/forward cache on).
 * And the last known figures: a customer's balances and history stay readable with the
 * time they were read, in the open app and in one started from the cache with the server
 * stopped, read-only, until a sign-out removes them; a counter session keeps none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type KhataApp } from '../server/app';
import { developmentSmsProvider } from '../server/sms/development';
import { testConfig } from '../server/test/config';
import type { CustomerCreditAccount } from '@common/api/types';
import {
  businessQrCodes, callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
} from './api-seeding';
import { startApp, type RunningApp } from './app-server';
import { chromiumPath, journeysDisabled, launchChromium } from './journey';
import { signOutWaitMs } from '@common/limits';
import {
  availableCredit, button, enterCodeManually, expectCustomerApp, expectCustomerLogin, expectMerchantHeader, expectToast, expectVisible,
  field, logOut, merchantTab, newMobileNumber, openProfile, openScanQr, rupees, signInAsCustomer, signInWithEmail, waitForPath,
} from './pages';
import { checkAccessibility } from './accessibility';
import { screenChecker } from './layout-checks';
import { translator } from './translations';

const offlineText = "You're offline. Payments and new QR codes need a connection.";
const offlineBanner = (scope: Page | Locator) => scope.getByRole('status').filter({ hasText: offlineText });
/** What the offline start says under the banner. */
const reopenText = 'Khata will open by itself when the connection is back.';
/** The message ids the offline start showed in their place. */
const messageIds = ['682VPi', '3WHR8k', 'KDw4GX'];
/** A sign-out made without a network, held for the server (web/src/lib/session.ts). */
const heldSignOutKey = 'khata.pendingSignOut';

/** Waits until the service worker controls `page`: it registers 10 s after load, then installs. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Where the app keeps the signed-in person's last known figures (web/src/lib/offline-cache.ts). */
const figuresKey = 'khata.offlineView';
/** When the kept figures were read, as the app dates them: "As of 27 Nov 2025, 6:40 pm". */
const asOfText = /^As of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/;
/** The kept figures' parts and the times they were read. */
async function keptFigures(page: Page): Promise<{ kind: string; userId: string; readAt: string[] } | null> {
  const text = await stored(page, figuresKey);
  if (text === null) return null;
  const { view } = JSON.parse(text) as { view: Record<string, { readAt?: string } | string> };
  const readAt = Object.values(view).flatMap((part) => (typeof part === 'object' && part.readAt ? [part.readAt] : []));
  return { kind: view.kind as string, userId: view.userId as string, readAt };
}

describe.skipIf(journeysDisabled)('offline', () => {
  let khata: RunningApp;
  /** The app listening now: the first one, then the one restarted on the same port and database. */
  let serving: KhataApp | null;
  let port: number;
  let profileDir: string;
  let context: BrowserContext;
  /** The merchant's phone: another browser, so its session does not replace the customer's. */
  let merchantBrowser: Browser;

  beforeAll(async () => {
    khata = await startApp();
    serving = khata.app;
    port = (khata.app.server.address() as AddressInfo).port;
    // A profile of its own: Chromium calls no app in an incognito context installable.
    profileDir = mkdtempSync(join(tmpdir(), 'khata-e2e-offline-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, baseURL: khata.baseUrl,
    });
    context.setDefaultTimeout(15_000);
    merchantBrowser = await launchChromium();
  });

  afterAll(async () => {
    await context?.close();
    await merchantBrowser?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    await serving?.close();
    await khata?.database.close();
  });

  /** Stops listening: connections refused, as when the server is down. The database stays. */
  async function stopServer(): Promise<void> {
    await serving!.close();
    serving = null;
  }

  /** The app listening now, for seeding and API calls (the first one may be closed). */
  const running = (): RunningApp => ({ ...khata, app: serving!, services: serving!.services });

  /** A page of the installed app at /cust with nobody signed in (an earlier journey may have left someone). */
  async function signedOutPage(): Promise<Page> {
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/cust');
    await page.evaluate(() => localStorage.removeItem('sessionToken'));
    await page.reload();
    return page;
  }

  /** The same app again, on the same port and database. */
  async function restartServer(): Promise<void> {
    const app = await buildApp({
      db: khata.database.db,
      config: testConfig({ webDir: inject('e2eWebDir'), eventStreamSeconds: 300 }),
      sms: developmentSmsProvider(() => {}),
    });
    await app.listen({ port, host: '127.0.0.1' });
    serving = app;
  }

  it('installs, opens from the cache with the server stopped, refuses to pay or make a QR code, and sent nothing when the server returns', async () => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Meena Iyer', businessName: 'Meena Stores', businessType: 'Retail',
      email: `offline.${Date.now()}@example.com`, address: '4 Anna Salai, Chennai', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Ravi Offline', pin: '4826' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '1000.00');
    const code = await generateQrCode(khata, merchantToken, { amount: '250.00' });

    const page = await context.newPage();
    const merchantContext = await merchantBrowser.newContext({ viewport: { width: 390, height: 844 }, baseURL: khata.baseUrl });
    merchantContext.setDefaultTimeout(15_000);
    const merchantPage = await merchantContext.newPage();
    const sent: Request[] = [];
    const apiPaths: string[] = [];
    const watch = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiPaths.push(path);
      if (/^\/api\/(qr\/validate|qr\/generate|payments\/)/.test(path)) sent.push(request);
    };
    context.on('request', watch);
    merchantContext.on('request', watch);

    // The merchant's app is open on its QR Codes tab.
    await signInWithEmail(merchantPage, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(merchantPage, merchant.businessName, 'Approved');
    await merchantTab(merchantPage, 'QR Codes').click();
    await expectVisible(button(merchantPage, 'Generate New QR Code'), 'the QR Codes tab');

    // (a) The manifest and the worker pass Chromium's installability check.
    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    // The worker registers 10 s after load (web/src/lib/register-service-worker.ts), then installs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Khata', short_name: 'Khata', start_url: '/', display: 'standalone' });
    await expect.poll(() => availableCredit(page).innerText()).toBe(rupees(1000));

    // The worker cached the build and never an /api answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

    // (b) The server stops: the open apps say so (their live streams dropped) …
    await stopServer();
    await expectVisible(offlineBanner(page), 'the offline banner in the open customer app');
    await expectVisible(offlineBanner(merchantPage), 'the offline banner in the open merchant app');

    // … the merchant's new QR code is refused on screen, before any request (the full-screen
    // generator shows the banner too) …
    await button(merchantPage, 'Generate New QR Code').click();
    const generator = merchantPage.getByRole('dialog', { name: 'QR Code Generator' });
    await expectVisible(offlineBanner(generator), 'the offline banner in the QR Code Generator');
    await button(generator, 'Generate QR Code').click();
    await expectToast(merchantPage, "You're offline", 'Connect to make a new QR code.');

    // (c) … and refuses a payment on screen, before any request.
    const overlay = await openScanQr(page);
    await expectVisible(offlineBanner(overlay), 'the offline banner in the Scan QR overlay');
    await enterCodeManually(overlay, code.qrData);
    await expectToast(page, "You're offline", 'Connect to pay.');
    await expect.poll(() => overlay.getByRole('button', { name: 'Continue to PIN' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // A reload comes from the worker's cache: the shell, the banner and a way to retry.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectVisible(offlineBanner(page), 'the offline banner on the reloaded shell');
    await expectVisible(button(page, 'Try again'), 'Try again on the reloaded shell');

    // (d) The server returns on the same port and data: the app opens by itself, and
    // after a few seconds nothing was sent and nothing paid.
    await restartServer();
    await expectCustomerApp(page, customer.fullName);
    await expect.poll(() => availableCredit(page).innerText()).toBe(rupees(1000));
    await page.waitForTimeout(5_000);
    expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    // The listener does see the page's requests (those the app made after the restart).
    expect(apiPaths.filter((path) => path === '/api/auth/me').length).toBeGreaterThanOrEqual(2);
    const { transactions } = await callApi<{ transactions: unknown[] }>(khata, 'GET', '/api/transactions/customer', { token: customerToken });
    expect(transactions).toEqual([]);
    expect((await businessQrCodes(khata, merchantToken)).map((qr) => qr.id)).toEqual([code.id]);
    // The merchant's open app found the server again by itself (its probe), with no reload.
    await expect.poll(() => offlineBanner(generator).count(), { timeout: 15_000 }).toBe(0);
    await merchantContext.close();
    await expect(offlineBanner(page).count()).resolves.toBe(0);
  }, 120_000);

  it('signs out at once without a network, and the server ends that session first thing when it is back', async () => {
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Asha Offline', pin: '5173' };
    await createCustomerSession(running(), customer);
    const page = await signedOutPage();
    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    await serviceWorkerInControl(page);
    const token = await stored(page, 'sessionToken');
    expect(token).toBeTruthy();
    await openProfile(page);

    // The server stops: the open app says so, and Logout still completes, at once.
    await stopServer();
    await expectVisible(offlineBanner(page), 'the offline banner in the open customer app');
    const startedAt = Date.now();
    await button(page, 'Logout').click();
    await waitForPath(page, '/cust');
    await expectVisible(field(page, 'Mobile Number'), 'the customer login after an offline sign-out');
    expect(Date.now() - startedAt, 'the sign-out waited for a network').toBeLessThan(signOutWaitMs);
    expect(await stored(page, 'sessionToken')).toBeNull();
    // The server must still end the session (its cookie is HttpOnly, so only the server can);
    // the phone keeps only that it must, never the token the next person could copy.
    expect(await stored(page, heldSignOutKey)).not.toBeNull();
    const storage = await page.evaluate(() => Object.keys(localStorage).map((key) => localStorage.getItem(key)));
    expect(storage.filter((value) => value?.includes(token!))).toEqual([]);
    await expect(page.getByRole('heading', { name: customer.fullName, exact: true }).count()).resolves.toBe(0);

    // The server returns: the held sign-out goes before anything else the page asks.
    const asked: Request[] = [];
    const watch = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && path !== '/api/health/live') asked.push(request);
    };
    context.on('request', watch);
    await restartServer();
    await expect.poll(() => stored(page, heldSignOutKey), { timeout: 30_000 }).toBeNull();
    context.off('request', watch);
    const heldSignOut = asked[0]!;
    expect(`${heldSignOut.method()} ${new URL(heldSignOut.url()).pathname}`).toBe('POST /api/auth/logout');
    // Named by the session cookie alone: no token was kept to send.
    expect(await heldSignOut.headerValue('authorization')).toBeNull();
    // The old token is refused: the session ended on the server, not only on the phone …
    await callApi(running(), 'GET', '/api/auth/me', { token: token!, expected: [401] });
    // … and the browser's cookie went with it: a reload is signed out.
    await page.reload();
    await expectCustomerLogin(page);
    await page.close();
  }, 120_000);

  it('shows the offline start at /cust in words, in English and in Hindi', async () => {
    const page = await signedOutPage();
    await expectVisible(field(page, 'Mobile Number'), 'the customer login');
    await serviceWorkerInControl(page);

    await stopServer();
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectVisible(offlineBanner(page), 'the offline banner at /cust');
    await expectVisible(page.getByText(reopenText, { exact: true }), 'what the offline start says');
    await expectVisible(button(page, 'Try again'), 'Try again at /cust');
    const englishText = await page.locator('body').innerText();
    for (const id of messageIds) expect(englishText).not.toContain(id);

    // In Hindi, chosen on this phone: the same screen, every text in Hindi.
    const tr = translator('hi');
    await page.evaluate(() => localStorage.setItem('khata.language', 'hi'));
    try {
      expect((await page.reload())?.fromServiceWorker()).toBe(true);
      await expectVisible(page.getByRole('status').filter({ hasText: tr(offlineText) }), 'the offline banner in Hindi');
      await expectVisible(page.getByText(tr(reopenText), { exact: true }), 'what the offline start says, in Hindi');
      await expectVisible(button(page, tr('Try again')), 'Try again in Hindi');
      const hindiText = await page.locator('body').innerText();
      for (const english of [offlineText, reopenText, 'Try again', ...messageIds]) expect(hindiText).not.toContain(english);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

      // The server returns: the login opens by itself, in Hindi.
      await restartServer();
      await expectVisible(button(page, tr('Sign In')), 'the login in Hindi once the server is back');
    } finally {
      await page.evaluate(() => localStorage.setItem('khata.language', 'en'));
      if (!serving) await restartServer();
    }
    await page.close();
  }, 120_000);

  it('never shows the signed-in page on Back after a sign-out, from the back/forward cache either', async () => {
    // Playwright turns Chromium's back/forward cache off by default; a phone has it on.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: khata.baseUrl });
      phone.setDefaultTimeout(15_000);
      // Which pages came back from the back/forward cache, kept across the reload that follows.
      await phone.addInitScript(() => {
        addEventListener('pageshow', (event) => {
          if (event.persisted) sessionStorage.setItem('restoredFromCache', location.pathname);
        });
      });
      const customer = { mobileNumber: newMobileNumber(), fullName: 'Kavya Back', pin: '6284' };
      await createCustomerSession(running(), customer);
      const page = await phone.newPage();
      await signInAsCustomer(page, customer.mobileNumber, customer.pin);
      await expectCustomerApp(page, customer.fullName);
      // A page of its own in the history (a document, not the app's own navigation), as
      // opening Khata from its icon or a link gives.
      await page.goto('/');
      await expectCustomerApp(page, customer.fullName);
      await openProfile(page);
      await logOut(page, '/cust');

      // A page restored from the cache has no load event to wait for.
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('restoredFromCache')), {
        message: 'Chromium brought the signed-in page back from its back/forward cache',
      }).toBe('/');
      await expectCustomerLogin(page);
      await expect(page.getByRole('heading', { name: customer.fullName, exact: true }).count()).resolves.toBe(0);
    } finally {
      await browser.close();
    }
  }, 120_000);
  it("shows the customer's last known balances and history with the time read, open and started with the server stopped, read-only, and none after sign-out", async () => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Kumar Swamy', businessName: 'Kumar Kirana', businessType: 'Retail',
      email: `offline.figures.${Date.now()}@example.com`, address: '9 Gandhi Road, Madurai', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Lakshmi Figures', pin: '5183' };
    const { token: merchantToken } = await createApprovedBusiness(running(), merchant);
    const customerToken = await createCustomerSession(running(), customer);
    await grantCredit(running(), merchantToken, (await customerPaymentCode(running(), customerToken)).paymentHandle, '1000.00');
    const code = await generateQrCode(running(), merchantToken, { amount: '250.00' });
    const payment = await payByApi(running(), customerToken, { qrData: code.qrData, pin: customer.pin });
    const [account] = (await callApi<{ creditAccounts: CustomerCreditAccount[] }>(running(), 'GET', '/api/credit-accounts/customer', { token: customerToken })).creditAccounts;
    const available = rupees(Number(account!.currentBalance));
    const owed = rupees(Number(account!.owed));
    const total = rupees(Number(payment.totalAmount));

    const page = await signedOutPage();
    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    await expect.poll(() => availableCredit(page).innerText()).toBe(available);
    await serviceWorkerInControl(page);
    const signedInAt = Date.now();
    // The app kept what its home fetched: the accounts and the history, with when they were read.
    await expect.poll(async () => (await keptFigures(page))?.readAt.length, { message: 'the figures kept for offline' }).toBe(2);
    const kept = (await keptFigures(page))!;
    expect(kept.kind).toBe('customer');

    // (a) The server stops with the app open: the banner says when what it shows was read, and it stays.
    await stopServer();
    const banner = offlineBanner(page);
    await expectVisible(banner, 'the offline banner in the open customer app');
    await expect.poll(() => banner.innerText()).toMatch(/Balances and history as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/);
    expect(await availableCredit(page).innerText()).toBe(available);

    // (b) Started again from the worker's cache with the server still stopped: the kept figures, read-only.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectVisible(page.getByRole('heading', { name: customer.fullName, level: 1, exact: true }), "the customer's name over the kept figures");
    await expectVisible(page.getByText('Your last known figures. Paying and paying back are unavailable offline.', { exact: true }), 'that paying is unavailable');
    const credit = page.getByRole('region', { name: 'Available Credit', exact: true });
    await expectVisible(credit.getByText(available, { exact: true }), 'the available credit kept');
    const merchants = page.getByRole('region', { name: 'My Merchants', exact: true });
    await expect.poll(() => merchants.getByRole('listitem').innerText()).toContain(merchant.businessName);
    expect(await merchants.getByRole('listitem').innerText()).toContain(owed);
    const history = page.getByRole('region', { name: 'Transaction History', exact: true });
    await expectVisible(history.getByRole('article', { name: `Payment ${merchant.businessName}`, exact: true }), 'the payment in the kept history');
    expect(await history.getByRole('article').innerText()).toContain(total);
    // Each part says when it was read: after the payment, before the server stopped.
    for (const part of [credit, merchants, history]) {
      const asOf = part.locator('p', { hasText: /^As of / }).first();
      expect(await asOf.innerText()).toMatch(asOfText);
      const readAt = Date.parse((await asOf.locator('time').getAttribute('datetime'))!);
      expect(readAt).toBeGreaterThanOrEqual(Date.parse(payment.createdAt));
      expect(readAt).toBeLessThanOrEqual(signedInAt + 60_000);
    }
    // Nothing to tap that needs the server but Try again, which asks it.
    expect(await page.getByRole('button').allInnerTexts()).toEqual(['Try again']);
    await checkAccessibility(page, 'the kept figures offline');
    await screenChecker('en').check(page, 'offline-figures');
    // In Tamil, the longest of the three, the same screen fits at 360 px, every text in Tamil.
    await page.evaluate(() => localStorage.setItem('khata.language', 'ta'));
    try {
      expect((await page.reload())?.fromServiceWorker()).toBe(true);
      await expectVisible(page.getByRole('heading', { name: customer.fullName, level: 1, exact: true }), 'the kept figures in Tamil');
      await expectVisible(page.getByRole('region', { name: translator('ta')('Transaction History'), exact: true }), 'the kept history in Tamil');
      await screenChecker('ta').check(page, 'offline-figures');
    } finally {
      await page.evaluate(() => localStorage.setItem('khata.language', 'en'));
    }
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: customer.fullName, level: 1, exact: true }), 'the kept figures in English again');

    // (c) The server returns: the app opens by itself. Logout removes the figures with the session.
    await restartServer();
    await expectCustomerApp(page, customer.fullName);
    await openProfile(page);
    await logOut(page, '/cust');
    expect(await stored(page, figuresKey)).toBeNull();

    // (d) Offline again: the plain notice, nothing of the customer's.
    await stopServer();
    try {
      expect((await page.reload())?.fromServiceWorker()).toBe(true);
      await expectVisible(button(page, 'Try again'), 'Try again at the offline start after sign-out');
      expect(await page.getByRole('heading').count()).toBe(0);
      const text = await page.locator('body').innerText();
      for (const gone of [customer.fullName, merchant.businessName, available, 'As of']) expect(text).not.toContain(gone);
    } finally {
      await restartServer();
    }
    await page.close();
  }, 180_000);

  it('keeps a shop\'s figures, and none once it becomes a counter: the counter starts offline with the notice alone', async () => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Farida Khan', businessName: 'Khan Bakery', businessType: 'Retail',
      email: `offline.counter.${Date.now()}@example.com`, address: '3 Charminar Road, Hyderabad', pin: '3971',
    };
    await createApprovedBusiness(running(), merchant);
    const page = await signedOutPage();
    try {
      await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
      await expectMerchantHeader(page, merchant.businessName, 'Approved');
      await serviceWorkerInControl(page);
      // The shop's dashboard figures are kept for its person …
      await expect.poll(async () => (await keptFigures(page))?.kind, { message: "the shop's figures kept" }).toBe('shop');

      // … and go the moment the phone becomes the counter; the counter keeps none.
      await button(page, 'Counter mode').click();
      const start = page.getByRole('dialog', { name: 'Start counter mode', exact: true });
      await field(start, 'Enter your PIN').fill(merchant.pin);
      await button(start, 'Start counter mode').click();
      const counter = page.getByRole('dialog', { name: 'Counter mode', exact: true });
      await expectVisible(counter, 'counter mode');
      await expect.poll(() => stored(page, figuresKey), { message: 'the figures removed for the counter' }).toBeNull();
      await page.waitForTimeout(3_000);
      expect(await stored(page, figuresKey)).toBeNull();

      // Started offline, the counter shows the notice alone.
      await stopServer();
      try {
        expect((await page.reload())?.fromServiceWorker()).toBe(true);
        await expectVisible(page.getByText(reopenText, { exact: true }), 'the offline notice on the counter');
        expect(await page.getByRole('heading').count()).toBe(0);
        expect(await page.locator('body').innerText()).not.toContain(merchant.businessName);
        expect(await stored(page, figuresKey)).toBeNull();
      } finally {
        await restartServer();
      }
      await expectVisible(counter, 'counter mode again once the server is back');
      expect(await stored(page, figuresKey)).toBeNull();
    } finally {
      // The next journey starts with a phone that is no counter.
      await page.evaluate(() => localStorage.removeItem('khata.counterDevice'));
      await page.close();
    }
  }, 120_000);
});
