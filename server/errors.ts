/**
 * Expected failures carry a code from common/errors.ts; the error plugin turns them into
 * `{ error, code }` with the code's status. Anything else is a bug and becomes a bare 500.
 */
import type * as z from 'zod/mini';
import { errorStatus, type ErrorBody, type ErrorCode } from '@common/errors';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody, 'error' | 'code'> = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  body(): ErrorBody {
    return { error: this.message, code: this.code, ...this.extra };
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
  if (containsNul(input)) throw new AppError('invalid_input', 'Text must not contain NUL characters');
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError('invalid_input', 'Invalid request');
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  let message = issue.message;
  if (issue.path.length === 0) {
    message = 'Request body must be a JSON object';
  } else if (message.startsWith('Invalid input')) {
    message = field ? `${field} is missing or has the wrong type` : 'Invalid request';
  }
  throw new AppError('invalid_input', message);
}
