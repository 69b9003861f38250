/**
 * A payment whose outcome is unknown is sent again, with the same Idempotency-Key and body,
 * until an answer says what happened or paymentOutcomeCheckSeconds pass (docs/product.md#payments). The
 * server answers a resend of a payment it committed with the original 201, never a second charge.
 */
import { paymentOutcomeCheckSeconds, paymentResendWaitMsFirst, paymentResendWaitMsMax } from '@common/limits';
import { ApiError } from '@/lib/api-client';
import { isOutcomeUnknown } from '@/lib/outcome-unknown';

/**
 * The wait before resend number `resend` (0 for the first): the server's Retry-After when
 * it sent one, else 1 s, 2 s, 4 s …; never longer than the cap, so a long Retry-After
 * cannot use up the whole window in one wait, and never shorter than the first wait, so a
 * Retry-After of 0 cannot make a tight loop.
 */
export function resendWaitMs(error: unknown, resend: number): number {
  const retryAfterSeconds = error instanceof ApiError ? error.retryAfterSeconds : null;
  const waitMs = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : paymentResendWaitMsFirst * 2 ** resend;
  return Math.min(Math.max(waitMs, paymentResendWaitMsFirst), paymentResendWaitMsMax);
}

/**
 * Thrown when paymentOutcomeCheckSeconds passed and no answer said what happened: the
 * payment may have been made, so it must never be shown as failed.
 */
export class PaymentNotConfirmedError extends Error {
  constructor(readonly lastError: unknown) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console; the payment screen says its own words
    super('The payment outcome is still unknown', { cause: lastError });
    this.name = 'PaymentNotConfirmedError';
  }
}

export interface ResendOptions {
  /** Aborted when the customer leaves the payment screen: no more resends. */
  signal: AbortSignal;
  /** Called at the first unknown outcome, before the first resend: the screen says it is checking. */
  onChecking: () => void;
}

/**
 * Sends, and resends while the outcome is unknown, for up to paymentOutcomeCheckSeconds from
 * the first failure. Resolves with the first success; rejects with a definitive refusal, with
 * PaymentNotConfirmedError when the time is up, or with the signal's reason when aborted.
 * A resend still unanswered at the deadline is abandoned (it is harmless: same key).
 */
export async function sendUntilOutcomeKnown<T>(send: () => Promise<T>, { signal, onChecking }: ResendOptions): Promise<T> {
  let lastError: unknown;
  try {
    return await send();
  } catch (error) {
    if (signal.aborted || !isOutcomeUnknown(error)) throw error;
    lastError = error;
  }
  onChecking();
  const deadlineMs = Date.now() + paymentOutcomeCheckSeconds * 1000;
  for (let resend = 0; ; resend++) {
    await waitUntil(Math.min(Date.now() + resendWaitMs(lastError, resend), deadlineMs), signal);
    if (Date.now() >= deadlineMs) throw new PaymentNotConfirmedError(lastError);
    try {
      return await answerBefore(send(), deadlineMs, signal);
    } catch (error) {
      signal.throwIfAborted();
      if (!isOutcomeUnknown(error)) throw error;
      lastError = error;
    }
  }
}

/** The request's answer, or a rejection at the deadline or when the signal is aborted. */
async function answerBefore<T>(request: Promise<T>, deadlineMs: number, signal: AbortSignal): Promise<T> {
  const settled = new AbortController();
  const abort = () => settled.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  try {
    const late = waitUntil(deadlineMs, settled.signal).then(() => {
      throw new Error('No answer before the deadline');
    });
    return await Promise.race([request, late]);
  } finally {
    signal.removeEventListener('abort', abort);
    settled.abort(); // Clears the deadline's timer; `late`'s rejection is already handled by the race.
  }
}

/** Resolves at `atMs` (Date.now() time), or rejects with the signal's reason as soon as it is aborted. */
function waitUntil(atMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, Math.max(0, atMs - Date.now()));
    signal.addEventListener('abort', stop, { once: true });
  });
}
