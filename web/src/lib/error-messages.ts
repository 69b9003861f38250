/**
 * The error catalogue's messages on the client, loaded on demand by api-client.ts so the
 * ICU formatter stays out of the entry chunk.
 */
import { errorCode, errors, type ErrorCode, type ErrorKey, type ErrorParams } from '@common/errors';
import { formatError } from '@common/format-error';

/** Public code → the one catalogue key sent under it; codes several keys share are left out. */
const keyOfCode = new Map<string, ErrorKey | null>();
for (const key of Object.keys(errors) as ErrorKey[]) {
  const code = errorCode(key);
  keyOfCode.set(code, keyOfCode.has(code) ? null : key);
}

/**
 * The catalogue's message for a code and its body parameters, or null when the code is
 * unknown, shared by several messages (the body's own text says which), or needs a
 * parameter the body does not carry.
 */
export function messageFor(code: ErrorCode, params: ErrorParams, locale = 'en-IN'): string | null {
  const key = keyOfCode.get(code);
  if (!key) return null;
  try {
    return formatError(key, params, locale);
  } catch {
    return null;
  }
}
