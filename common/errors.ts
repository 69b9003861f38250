/**
 * The closed list of expected failures. Each code maps once to an HTTP status; the
 * server sends `{ error, code }` and the client shows `error`.
 */

export const errorStatus = {
  invalid_input: 400,
  otp_invalid: 400,
  otp_expired: 400,
  otp_proof_missing: 400,
  weak_pin: 400,
  same_pin: 400,
  not_signed_in: 401,
  invalid_credentials: 401,
  forbidden: 403,
  origin_refused: 403,
  not_approved: 403,
  pin_incorrect: 403,
  not_found: 404,
  phone_taken: 409,
  email_taken: 409,
  already_exists: 409,
  already_decided: 409,
  limit_above_maximum: 422,
  qr_invalid: 400,
  qr_not_found: 404,
  qr_already_used: 409,
  qr_expired: 422,
  business_not_approved: 422,
  no_credit_account: 422,
  insufficient_credit: 422,
  amount_above_maximum: 422,
  repayment_above_owed: 422,
  idempotency_conflict: 409,
  otp_attempts_exceeded: 429,
  otp_resend_too_soon: 429,
  otp_hourly_limit: 429,
  account_locked: 429,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The answer body of every refused request. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  /** For pin_incorrect: how many tries remain before the lock. */
  attemptsLeft?: number;
  /** For account_locked: whole minutes until the lock ends. */
  retryAfterMinutes?: number;
}

/** Sign-in refusals: the same body for a wrong PIN and an unknown account (spec §8). */
export const invalidCredentialsMessage = {
  customer: 'Invalid phone number or PIN',
  business: 'Invalid email or PIN',
  admin: 'Invalid admin credentials',
} as const;

export const weakPinMessage = 'This PIN is too easy to guess. Choose another.';

export function lockedMessage(minutes: number): string {
  return `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
