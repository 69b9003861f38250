/**
 * The admin command line as a separate process: setting an admin's PIN is how a locked-out
 * admin gets back in, so it must lift the admin's locks.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../app';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { developmentSmsProvider } from '../sms/development';

const dataDir = mkdtempSync(join(tmpdir(), 'khata-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// The command runs on the embedded database here; it reads the configuration as the server does.
const env = { PATH: process.env.PATH, DATA_DIR: dataDir, PIN_PEPPER: randomBytes(32).toString('hex'), NODE_ENV: 'development' };

function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], { env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Runs sign-ins in this process against the same data, then lets the command have it back. */
async function withServices<T>(use: (services: ReturnType<typeof createServices>) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  try {
    return await use(createServices({ db: database.db, config, sms: developmentSmsProvider(() => {}) }));
  } finally {
    await database.close();
  }
}

const signIn = (services: ReturnType<typeof createServices>, pin: string, deviceToken?: string) =>
  services.auth.login('admin', 'locked@khata.test', pin, deviceToken).then(() => 'signed in', (error: { code: string }) => error.code);

// Each test starts the command two or three times (tsx, then PGlite): allow for a busy machine.
describe('npm run admin -- create', { timeout: 120_000 }, () => {
  it('unlocks an admin locked by wrong PINs when it sets a new PIN', async () => {
    expect(admin('create', '--email', 'locked@khata.test', '--pin', '4826')).toMatchObject({ status: 0 });
    await withServices(async (services) => {
      const device = await services.auth.login('admin', 'locked@khata.test', '4826');
      // Wrong PINs from strangers and from the admin's own device: both counters locked.
      for (const pin of ['9071', '9072', '9073', '9074', '9075']) {
        expect(await signIn(services, pin)).toBe('invalid_credentials');
        expect(await signIn(services, pin, device.deviceToken)).toBe('invalid_credentials');
      }
      expect(await signIn(services, '4826')).toBe('account_locked');
      expect(await signIn(services, '4826', device.deviceToken)).toBe('account_locked');
    });

    const reset = admin('create', '--email', 'locked@khata.test', '--pin', '5937');
    expect(reset).toMatchObject({ status: 0 });
    expect(reset.output).toContain('Admin locked@khata.test already existed: PIN updated.');
    await withServices(async (services) => {
      expect(await signIn(services, '4826')).toBe('invalid_credentials');
      expect(await signIn(services, '5937')).toBe('signed in');
    });
  });

  it('creates an admin whose e-mail strangers locked before it existed, unlocked', async () => {
    await withServices(async (services) => {
      for (const pin of ['9071', '9072', '9073', '9074', '9075']) {
        await services.auth.login('admin', 'new@khata.test', pin).catch(() => {});
      }
    });
    expect(admin('create', '--email', 'new@khata.test', '--pin', '6283')).toMatchObject({ status: 0 });
    await withServices(async (services) => {
      await expect(services.auth.login('admin', 'new@khata.test', '6283')).resolves.toMatchObject({ user: { role: 'admin' } });
    });
  });

  it('refuses a most-guessed PIN and a malformed e-mail, changing nothing', () => {
    expect(admin('create', '--email', 'weak@khata.test', '--pin', '1234')).toMatchObject({
      status: 1, output: expect.stringContaining('This PIN is too easy to guess. Choose another.'),
    });
    expect(admin('create', '--email', 'not-an-email', '--pin', '4826').status).toBe(2);
  });
});
