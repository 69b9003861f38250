/**
 * The real entry point as a separate process: start-up refusals, the demo admin, the
 * health check and a clean stop on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'khata-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pattern.exec(output)!;
  };
  return { child, exited, waitFor, output: () => output };
}

describe('server/main.ts', () => {
  it('refuses to start in production without PIN_PEPPER', async () => {
    const server = startServer({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Configuration error: NODE_ENV=production needs PIN_PEPPER');
  });

  it('refuses to start in production with the development SMS provider', async () => {
    const server = startServer({ NODE_ENV: 'production', PIN_PEPPER: 'x'.repeat(40) });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('refuses the development SMS provider');
  });

  it('creates a demo admin whose printed PIN signs in, then stops cleanly on SIGTERM', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = startServer({ PORT: port });
    const [, email, pin] = await server.waitFor(/Demo admin created: e-mail (\S+), PIN (\d{4})/);
    await server.waitFor(/Khata is running on/);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
    const login = await fetch(`${base}/api/auth/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, pin }),
    });
    expect(login.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  }, 60_000);
});
