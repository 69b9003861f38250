import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, paymentSetup, withApp, type TestContext } from '../test/context';
import { openEventStream } from '../test/event-stream';
import { SmsSendError, type SmsProvider } from '../sms/provider';
import { developmentSmsProvider } from '../sms/development';
import { createMetrics } from './metrics';

const metricsToken = 'metrics-token-for-tests-0123456789';

let ctx: TestContext;
/** One shop and customer with a credit account, shared by the tests that move money. */
let s: Awaited<ReturnType<typeof paymentSetup>>;
/** Set true to make the next SMS fail at the vendor. */
let vendorDown = false;
const development = developmentSmsProvider(() => {});
const flakyVendor: SmsProvider = {
  name: 'development',
  async send(message, options) {
    if (vendorDown) throw new SmsSendError('development answered 503', true, 'development');
    return development.send(message, options);
  },
};

beforeAll(async () => {
  ctx = await createTestContext({ config: { metricsToken, eventStreamSeconds: 30 }, sms: flakyVendor });
  s = await paymentSetup(ctx, { limit: '500' });
});
afterAll(async () => { await ctx.close(); });

const scrape = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series, by its exact name and labels as Prometheus writes them; 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is an unknown path (404 JSON, never the web app) when METRICS_TOKEN is unset', async () => {
    // A built web app answers every unknown page path with its index.html; /metrics is not one.
    const webDir = mkdtempSync(join(tmpdir(), 'khata-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Khata</title>');
    try {
      await withApp(ctx, { metricsToken: undefined, webDir }, async (app) => {
        expect((await app.inject({ method: 'GET', url: '/some-page' })).body).toContain('<title>Khata</title>');
        for (const headers of [{}, bearer(metricsToken)]) {
          const response = await app.inject({ method: 'GET', url: '/metrics', headers });
          expect(response.statusCode).toBe(404);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.json().code).toBe('not_found');
        }
      });
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['no Authorization', {}],
    ['a wrong token', bearer('metrics-token-for-tests-0123456780')],
    ['a prefix of the token', bearer(metricsToken.slice(0, -1))],
    ['the token as Basic', { authorization: `Basic ${metricsToken}` }],
  ])('answers 401 with WWW-Authenticate: Bearer to %s', async (_name, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(response.body).not.toContain('khata_');
  });

  it('answers the Prometheus text with every series family to the token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const family of [
      'khata_http_requests_total', 'khata_http_request_duration_seconds', 'khata_money_requests_total',
      'khata_sms_sends_total', 'khata_event_streams_open', 'khata_database_up',
      'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes',
    ]) expect(response.body).toContain(`# TYPE ${family} `);
    expect(valueOf(response.body, 'khata_database_up')).toBe(1);
    // No DATABASE_READ_URL in tests: every read is the primary's.
    expect(valueOf(response.body, 'khata_read_replica_state{state="none"}')).toBe(1);
    expect(valueOf(response.body, 'khata_read_replica_state{state="up"}')).toBe(0);
    // The pool's counts on PostgreSQL; the tests' PGlite runs in-process, with no worker queue to show.
    if (ctx.database.kind === 'postgres') {
      expect(response.body).toContain('khata_db_pool_connections{state="total"}');
      expect(response.body).toContain('# TYPE khata_db_pool_waiting gauge');
    }
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, and payments by outcome, refusals by their code', async () => {
    const before = await scrape();
    const code = await s.generate();
    const ok = await s.pay(code.qrData, { amount: '100' });
    expect(ok.statusCode).toBe(201);
    const over = await s.pay((await s.generate()).qrData, { amount: '450' });
    expect(over.json().code).toBe('insufficient_credit');
    const wrongPin = await s.pay((await s.generate()).qrData, { amount: '10', pin: '0000' });
    expect(wrongPin.statusCode).toBe(403);
    const wrongPinCode = wrongPin.json().code as string;
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token),
      payload: { amount: '40' },
    });
    expect(repaid.statusCode).toBe(201);
    const after = await scrape();

    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('khata_money_requests_total{kind="payment",outcome="ok"}')).toBe(1);
    expect(delta('khata_money_requests_total{kind="payment",outcome="refused:insufficient_credit"}')).toBe(1);
    expect(delta(`khata_money_requests_total{kind="payment",outcome="refused:${wrongPinCode}"}`)).toBe(1);
    expect(delta('khata_money_requests_total{kind="repayment",outcome="ok"}')).toBe(1);
    expect(delta('khata_http_requests_total{method="POST",route="/api/payments/process",status="201"}')).toBe(1);
    expect(delta('khata_http_request_duration_seconds_count{method="POST",route="/api/payments/process",status="201"}')).toBe(1);
    expect(delta('khata_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/payments/process",status="201"}')).toBe(1);
    expect(delta('khata_http_requests_total{method="POST",route="/api/business/credit-accounts/:id/repayment",status="201"}')).toBe(1);
  });

  it('counts a refund and a request no route matched, under a pattern, never its URL', async () => {
    const payment = (await s.pay((await s.generate()).qrData, { amount: '100' })).json();
    const before = await scrape();
    const refunded = await ctx.app.inject({
      method: 'POST', url: `/api/business/transactions/${payment.transaction.id}/refund`, headers: bearer(s.shop.token),
      payload: { amount: '10', reason: 'Goods returned', pin: s.shop.pin },
    });
    expect(refunded.statusCode).toBe(201);
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('khata_money_requests_total{kind="refund",outcome="ok"}')).toBe(1);
    expect(delta('khata_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
  });

  it('counts SMS sends by vendor and result', async () => {
    const phoneNumber = '+919812345678';
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
    const before = await scrape();
    expect((await send()).statusCode).toBe(200);
    vendorDown = true;
    try {
      ctx.clock.advance(120);
      expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      vendorDown = false;
    }
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('khata_sms_sends_total{vendor="development",result="sent"}')).toBe(1);
    expect(delta('khata_sms_sends_total{vendor="development",result="failed"}')).toBe(1);
  });

  it('shows the open event streams', async () => {
    const stream = await openEventStream(ctx.app, s.customer.token, ['payment']);
    try {
      expect(valueOf(await scrape(), 'khata_event_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    // The server hears the close a moment later.
    let open = 1;
    for (let i = 0; i < 100 && open !== 0; i += 1) {
      open = valueOf(await scrape(), 'khata_event_streams_open');
      if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(open).toBe(0);
  });

  it('reports how often Redis could not answer the shared limits, when REDIS_URL is set', async () => {
    let unavailable = 0;
    const watch = { lost() {}, answered() {}, isLost: () => false, stop() {} };
    const metrics = createMetrics({ db: ctx.database.db, database: () => watch, sharedLimits: { unavailableTotal: () => unavailable } });
    try {
      const read = async () => valueOf(await metrics.registry.metrics(), 'khata_shared_limits_unavailable_total');
      expect(await read()).toBe(0);
      unavailable = 3;
      expect(await read()).toBe(3);
      expect(await scrape()).not.toContain('khata_shared_limits_unavailable_total');
    } finally {
      metrics.close();
    }
  });

  it('carries no id, phone or raw URL in any label', async () => {
    const text = await scrape();
    const labels = text.split('\n').filter((line) => !line.startsWith('#') && line.includes('{'))
      .map((line) => line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1));
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) {
      expect(label).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i); // a uuid
      expect(label).not.toMatch(/\+?91\d{10}|\d{6,}/); // a phone, a long number
      expect(label).not.toContain('no-such-thing');
    }
  });
});
