import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('starts in production with a pepper, a real SMS provider and a PUBLIC_URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production', PIN_PEPPER: pepper, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example',
      PUBLIC_URL: 'https://khata.example.com/',
    });
    expect(config.isProduction).toBe(true);
    expect(config.pinPeppers.get(1)?.toString()).toBe(pepper);
    expect(config.publicUrl).toBe('https://khata.example.com');
  });

  // Without it, payment and reminder links take the client's Host (docs/security.md, threat 21).
  it('refuses to start in production without PUBLIC_URL', () => {
    const production = { NODE_ENV: 'production', PIN_PEPPER: pepper, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example' };
    for (const missing of [{}, { PUBLIC_URL: '' }, { PUBLIC_URL: '  ' }]) {
      expect(() => loadConfig({ ...production, ...missing })).toThrow(new ConfigError(
        'NODE_ENV=production needs PUBLIC_URL, the address people open the app at (e.g. https://khata.example.com): '
        + 'payment QR codes and reminder links are written with it'));
    }
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://192.168.1.20:5000' }).publicUrl).toBe('http://192.168.1.20:5000');
    // Development goes on without one: links take the request's (checked) host.
    expect(loadConfig({ PIN_PEPPER: pepper }).publicUrl).toBeUndefined();
  });

  it('refuses a PUBLIC_URL that is not a plain http or https address', () => {
    for (const value of ['khata.example.com', 'ftp://khata.example.com', 'javascript:alert(1)', 'https://user@khata.example.com',
      'https://khata.example.com/?x=', 'https://khata.example.com#', 'https://khata.example.com/#/x']) {
      expect(() => loadConfig({ PIN_PEPPER: pepper, PUBLIC_URL: value }), value)
        .toThrow(`PUBLIC_URL must be an http or https address such as https://khata.example.com, got "${value}"`);
    }
  });

  it('takes a multi-host DATABASE_URL and refuses a target_session_attrs it cannot honour', () => {
    const base = {
      NODE_ENV: 'production', PIN_PEPPER: pepper, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example',
      PUBLIC_URL: 'https://khata.example.com',
    };
    const url = 'postgres://khata@db1:5432,db2:5433/khata?target_session_attrs=read-write';
    expect(loadConfig({ ...base, DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://db1,db2/khata?target_session_attrs=standby' }))
      .toThrow('DATABASE_URL asks for target_session_attrs=standby; Khata writes, so it supports read-write (or primary) and any');
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
      smsProvider: 'development', rateLimitPerMinute: 1200, sessionRateLimitPerMinute: 300, trustProxy: false, pinKeyVersion: 1,
      demoAdmin: true, riskyDevelopmentSettings: [],
    });
  });

  it('reads TRUST_PROXY as a hop count, true/false, or a list of addresses and CIDRs', () => {
    const trust = (value: string | undefined) => loadConfig({ PIN_PEPPER: pepper, TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('0')).toBe(0);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    expect(() => trust('yes')).toThrow('TRUST_PROXY must be a hop count, true, false or a comma list of addresses/CIDRs, got "yes"');
    expect(() => trust('1.5')).toThrow('TRUST_PROXY must be');
    expect(trust('loopback, 10.0.0.1')).toEqual(['loopback', '10.0.0.1']);
    expect(() => trust('localhost')).toThrow('TRUST_PROXY must be');
    expect(() => trust('10.0.0.0/33')).toThrow('TRUST_PROXY must be');
  });

  it('reads SESSION_RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_MINUTE, 0 turning each off', () => {
    expect(loadConfig({ PIN_PEPPER: pepper, SESSION_RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0' }))
      .toMatchObject({ sessionRateLimitPerMinute: 0, rateLimitPerMinute: 0 });
    expect(loadConfig({ PIN_PEPPER: pepper, SESSION_RATE_LIMIT_PER_MINUTE: '120' }).sessionRateLimitPerMinute).toBe(120);
    expect(() => loadConfig({ PIN_PEPPER: pepper, SESSION_RATE_LIMIT_PER_MINUTE: 'many' }))
      .toThrow('SESSION_RATE_LIMIT_PER_MINUTE must be a whole number');
  });

  it('refuses a non-numeric PORT', () => {
    expect(() => loadConfig({ PIN_PEPPER: pepper, PORT: 'abc' })).toThrow('PORT must be a whole number');
  });
});

describe('development conveniences on a real deployment', () => {
  const database = { DATABASE_URL: 'postgres://khata@db.example/khata' };
  const httpsUrl = { PUBLIC_URL: 'https://khata.example.com' };
  const webhook = { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example' };
  const load = (env: Record<string, string>) => loadConfig({ PIN_PEPPER: pepper, ...env }, { forServer: true });
  const missingProvider = 'With DATABASE_URL or an https PUBLIC_URL, SMS_PROVIDER must be set: SMS_PROVIDER=webhook with '
    + 'SMS_WEBHOOK_URL to send real SMS, or SMS_PROVIDER=development to show every one-time code in the app and the log';

  it('keeps both on by default on the embedded database, with nothing to warn about', () => {
    expect(load({})).toMatchObject({ smsProvider: 'development', demoAdmin: true, riskyDevelopmentSettings: [] });
    expect(load({ PUBLIC_URL: 'http://192.168.1.5:5000' })).toMatchObject({ smsProvider: 'development', demoAdmin: true });
    expect(load({ DEMO_ADMIN: '0' }).demoAdmin).toBe(false);
  });

  it('refuses to start without SMS_PROVIDER on a DATABASE_URL or an https PUBLIC_URL', () => {
    expect(() => load(database)).toThrow(missingProvider);
    expect(() => load(httpsUrl)).toThrow(missingProvider);
    expect(() => load({ ...database, SMS_PROVIDER: '' })).toThrow(missingProvider);
  });

  it('lets the command-line tools, which send no SMS, read a DATABASE_URL without SMS_PROVIDER', () => {
    const tool = loadConfig({ PIN_PEPPER: pepper, ...database });
    expect(tool).toMatchObject({ databaseUrl: database.DATABASE_URL, demoAdmin: false });
  });

  it('turns the development provider on there only by name, and lists it to warn about', () => {
    for (const env of [database, httpsUrl, { ...database, ...httpsUrl }]) {
      expect(load({ ...env, SMS_PROVIDER: 'development' })).toMatchObject({
        smsProvider: 'development', demoAdmin: false, riskyDevelopmentSettings: ['SMS_PROVIDER=development'],
      });
      expect(load({ ...env, ...webhook })).toMatchObject({ smsProvider: 'webhook', demoAdmin: false, riskyDevelopmentSettings: [] });
    }
  });

  it('creates no demo admin there unless DEMO_ADMIN=1, which is listed to warn about', () => {
    expect(load({ ...database, ...webhook, DEMO_ADMIN: '0' }).demoAdmin).toBe(false);
    expect(load({ ...database, ...webhook, DEMO_ADMIN: '1' })).toMatchObject({ demoAdmin: true, riskyDevelopmentSettings: ['DEMO_ADMIN=1'] });
    expect(load({ ...httpsUrl, SMS_PROVIDER: 'development', DEMO_ADMIN: '1' }).riskyDevelopmentSettings)
      .toEqual(['SMS_PROVIDER=development', 'DEMO_ADMIN=1']);
    expect(() => load({ DEMO_ADMIN: 'yes' })).toThrow('DEMO_ADMIN must be 1 or 0, got "yes"');
  });

  it('refuses both in production, whatever else is set', () => {
    const production = { NODE_ENV: 'production', ...webhook, PUBLIC_URL: 'https://khata.example.com' };
    expect(load(production).demoAdmin).toBe(false);
    expect(load({ ...production, ...database }).demoAdmin).toBe(false);
    expect(() => load({ ...production, DEMO_ADMIN: '1' })).toThrow('NODE_ENV=production refuses DEMO_ADMIN=1');
    expect(() => load({ NODE_ENV: 'production', ...database })).toThrow('NODE_ENV=production refuses the development SMS provider');
    expect(() => load({ NODE_ENV: 'production', ...database, SMS_PROVIDER: 'development' }))
      .toThrow('NODE_ENV=production refuses the development SMS provider');
  });
});
