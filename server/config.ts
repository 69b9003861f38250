/**
 * Configuration from the environment, read once at start-up. Every variable is listed
 * in the README's configuration table.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { languages, type Language } from '@common/languages';
import { sessionAbsoluteTtlSeconds, sessionIdleTtlSeconds, smsDailyLimitPerShopDefault } from '@common/limits';
import { DatabaseUrlError, parseDatabaseUrl } from './db/postgres-hosts';
import { msg91FlowVariable, type Msg91Settings } from './sms/msg91';
import { smsTemplates, type SmsTemplate } from './sms/provider';
import type { TwilioSettings } from './sms/twilio';

/** The admin a development start creates (Config.demoAdmin) and `npm run demo` takes over. */
export const demoAdminEmail = 'admin@khata.local';

export const smsProviderNames = ['development', 'webhook', 'twilio', 'msg91'] as const;
export type SmsProviderName = (typeof smsProviderNames)[number];

/** What server/sms/providers.ts needs to build one vendor. */
export type SmsVendorSettings =
  | { vendor: 'development' }
  | { vendor: 'webhook'; url: string }
  | ({ vendor: 'twilio' } & TwilioSettings)
  | ({ vendor: 'msg91' } & Msg91Settings);

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PIN peppers by key version; `pinKeyVersion` is the one new hashes use. */
  pinPeppers: ReadonlyMap<number, Buffer>;
  pinKeyVersion: number;
  publicUrl: string | undefined;
  sessionIdleTtlSeconds: number;
  sessionAbsoluteTtlSeconds: number;
  smsProvider: SmsProviderName;
  /** The vendor SMS go to first (SMS_PROVIDER) and the one tried when it fails (SMS_FALLBACK_PROVIDER). */
  sms: { primary: SmsVendorSettings; fallback?: SmsVendorSettings };
  /** Reminder SMS one shop may send in an India day. */
  smsDailyLimitPerShop: number;
  /** Checks X-Twilio-Signature on Twilio's status callbacks; set when Twilio is one of the vendors. */
  twilioAuthToken: string | undefined;
  /** The secret last part of MSG91's delivery webhook URL; set when MSG91 is one of the vendors and it is given. */
  msg91WebhookToken: string | undefined;
  /**
   * Whether start-up creates a demo admin when none exists: never in production; by
   * default on the embedded database; elsewhere only with DEMO_ADMIN=1.
   */
  demoAdmin: boolean;
  /**
   * Development conveniences that were asked for by name on a real deployment (a
   * DATABASE_URL or an https PUBLIC_URL); main.ts prints a WARNING for each.
   */
  riskyDevelopmentSettings: string[];
  /** Requests per minute per client address for calls without a session; 0 turns it off. */
  rateLimitPerMinute: number;
  /** Requests per minute per session for signed-in calls (per process); 0 turns it off. */
  sessionRateLimitPerMinute: number;
  /** Fastify's trustProxy: a hop count, true/false, or the proxies' addresses and CIDRs. */
  trustProxy: boolean | number | string[];
  webDir: string;
  dbPoolSize: number;
  /** How long one server-sent event stream lasts before the browser reconnects. */
  eventStreamSeconds: number;
  /** METRICS_TOKEN: the bearer token GET /metrics answers; unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /** Daily backups of the embedded database kept under DATA_DIR/backups (BACKUP_KEEP; 0 turns them off). */
  backupKeep: number;
  /** REDIS_URL: request limits and stream caps shared by every process; unset, each process counts its own. */
  redisUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica for reads that may lag a moment (histories, statements, analytics). */
  databaseReadUrl: string | undefined;
  /** For this long after a session's last write, its reads go to the primary (READ_AFTER_WRITE_SECONDS). */
  readAfterWriteSeconds: number;
}

export class ConfigError extends Error {}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function readPepper(raw: string, name: string): Buffer {
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters of secret`);
  return Buffer.from(raw, 'utf8');
}

/**
 * In development the pepper is generated once and kept in a file beside (not inside)
 * the database, so PINs stay valid across restarts.
 */
function developmentPepper(dataDir: string): string {
  const file = join(dataDir, 'pin-pepper');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const pepper = randomBytes(32).toString('hex');
  writeFileSync(file, pepper, { mode: 0o600 });
  return pepper;
}

/**
 * TRUST_PROXY as Fastify takes it: a whole number is how many proxies to trust (hops),
 * `true`/`false` trust every proxy or none, anything else a comma list of proxy
 * addresses, CIDRs and proxy-addr's names (loopback, linklocal, uniquelocal). (Passed as a string, "1" was taken as an address.)
 */
/** proxy-addr's names for address ranges. */
const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const address of addresses) {
    const [ip = '', prefix] = address.split('/');
    const valid = proxyAddressNames.has(address)
      || (isIP(ip) !== 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(ip) === 4 ? 32 : 128))));
    if (!valid) {
      throw new ConfigError(`TRUST_PROXY must be a hop count, true, false or a comma list of addresses/CIDRs, got "${raw}"`);
    }
  }
  return addresses;
}

/**
 * A deployment that is not the newcomer's `npm start` on the embedded database: it has a
 * real database or a public https address, so codes shown in the app or a demo admin
 * would hand accounts to anyone.
 */
function isRealDeployment(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DATABASE_URL) || (env.PUBLIC_URL?.startsWith('https:') ?? false);
}

/**
 * PUBLIC_URL, checked: the http(s) origin written into payment and reminder links, with no
 * user name, query or fragment that would rewrite them; a trailing slash is dropped.
 */
function publicUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/\/+$/, '');
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http or https address such as https://khata.example.com, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash
    || trimmed.includes('?') || trimmed.includes('#')) {
    throw new ConfigError(`PUBLIC_URL must be an http or https address such as https://khata.example.com, got "${value}"`);
  }
  return trimmed;
}

/** DATABASE_URL, checked: a host list or target_session_attrs the app cannot use stops the start. */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    parseDatabaseUrl(value);
  } catch (error) {
    if (error instanceof DatabaseUrlError) throw new ConfigError(error.message);
    throw error;
  }
  return value;
}

/** METRICS_TOKEN: a long secret, as it is the only thing between strangers and the metrics. */
function metricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces (a random secret; Prometheus sends it as a bearer token)');
  }
  return token;
}

/** REDIS_URL, checked: redis:// or rediss://. */
function redisUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// address such as redis://127.0.0.1:6379, got "${value}"`);
  }
  return trimmed;
}

/** DATABASE_READ_URL, checked like DATABASE_URL; it needs DATABASE_URL (the embedded database has no replica). */
function databaseReadUrl(value: string | undefined, primary: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (!primary) throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: the embedded database has no replica');
  return databaseUrl(trimmed);
}

/** The SMS vendors' variables that name a message's template per language: MSG91_<MESSAGE>_FLOW_<EN|HI|TA>. */
const msg91FlowVariables = smsTemplates.flatMap((template) =>
  languages.map((language) => ({ template, language, name: msg91FlowVariable(template, language) })));

/** An http(s) address a vendor is called at; `name` is the variable it came from. */
function vendorUrl(name: string, value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`${name} must be an http or https address, got "${value}"`);
  }
  return trimmed;
}

/** Stops the start naming every variable `setting` (e.g. SMS_PROVIDER=msg91) needs and lacks. */
function requireAll(setting: string, env: NodeJS.ProcessEnv, names: readonly string[]): void {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`${setting} needs ${missing.join(', ')}`);
}

function twilioSettings(setting: string, env: NodeJS.ProcessEnv, publicUrl: string | undefined): SmsVendorSettings {
  requireAll(setting, env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']);
  const accountSid = env.TWILIO_ACCOUNT_SID!.trim();
  if (!/^AC[0-9a-f]{32}$/i.test(accountSid)) {
    throw new ConfigError(`TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters (the Twilio Console shows it), got "${accountSid}"`);
  }
  const from = env.TWILIO_FROM?.trim() || undefined;
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID?.trim() || undefined;
  if (!from && !messagingServiceSid) {
    throw new ConfigError(`${setting} needs TWILIO_FROM (a Twilio number in E.164 or a sender id) or TWILIO_MESSAGING_SERVICE_SID`);
  }
  if (messagingServiceSid && !/^MG[0-9a-f]{32}$/i.test(messagingServiceSid)) {
    throw new ConfigError(`TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal characters, got "${messagingServiceSid}"`);
  }
  return {
    vendor: 'twilio',
    apiUrl: vendorUrl('TWILIO_API_URL', env.TWILIO_API_URL?.trim() || 'https://api.twilio.com'),
    accountSid,
    authToken: env.TWILIO_AUTH_TOKEN!.trim(),
    from,
    messagingServiceSid,
    // Twilio reports delivery only to an address it can reach: without PUBLIC_URL, statuses stay at "sent".
    statusCallbackUrl: publicUrl ? `${publicUrl}/api/sms/twilio/status` : undefined,
  };
}

function msg91Settings(setting: string, env: NodeJS.ProcessEnv): SmsVendorSettings {
  requireAll(setting, env, ['MSG91_AUTH_KEY', 'MSG91_SENDER', ...msg91FlowVariables.map((flow) => flow.name)]);
  const flows = Object.fromEntries(smsTemplates.map((template) => [template, {}])) as Record<SmsTemplate, Record<Language, string>>;
  for (const flow of msg91FlowVariables) flows[flow.template][flow.language] = env[flow.name]!.trim();
  return {
    vendor: 'msg91',
    apiUrl: vendorUrl('MSG91_API_URL', env.MSG91_API_URL?.trim() || 'https://control.msg91.com'),
    authKey: env.MSG91_AUTH_KEY!.trim(),
    sender: env.MSG91_SENDER!.trim(),
    flows,
  };
}

/** One vendor's settings; `variable` is SMS_PROVIDER or SMS_FALLBACK_PROVIDER, for the messages. */
function smsVendorSettings(variable: string, name: SmsProviderName, env: NodeJS.ProcessEnv, publicUrl: string | undefined): SmsVendorSettings {
  const setting = `${variable}=${name}`;
  switch (name) {
    case 'development':
      return { vendor: 'development' };
    case 'webhook':
      if (!env.SMS_WEBHOOK_URL?.trim()) throw new ConfigError(`${setting} needs SMS_WEBHOOK_URL`);
      return { vendor: 'webhook', url: vendorUrl('SMS_WEBHOOK_URL', env.SMS_WEBHOOK_URL) };
    case 'twilio':
      return twilioSettings(setting, env, publicUrl);
    case 'msg91':
      return msg91Settings(setting, env);
  }
}

/** MSG91_WEBHOOK_TOKEN: the only thing that keeps strangers from posting delivery reports, so long and URL-safe. */
function msg91WebhookToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) {
    throw new ConfigError('MSG91_WEBHOOK_TOKEN must be at least 16 letters, digits, - or _ (a random secret; it ends the delivery webhook URL)');
  }
  return token;
}

/** SMS_PROVIDER, SMS_FALLBACK_PROVIDER and each one's vendor variables. */
function smsConfig(env: NodeJS.ProcessEnv, smsProvider: SmsProviderName, publicUrl: string | undefined) {
  const primary = smsVendorSettings('SMS_PROVIDER', smsProvider, env, publicUrl);
  const fallbackName = env.SMS_FALLBACK_PROVIDER?.trim() || undefined;
  if (fallbackName !== undefined && !['webhook', 'twilio', 'msg91'].includes(fallbackName)) {
    throw new ConfigError(`SMS_FALLBACK_PROVIDER must be "webhook", "twilio" or "msg91", got "${fallbackName}"`);
  }
  if (fallbackName !== undefined && smsProvider === 'development') {
    throw new ConfigError('SMS_FALLBACK_PROVIDER backs up a real vendor: set SMS_PROVIDER to twilio, msg91 or webhook, or leave it out');
  }
  if (fallbackName === smsProvider) {
    throw new ConfigError(`SMS_FALLBACK_PROVIDER must be another vendor than SMS_PROVIDER (both are "${smsProvider}")`);
  }
  const fallback = fallbackName ? smsVendorSettings('SMS_FALLBACK_PROVIDER', fallbackName as SmsProviderName, env, publicUrl) : undefined;
  const vendors = [primary, fallback];
  // A reminder's link and the vendor's delivery reports both need the address people reach Khata at.
  const vendorNeedingUrl = vendors.find((vendor) => vendor?.vendor === 'twilio' || vendor?.vendor === 'msg91');
  if (vendorNeedingUrl && !publicUrl) {
    throw new ConfigError(`${vendorNeedingUrl.vendor === primary.vendor ? 'SMS_PROVIDER' : 'SMS_FALLBACK_PROVIDER'}=${vendorNeedingUrl.vendor} `
      + 'needs PUBLIC_URL (e.g. https://khata.example.com): reminder SMS link to it and the vendor posts delivery reports to it');
  }
  const twilio = vendors.find((vendor) => vendor?.vendor === 'twilio');
  const usesMsg91 = vendors.some((vendor) => vendor?.vendor === 'msg91');
  return {
    sms: fallback ? { primary, fallback } : { primary },
    twilioAuthToken: twilio?.vendor === 'twilio' ? twilio.authToken : undefined,
    msg91WebhookToken: usesMsg91 ? msg91WebhookToken(env.MSG91_WEBHOOK_TOKEN) : undefined,
  };
}

/**
 * `forServer`: the caller will serve requests (main.ts), so a real deployment must say
 * which SMS provider it wants. The command-line tools (admin, reconcile) send no SMS and
 * leave it out.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { forServer?: boolean } = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const realDeployment = isRealDeployment(env);
  const riskyDevelopmentSettings: string[] = [];
  if (options.forServer && !env.SMS_PROVIDER && realDeployment && !isProduction) {
    throw new ConfigError('With DATABASE_URL or an https PUBLIC_URL, SMS_PROVIDER must be set: SMS_PROVIDER=twilio, msg91 '
      + 'or webhook (with their variables) to send real SMS, or SMS_PROVIDER=development to show every one-time code in the app '
      + 'and the log (anyone could then reset anyone\'s PIN)');
  }
  const smsProvider = (env.SMS_PROVIDER?.trim() || 'development') as SmsProviderName;
  if (!smsProviderNames.includes(smsProvider)) {
    throw new ConfigError(`SMS_PROVIDER must be "development", "webhook", "twilio" or "msg91", got "${env.SMS_PROVIDER}"`);
  }
  if (isProduction && smsProvider === 'development') {
    throw new ConfigError('NODE_ENV=production refuses the development SMS provider: set SMS_PROVIDER to twilio, msg91 or webhook '
      + 'with its variables (README, "Configuration")');
  }
  if (realDeployment && smsProvider === 'development') riskyDevelopmentSettings.push('SMS_PROVIDER=development');
  const demoAdminRaw = env.DEMO_ADMIN ?? '';
  if (!['', '0', '1'].includes(demoAdminRaw)) throw new ConfigError(`DEMO_ADMIN must be 1 or 0, got "${demoAdminRaw}"`);
  if (isProduction && demoAdminRaw === '1') throw new ConfigError('NODE_ENV=production refuses DEMO_ADMIN=1: create an admin with npm run admin');
  const demoAdmin = !isProduction && (realDeployment ? demoAdminRaw === '1' : demoAdminRaw !== '0');
  if (realDeployment && demoAdmin) riskyDevelopmentSettings.push('DEMO_ADMIN=1');
  if (isProduction && !env.PIN_PEPPER) {
    throw new ConfigError('NODE_ENV=production needs PIN_PEPPER (a long random secret)');
  }
  // Without it, links take their origin from each request's Host, which a client chooses.
  if (isProduction && !env.PUBLIC_URL?.trim()) {
    throw new ConfigError('NODE_ENV=production needs PUBLIC_URL, the address people open the app at '
      + '(e.g. https://khata.example.com): payment QR codes and reminder links are written with it');
  }
  const checkedPublicUrl = publicUrl(env.PUBLIC_URL);
  const sms = smsConfig(env, smsProvider, checkedPublicUrl);

  const pinKeyVersion = positiveInteger('PIN_PEPPER_VERSION', env.PIN_PEPPER_VERSION, 1);
  const pinPeppers = new Map<number, Buffer>();
  pinPeppers.set(pinKeyVersion, readPepper(env.PIN_PEPPER ?? developmentPepper(dataDir), 'PIN_PEPPER'));
  // Older peppers stay usable for sign-in during a rotation: "1:secret,2:secret".
  for (const entry of (env.PIN_PEPPERS_PREVIOUS ?? '').split(',').filter(Boolean)) {
    const [version, secret] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
    pinPeppers.set(positiveInteger('PIN_PEPPERS_PREVIOUS version', version, 0), readPepper(secret, 'PIN_PEPPERS_PREVIOUS'));
  }

  return {
    nodeEnv,
    isProduction,
    port: positiveInteger('PORT', env.PORT, 5000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    dataDir,
    pinPeppers,
    pinKeyVersion,
    publicUrl: checkedPublicUrl,
    sessionIdleTtlSeconds: positiveInteger('SESSION_IDLE_TTL_SECONDS', env.SESSION_IDLE_TTL_SECONDS, sessionIdleTtlSeconds),
    sessionAbsoluteTtlSeconds: positiveInteger('SESSION_ABSOLUTE_TTL_SECONDS', env.SESSION_ABSOLUTE_TTL_SECONDS, sessionAbsoluteTtlSeconds),
    smsProvider,
    ...sms,
    smsDailyLimitPerShop: positiveInteger('SMS_DAILY_LIMIT_PER_SHOP', env.SMS_DAILY_LIMIT_PER_SHOP, smsDailyLimitPerShopDefault),
    demoAdmin,
    riskyDevelopmentSettings,
    rateLimitPerMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 1200),
    sessionRateLimitPerMinute: positiveInteger('SESSION_RATE_LIMIT_PER_MINUTE', env.SESSION_RATE_LIMIT_PER_MINUTE, 300),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    dbPoolSize: positiveInteger('DB_POOL_SIZE', env.DB_POOL_SIZE, 10),
    eventStreamSeconds: positiveInteger('EVENT_STREAM_SECONDS', env.EVENT_STREAM_SECONDS, 300),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    backupKeep: positiveInteger('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    redisUrl: redisUrl(env.REDIS_URL),
    databaseReadUrl: databaseReadUrl(env.DATABASE_READ_URL, env.DATABASE_URL),
    readAfterWriteSeconds: positiveInteger('READ_AFTER_WRITE_SECONDS', env.READ_AFTER_WRITE_SECONDS, 10),
  };
}
