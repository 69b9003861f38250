/** The production request log: one line per request, the path without its query or the secrets some paths carry. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context';

const lines: Record<string, unknown>[] = [];
const stream = { write(chunk: string) { for (const line of chunk.split('\n')) if (line) lines.push(JSON.parse(line)); } };

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ logger: { level: 'info', stream } }); });
afterAll(async () => { await ctx.close(); });

it('writes one line per request, when it is answered, with its status and time', async () => {
  await ctx.app.inject({ method: 'GET', url: '/api/health' });
  await ctx.app.inject({ method: 'GET', url: '/api/customer/qr?token=secret-in-a-query' });
  await ctx.app.inject({ method: 'POST', url: '/api/payments/process', payload: {} });
  const requests = lines.filter((line) => line.msg === 'request');
  expect(lines).toHaveLength(3);
  expect(requests.map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual([
    ['/api/health', 200], ['/api/customer/qr', 401], ['/api/payments/process', 401],
  ]);
  for (const line of requests) expect(line.responseTime).toEqual(expect.any(Number));
  expect(JSON.stringify(lines)).not.toContain('secret-in-a-query');
});

it("writes a MSG91 delivery report's path without the secret token it carries", async () => {
  lines.length = 0;
  const token = 'the-webhook-secret-0123456789';
  await ctx.app.inject({ method: 'POST', url: `/api/sms/msg91/status/${token}`, payload: {} });
  const [line] = lines.filter((entry) => entry.msg === 'request');
  expect((line!.req as { url: string }).url).toBe('/api/sms/msg91/status/…');
  expect(JSON.stringify(lines)).not.toContain(token);
});

it("writes an invitation link's path without its code, which opens the invitation", async () => {
  lines.length = 0;
  const code = 'AbCdE12345';
  await ctx.app.inject({ method: 'GET', url: `/api/invitations/${code}` });
  await ctx.app.inject({ method: 'POST', url: `/api/invitations/${code}/refuse?again=${code}` });
  const requests = lines.filter((entry) => entry.msg === 'request');
  expect(requests.map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual([
    ['/api/invitations/…', 404], ['/api/invitations/…/refuse', 404],
  ]);
  expect(JSON.stringify(lines)).not.toContain(code);
});
