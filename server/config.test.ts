import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const pepper = 'p'.repeat(40);

describe('configuration', () => {
  it('refuses to start in production without PIN_PEPPER', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example' }))
      .toThrow('NODE_ENV=production needs PIN_PEPPER');
  });

  it('refuses to start in production with the development SMS provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PIN_PEPPER: pepper }))
      .toThrow('NODE_ENV=production refuses the development SMS provider');
    expect(() => loadConfig({ NODE_ENV: 'production', PIN_PEPPER: pepper, SMS_PROVIDER: 'development' }))
      .toThrow('refuses the development SMS provider');
  });

  it('starts in production with a pepper and a real SMS provider', () => {
    const config = loadConfig({ NODE_ENV: 'production', PIN_PEPPER: pepper, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example' });
    expect(config.isProduction).toBe(true);
    expect(config.pinPeppers.get(1)?.toString()).toBe(pepper);
  });

  it('refuses a short pepper', () => {
    expect(() => loadConfig({ PIN_PEPPER: 'short' })).toThrow('PIN_PEPPER must be at least 32 characters');
  });

  it('generates a development pepper once and keeps it beside the database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'khata-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.pinPeppers.get(1)).toEqual(second.pinPeppers.get(1));
    expect(readFileSync(join(dataDir, 'pin-pepper'), 'utf8')).toHaveLength(64);
  });

  it('reads the documented defaults', () => {
    const config = loadConfig({ PIN_PEPPER: pepper });
    expect(config).toMatchObject({
      port: 5000, databaseUrl: undefined, sessionIdleTtlSeconds: 604_800, sessionAbsoluteTtlSeconds: 2_592_000,
      smsProvider: 'development', rateLimitPerMinute: 600, trustProxy: false, pinKeyVersion: 1,
    });
  });

  it('refuses a non-numeric PORT', () => {
    expect(() => loadConfig({ PIN_PEPPER: pepper, PORT: 'abc' })).toThrow('PORT must be a whole number');
  });
});
