/**
 * The published API holds the routes to their declarations: /api/openapi.json lists every
 * route with every status it can answer, and a representative journey's answers are each
 * checked against the schema its route declares for that status.
 */
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { developmentSmsProvider } from './sms/development';
import { docsPrefix, openApiPath } from './plugins/openapi';
import {
  adminToken, approvedBusiness, bearer, paymentHandleOf, registerCustomer, testClock, type TestContext,
} from './test/context';
import { testConfig } from './test/config';
import { openTestDatabase } from './test/database';

interface DeclaredRoute {
  method: string;
  url: string;
  access: unknown;
  hasInput: boolean;
  /** Status → the zod schema of its JSON body (undefined for a non-JSON answer). */
  responses: Map<number, $ZodType | undefined>;
}

let ctx: TestContext;
/** `METHOD /url` → its declaration, for every /api route but the document's own. */
const declared = new Map<string, DeclaredRoute>();
const isDocumentation = (url: string) => url === openApiPath || url === docsPrefix || url.startsWith(`${docsPrefix}/`);

function record(route: RouteOptions) {
  if (!route.url.startsWith('/api') || isDocumentation(route.url)) return;
  const schema = route.schema ?? {};
  const responses = new Map<number, $ZodType | undefined>();
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const content = (answer as { content?: Record<string, { schema: $ZodType }> }).content;
    responses.set(Number(status), content ? content['application/json']?.schema : answer as $ZodType);
  }
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    declared.set(`${method} ${route.url}`, {
      method, url: route.url, access: route.config?.access, responses,
      hasInput: schema.body !== undefined || schema.querystring !== undefined,
    });
  }
}

beforeAll(async () => {
  const database = await openTestDatabase();
  const clock = testClock();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    db: database.db, config: testConfig(), sms: developmentSmsProvider(() => {}), clock,
    onRoute: (route) => { routes.push(route); },
  });
  await app.ready();
  // Read once built: the schemas plugin completes each route's answers after this hook sees it.
  for (const route of routes) record(route);
  ctx = { app, database, clock, sentCodes: new Map(), sentLanguages: new Map(), async close() { await app.close(); await database.close(); } };
});
afterAll(async () => { await ctx.close(); });

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiUrl = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * The statuses a route can answer whatever it does, written here from the plugins that
 * answer them (not from plugins/schemas.ts): rate limits and bugs everywhere; sign-in and
 * role on a route with roles; unreadable, oversized or cross-site writes; invalid input.
 */
function statusesEveryRouteOwes(route: DeclaredRoute): number[] {
  const statuses = [429, 500];
  if (Array.isArray(route.access)) statuses.push(401, 403);
  if (route.method === 'POST') statuses.push(400, 403, 413);
  if (route.hasInput) statuses.push(400);
  return [...new Set(statuses)];
}

describe('GET /api/openapi.json', () => {
  it('is public and lists every registered /api route with a success and every status the route owes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: openApiPath });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(declared.size).toBeGreaterThan(25);

    const problems: string[] = [];
    for (const [name, route] of declared) {
      const operation = document.paths[openApiUrl(route.url)]?.[route.method.toLowerCase()];
      if (!operation) { problems.push(`${name}: not in the document`); continue; }
      const listed = Object.keys(operation.responses).map(Number);
      if (!listed.some((status) => status >= 200 && status < 300)) problems.push(`${name}: no success answer`);
      for (const status of statusesEveryRouteOwes(route)) {
        if (!listed.includes(status)) problems.push(`${name}: ${status} not listed`);
      }
    }
    // And nothing else: the web app's pages and the documentation itself are not the API.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const name = `${method.toUpperCase()} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`;
        if (!declared.has(name)) problems.push(`${name}: in the document but not a registered /api route`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes inputs and answers with the shared schemas, the messages left to the server', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: openApiPath })).json();
    const payment = document.paths['/api/payments/process'].post;
    const body = payment.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['qrData', 'pin']));
    expect(body.properties.pin).toMatchObject({ type: 'string', pattern: '^\\d{4}$' });
    expect(Object.keys(payment.responses)).toEqual(expect.arrayContaining(['201', '403', '404', '409', '422', '429']));
    expect(payment.responses['201'].content['application/json'].schema.properties.transaction.required)
      .toEqual(expect.arrayContaining(['id', 'amount', 'fee', 'totalAmount', 'createdAt']));
    const history = document.paths['/api/transactions/customer'].get;
    expect(history.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`))
      .toEqual(expect.arrayContaining(['query:limit', 'query:cursor', 'query:businessId']));
    const terms = document.paths['/api/admin/businesses/{id}/terms'].post;
    expect(terms.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]));
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page under the app\'s CSP, with every script and style it loads from this server', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: docsPrefix });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Inline scripts would be blocked by script-src 'self': every script has a src.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset, 'assets come from this server').toMatch(/^\/api\/docs\//);
      const loaded = await ctx.app.inject({ method: 'GET', url: asset });
      expect(loaded.statusCode, asset).toBe(200);
    }
    const initializer = await ctx.app.inject({ method: 'GET', url: `${docsPrefix}/static/swagger-initializer.js` });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await ctx.app.inject({ method: 'GET', url: `${docsPrefix}/json` });
    expect(json.json().paths['/api/payments/process']).toBeDefined();
  });
});

/** Checks one answer against the schema its route declares for the status it has. */
function answerProblem(name: string, response: LightMyRequestResponse): string | undefined {
  const route = declared.get(name);
  if (!route) return `${name}: not a declared route`;
  // A bug, or an answer the serializer refused because its schema does not describe it.
  if (response.statusCode >= 500) return `${name}: answered ${response.statusCode}`;
  if (!route.responses.has(response.statusCode)) {
    return `${name}: answered ${response.statusCode}, which it does not declare (${response.body.slice(0, 120)})`;
  }
  const schema = route.responses.get(response.statusCode);
  if (!schema) return undefined;
  const result = safeParse(schema, response.json());
  if (!result.success) return `${name} ${response.statusCode}: ${JSON.stringify(result.error.issues).slice(0, 300)}`;
  return undefined;
}

describe('a representative journey', () => {
  it('answers only shapes and statuses its routes declare', async () => {
    const problems: string[] = [];
    const answers = new Set<string>();
    const call = async (route: string, options: Omit<InjectOptions, 'method' | 'url'> & { url?: string } = {}) => {
      const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
      const response = await ctx.app.inject({ ...options, method, url: options.url ?? pattern });
      answers.add(`${route} ${response.statusCode}`);
      const problem = answerProblem(route, response);
      if (problem) problems.push(problem);
      return response;
    };

    // Registration and sign-in, with the refusals people meet.
    const phoneNumber = '+919812340001';
    const sent = await call('POST /api/otp/send', { payload: { phoneNumber, purpose: 'registration' } });
    await call('POST /api/otp/verify', { payload: { phoneNumber, purpose: 'registration', otp: '000000' } });
    const verified = await call('POST /api/otp/verify', {
      payload: { phoneNumber, purpose: 'registration', otp: sent.json().developmentOtp },
    });
    const proof = verified.cookies.find((cookie) => cookie.name === 'otp_proof')!.value;
    await call('POST /api/auth/customer/register', { payload: { phoneNumber, name: '', pin: '4826' }, cookies: { otp_proof: proof } });
    await call('POST /api/auth/customer/register', { payload: { phoneNumber, name: 'Asha', pin: '4826' }, cookies: { otp_proof: proof } });
    await call('POST /api/auth/customer/login', { payload: { phoneNumber, pin: '1111' } });
    const customerToken = (await call('POST /api/auth/customer/login', { payload: { phoneNumber, pin: '4826' } })).json().sessionToken;
    const asCustomer = bearer(customerToken);
    await call('GET /api/auth/me', {});
    await call('GET /api/auth/me', { headers: asCustomer });
    await call('GET /api/customer/qr', { headers: asCustomer });

    // A merchant gives credit and asks for a payment.
    const shop = await approvedBusiness(ctx);
    const asShop = bearer(shop.token);
    await call('GET /api/auth/me', { headers: asShop });
    await call('POST /api/business/create-credit-account', { headers: asCustomer, payload: { paymentHandle: 'x', creditLimit: '1' } });
    await call('POST /api/business/create-credit-account', { headers: asShop, payload: { paymentHandle: 'nobody', creditLimit: '100' } });
    const created = await call('POST /api/business/create-credit-account', {
      headers: asShop, payload: { paymentHandle: await paymentHandleOf(ctx, customerToken), creditLimit: '1000' },
    });
    const accountId = created.json().creditAccount.id as string;
    await call('POST /api/business/credit-accounts/:id/limit', {
      url: `/api/business/credit-accounts/${accountId}/limit`, headers: asShop, payload: { creditLimit: '1500' },
    });
    const code = (await call('POST /api/qr/generate', { headers: asShop, payload: { amount: '120', description: 'Rice' } })).json();
    await call('POST /api/qr/generate', { headers: asShop });
    await call('GET /api/qr/business', { url: '/api/qr/business?active=true', headers: asShop });

    // The customer checks the code and pays, once wrongly.
    await call('POST /api/qr/validate', { headers: asCustomer, payload: { qrData: 'http://localhost/pay/AAAAAAAAAAAAAAAAAAAAAA' } });
    await call('POST /api/qr/validate', { headers: asCustomer, payload: { qrData: code.qrData } });
    await call('POST /api/payments/process', { headers: asCustomer, payload: { qrData: code.qrData, pin: '12' } });
    await call('POST /api/payments/process', { headers: asCustomer, payload: { qrData: code.qrData, pin: '9999' } });
    await call('POST /api/payments/process', {
      headers: { ...asCustomer, 'idempotency-key': 'journey-payment-1' }, payload: { qrData: code.qrData, pin: '4826' },
    });
    await call('POST /api/payments/process', { headers: asCustomer, payload: { qrData: code.qrData, pin: '4826' } });
    await call('POST /api/business/credit-accounts/:id/repayment', {
      url: `/api/business/credit-accounts/${accountId}/repayment`, headers: asShop, payload: { amount: '10000' },
    });
    await call('POST /api/business/credit-accounts/:id/repayment', {
      url: `/api/business/credit-accounts/${accountId}/repayment`, headers: asShop, payload: { amount: '20' },
    });

    // Histories, balances and counts.
    await call('GET /api/transactions/customer', { url: '/api/transactions/customer?limit=1', headers: asCustomer });
    await call('GET /api/transactions/customer', { url: '/api/transactions/customer?cursor=nonsense', headers: asCustomer });
    await call('GET /api/transactions/business', { headers: asShop });
    await call('GET /api/credit-accounts/customer', { headers: asCustomer });
    await call('GET /api/credit-accounts/business', { headers: asShop });
    await call('GET /api/business/stats', { headers: asShop });
    await call('GET /api/transactions/business', { headers: asCustomer });
    // A statement, both sides, as JSON and as a file, and a reversed range.
    const statement = `/api/credit-accounts/${accountId}/statement`;
    await call('GET /api/credit-accounts/:id/statement', { url: `${statement}?from=2026-11-01&to=2026-11-30`, headers: asCustomer });
    await call('GET /api/credit-accounts/:id/statement', { url: `${statement}?from=2026-11-30&to=2026-11-01`, headers: asShop });
    await call('GET /api/credit-accounts/:id/statement.csv', { url: `${statement}.csv?from=2026-11-01&to=2026-11-30`, headers: asShop });
    await call('GET /api/credit-accounts/:id/statement.csv', { url: '/api/credit-accounts/nope/statement.csv?from=2026-11-01&to=2026-11-30', headers: asShop });

    // The admin's side.
    const asAdmin = bearer(await adminToken(ctx));
    await call('GET /api/admin/stats', { headers: asAdmin });
    await call('GET /api/admin/analytics', { url: '/api/admin/analytics?days=7', headers: asAdmin });
    await call('GET /api/admin/analytics', { url: '/api/admin/analytics?days=8', headers: asAdmin });
    await call('GET /api/admin/businesses', { url: '/api/admin/businesses?status=approved&limit=5', headers: asAdmin });
    await call('GET /api/admin/businesses/pending', { headers: asAdmin });
    await call('POST /api/admin/businesses/approve', { headers: asAdmin, payload: { businessIds: [shop.businessId], action: 'approve' } });
    await call('POST /api/admin/businesses/:id/terms', {
      url: `/api/admin/businesses/${shop.businessId}/terms`, headers: asAdmin, payload: { transactionFeePercent: '1.5' },
    });
    await call('POST /api/admin/unlock', { headers: asAdmin, payload: { role: 'customer', identifier: phoneNumber } });
    await call('POST /api/auth/change-pin', { headers: asCustomer, payload: { currentPin: '4826', newPin: '5837', confirmPin: '5837' } });
    await call('POST /api/auth/logout', { headers: asCustomer });
    await call('GET /api/health');

    expect(problems).toEqual([]);
    // The journey met the refusals it set out to meet, so their checks above were real.
    expect([...answers]).toEqual(expect.arrayContaining([
      'POST /api/otp/verify 400', 'POST /api/auth/customer/register 400', 'POST /api/auth/customer/login 401',
      'GET /api/auth/me 401', 'POST /api/business/create-credit-account 403', 'POST /api/business/create-credit-account 404',
      'POST /api/qr/validate 404', 'POST /api/payments/process 400', 'POST /api/payments/process 403',
      'POST /api/payments/process 201', 'POST /api/payments/process 409', 'POST /api/business/credit-accounts/:id/repayment 422',
      'GET /api/transactions/customer 400', 'GET /api/transactions/business 403', 'POST /api/admin/businesses/approve 409',
      'GET /api/admin/analytics 200', 'GET /api/admin/analytics 400',
      'GET /api/credit-accounts/:id/statement 200', 'GET /api/credit-accounts/:id/statement 400',
      'GET /api/credit-accounts/:id/statement.csv 200', 'GET /api/credit-accounts/:id/statement.csv 404',
    ]));
  });

  it('never sends an answer its route does not declare: an extra or mistyped field is a bare 500', async () => {
    const customer = await registerCustomer(ctx);
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/customer/qr', headers: bearer(customer.token) });
    const customers = ctx.app.services.customers;
    const paymentCode = customers.paymentCode;
    const answer = (await get()).json();
    try {
      // A service that starts answering more than the route declares (a leak in the making).
      customers.paymentCode = async () => ({ ...answer, pinHash: 'secret-hash' });
      const leaking = await get();
      expect(leaking.statusCode).toBe(500);
      expect(leaking.json()).toEqual({ error: 'Internal error', code: 'internal', key: 'internal', params: {} });
      expect(leaking.body).not.toContain('secret-hash');
      customers.paymentCode = async () => ({ ...answer, name: 42 as unknown as string });
      expect((await get()).statusCode).toBe(500);
    } finally {
      customers.paymentCode = paymentCode;
    }
    expect((await get()).json()).toEqual(answer);
  });
});
