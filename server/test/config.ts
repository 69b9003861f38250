/**
 * The app's configuration for tests, journeys and benchmarks: a fresh random pepper,
 * no request limits (each test sets the ones it checks), no web directory.
 */
import { randomBytes } from 'node:crypto';
import { smsDailyLimitPerShopDefault } from '@common/limits';
import type { AppConfig } from '../app';

/** Twilio's auth token and MSG91's webhook token in tests: secrets of no deployment. */
export const testTwilioAuthToken = 'test-twilio-auth-token-0123456789';
export const testMsg91WebhookToken = 'test-msg91-webhook-token-0123456789';

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
  smsDailyLimitPerShop: smsDailyLimitPerShopDefault,
  // The vendors' delivery callbacks are open to tests that sign with these (a test of the
  // unconfigured case sets them undefined).
  twilioAuthToken: testTwilioAuthToken,
  msg91WebhookToken: testMsg91WebhookToken,
  ...overrides,
});
