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
    expect(() => loadConfig({ NODE_ENV: 'production', PIN_PEPPER: pepper })).toThrow(new ConfigError(
      'NODE_ENV=production refuses the development SMS provider: set SMS_PROVIDER to twilio, msg91 or webhook with its variables '
      + '(README, "Configuration")'));
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
      smsProvider: 'development', sms: { primary: { vendor: 'development' } }, smsDailyLimitPerShop: 200,
      twilioAuthToken: undefined, msg91WebhookToken: undefined, rateLimitPerMinute: 1200, sessionRateLimitPerMinute: 300, trustProxy: false, pinKeyVersion: 1,
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
  const missingProvider = 'With DATABASE_URL or an https PUBLIC_URL, SMS_PROVIDER must be set: SMS_PROVIDER=twilio, msg91 or '
    + 'webhook (with their variables) to send real SMS, or SMS_PROVIDER=development to show every one-time code in the app and the log';

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

describe('SMS vendors', () => {
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const service = `MG${'fedcba9876543210'.repeat(2)}`;
  const publicUrl = { PUBLIC_URL: 'http://localhost:5000' };
  const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token-1', TWILIO_FROM: '+15005550006', ...publicUrl };
  const flows = {
    MSG91_OTP_FLOW_EN: 'otp-en', MSG91_OTP_FLOW_HI: 'otp-hi', MSG91_OTP_FLOW_TA: 'otp-ta',
    MSG91_REMINDER_FLOW_EN: 'rem-en', MSG91_REMINDER_FLOW_HI: 'rem-hi', MSG91_REMINDER_FLOW_TA: 'rem-ta',
    MSG91_INVITE_FLOW_EN: 'inv-en', MSG91_INVITE_FLOW_HI: 'inv-hi', MSG91_INVITE_FLOW_TA: 'inv-ta',
    MSG91_CHARGE_FLOW_EN: 'chg-en', MSG91_CHARGE_FLOW_HI: 'chg-hi', MSG91_CHARGE_FLOW_TA: 'chg-ta',
    MSG91_ENROL_FLOW_EN: 'enr-en', MSG91_ENROL_FLOW_HI: 'enr-hi', MSG91_ENROL_FLOW_TA: 'enr-ta',
    MSG91_STAFF_FLOW_EN: 'stf-en', MSG91_STAFF_FLOW_HI: 'stf-hi', MSG91_STAFF_FLOW_TA: 'stf-ta',
  };
  const msg91 = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'key-1', MSG91_SENDER: 'KHATAA', ...flows, ...publicUrl };
  const load = (env: Record<string, string>) => loadConfig({ PIN_PEPPER: pepper, ...env });

  it('reads Twilio with its defaults, and a StatusCallback under PUBLIC_URL', () => {
    expect(load(twilio)).toMatchObject({
      smsProvider: 'twilio', twilioAuthToken: 'token-1', msg91WebhookToken: undefined,
      sms: { primary: { vendor: 'twilio', apiUrl: 'https://api.twilio.com', accountSid: sid, authToken: 'token-1', from: '+15005550006',
        messagingServiceSid: undefined, statusCallbackUrl: 'http://localhost:5000/api/sms/twilio/status' } },
    });
    const withService = load({ ...twilio, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: service, TWILIO_API_URL: 'http://127.0.0.1:4010/',
      PUBLIC_URL: 'https://khata.example.com/' });
    expect(withService.sms.primary).toEqual({
      vendor: 'twilio', apiUrl: 'http://127.0.0.1:4010', accountSid: sid, authToken: 'token-1', from: undefined, messagingServiceSid: service,
      statusCallbackUrl: 'https://khata.example.com/api/sms/twilio/status',
    });
  });

  it('refuses Twilio or MSG91 without PUBLIC_URL, which reminder links and delivery reports need', () => {
    const needs = (variable: string, vendor: string) => new ConfigError(`${variable}=${vendor} needs PUBLIC_URL (e.g. https://khata.example.com): `
      + 'reminder SMS link to it and the vendor posts delivery reports to it');
    expect(() => load({ ...twilio, PUBLIC_URL: '' })).toThrow(needs('SMS_PROVIDER', 'twilio'));
    expect(() => load({ ...msg91, PUBLIC_URL: '' })).toThrow(needs('SMS_PROVIDER', 'msg91'));
    expect(() => load({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms', SMS_FALLBACK_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token-1', TWILIO_FROM: '+15005550006' })).toThrow(needs('SMS_FALLBACK_PROVIDER', 'twilio'));
  });

  it('says what Twilio lacks', () => {
    expect(() => load({ SMS_PROVIDER: 'twilio' })).toThrow(new ConfigError('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN'));
    expect(() => load({ ...twilio, TWILIO_AUTH_TOKEN: ' ' })).toThrow(new ConfigError('SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN'));
    expect(() => load({ ...twilio, TWILIO_FROM: '' })).toThrow(new ConfigError(
      'SMS_PROVIDER=twilio needs TWILIO_FROM (a Twilio number in E.164 or a sender id) or TWILIO_MESSAGING_SERVICE_SID'));
    expect(() => load({ ...twilio, TWILIO_ACCOUNT_SID: 'token-1' })).toThrow(new ConfigError(
      'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters (the Twilio Console shows it), got "token-1"'));
    expect(() => load({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: 'MG1' }))
      .toThrow(new ConfigError('TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal characters, got "MG1"'));
    expect(() => load({ ...twilio, TWILIO_API_URL: 'api.twilio.com' }))
      .toThrow(new ConfigError('TWILIO_API_URL must be an http or https address, got "api.twilio.com"'));
  });

  it('reads MSG91 with a flow per message and language', () => {
    expect(load({ ...msg91, MSG91_WEBHOOK_TOKEN: 'x'.repeat(24) })).toMatchObject({
      smsProvider: 'msg91', twilioAuthToken: undefined, msg91WebhookToken: 'x'.repeat(24),
      sms: { primary: {
        vendor: 'msg91', apiUrl: 'https://control.msg91.com', authKey: 'key-1', sender: 'KHATAA',
        flows: {
          otp: { en: 'otp-en', hi: 'otp-hi', ta: 'otp-ta' }, reminder: { en: 'rem-en', hi: 'rem-hi', ta: 'rem-ta' },
          invite: { en: 'inv-en', hi: 'inv-hi', ta: 'inv-ta' }, charge: { en: 'chg-en', hi: 'chg-hi', ta: 'chg-ta' },
          enrol: { en: 'enr-en', hi: 'enr-hi', ta: 'enr-ta' }, staff_invite: { en: 'stf-en', hi: 'stf-hi', ta: 'stf-ta' },
        },
      } },
    });
    // Without the token MSG91 still sends; its delivery reports are then refused (statuses stay at "sent").
    expect(load(msg91).msg91WebhookToken).toBeUndefined();
  });

  it('says what MSG91 lacks, every missing variable at once', () => {
    expect(() => load({ SMS_PROVIDER: 'msg91' })).toThrow(new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER, '
      + 'MSG91_OTP_FLOW_EN, MSG91_OTP_FLOW_HI, MSG91_OTP_FLOW_TA, MSG91_REMINDER_FLOW_EN, MSG91_REMINDER_FLOW_HI, MSG91_REMINDER_FLOW_TA, '
      + 'MSG91_INVITE_FLOW_EN, MSG91_INVITE_FLOW_HI, MSG91_INVITE_FLOW_TA, MSG91_CHARGE_FLOW_EN, MSG91_CHARGE_FLOW_HI, MSG91_CHARGE_FLOW_TA, '
      + 'MSG91_ENROL_FLOW_EN, MSG91_ENROL_FLOW_HI, MSG91_ENROL_FLOW_TA, MSG91_STAFF_FLOW_EN, MSG91_STAFF_FLOW_HI, MSG91_STAFF_FLOW_TA'));
    expect(() => load({ ...msg91, MSG91_REMINDER_FLOW_HI: '' })).toThrow(new ConfigError('SMS_PROVIDER=msg91 needs MSG91_REMINDER_FLOW_HI'));
    expect(() => load({ ...msg91, MSG91_INVITE_FLOW_TA: ' ', MSG91_CHARGE_FLOW_EN: '', MSG91_ENROL_FLOW_HI: '' })).toThrow(new ConfigError(
      'SMS_PROVIDER=msg91 needs MSG91_INVITE_FLOW_TA, MSG91_CHARGE_FLOW_EN, MSG91_ENROL_FLOW_HI'));
    // The staff invitation's flows are named MSG91_STAFF_FLOW_*, not after the message's own name.
    const { MSG91_STAFF_FLOW_TA: _staffTa, ...withoutStaffTa } = msg91;
    expect(() => load(withoutStaffTa)).toThrow(new ConfigError('SMS_PROVIDER=msg91 needs MSG91_STAFF_FLOW_TA'));
    expect(() => load({ ...withoutStaffTa, MSG91_STAFF_INVITE_FLOW_TA: 'stf-ta' })).toThrow(new ConfigError('SMS_PROVIDER=msg91 needs MSG91_STAFF_FLOW_TA'));
    expect(() => load({ ...msg91, MSG91_WEBHOOK_TOKEN: 'short' })).toThrow(new ConfigError(
      'MSG91_WEBHOOK_TOKEN must be at least 16 letters, digits, - or _ (a random secret; it ends the delivery webhook URL)'));
    expect(() => load({ ...msg91, MSG91_WEBHOOK_TOKEN: 'a/b'.repeat(8) })).toThrow('MSG91_WEBHOOK_TOKEN must be at least 16');
  });

  it('refuses an SMS_PROVIDER it does not know, naming the four it does', () => {
    expect(() => load({ SMS_PROVIDER: 'gupshup' }))
      .toThrow(new ConfigError('SMS_PROVIDER must be "development", "webhook", "twilio" or "msg91", got "gupshup"'));
    expect(() => load({ SMS_PROVIDER: 'webhook' })).toThrow(new ConfigError('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL'));
    expect(() => load({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'sms.example' }))
      .toThrow(new ConfigError('SMS_WEBHOOK_URL must be an http or https address, got "sms.example"'));
  });

  it('takes a fallback vendor of another kind, with its own variables', () => {
    const both = load({ ...twilio, ...msg91, SMS_PROVIDER: 'twilio', SMS_FALLBACK_PROVIDER: 'msg91', MSG91_WEBHOOK_TOKEN: 'y'.repeat(16) });
    expect(both.sms.primary.vendor).toBe('twilio');
    expect(both.sms.fallback?.vendor).toBe('msg91');
    expect(both).toMatchObject({ twilioAuthToken: 'token-1', msg91WebhookToken: 'y'.repeat(16) });
    const toWebhook = load({ ...msg91, SMS_FALLBACK_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send' });
    expect(toWebhook.sms.fallback).toEqual({ vendor: 'webhook', url: 'https://sms.example/send' });
    expect(() => load({ ...msg91, SMS_FALLBACK_PROVIDER: 'twilio' }))
      .toThrow(new ConfigError('SMS_FALLBACK_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN'));
  });

  it('refuses a fallback that is the same vendor, the development provider, or behind it', () => {
    expect(() => load({ ...twilio, SMS_FALLBACK_PROVIDER: 'twilio' }))
      .toThrow(new ConfigError('SMS_FALLBACK_PROVIDER must be another vendor than SMS_PROVIDER (both are "twilio")'));
    expect(() => load({ ...twilio, SMS_FALLBACK_PROVIDER: 'development' }))
      .toThrow(new ConfigError('SMS_FALLBACK_PROVIDER must be "webhook", "twilio" or "msg91", got "development"'));
    expect(() => load({ SMS_FALLBACK_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example' })).toThrow(new ConfigError(
      'SMS_FALLBACK_PROVIDER backs up a real vendor: set SMS_PROVIDER to twilio, msg91 or webhook, or leave it out'));
  });

  it('reads SMS_DAILY_LIMIT_PER_SHOP, 200 by default', () => {
    expect(load({}).smsDailyLimitPerShop).toBe(200);
    expect(load({ SMS_DAILY_LIMIT_PER_SHOP: '50' }).smsDailyLimitPerShop).toBe(50);
    expect(() => load({ SMS_DAILY_LIMIT_PER_SHOP: 'lots' })).toThrow('SMS_DAILY_LIMIT_PER_SHOP must be a whole number, got "lots"');
  });

  it('starts in production with Twilio or MSG91 alone', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://khata.example.com' };
    expect(load({ ...production, ...twilio }).isProduction).toBe(true);
    expect(load({ ...production, ...msg91 }).smsProvider).toBe('msg91');
  });
});
