/** X-Twilio-Signature: Twilio's own documented examples, the fake's callbacks, and forgeries refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioFake, type TwilioFake } from '../test/fakes/twilio';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature';
import { twilioSmsProvider } from './twilio';

// From Twilio's "Webhooks security" document and its code samples.
const documented = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: { CallSid: 'CA1234567890ABCDE', Caller: '+14158675310', Digits: '1234', From: '+14158675310', To: '+18005551212' },
  signature: 'GvWf1cFY/Q7PnoempGyD5oXAezc=',
};

describe('Twilio request signatures', () => {
  it('computes the signatures of Twilio\'s documented examples', () => {
    expect(twilioSignature(documented.authToken, documented.url, documented.params)).toBe(documented.signature);
    const older = { ...documented.params, Caller: '+14158675309', From: '+14158675309' };
    expect(twilioSignature(documented.authToken, documented.url, older)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('accepts the true signature and refuses a forged one, another URL, a changed parameter or none', () => {
    const { authToken, url, params, signature } = documented;
    expect(verifyTwilioSignature(authToken, url, params, signature)).toBe(true);
    expect(verifyTwilioSignature(authToken, url, params, twilioSignature('forger', url, params))).toBe(false);
    expect(verifyTwilioSignature(authToken, 'https://mycompany.com/myapp.php', params, signature)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, { ...params, Digits: '1235' }, signature)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, { ...params, Extra: '' }, signature)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, '')).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, `${signature}=`)).toBe(false);
  });

  it('signs the order-free set of parameters: sorted by name, each repeated value sorted', () => {
    const a = twilioSignature('t', 'https://x.example/cb', { B: '2', A: '1', M: ['y', 'x'] });
    expect(a).toBe(twilioSignature('t', 'https://x.example/cb', { A: '1', M: ['x', 'y'], B: '2' }));
  });
});

describe('the Twilio fake\'s status callbacks', () => {
  let fake: TwilioFake;
  const seen: { url: string; headers: Record<string, string>; body: string }[] = [];
  beforeAll(async () => { fake = await startTwilioFake(); });
  afterAll(async () => { await fake.close(); });

  it('posts every documented parameter, form-encoded and signed as Twilio signs them', async () => {
    const statusCallbackUrl = 'https://khata.example.com/api/sms/twilio/status';
    const sent = await twilioSmsProvider({
      apiUrl: fake.url, accountSid: fake.accountSid, authToken: fake.authToken, from: '+15005550006', statusCallbackUrl,
    }).send({ to: '+919812340001', language: 'en', template: 'otp', variables: { otp: '482913' } });
    const deliver = async (request: { url: string; headers: Record<string, string>; body: string }) => {
      seen.push(request);
      return { status: 200, body: '{"success":true}' };
    };
    await fake.sendStatus(sent.providerMessageId!, 'undelivered', { deliver });
    const { url, headers, body } = seen.at(-1)!;
    const params = Object.fromEntries(new URLSearchParams(body));
    expect(url).toBe(statusCallbackUrl);
    expect(headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(params).toEqual({
      AccountSid: fake.accountSid, ApiVersion: '2010-04-01', From: '+15005550006', MessageSid: sent.providerMessageId,
      MessageStatus: 'undelivered', SmsSid: sent.providerMessageId, SmsStatus: 'undelivered', To: '+919812340001', ErrorCode: '30003',
    });
    expect(verifyTwilioSignature(fake.authToken, statusCallbackUrl, params, headers['x-twilio-signature'])).toBe(true);
    await fake.sendStatus(sent.providerMessageId!, 'delivered', { deliver, authToken: 'forged' });
    const forged = seen.at(-1)!;
    expect(verifyTwilioSignature(fake.authToken, statusCallbackUrl, Object.fromEntries(new URLSearchParams(forged.body)),
      forged.headers['x-twilio-signature'])).toBe(false);
  });
});
