/**
 * Failing well, against the vendors' fakes: timeouts, retries after 250 and 750 ms on a 5xx or
 * no answer, none on a refusal, then the fallback vendor, then one error that names no code.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsRetryDelaysMs } from '@common/limits';
import { startMsg91Fake, type Msg91Fake } from '../test/fakes/msg91';
import { startTwilioFake, type TwilioFake } from '../test/fakes/twilio';
import { msg91SmsProvider } from './msg91';
import { SmsSendError, type SmsMessage, type SmsProvider } from './provider';
import { resilientSmsProvider, type ResilientOptions } from './resilient';
import { twilioSmsProvider } from './twilio';

let twilio: TwilioFake;
let msg91: Msg91Fake;
let primary: SmsProvider;
let fallback: SmsProvider;
const flows = {
  otp: { en: 'otp-en', hi: 'otp-hi', ta: 'otp-ta' },
  reminder: { en: 'reminder-en', hi: 'reminder-hi', ta: 'reminder-ta' },
  invite: { en: 'invite-en', hi: 'invite-hi', ta: 'invite-ta' },
  charge: { en: 'charge-en', hi: 'charge-hi', ta: 'charge-ta' },
  enrol: { en: 'enrol-en', hi: 'enrol-hi', ta: 'enrol-ta' },
  staff_invite: { en: 'staff_invite-en', hi: 'staff_invite-hi', ta: 'staff_invite-ta' },
};

beforeAll(async () => {
  twilio = await startTwilioFake();
  msg91 = await startMsg91Fake({ flows: { 'otp-en': ['otp'], 'otp-hi': ['otp'], 'otp-ta': ['otp'] } });
  primary = twilioSmsProvider({ apiUrl: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006' });
  fallback = msg91SmsProvider({ apiUrl: msg91.url, authKey: msg91.authKey, sender: 'KHATAA', flows });
});
afterAll(async () => { await Promise.all([twilio.close(), msg91.close()]); });

const otp: SmsMessage = { to: '+919812340001', language: 'en', template: 'otp', variables: { otp: '482913' } };

/** The fakes' request counts before a test, to count what it made. */
let before = { twilio: 0, msg91: 0 };
beforeEach(() => { before = { twilio: twilio.raw.length, msg91: msg91.raw.length }; });
const made = () => ({ twilio: twilio.raw.length - before.twilio, msg91: msg91.raw.length - before.msg91 });

/** A resilient provider whose waits are recorded, not slept. */
function recorded(options: Partial<ResilientOptions> = {}) {
  const waits: number[] = [];
  const failures: string[] = [];
  const provider = resilientSmsProvider({
    primary, fallback, sleep: async (ms) => { waits.push(ms); }, onTryFailed: (error, at) => failures.push(`${at.provider}#${at.try}: ${error.message}`),
    ...options,
  });
  return { provider, waits, failures };
}

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('the resilient SMS provider', () => {
  it('sends with the primary vendor when it answers, trying nothing else', async () => {
    const { provider, waits } = recorded();
    expect(await provider.send(otp)).toEqual({ provider: 'twilio', providerMessageId: twilio.messages.at(-1)!.sid });
    expect(made()).toEqual({ twilio: 1, msg91: 0 });
    expect(waits).toEqual([]);
  });

  it('tries a 5xx again after 250 ms and 750 ms, and takes the answer that comes', async () => {
    twilio.failNext(2, 503);
    const { provider, waits, failures } = recorded();
    expect((await provider.send(otp)).provider).toBe('twilio');
    expect(waits).toEqual([250, 750]);
    expect(made()).toEqual({ twilio: 3, msg91: 0 });
    expect(failures).toEqual([
      'twilio#1: twilio answered 503 (Twilio error 20500: An internal server error has occurred)',
      'twilio#2: twilio answered 503 (Twilio error 20500: An internal server error has occurred)',
    ]);
  });

  it('waits the real 0.25 s and 0.75 s by default', async () => {
    twilio.failNext(2, 500);
    const started = performance.now();
    await resilientSmsProvider({ primary }).send(otp);
    const elapsedMs = performance.now() - started;
    expect(elapsedMs).toBeGreaterThanOrEqual(smsRetryDelaysMs[0] + smsRetryDelaysMs[1] - 5);
    expect(elapsedMs).toBeLessThan(3_000);
    expect(made().twilio).toBe(3);
  });

  it('gives up on a try that gets no answer within its time and tries again', async () => {
    twilio.hangNext(1);
    const { provider, waits, failures } = recorded({ tryTimeoutMs: 1_000 });
    const started = performance.now();
    expect((await provider.send(otp)).provider).toBe('twilio');
    expect(performance.now() - started).toBeGreaterThanOrEqual(995);
    expect(waits).toEqual([250]);
    expect(failures).toEqual(['twilio#1: twilio did not answer within 1000 ms']);
  });

  it('ends a try at its time even when the vendor ignores the abort', async () => {
    const deaf: SmsProvider = { name: 'deaf', send: () => new Promise(() => {}) };
    const error = await refusal(resilientSmsProvider({ primary: deaf, tryTimeoutMs: 50, sleep: async () => {} }).send(otp));
    expect(error.message).toBe('every SMS vendor failed: deaf did not answer within 50 ms');
  });

  it('does not try a refusal (4xx) again, and goes to the fallback vendor', async () => {
    twilio.failNext(1, 400);
    const { provider, waits } = recorded();
    const sent = await provider.send(otp);
    expect(sent).toEqual({ provider: 'msg91', providerMessageId: msg91.requests.at(-1)!.requestId });
    expect(made()).toEqual({ twilio: 1, msg91: 1 });
    expect(waits).toEqual([]);
  });

  it('goes to the fallback after the primary\'s three tries fail, and retries the fallback the same way', async () => {
    twilio.failNext(3, 500);
    msg91.failNext(2, 503);
    const { provider, waits } = recorded();
    expect((await provider.send(otp)).provider).toBe('msg91');
    expect(made()).toEqual({ twilio: 3, msg91: 3 });
    expect(waits).toEqual([250, 750, 250, 750]);
  });

  it('throws one error, not to be tried again, when every vendor failed; it names the vendors and never the code', async () => {
    twilio.failNext(3, 500);
    msg91.hangNext(1);
    msg91.failNext(2, 200, { type: 'error', message: 'OTP 482913 rejected' });
    const { provider } = recorded({ tryTimeoutMs: 1_000 });
    const error = await refusal(provider.send(otp));
    expect(error).toMatchObject({ retryable: false, provider: 'twilio,msg91' });
    expect(error.message).toBe('every SMS vendor failed: twilio answered 500 (Twilio error 20500: An internal server error has occurred); '
      + 'msg91 refused the message (OTP … rejected)');
    expect(error.message).not.toContain('482913');
    expect(made()).toEqual({ twilio: 3, msg91: 2 });
  });

  it('lets a bug (not an SmsSendError) through at once instead of taking it for an outage', async () => {
    const buggy: SmsProvider = { name: 'buggy', send: async () => { throw new TypeError('x is undefined'); } };
    const { provider, waits } = recorded({ primary: buggy });
    await expect(provider.send(otp)).rejects.toThrow(new TypeError('x is undefined'));
    expect(waits).toEqual([]);
    expect(made().msg91).toBe(0);
  });
});
