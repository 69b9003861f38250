/**
 * Expected failures carry a key of the catalogue in common/errors.ts and its parameters;
 * the error plugin answers `{ error, code, key, params, ...fields }` with the entry's
 * status. Anything else is a bug and becomes a bare 500.
 */
import type * as z from 'zod/mini';
import {
  errorCode, errors, isErrorKey, type ErrorBody, type ErrorCode, type ErrorEntry, type ErrorKey, type ErrorParams, type InputErrorKey,
} from '@common/errors';
import { errorArguments, formatError } from '@common/format-error';

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
    // Only what the message reads: a value passed for another use (Retry-After's seconds) stays here.
    const params = Object.fromEntries(
      errorArguments(this.key).flatMap((name) => (this.params[name] === undefined ? [] : [[name, this.params[name]]])),
    );
    return { error: this.message, code: this.code, key: this.key, params, ...fields };
  }
}

/** True when any text in `value` holds a NUL character, which PostgreSQL text cannot store. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** A schema check's message that names a catalogue entry of its own (common/schemas/messages.ts). */
const isInputErrorKey = (message: string): message is InputErrorKey =>
  isErrorKey(message) && errorCode(message) === 'invalid_input';

/** Parses input with a shared schema or refuses it with the first readable issue. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  // Refused here, before any schema lets it through to the database as a 500.
  if (containsNul(input)) throw new AppError('text_has_nul');
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError('request_invalid');
  if (issue.path.length === 0) throw new AppError('body_not_object');
  // The check's own entry, such as pin_format: 'PIN must be exactly 4 digits'.
  if (isInputErrorKey(issue.message)) throw new AppError(issue.message);
  // zod's own wording for a wrong type names no field; the field's name does.
  if (issue.message.startsWith('Invalid input')) throw new AppError('field_invalid', { field: issue.path.join('.') });
  // A check that names no entry: zod's wording, or a schema not yet given keys.
  throw new AppError('invalid_input', { message: issue.message });
}
