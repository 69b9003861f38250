/**
 * The Redis that tests of the shared limits (REDIS_URL) run against: TEST_REDIS_URL, or the one
 * at 127.0.0.1:6379. Each run keeps its keys under a prefix of its own and deletes them after.
 */
import { Redis } from 'ioredis';

export const testRedisServer = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** REDIS_URL for the test Redis with the run's key prefix. */
export const testRedisUrl = (prefix: string): string =>
  `${testRedisServer}${testRedisServer.includes('?') ? '&' : '?'}prefix=${prefix}`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(testRedisServer, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the test Redis answers; when it does not, the tests that need it (`what`) are
 * skipped, and the run says so.
 */
export async function testRedisAvailable(what: string): Promise<boolean> {
  const available = await redisAnswers();
  // CI starts a Redis when none answers (.ci/run): there a missing one is a failure, never a skip.
  if (!available && process.env.CI) throw new Error(`CI needs a Redis: none answers at ${testRedisServer} (TEST_REDIS_URL)`);
  if (!available) console.log(`SKIPPED ${what}: no Redis answers at ${testRedisServer} (set TEST_REDIS_URL)`);
  return available;
}

/** Deletes the run's keys from the test Redis. */
export async function deleteTestRedisKeys(prefix: string): Promise<void> {
  const cleaner = new Redis(testRedisServer);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  cleaner.disconnect();
}
