import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';

let ctx: TestContext;
const webDir = mkdtempSync(join(tmpdir(), 'khata-web-'));
beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Khata</title>');
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(webDir, 'workbox-0a1b2c3d.js'), 'define([], () => {})');
  writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Khata"}');
  ctx = await createTestContext({ config: { webDir } });
});
afterAll(async () => { await ctx.close(); });

describe('serving the web app', () => {
  it.each(['/', '/cust', '/merchant', '/pay/AAAAAAAAAAAAAAAAAAAAAA', '/some/unknown/path'])('answers %s with the app, never cached', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Khata</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy to a client that accepts gzip', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers a missing asset with 404, not the app', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/gone-000000.js' })).statusCode).toBe(404);
  });

  it('answers an unknown API path with JSON, not the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found', key: 'not_found', params: {} });
  });

  it.each([
    ['/sw.js', 'javascript'],
    ['/workbox-0a1b2c3d.js', 'javascript'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ])('serves %s with its type, never cached, so a new service worker is seen at once', async (url, type) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register its own service worker and read its own manifest, nobody else\'s', async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/cust' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it.each(['/workbox-00000000.js', '/sw-old.js', '/manifest-old.webmanifest'])('answers a missing root build file %s with 404, not the app', async (url) => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('serves a file added after start-up', async () => {
    writeFileSync(join(webDir, 'assets', 'late-def456.js'), 'console.log(2)');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode).toBe(200);
  });
});
