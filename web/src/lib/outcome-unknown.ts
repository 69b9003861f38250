/**
 * Whether a money request's answer says what happened (a payment, a charge by SMS code): a
 * proxy's 502 or 504, the server's 503 (payment_outcome_unknown, database_unavailable), or no
 * answer read at all leave it unknown; every other status is a definitive answer.
 */
import { errorStatus } from '@/lib/api-client';

const outcomeUnknownStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

/** True when the error does not say whether the money moved: no answer read at all, or a 502/503/504. */
export function isOutcomeUnknown(error: unknown): boolean {
  const status = errorStatus(error);
  return status === null || outcomeUnknownStatuses.has(status);
}
