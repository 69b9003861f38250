/**
 * A forged Host or X-Forwarded-Host never ends up in a payment or reminder link: without
 * PUBLIC_URL a Host that is not a plain host[:port] is refused with 400 on every request, a trusted proxy's X-Forwarded-Host alike; with PUBLIC_URL the links
 * carry it whatever the request says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KhataApp } from '../app';
import { isPlainHost } from '../plugins/security';
import { bearer, createTestContext, paymentSetup, withApp, type TestContext } from '../test/context';

let ctx: TestContext;
let setup: Awaited<ReturnType<typeof paymentSetup>>;

beforeAll(async () => {
  ctx = await createTestContext();
  setup = await paymentSetup(ctx);
  // Something owed, so the account has a reminder to draft.
  const code = await setup.generate({ amount: '100' });
  expect((await setup.pay(code.qrData)).statusCode).toBe(201);
}, 60_000);
afterAll(async () => { await ctx.close(); });

const forgedHosts = [
  'evil.example/phish?x=', 'khata.example@evil.example', 'evil.example#', 'evil.example/', 'evil.example\\x',
  'evil.example:5000/phish', 'evil.example:99999', 'evil example', 'evil.example;x', '[::1', '[evil.example]:80', 'a..b',
];

const refusal = {
  error: 'The Host (or X-Forwarded-Host) header must be a plain host name or address, with an optional port', code: 'host_invalid', key: 'host_invalid', params: {},
};

/** The three link-making answers for a request with `headers`: a new code, the code list, the reminder. */
async function links(app: KhataApp, headers: Record<string, string>) {
  const auth = { ...bearer(setup.shop.token), ...headers };
  const generated = await app.inject({ method: 'POST', url: '/api/qr/generate', headers: auth, payload: {} });
  const listed = await app.inject({ method: 'GET', url: '/api/qr/business?active=true', headers: auth });
  const reminder = await app.inject({ method: 'GET', url: `/api/business/credit-accounts/${setup.accountId}/reminder`, headers: auth });
  return { generated, listed, reminder };
}

/** Asserts every link the three answers carry begins with `origin`. */
async function expectLinksAt(app: KhataApp, headers: Record<string, string>, origin: string) {
  const { generated, listed, reminder } = await links(app, headers);
  expect(generated.statusCode, generated.body).toBe(201);
  expect(generated.json().qrData).toMatch(new RegExp(`^${escape(origin)}/pay/[A-Za-z0-9_-]+$`));
  expect(listed.statusCode).toBe(200);
  const codes = listed.json().qrCodes as { qrData: string }[];
  expect(codes.length).toBeGreaterThan(0);
  for (const code of codes) expect(code.qrData.startsWith(`${origin}/pay/`), code.qrData).toBe(true);
  expect(reminder.statusCode, reminder.body).toBe(200);
  expect(reminder.json().text).toContain(`${origin}/accounts/${setup.shop.businessId}`);
  expect(reminder.json().text).not.toContain('evil');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('without PUBLIC_URL or TRUST_PROXY', () => {
  it.each(forgedHosts)('refuses Host %j with 400 host_invalid on the QR code, its list and the reminder', async (host) => {
    const { generated, listed, reminder } = await links(ctx.app, { host });
    for (const response of [generated, listed, reminder]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
      expect(response.body).not.toContain('/pay/');
    }
  });

  it('refuses a forged Host on every request, not only the link-making ones', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/api/does-not-exist', '/', '/cust']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { host: 'evil.example/phish?x=' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(refusal);
    }
  });

  it.each(['khata.example', 'khata.example:5000', 'Shop-1.Example.com', 'localhost', 'localhost:5173', '127.0.0.1:5000', '[::1]:5000', '[fe80::1]'])(
    'writes the plain Host %j into the links', async (host) => {
      await expectLinksAt(ctx.app, { host }, `http://${host}`);
    });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto from a client it does not trust', async () => {
    await expectLinksAt(ctx.app, {
      host: 'khata.example', 'x-forwarded-host': 'evil.example/phish?x=', 'x-forwarded-proto': 'javascript:alert(1)//',
    }, 'http://khata.example');
  });

  it('never wrote a forged host into a code', async () => {
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/qr/business', headers: { ...bearer(setup.shop.token), host: 'khata.example' } });
    for (const code of listed.json().qrCodes as { qrData: string }[]) expect(code.qrData).toMatch(/^http:\/\/khata\.example\/pay\//);
  });
});

describe('with TRUST_PROXY', () => {
  it.each(forgedHosts)('refuses a trusted X-Forwarded-Host %j with 400 host_invalid', async (forwarded) => {
    await withApp(ctx, { trustProxy: ['127.0.0.1'] }, async (app) => {
      const { generated, listed, reminder } = await links(app, { host: 'khata.example', 'x-forwarded-host': forwarded });
      for (const response of [generated, listed, reminder]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal);
      }
    });
  });

  it('refuses a forged last entry of a list, the one a proxy adds', async () => {
    await withApp(ctx, { trustProxy: 1 }, async (app) => {
      const { generated } = await links(app, { host: 'khata.example', 'x-forwarded-host': 'khata.example, evil.example#' });
      expect(generated.statusCode).toBe(400);
      expect(generated.json()).toEqual(refusal);
    });
  });

  it('writes a plain forwarded host and scheme into the links, and no scheme but http or https', async () => {
    await withApp(ctx, { trustProxy: ['127.0.0.1'] }, async (app) => {
      await expectLinksAt(app, { host: 'internal:5000', 'x-forwarded-host': 'khata.example', 'x-forwarded-proto': 'https' }, 'https://khata.example');
      await expectLinksAt(app, { host: 'internal:5000', 'x-forwarded-host': 'khata.example', 'x-forwarded-proto': 'javascript:alert(1)//' }, 'http://khata.example');
    });
  });
});

describe('with PUBLIC_URL', () => {
  it('writes PUBLIC_URL into the links whatever the Host or a trusted X-Forwarded-Host says', async () => {
    await withApp(ctx, { publicUrl: 'https://khata.example.com', trustProxy: true }, async (app) => {
      await expectLinksAt(app, { host: 'evil.example' }, 'https://khata.example.com');
      await expectLinksAt(app, { host: 'khata.example.com', 'x-forwarded-host': 'evil.example:443', 'x-forwarded-proto': 'http' }, 'https://khata.example.com');
      const forged = await app.inject({ method: 'POST', url: '/api/qr/generate', headers: { ...bearer(setup.shop.token), host: 'evil.example/phish?x=' }, payload: {} });
      expect(forged.statusCode).toBe(400);
    });
  });
});

describe('isPlainHost', () => {
  it('takes a name, an IPv4 or a bracketed IPv6 address with an optional port, and nothing else', () => {
    for (const host of ['localhost', 'khata.example.', 'a.b.c:1', '10.0.0.7:65535', '[2001:db8::1]:443', 'my_host', 'x'.repeat(63)]) {
      expect(isPlainHost(host), host).toBe(true);
    }
    for (const host of [...forgedHosts, '', ':80', 'x'.repeat(64), `${'a.'.repeat(127)}ab`, '[::1]:', 'host:', 'host:-1', 'høst']) {
      expect(isPlainHost(host), host).toBe(false);
    }
  });
});
