/**
 * Expected failures carry a key of the catalogue in common/errors.ts and its parameters;
 * the error plugin answers `{ error, code, ...fields }` with the entry's status. Anything
 * else is a bug and becomes a bare 500.
 */
import type * as z from 'zod/mini';
import { errorCode, errors, type ErrorBody, type ErrorCode, type ErrorEntry, type ErrorKey, type ErrorParams } from '@common/errors';
import { formatError } from '@common/format-error';

export class AppError extends Error {
  readonly status: number;
  /** The public code the body carries (a refinement's broader code). */
  readonly code: ErrorCode;

  constructor(readonly key: ErrorKey, readonly params: ErrorParams = {}) {
    super(formatError(key, params));
    this.status = errors[key].status;
    this.code = errorCode(key);
  }

  body(): ErrorBody {
    const entry: ErrorEntry = errors[this.key];
    const fields = Object.fromEntries((entry.fields ?? []).map((name) => [name, this.params[name]]));
    return { error: this.message, code: this.code, ...fields };
  }
}

/** True when any text in `value` holds a NUL character, which PostgreSQL text cannot store. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** Parses input with a shared schema or refuses it with the first readable issue. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  // Refused here, before any schema lets it through to the database as a 500.
  if (containsNul(input)) throw new AppError('text_has_nul');
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError('request_invalid');
  if (issue.path.length === 0) throw new AppError('body_not_object');
  // zod's own wording for a wrong type names no field; the field's name does.
  if (issue.message.startsWith('Invalid input')) throw new AppError('field_invalid', { field: issue.path.join('.') });
  // The schema's own message (common/schemas), such as 'PIN must be exactly 4 digits'.
  throw new AppError('invalid_input', { message: issue.message });
}
