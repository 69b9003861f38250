/**
 * The Idempotency-Key header of the calls that move money (a payment, a refund): 8 to 100
 * letters, digits or `-_.:`. Absent is allowed (the call is then not safe to retry); anything
 * else is refused before the call runs (docs/api.md, "Behaviour the schemas do not say").
 */
import { AppError } from './errors';

const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;

export function idempotencyKeyOf(header: unknown): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !idempotencyKeyPattern.test(header)) throw new AppError('idempotency_key_invalid');
  return header;
}
