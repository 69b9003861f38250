/** Khata's Twilio client against the local fake of Twilio's API, which checks each request as Twilio documents it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../test/fakes/fake-server';
import { startTwilioFake, type TwilioFake } from '../test/fakes/twilio';
import { SmsSendError, type SmsMessage } from './provider';
import { smsText } from './templates';
import { twilioSmsProvider, type TwilioSettings } from './twilio';

const service = `MG${'ab12'.repeat(8)}`;
let fake: TwilioFake;
let settings: TwilioSettings;

beforeAll(async () => {
  fake = await startTwilioFake({ numbers: ['+15005550006'], messagingServiceSids: [service] });
  settings = {
    apiUrl: fake.url, accountSid: fake.accountSid, authToken: fake.authToken, from: '+15005550006',
    statusCallbackUrl: 'https://khata.example.com/api/sms/twilio/status',
  };
});
afterAll(async () => { await fake.close(); });

const otp: SmsMessage = { to: '+919812340001', language: 'en', template: 'otp', variables: { otp: '482913' } };
const tamilReminder: SmsMessage = {
  to: '+919812340002', language: 'ta', template: 'reminder',
  variables: { shop: 'Sharma Kirana', owed: '₹1,250.00', overdue: '₹400.00', due_date: '5 டிசம்பர், 2026', link: 'https://khata.example.com/r/AbCdE12345' },
};

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('the Twilio provider', () => {
  it('creates a Message as Twilio documents: basic auth, form-encoded To, Body, From and StatusCallback; the sid comes back', async () => {
    const sent = await twilioSmsProvider(settings).send(otp);
    const message = fake.messages.at(-1)!;
    expect(sent).toEqual({ provider: 'twilio', providerMessageId: message.sid });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.form).toEqual({
      To: '+919812340001', Body: '482913 is your Khata verification code. It expires in 5 minutes.', From: '+15005550006',
      StatusCallback: 'https://khata.example.com/api/sms/twilio/status',
    });
    expect(message.authorization).toBe(`Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`);
    expect(message.contentType).toBe('application/x-www-form-urlencoded');
    expect(fake.raw.at(-1)).toMatchObject({ method: 'POST', url: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json` });
  });

  it('sends the Tamil text to a Tamil reader, through a Messaging Service and without a StatusCallback when there is no PUBLIC_URL', async () => {
    const viaService = { ...settings, from: undefined, messagingServiceSid: service, statusCallbackUrl: undefined };
    await twilioSmsProvider(viaService).send(tamilReminder);
    expect(fake.messages.at(-1)!.form).toEqual({ To: '+919812340002', Body: smsText(tamilReminder), MessagingServiceSid: service });
    expect(fake.messages.at(-1)!.form.Body).toContain('உங்கள் Khata கணக்கில் ₹1,250.00 நிலுவையில் உள்ளது');
  });

  it('takes a 5xx as worth another try', async () => {
    fake.failNext(1, 503);
    const error = await refusal(twilioSmsProvider(settings).send(otp));
    expect(error).toMatchObject({ retryable: true, provider: 'twilio', message: 'twilio answered 503 (Twilio error 20500: An internal server error has occurred)' });
  });

  it('takes a refusal (4xx) as final, naming Twilio\'s error code and never the code or the phone', async () => {
    const wrongToken = await refusal(twilioSmsProvider({ ...settings, authToken: 'not-the-token' }).send(otp));
    expect(wrongToken).toMatchObject({ retryable: false, message: 'twilio answered 401 (Twilio error 20003: Authenticate)' });
    const wrongFrom = await refusal(twilioSmsProvider({ ...settings, from: '+15005550001' }).send(otp));
    expect(wrongFrom.retryable).toBe(false);
    expect(wrongFrom.message).toMatch(/^twilio answered 400 \(Twilio error 21606: /);
    const badTo = await refusal(twilioSmsProvider(settings).send({ ...otp, to: '9812340001' }));
    expect(badTo.message).toBe("twilio answered 400 (Twilio error 21211: Invalid 'To' Phone Number: …)");
    for (const error of [wrongToken, wrongFrom, badTo]) expect(error.message).not.toContain('482913');
  });

  it('takes no answer or a refused connection as worth another try', async () => {
    fake.hangNext(1);
    const timedOut = await refusal(twilioSmsProvider(settings).send(otp, { signal: AbortSignal.timeout(200) }));
    expect(timedOut).toMatchObject({ retryable: true, message: 'twilio could not be reached: no answer in time' });
    const closed = await refusal(twilioSmsProvider({ ...settings, apiUrl: await closedPortUrl() }).send(otp));
    expect(closed).toMatchObject({ retryable: true, message: 'twilio could not be reached: ECONNREFUSED' });
  });
});
