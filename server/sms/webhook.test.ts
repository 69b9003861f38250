/** The webhook provider against a real local gateway: the body an operator's adapter gets, and how its answers count. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../test/fakes/fake-server';
import { SmsSendError, type SmsMessage } from './provider';
import { webhookSmsProvider } from './webhook';

const received: { headers: Record<string, unknown>; body: unknown }[] = [];
let answer = { status: 200, body: '{"ok":true}' };
const gateway = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  request.on('end', () => {
    received.push({ headers: request.headers, body: JSON.parse(body) as unknown });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
});
afterAll(async () => { await new Promise((resolve) => gateway.close(resolve)); });

const otp: SmsMessage = { to: '+919812340001', language: 'ta', template: 'otp', variables: { otp: '482913' } };

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('the webhook SMS provider', () => {
  it('posts { to, text, language, template, variables } as JSON, an OTP\'s variables being { otp }', async () => {
    answer = { status: 200, body: '{}' };
    expect(await webhookSmsProvider(url).send(otp)).toEqual({ provider: 'webhook', providerMessageId: null });
    expect(received.at(-1)!.headers['content-type']).toBe('application/json');
    expect(received.at(-1)!.body).toEqual({
      to: '+919812340001', text: '482913 உங்கள் Khata சரிபார்ப்புக் குறியீடு. இது 5 நிமிடங்களுக்கு மட்டுமே செல்லும்.',
      language: 'ta', template: 'otp', variables: { otp: '482913' },
    });
  });

  it('gives a reminder\'s variables by name, so an adapter can fill its DLT template', async () => {
    const variables = { shop: 'Sharma Kirana', owed: '₹1,250.00', overdue: '₹400.00', due_date: '5 December 2026', link: 'https://khata.example.com/r/AbCdE12345' };
    await webhookSmsProvider(url).send({ to: '+919812340002', language: 'en', template: 'reminder', variables });
    expect(received.at(-1)!.body).toMatchObject({ template: 'reminder', variables, language: 'en' });
  });

  it('takes a 5xx or no gateway as worth another try, a 4xx as final, and never repeats the code', async () => {
    answer = { status: 502, body: '482913' };
    const down = await refusal(webhookSmsProvider(url).send(otp));
    expect(down).toMatchObject({ retryable: true, provider: 'webhook', message: 'webhook answered 502' });
    answer = { status: 422, body: '{"error":"bad 482913"}' };
    expect(await refusal(webhookSmsProvider(url).send(otp))).toMatchObject({ retryable: false, message: 'webhook answered 422' });
    const closed = await refusal(webhookSmsProvider(await closedPortUrl()).send(otp));
    expect(closed).toMatchObject({ retryable: true, message: 'webhook could not be reached: ECONNREFUSED' });
  });
});
