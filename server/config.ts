/**
 * Configuration from the environment, read once at start-up. Every variable is listed
 * in the README's configuration table.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sessionAbsoluteTtlSeconds, sessionIdleTtlSeconds } from '../common/limits';

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
  /** Requests per minute per client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Fastify's trustProxy: set it when a reverse proxy terminates HTTPS. */
  trustProxy: boolean | string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const smsProvider = (env.SMS_PROVIDER ?? 'development') as SmsProviderName;
  if (smsProvider !== 'development' && smsProvider !== 'webhook') {
    throw new ConfigError(`SMS_PROVIDER must be "development" or "webhook", got "${smsProvider}"`);
  }
  if (isProduction && smsProvider === 'development') {
    throw new ConfigError('NODE_ENV=production refuses the development SMS provider: set SMS_PROVIDER=webhook and SMS_WEBHOOK_URL');
  }
  if (smsProvider === 'webhook' && !env.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL');
  }
  if (isProduction && !env.PIN_PEPPER) {
    throw new ConfigError('NODE_ENV=production needs PIN_PEPPER (a long random secret)');
  }

  const pinKeyVersion = positiveInteger('PIN_PEPPER_VERSION', env.PIN_PEPPER_VERSION, 1);
  const pinPeppers = new Map<number, Buffer>();
  pinPeppers.set(pinKeyVersion, readPepper(env.PIN_PEPPER ?? developmentPepper(dataDir), 'PIN_PEPPER'));
  // Older peppers stay usable for sign-in during a rotation: "1:secret,2:secret".
  for (const entry of (env.PIN_PEPPERS_PREVIOUS ?? '').split(',').filter(Boolean)) {
    const [version, secret] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
    pinPeppers.set(positiveInteger('PIN_PEPPERS_PREVIOUS version', version, 0), readPepper(secret, 'PIN_PEPPERS_PREVIOUS'));
  }

  const trustProxyRaw = env.TRUST_PROXY;
  return {
    nodeEnv,
    isProduction,
    port: positiveInteger('PORT', env.PORT, 5000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pinPeppers,
    pinKeyVersion,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    sessionIdleTtlSeconds: positiveInteger('SESSION_IDLE_TTL_SECONDS', env.SESSION_IDLE_TTL_SECONDS, sessionIdleTtlSeconds),
    sessionAbsoluteTtlSeconds: positiveInteger('SESSION_ABSOLUTE_TTL_SECONDS', env.SESSION_ABSOLUTE_TTL_SECONDS, sessionAbsoluteTtlSeconds),
    smsProvider,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    rateLimitPerMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 600),
    trustProxy: trustProxyRaw === undefined || trustProxyRaw === '' ? false
      : trustProxyRaw === 'true' ? true : trustProxyRaw,
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    dbPoolSize: positiveInteger('DB_POOL_SIZE', env.DB_POOL_SIZE, 10),
    eventStreamSeconds: positiveInteger('EVENT_STREAM_SECONDS', env.EVENT_STREAM_SECONDS, 300),
  };
}
