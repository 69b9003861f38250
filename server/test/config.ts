/**
 * The app's configuration for tests, journeys and benchmarks: a fresh random pepper,
 * no request limits (each test sets the ones it checks), no web directory.
 */
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../app';

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  pinPeppers: new Map([[1, randomBytes(32)]]),
  pinKeyVersion: 1,
  publicUrl: undefined,
  isProduction: false,
  sessionIdleTtlSeconds: 7 * 24 * 3600,
  sessionAbsoluteTtlSeconds: 30 * 24 * 3600,
  rateLimitPerMinute: 0,
  sessionRateLimitPerMinute: 0,
  trustProxy: false,
  webDir: '/nonexistent',
  // Event streams end at once under app.inject; tests that read one set a lifetime.
  eventStreamSeconds: 0,
  ...overrides,
});
