/** Khata's MSG91 client against the local fake of MSG91's Flow API, which checks each request as MSG91 documents it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMsg91Fake, type Msg91Fake } from '../test/fakes/msg91';
import { msg91SmsProvider, type Msg91Settings } from './msg91';
import { SmsSendError, type SmsMessage } from './provider';
import { templateVariables } from './templates';

/** One flow id per message and language, as MSG91_<MESSAGE>_FLOW_<EN|HI|TA> name them. */
const flows: Msg91Settings['flows'] = {
  otp: { en: 'flow-otp-en', hi: 'flow-otp-hi', ta: 'flow-otp-ta' },
  reminder: { en: 'flow-reminder-en', hi: 'flow-reminder-hi', ta: 'flow-reminder-ta' },
  invite: { en: 'flow-invite-en', hi: 'flow-invite-hi', ta: 'flow-invite-ta' },
  charge: { en: 'flow-charge-en', hi: 'flow-charge-hi', ta: 'flow-charge-ta' },
  enrol: { en: 'flow-enrol-en', hi: 'flow-enrol-hi', ta: 'flow-enrol-ta' },
  staff_invite: { en: 'flow-staff_invite-en', hi: 'flow-staff_invite-hi', ta: 'flow-staff_invite-ta' },
};
const registered = Object.fromEntries(Object.entries(flows).flatMap(([template, ids]) =>
  Object.values(ids).map((id) => [id, templateVariables[template as keyof typeof flows]])));

let fake: Msg91Fake;
let settings: Msg91Settings;
beforeAll(async () => {
  fake = await startMsg91Fake({ senders: ['KHATAA'], flows: registered });
  settings = { apiUrl: fake.url, authKey: fake.authKey, sender: 'KHATAA', flows };
});
afterAll(async () => { await fake.close(); });

const hindiOtp: SmsMessage = { to: '+919812340001', language: 'hi', template: 'otp', variables: { otp: '482913' } };
const reminderVariables = { shop: 'Sharma Kirana', owed: '₹1,250.00', overdue: '₹400.00', due_date: '5 December 2026', link: 'https://khata.example.com/r/AbCdE12345' };

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('the MSG91 provider', () => {
  it('sends a Hindi OTP through the Hindi OTP flow, the code a template variable; the request id comes back', async () => {
    const sent = await msg91SmsProvider(settings).send(hindiOtp);
    const request = fake.requests.at(-1)!;
    expect(sent).toEqual({ provider: 'msg91', providerMessageId: request.requestId });
    expect(request.body).toEqual({
      template_id: 'flow-otp-hi', sender: 'KHATAA', short_url: '0', recipients: [{ mobiles: '919812340001', otp: '482913' }],
    });
    expect(request.authkey).toBe(fake.authKey);
    expect(request.contentType).toBe('application/json');
    expect(fake.raw.at(-1)).toMatchObject({ method: 'POST', url: '/api/v5/flow' });
  });

  it('sends a reminder through the reminder flow of the reader\'s language with every variable and no free text', async () => {
    for (const language of ['en', 'ta'] as const) {
      await msg91SmsProvider(settings).send({ to: '+919812340002', language, template: 'reminder', variables: reminderVariables });
      expect(fake.requests.at(-1)!.body).toEqual({
        template_id: `flow-reminder-${language}`, sender: 'KHATAA', short_url: '0', recipients: [{ mobiles: '919812340002', ...reminderVariables }],
      });
    }
  });

  it('sends an invitation, a charge code, a sign-up code and a staff invitation each through its own flow, with exactly its variables', async () => {
    const messages: SmsMessage[] = [
      { to: '+919812340003', language: 'ta', template: 'invite', variables: { shop: 'Sharma Kirana', limit: '₹500.00', link: 'https://khata.example.com/i/AbCdE12345' } },
      { to: '+919812340003', language: 'en', template: 'charge', variables: { shop: 'Sharma Kirana', amount: 'Rs 100.00', fee: 'Rs 2.00', total: 'Rs 102.00', otp: '318204' } },
      { to: '+919812340003', language: 'hi', template: 'enrol', variables: { shop: 'Sharma Kirana', limit: '₹2,000.00', otp: '550913' } },
      { to: '+919812340003', language: 'ta', template: 'staff_invite', variables: { shop: 'Sharma Kirana', role: 'காசாளர்', link: 'https://khata.example.com/merchant/join' } },
    ];
    for (const message of messages) {
      await msg91SmsProvider(settings).send(message);
      expect(fake.requests.at(-1)!.body).toEqual({
        template_id: `flow-${message.template}-${message.language}`, sender: 'KHATAA', short_url: '0',
        recipients: [{ mobiles: '919812340003', ...message.variables }],
      });
    }
  });

  it('takes a 2xx that is not {"type":"success"} as a refusal, not to be tried again', async () => {
    fake.failNext(1, 200, { type: 'error', message: 'Flow is not approved' });
    expect(await refusal(msg91SmsProvider(settings).send(hindiOtp)))
      .toMatchObject({ retryable: false, provider: 'msg91', message: 'msg91 refused the message (Flow is not approved)' });
  });

  it('takes a 5xx as worth another try and a 4xx as final, never naming the code', async () => {
    fake.failNext(1, 502);
    expect(await refusal(msg91SmsProvider(settings).send(hindiOtp)))
      .toMatchObject({ retryable: true, message: 'msg91 answered 502 (Internal server error)' });
    const wrongKey = await refusal(msg91SmsProvider({ ...settings, authKey: 'wrong' }).send(hindiOtp));
    expect(wrongKey).toMatchObject({ retryable: false, message: 'msg91 answered 401 (Authentication failure)' });
    const unknownFlow = await refusal(msg91SmsProvider({ ...settings, flows: { ...flows, otp: { ...flows.otp, hi: 'flow-missing' } } }).send(hindiOtp));
    expect(unknownFlow).toMatchObject({ retryable: false, message: 'msg91 answered 400 (Invalid template_id)' });
    fake.failNext(1, 400, { type: 'error', message: 'Variable otp=482913 is too long' });
    const echoed = await refusal(msg91SmsProvider(settings).send(hindiOtp));
    expect(echoed.message).toBe('msg91 answered 400 (Variable otp=… is too long)');
  });

  it('refuses a number that is not an Indian mobile without calling MSG91', async () => {
    const before = fake.raw.length;
    expect(await refusal(msg91SmsProvider(settings).send({ ...hindiOtp, to: '+15005550006' })))
      .toMatchObject({ retryable: false, message: 'msg91 sends to Indian mobile numbers only (+91 and 10 digits)' });
    expect(fake.raw).toHaveLength(before);
  });

  it('takes no answer as worth another try', async () => {
    fake.hangNext(1);
    expect(await refusal(msg91SmsProvider(settings).send(hindiOtp, { signal: AbortSignal.timeout(200) })))
      .toMatchObject({ retryable: true, message: 'msg91 could not be reached: no answer in time' });
  });
});
