/**
 * Configuration from the environment, read once at start-up. Every variable is listed
 * in the README's configuration table.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { sessionAbsoluteTtlSeconds, sessionIdleTtlSeconds } from '@common/limits';
import { DatabaseUrlError, parseDatabaseUrl } from './db/postgres-hosts';

export type SmsProviderName = 'development' | 'webhook';

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
  smsWebhookUrl: string | undefined;
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
    throw new ConfigError('With DATABASE_URL or an https PUBLIC_URL, SMS_PROVIDER must be set: SMS_PROVIDER=webhook '
      + 'with SMS_WEBHOOK_URL to send real SMS, or SMS_PROVIDER=development to show every one-time code in the app '
      + 'and the log (anyone could then reset anyone\'s PIN)');
  }
  const smsProvider = (env.SMS_PROVIDER || 'development') as SmsProviderName;
  if (smsProvider !== 'development' && smsProvider !== 'webhook') {
    throw new ConfigError(`SMS_PROVIDER must be "development" or "webhook", got "${smsProvider}"`);
  }
  if (isProduction && smsProvider === 'development') {
    throw new ConfigError('NODE_ENV=production refuses the development SMS provider: set SMS_PROVIDER=webhook and SMS_WEBHOOK_URL');
  }
  if (realDeployment && smsProvider === 'development') riskyDevelopmentSettings.push('SMS_PROVIDER=development');
  const demoAdminRaw = env.DEMO_ADMIN ?? '';
  if (!['', '0', '1'].includes(demoAdminRaw)) throw new ConfigError(`DEMO_ADMIN must be 1 or 0, got "${demoAdminRaw}"`);
  if (isProduction && demoAdminRaw === '1') throw new ConfigError('NODE_ENV=production refuses DEMO_ADMIN=1: create an admin with npm run admin');
  const demoAdmin = !isProduction && (realDeployment ? demoAdminRaw === '1' : demoAdminRaw !== '0');
  if (realDeployment && demoAdmin) riskyDevelopmentSettings.push('DEMO_ADMIN=1');
  if (smsProvider === 'webhook' && !env.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL');
  }
  if (isProduction && !env.PIN_PEPPER) {
    throw new ConfigError('NODE_ENV=production needs PIN_PEPPER (a long random secret)');
  }
  // Without it, links take their origin from each request's Host, which a client chooses.
  if (isProduction && !env.PUBLIC_URL?.trim()) {
    throw new ConfigError('NODE_ENV=production needs PUBLIC_URL, the address people open the app at '
      + '(e.g. https://khata.example.com): payment QR codes and reminder links are written with it');
  }

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
    publicUrl: publicUrl(env.PUBLIC_URL),
    sessionIdleTtlSeconds: positiveInteger('SESSION_IDLE_TTL_SECONDS', env.SESSION_IDLE_TTL_SECONDS, sessionIdleTtlSeconds),
    sessionAbsoluteTtlSeconds: positiveInteger('SESSION_ABSOLUTE_TTL_SECONDS', env.SESSION_ABSOLUTE_TTL_SECONDS, sessionAbsoluteTtlSeconds),
    smsProvider,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    demoAdmin,
    riskyDevelopmentSettings,
    rateLimitPerMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 1200),
    sessionRateLimitPerMinute: positiveInteger('SESSION_RATE_LIMIT_PER_MINUTE', env.SESSION_RATE_LIMIT_PER_MINUTE, 300),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    dbPoolSize: positiveInteger('DB_POOL_SIZE', env.DB_POOL_SIZE, 10),
    eventStreamSeconds: positiveInteger('EVENT_STREAM_SECONDS', env.EVENT_STREAM_SECONDS, 300),
  };
}
