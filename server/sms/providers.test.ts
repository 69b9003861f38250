/** The provider the configuration builds: the vendors it names, wired with retries and the fallback, end to end against the fakes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startMsg91Fake, type Msg91Fake } from '../test/fakes/msg91';
import { startTwilioFake, type TwilioFake } from '../test/fakes/twilio';
import { providerFromConfig } from './providers';
import { SmsSendError, type SmsMessage } from './provider';
import { templateVariables } from './templates';

let twilio: TwilioFake;
let msg91: Msg91Fake;
beforeAll(async () => {
  twilio = await startTwilioFake({ numbers: ['+15005550006'] });
  msg91 = await startMsg91Fake({
    senders: ['KHATAA'],
    flows: {
      'otp-en': templateVariables.otp, 'otp-hi': templateVariables.otp, 'otp-ta': templateVariables.otp,
      'rem-en': templateVariables.reminder, 'rem-hi': templateVariables.reminder, 'rem-ta': templateVariables.reminder,
    },
  });
});
afterAll(async () => { await Promise.all([twilio.close(), msg91.close()]); });

const env = () => ({
  PIN_PEPPER: 'p'.repeat(40), PUBLIC_URL: 'https://khata.example.com',
  SMS_PROVIDER: 'twilio', TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: '+15005550006',
  SMS_FALLBACK_PROVIDER: 'msg91', MSG91_API_URL: msg91.url, MSG91_AUTH_KEY: msg91.authKey, MSG91_SENDER: 'KHATAA',
  MSG91_OTP_FLOW_EN: 'otp-en', MSG91_OTP_FLOW_HI: 'otp-hi', MSG91_OTP_FLOW_TA: 'otp-ta',
  MSG91_REMINDER_FLOW_EN: 'rem-en', MSG91_REMINDER_FLOW_HI: 'rem-hi', MSG91_REMINDER_FLOW_TA: 'rem-ta',
});
const hindiOtp: SmsMessage = { to: '+919812340001', language: 'hi', template: 'otp', variables: { otp: '482913' } };
const noWaiting = { sleep: async () => {} };

describe('providerFromConfig', () => {
  it('sends with SMS_PROVIDER, with the StatusCallback under PUBLIC_URL', async () => {
    const sent = await providerFromConfig(loadConfig(env()), noWaiting).send(hindiOtp);
    expect(sent).toEqual({ provider: 'twilio', providerMessageId: twilio.messages.at(-1)!.sid });
    expect(twilio.messages.at(-1)!.form.StatusCallback).toBe('https://khata.example.com/api/sms/twilio/status');
  });

  it('falls back to SMS_FALLBACK_PROVIDER when the first vendor is down, with the Hindi flow for a Hindi reader', async () => {
    twilio.failNext(3, 500);
    const sent = await providerFromConfig(loadConfig(env()), noWaiting).send(hindiOtp);
    expect(sent).toEqual({ provider: 'msg91', providerMessageId: msg91.requests.at(-1)!.requestId });
    expect(msg91.requests.at(-1)!.body.template_id).toBe('otp-hi');
  });

  it('fails as one, not retryable, when both are down', async () => {
    twilio.failNext(3, 500);
    msg91.failNext(3, 500);
    const error = await providerFromConfig(loadConfig(env()), noWaiting).send(hindiOtp).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ retryable: false, message: 'every SMS vendor failed: twilio answered 500 (Twilio error 20500: '
      + 'An internal server error has occurred); msg91 answered 500 (Internal server error)' });
  });

  it('gives the development provider as it is', async () => {
    const provider = providerFromConfig(loadConfig({ PIN_PEPPER: 'p'.repeat(40) }));
    expect(provider.name).toBe('development');
  });
});
