/** The provider the configuration builds: the vendors it names, wired with retries and the fallback, end to end against the fakes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Msg91Fake } from '../test/fakes/msg91';
import type { TwilioFake } from '../test/fakes/twilio';
import { startVendorFakes, type VendorFakes } from '../test/fakes/vendors';
import { providerFromConfig } from './providers';
import { SmsSendError, type SmsMessage } from './provider';

let fakes: VendorFakes;
let twilio: TwilioFake;
let msg91: Msg91Fake;
beforeAll(async () => {
  fakes = await startVendorFakes();
  ({ twilio, msg91 } = fakes);
});
afterAll(async () => { await fakes.close(); });

const env = () => fakes.env();
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
