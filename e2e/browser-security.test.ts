/**
 * The browser side of the threat model (docs/security.md, threat 9): security headers
 * on every route, hostile text shown as text and never run in real Chromium, and a
 * state-changing request carrying only the session cookie from another origin refused.
 * Each journey logs a one-line figure.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiSignIn, callApi, createBusiness, createCustomer, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi } from './api-seeding';
import { startApp, type RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  button, customerCard, enterCodeManually, expectAdminHeader, expectMerchantHeader, expectToast, expectVisible, field,
  merchantEntry, merchantTab, newMobileNumber, openApplications, openBusinessApprovals, openProfile, openScanQr,
  reviewApplication, signInAsCustomer, signInWithEmail,
} from './pages';

// ---------------------------------------------------------------------------------------
// 1. Headers

const nonLeakingReferrerPolicies = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** What is wrong with one response's security headers ('' when nothing is). */
function missingHeaders(headers: Headers, hsts: 'absent' | 'present'): string[] {
  const missing: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  if (!/(^|;)\s*frame-ancestors 'none'\s*(;|$)/.test(csp)) missing.push(`CSP frame-ancestors 'none' (CSP: ${csp || 'none'})`);
  if (!/(^|;)\s*script-src 'self'\s*(;|$)/.test(csp)) missing.push(`CSP script-src 'self' (CSP: ${csp || 'none'})`);
  if (headers.get('x-content-type-options') !== 'nosniff') missing.push(`X-Content-Type-Options nosniff (got ${headers.get('x-content-type-options')})`);
  if (!nonLeakingReferrerPolicies.includes(headers.get('referrer-policy') ?? '')) missing.push(`Referrer-Policy (got ${headers.get('referrer-policy')})`);
  if (!/^(deny|sameorigin)$/i.test(headers.get('x-frame-options') ?? '')) missing.push(`X-Frame-Options (got ${headers.get('x-frame-options')})`);
  const sts = headers.get('strict-transport-security');
  if (hsts === 'absent' && sts !== null) missing.push(`no HSTS over plain HTTP (got ${sts})`);
  if (hsts === 'present' && !/max-age=\d{7,}/.test(sts ?? '')) missing.push(`HSTS behind https (got ${sts})`);
  return missing;
}

interface Probe {
  method: string;
  path: string;
  what: string;
}

/** Every registered route as one request: path parameters and wildcards filled in. */
function routeProbes(routes: RouteOptions[]): Probe[] {
  const probes: Probe[] = [];
  for (const route of routes) {
    const path = route.url
      .replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000')
      .replace(/\*/g, 'any/where');
    for (const method of [route.method].flat()) probes.push({ method, path, what: `route ${method} ${route.url}` });
  }
  return probes;
}

async function sendProbe(baseUrl: string, probe: Probe): Promise<Headers> {
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(probe.method);
  const response = await fetch(`${baseUrl}${probe.path}`, {
    method: probe.method,
    redirect: 'manual',
    headers: withBody ? { 'content-type': 'application/json' } : {},
    body: withBody ? '{}' : undefined,
  });
  await response.arrayBuffer();
  return response.headers;
}

// ---------------------------------------------------------------------------------------
// 2. Hostile text

const hostile = (n: number) => `<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n + 1}</script>`;

/**
 * Watches a page for anything hostile text could make it do: dialogs, and CSP violations
 * (as the console and the securitypolicyviolation event report them; an injected
 * `onerror` attribute is blocked by script-src but still reported).
 */
async function watchForExecution(page: Page) {
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  let screens = 0;
  return {
    get screens() {
      return screens;
    },
    /** On the screen `name`, every text in `texts` shows literally and nothing ran. */
    async expectInert(name: string, texts: string[], scope: Page | ReturnType<Page['locator']> = page) {
      for (const text of texts) await expectVisible(scope.getByText(text), `the hostile text ${text} shown literally on ${name}`);
      const state = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: unknown }).__xss,
        injectedImages: document.querySelectorAll('img[src="x"]').length,
        injectedScripts: [...document.scripts].filter((script) => script.text.includes('__xss')).length,
        violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      }));
      expect(state.xss, `window.__xss on ${name}`).toBeUndefined();
      expect(state.injectedImages, `<img src=x> elements parsed from text on ${name}`).toBe(0);
      expect(state.injectedScripts, `<script> elements parsed from text on ${name}`).toBe(0);
      expect(state.violations, `CSP violations reported on ${name}`).toEqual([]);
      expect(cspConsole, `CSP violations in the console on ${name}`).toEqual([]);
      expect(dialogs, `dialogs opened on ${name}`).toEqual([]);
      screens += 1;
    },
  };
}

// ---------------------------------------------------------------------------------------
// 3. Cross-origin writes

/** A tiny site on another port of 127.0.0.1: another origin, the same site for cookies. */
async function startEvilSite(pages: Record<string, string>): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const page = pages[request.url ?? ''];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const sessionCookieOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'session')?.value;

describe.skipIf(journeysDisabled)('browser security', () => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- naming the fixture starts the app for this test
  journey('every route, asset and 404 carries the security headers; HSTS only behind https', async ({ khata }) => {
    const routes: RouteOptions[] = [];
    const httpsRoutes: RouteOptions[] = [];
    const plain = await startApp({ onRoute: (route) => void routes.push(route) });
    const https = await startApp({ config: { publicUrl: 'https://khata.example' }, onRoute: (route) => void httpsRoutes.push(route) });
    try {
      const apiRoutes = routes.filter((route) => route.url.startsWith('/api'));
      expect(apiRoutes.length, 'the API routes the app registered').toBeGreaterThan(20);
      expect(apiRoutes.some((route) => route.url.includes('/:')), 'an API route with a path parameter').toBe(true);
      expect(httpsRoutes.length, 'both apps register the same routes').toBe(routes.length);

      const index = await (await fetch(`${plain.baseUrl}/`)).text();
      const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(index)?.[1];
      expect(asset, 'a hashed asset referenced by index.html').toBeDefined();

      const probes: Probe[] = [
        ...['/', '/cust', '/merchant', '/admin', '/dashboard', '/pay/AbCdEfGhIjKlMnOpQrStUv', '/no/such/page']
          .map((path) => ({ method: 'GET', path, what: `SPA route ${path}` })),
        { method: 'GET', path: asset!, what: 'a hashed asset' },
        { method: 'GET', path: '/assets/missing-0123abcd.js', what: '404: a missing asset' },
        { method: 'GET', path: '/api/no/such/endpoint', what: '404: an unknown API path' },
        { method: 'POST', path: '/api/no/such/endpoint', what: '404: an unknown API path by POST' },
        { method: 'DELETE', path: '/cust', what: '404: a method nobody serves' },
        { method: 'GET', path: '/api/qr/validate/%E0%A4%A', what: 'a malformed URL' },
        ...apiRoutes.filter((route) => route.url.includes('/:')).slice(0, 1).map((route) => ({
          method: [route.method].flat()[0]!, what: 'an over-long path parameter',
          path: route.url.replace(/:[A-Za-z0-9_]+/, 'a'.repeat(500)),
        })),
        ...routeProbes(routes),
      ];

      const failures: string[] = [];
      for (const [app, hsts] of [[plain, 'absent'], [https, 'present']] as const) {
        for (const probe of probes) {
          const missing = missingHeaders(await sendProbe(app.baseUrl, probe), hsts);
          if (missing.length) failures.push(`${probe.what} (${hsts === 'present' ? 'https publicUrl' : 'plain HTTP'}): ${missing.join('; ')}`);
        }
      }
      console.log(`browser security: ${probes.length * 2} routes checked (${probes.length} on each app, ${apiRoutes.length} API routes), ${failures.length} missing headers`);
      expect(failures, 'responses missing a security header').toEqual([]);
    } finally {
      await plain.close();
      await https.close();
    }
  });

  journey('script in a business name, a customer name and a QR description is shown as text, never run', async ({ page: adminPage, khata, openPhone }) => {
    const business = {
      mobileNumber: newMobileNumber(),
      contactName: hostile(10),
      businessName: hostile(1),
      businessType: 'Retail',
      email: `hostile.${Date.now()}@example.com`,
      address: '1 Linking Road, Mumbai',
      pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: hostile(3), pin: '4826' };
    const description = hostile(5);
    const admin = { email: 'xss.admin@khata.test', pin: '7391' };

    const { token: businessToken } = await createBusiness(khata, business);
    await khata.services.auth.ensureAdmin(admin.email, admin.pin);

    // The admin: Overview, the pending application, its review, the approved list, All Businesses.
    const adminWatch = await watchForExecution(adminPage);
    await signInWithEmail(adminPage, '/admin', admin.email, admin.pin);
    await expectAdminHeader(adminPage, admin.email);
    await adminWatch.expectInert('admin Overview', [business.businessName],
      adminPage.getByRole('list', { name: 'Recent Applications' }));
    await openBusinessApprovals(adminPage, 1);
    await adminWatch.expectInert('admin pending approvals', [business.businessName], await openApplications(adminPage, 'Pending'));
    const dialog = await reviewApplication(adminPage, business.businessName);
    await adminWatch.expectInert('admin Review Application dialog', [business.businessName, business.contactName], dialog);
    await button(dialog, 'Approve').click();
    await expectToast(adminPage, 'Success', 'Business applications updated successfully');
    await adminWatch.expectInert('admin approved businesses', [business.businessName], await openApplications(adminPage, 'Approved'));
    await adminPage.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'All Businesses', exact: true }).click();
    await adminWatch.expectInert('admin All Businesses', [business.businessName]);

    // A customer with credit there, one payment of a code with the hostile description, and one code unpaid.
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, businessToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '1000.00');
    const paid = await generateQrCode(khata, businessToken, { amount: '100', description });
    await payByApi(khata, customerToken, { qrData: paid.qrData, pin: customer.pin });
    const unpaid = await generateQrCode(khata, businessToken, { amount: '50', description });

    // The merchant: header, Dashboard (customers, recent payments), History, QR Codes, Settings.
    const merchantPage = await openPhone();
    const merchantWatch = await watchForExecution(merchantPage);
    await signInWithEmail(merchantPage, '/merchant', business.email, business.pin);
    await expectMerchantHeader(merchantPage, business.businessName, 'Approved');
    await merchantWatch.expectInert('merchant header', [business.businessName], merchantPage.locator('header'));
    await merchantWatch.expectInert('merchant Customers list', [customer.fullName], customerCard(merchantPage, customer.fullName));
    await merchantWatch.expectInert('merchant Recent Payments', [customer.fullName],
      merchantEntry(merchantPage.getByRole('region', { name: 'Recent Payments' }), 'Payment', customer.fullName));
    await merchantTab(merchantPage, 'History').click();
    await merchantWatch.expectInert('merchant History', [customer.fullName, description],
      merchantEntry(merchantPage.getByRole('region', { name: 'All Transactions' }), 'Payment', customer.fullName));
    await merchantTab(merchantPage, 'QR Codes').click();
    await merchantWatch.expectInert('merchant QR Codes list', [description], merchantPage.getByRole('region', { name: 'Active QR Codes' }));
    await merchantTab(merchantPage, 'Settings').click();
    await merchantWatch.expectInert('merchant Settings', [business.businessName], merchantPage.locator('main'));

    // The customer: Home, My Merchants, history, the payment code sheet, the confirm step, Profile.
    const customerPage = await openPhone();
    const customerWatch = await watchForExecution(customerPage);
    await signInAsCustomer(customerPage, customer.mobileNumber, customer.pin);
    await customerWatch.expectInert('customer Home greeting', [customer.fullName],
      customerPage.getByRole('heading', { name: customer.fullName, exact: true }));
    await customerWatch.expectInert('customer My Merchants', [business.businessName],
      customerPage.getByRole('region', { name: 'My Merchants' }));
    await customerWatch.expectInert('customer Transaction History', [business.businessName],
      customerPage.getByRole('region', { name: 'Transaction History' })
        .getByRole('article', { name: `Payment ${business.businessName}`, exact: true }));
    await button(customerPage, 'My Code Receive Payment').click();
    const codeSheet = customerPage.getByRole('dialog', { name: 'My Payment Code' });
    await customerWatch.expectInert('customer My Payment Code sheet', [customer.fullName], codeSheet);
    await customerPage.keyboard.press('Escape');
    const overlay = await openScanQr(customerPage);
    await enterCodeManually(overlay, unpaid.qrData);
    await customerWatch.expectInert('customer payment confirm step', [business.businessName, description],
      overlay.getByRole('form', { name: 'Confirm payment' }));
    await button(overlay, 'Close').click();
    await openProfile(customerPage);
    await customerWatch.expectInert('customer Profile', [customer.fullName], customerPage.locator('main'));

    const screens = adminWatch.screens + merchantWatch.screens + customerWatch.screens;
    console.log(`browser security: ${screens} screens with hostile text, 0 executions`);
  });

  journey('a write carrying only the session cookie from another origin is refused', async ({ page }) => {
    // An app of this journey's own, which notes what every API request carried and got.
    const seen: ServerSaw[] = [];
    const khata = await startApp({ onRoute: (route) => recordAnswers(route, seen) });
    try {
      await crossOriginJourney(page, khata, seen);
    } finally {
      await khata.close();
    }
  });
});

interface ServerSaw {
  method: string;
  url: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  sessionCookie: boolean;
  bearer: boolean;
  status: number;
  body: string;
}

/** Adds route hooks that note each request's Origin, cookie and answer into `seen`. */
function recordAnswers(route: RouteOptions, seen: ServerSaw[]): void {
  if (!route.url.startsWith('/api')) return;
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const header = (name: string) => [request.headers[name]].flat()[0];
    seen.push({
      method: request.method,
      url: request.url,
      origin: header('origin'),
      secFetchSite: header('sec-fetch-site'),
      sessionCookie: /(^|;\s*)session=/.test(header('cookie') ?? ''),
      bearer: header('authorization') !== undefined,
      status: reply.statusCode,
      body: typeof payload === 'string' ? payload : '',
    });
    return payload;
  };
  route.onSend = [...[route.onSend ?? []].flat(), onSend] as RouteOptions['onSend'];
}

async function crossOriginJourney(page: Page, khata: RunningApp, seen: ServerSaw[]): Promise<void> {
  const customer = { mobileNumber: newMobileNumber(), fullName: 'Farah Khan', pin: '4826' };
  const newPin = '5937';
  const phoneNumber = `+91${customer.mobileNumber}`;
  const appOrigin = khata.baseUrl;
  await createCustomer(khata, customer);

  // Signed in in the browser: the server set the session cookie, the app keeps the token.
  await page.goto(`${appOrigin}/cust`);
  await field(page, 'Mobile Number').fill(customer.mobileNumber);
  await field(page, 'PIN').fill(customer.pin);
  await button(page, 'Sign In').click();
  await expectVisible(page.getByRole('heading', { name: customer.fullName, exact: true }), 'the customer home');
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      if (/^[A-Za-z0-9_-]{40,}$/.test(value)) return value;
    }
    return undefined;
  });
  const cookie = await sessionCookieOf(page);
  expect(cookie, 'the server set the session cookie at sign-in').toBeDefined();
  expect(token, 'the token the app keeps in localStorage is the cookie\'s').toBe(cookie);

  const changePin = JSON.stringify({ currentPin: customer.pin, newPin, confirmPin: newPin });
  const evil = await startEvilSite({
    // Simple requests (no preflight): the browser sends them with the cookie and only hides the answer.
    '/fetch': `<!doctype html><script>
      window.__done = (async () => {
        const results = [];
        for (const [path, init] of [
          ['/api/auth/logout', { method: 'POST', credentials: 'include' }],
          ['/api/customer/change-pin', { method: 'POST', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(changePin)} }],
          ['/api/auth/change-pin', { method: 'POST', credentials: 'include', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(changePin)} }],
        ]) {
          try { const r = await fetch('${appOrigin}' + path, init); results.push(path + ' ' + r.status); }
          catch (e) { results.push(path + ' ' + e.name); }
        }
        return results;
      })();
    </script>`,
    '/form-urlencoded': `<!doctype html><body>
      <form method="POST" action="${appOrigin}/api/customer/change-pin">
        <input name="currentPin" value="${customer.pin}"><input name="newPin" value="${newPin}"><input name="confirmPin" value="${newPin}">
      </form><script>document.forms[0].submit()</script></body>`,
    // The JSON-in-a-text/plain-form trick: the body reads {"currentPin":…,"x":"="}.
    '/form-json': `<!doctype html><body>
      <form method="POST" enctype="text/plain" action="${appOrigin}/api/customer/change-pin">
        <input name='{"currentPin":"${customer.pin}","newPin":"${newPin}","confirmPin":"${newPin}","x":"' value='"}'>
      </form><script>document.forms[0].submit()</script></body>`,
  });

  // The other origin's page, in the same context: the cookie is there.
  try {
    const attacker = await page.context().newPage();
    await attacker.goto(`${evil.origin}/fetch`);
    const fetchResults = await attacker.evaluate(() => (window as unknown as { __done: Promise<string[]> }).__done);
    expect(fetchResults.filter((result) => / 2\d\d$/.test(result)), 'fetches the other origin saw succeed').toEqual([]);
    for (const path of ['/form-urlencoded', '/form-json']) {
      const landed = attacker.waitForURL(`${appOrigin}/api/customer/change-pin`, { waitUntil: 'commit' });
      await attacker.goto(`${evil.origin}${path}`);
      await landed;
    }
    await attacker.close();
  } finally {
    evil.server.close();
  }

  const fromBrowser = seen.filter((request) => request.origin === evil.origin);
  expect(fromBrowser.map((request) => `${request.method} ${request.url}`).sort(), 'the cross-origin writes that reached the app').toEqual([
    'POST /api/auth/change-pin', 'POST /api/auth/logout', 'POST /api/customer/change-pin', 'POST /api/customer/change-pin',
    'POST /api/customer/change-pin',
  ]);
  for (const request of fromBrowser) {
    // 127.0.0.1 on two ports: the same site, so SameSite=Strict lets the cookie through and the server's check must refuse.
    expect(request.sessionCookie, `the session cookie came with ${request.url}`).toBe(true);
    expect(request.bearer, `no Bearer token with ${request.url}`).toBe(false);
    expect(request.status, `${request.url} from ${evil.origin}: ${request.body}`).toBe(403);
    expect(JSON.parse(request.body), `the refusal of ${request.url}`).toMatchObject({ code: 'origin_refused' });
  }

  // The same writes from Node, the cookie sent explicitly with a foreign Origin (or a browser's cross-site marks).
  const nodeAttempts: { path: string; headers: Record<string, string>; body?: string }[] = [];
  const foreignMarks: Record<string, string>[] = [
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { origin: `http://localhost:${new URL(appOrigin).port}` },
    { origin: 'http://127.0.0.1.evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];
  for (const foreign of foreignMarks) {
    nodeAttempts.push({ path: '/api/auth/logout', headers: foreign });
    nodeAttempts.push({ path: '/api/customer/change-pin', headers: { ...foreign, 'content-type': 'application/json' }, body: changePin });
  }
  for (const attempt of nodeAttempts) {
    const response = await fetch(`${appOrigin}${attempt.path}`, {
      method: 'POST', headers: { cookie: `session=${cookie}`, ...attempt.headers }, body: attempt.body,
    });
    const text = await response.text();
    expect(response.status, `${attempt.path} with ${JSON.stringify(attempt.headers)}: ${text}`).toBe(403);
    expect(JSON.parse(text), `${attempt.path} with ${JSON.stringify(attempt.headers)}`).toMatchObject({ code: 'origin_refused' });
  }

  // Nothing happened: the session works (by token and by cookie) and the old PIN still signs in.
  await callApi(khata, 'GET', '/api/auth/me', { token });
  const byCookie = await fetch(`${appOrigin}/api/auth/me`, { headers: { cookie: `session=${cookie}` } });
  expect(byCookie.status, 'the cookie alone still reads /api/auth/me').toBe(200);
  await apiSignIn(khata, 'customer', { phoneNumber, pin: customer.pin });
  await callApi(khata, 'POST', '/api/auth/customer/login', { body: { phoneNumber, pin: newPin }, expected: [401] });

  // Control: the same cookie-only logout from the app's own origin is honoured, so the refusals above were the check's.
  const own = await fetch(`${appOrigin}/api/auth/logout`, { method: 'POST', headers: { cookie: `session=${cookie}`, origin: appOrigin } });
  expect(own.status, 'a cookie-only logout from the app itself').toBe(200);
  await callApi(khata, 'GET', '/api/auth/me', { token, expected: [401] });

  const accepted = seen.filter((request) => request.origin !== appOrigin && request.sessionCookie && !request.bearer
    && request.method === 'POST' && request.status < 400).length;
  const total = fromBrowser.length + nodeAttempts.length;
  console.log(`browser security: ${total} cross-origin attempts (${fromBrowser.length} from Chromium, ${nodeAttempts.length} from Node), ${accepted} accepted`);
  expect(accepted, 'cookie-only writes from another origin that the app accepted').toBe(0);
}
