/**
 * Failing well with real SMS vendors (docs/operations.md, "SMS"): each try is cut off after
 * smsTryTimeoutMs; a 5xx, a timeout or a network error is tried again after each of
 * smsRetryDelaysMs, a refusal (4xx) is not; then the fallback vendor, if there is one, the
 * same way. When every vendor has failed, one SmsSendError says so, not retryable (the
 * caller answers 503 or marks the SMS failed). No message carries a code: the vendors'
 * errors are built without one (provider.ts).
 */
import { smsRetryDelaysMs, smsTryTimeoutMs } from '@common/limits';
import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSent } from './provider';

export interface ResilientOptions {
  primary: SmsProvider;
  fallback?: SmsProvider;
  tryTimeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** Waits between tries; tests pass one that only records. */
  sleep?: (ms: number) => Promise<void>;
  /** Told about every failed try (for the log); the error carries no code. */
  onTryFailed?: (error: SmsSendError, attempt: { provider: string; try: number }) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One try, bounded: the vendor gets an AbortSignal that fires when the time is up, and the
 * try ends then even if a vendor ignores it.
 */
async function tryOnce(provider: SmsProvider, message: SmsMessage, timeoutMs: number): Promise<SmsSent> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException('The SMS vendor did not answer in time', 'TimeoutError'));
      reject(new SmsSendError(`${provider.name} did not answer within ${timeoutMs} ms`, true, provider.name));
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.send(message, { signal: controller.signal }), timedOut]);
  } catch (error) {
    if (controller.signal.aborted) throw new SmsSendError(`${provider.name} did not answer within ${timeoutMs} ms`, true, provider.name);
    // Anything but an SmsSendError is a bug (a template without its variable), not an outage.
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function resilientSmsProvider(options: ResilientOptions): SmsProvider {
  const {
    primary, fallback, tryTimeoutMs = smsTryTimeoutMs, retryDelaysMs = smsRetryDelaysMs, sleep = realSleep, onTryFailed,
  } = options;
  const vendors = fallback ? [primary, fallback] : [primary];

  /** Tries one vendor until it succeeds, refuses, or its retries are used up; the last error otherwise. */
  async function sendWith(provider: SmsProvider, message: SmsMessage): Promise<SmsSent | SmsSendError> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await tryOnce(provider, message, tryTimeoutMs);
      } catch (error) {
        if (!(error instanceof SmsSendError)) throw error;
        onTryFailed?.(error, { provider: provider.name, try: attempt + 1 });
        const delay = retryDelaysMs[attempt];
        if (!error.retryable || delay === undefined) return error;
        await sleep(delay);
      }
    }
  }

  return {
    name: primary.name,
    async send(message) {
      const failures: string[] = [];
      for (const provider of vendors) {
        const outcome = await sendWith(provider, message);
        if (!(outcome instanceof SmsSendError)) return outcome;
        failures.push(outcome.message);
      }
      throw new SmsSendError(`every SMS vendor failed: ${failures.join('; ')}`, false, vendors.map((v) => v.name).join(','));
    },
  };
}
