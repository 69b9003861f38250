/**
 * A local fake of Twilio's Programmable Messaging API, written from Twilio's documents (the
 * Message resource, its error codes, status callbacks, webhook security), not from Khata's
 * client. It takes `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic
 * auth and a form-encoded body, refuses what Twilio refuses with Twilio's error shape
 * `{ code, message, more_info, status }`, answers 201 with the new Message resource (sid
 * "SM" + 32 hex, status "queued"), and posts signed status callbacks as Twilio does.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { twilioSignature } from '../../sms/twilio-signature';
import { deliverByFetch, sendJson, startFakeServer, type Deliver, type FakeServer, type RawRequest } from './fake-server';

export interface TwilioFakeOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's SMS-capable numbers (or sender ids) a `From` may name. */
  numbers?: string[];
  /** The account's Messaging Services. */
  messagingServiceSids?: string[];
}

/** A message Twilio accepted, with the form fields it was created with. */
export interface TwilioMessage {
  sid: string;
  /** Every form field as sent. */
  form: Record<string, string>;
  /** The request's Authorization and Content-Type headers. */
  authorization: string;
  contentType: string;
}

export type TwilioMessageStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface TwilioFake {
  /** TWILIO_API_URL for the client. */
  url: string;
  accountSid: string;
  authToken: string;
  /** The Messages that were created, in order. */
  messages: TwilioMessage[];
  /** Every request as it arrived, refused ones too. */
  raw: RawRequest[];
  /** The next `count` requests answer 500 (Twilio's error shape) or `status`. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests get no answer at all (the client's timeout must end them). */
  hangNext(count: number): void;
  /**
   * Posts a status callback for message `sid` to its StatusCallback (or `url`), form-encoded
   * and signed with X-Twilio-Signature as Twilio does. Returns the answer Khata gave.
   */
  sendStatus(sid: string, status: TwilioMessageStatus, options?: { url?: string; errorCode?: string; deliver?: Deliver; authToken?: string }):
    Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** Parameters Twilio does not know are recorded (TwilioMessage.form) and change nothing, as with Twilio. */
const e164 = /^\+[1-9]\d{1,14}$/;
const bodyCharactersMax = 1600;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  sendJson(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

/** The Basic credentials of a request, or null. */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A StatusCallback Twilio can call: an http(s) URL whose host name has no underscore. */
function validCallbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname.includes('_');
  } catch {
    return false;
  }
}

/** Twilio's RFC 2822 dates: "Thu, 30 Jul 2015 20:12:31 +0000". */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export async function startTwilioFake(options: TwilioFakeOptions = {}): Promise<TwilioFake> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const numbers = options.numbers ?? ['+15005550006'];
  const services = options.messagingServiceSids ?? [];
  const messages: TwilioMessage[] = [];
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  function handle(request: RawRequest, response: ServerResponse) {
    const path = request.url.split('?')[0]!;
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials || credentials.user !== accountSid || credentials.password !== authToken) {
      return twilioError(response, 401, 20003, 'Authenticate');
    }
    if (path !== messagesPath) return twilioError(response, 404, 20404, `The requested resource ${path} was not found`);
    if (request.method !== 'POST') return twilioError(response, 405, 20004, 'Method not allowed');
    const contentType = request.headers['content-type'] ?? '';
    // Twilio reads parameters from a form body only: anything else arrives as no parameters.
    const form = /^application\/x-www-form-urlencoded(;|$)/i.test(contentType)
      ? Object.fromEntries(new URLSearchParams(request.body)) : {};
    const refusal = refuse(form);
    if (refusal) return twilioError(response, 400, refusal.code, refusal.message);
    const sid = `SM${hex(16)}`;
    messages.push({ sid, form, authorization: request.headers.authorization!, contentType });
    const now = rfc2822(new Date());
    sendJson(response, 201, {
      account_sid: accountSid, api_version: '2010-04-01', body: form.Body, date_created: now, date_sent: null, date_updated: now,
      direction: 'outbound-api', error_code: null, error_message: null, from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null, num_media: '0', num_segments: '1', price: null, price_unit: 'USD',
      sid, status: 'queued', subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      to: form.To, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  /** Twilio's refusal of a Create Message request (its documented error codes), or null. */
  function refuse(form: Record<string, string>): { code: number; message: string } | null {
    if (!form.To) return { code: 21604, message: "A 'To' phone number is required." };
    if (!e164.test(form.To)) return { code: 21211, message: `Invalid 'To' Phone Number: ${form.To}` };
    if (!form.From && !form.MessagingServiceSid) return { code: 21603, message: "A 'From' phone number is required." };
    if (form.From && !numbers.includes(form.From)) {
      return { code: 21606, message: `The From phone number ${form.From} is not a valid, SMS-capable inbound phone number or short code for your account.` };
    }
    if (form.MessagingServiceSid && !services.includes(form.MessagingServiceSid)) {
      return { code: 21705, message: 'The Messaging Service Sid is invalid.' };
    }
    if (!form.Body) return { code: 21602, message: 'Message body is required.' };
    if ([...form.Body].length > bodyCharactersMax) {
      return { code: 21617, message: 'The concatenated message body exceeds the 1600 character limit.' };
    }
    if (form.StatusCallback !== undefined && !validCallbackUrl(form.StatusCallback)) {
      return { code: 21609, message: 'Invalid StatusCallback url' };
    }
    return null;
  }

  const server: FakeServer = await startFakeServer(handle);

  return {
    url: server.url,
    accountSid,
    authToken,
    messages,
    raw: server.raw,
    failNext(count, status = 500) {
      server.queue(count, {
        kind: 'answer', status,
        body: { code: 20500, message: 'An internal server error has occurred', more_info: 'https://www.twilio.com/docs/errors/20500', status },
      });
    },
    hangNext(count) {
      server.queue(count, { kind: 'hang' });
    },
    async sendStatus(sid, status, callbackOptions = {}) {
      const message = messages.find((m) => m.sid === sid);
      if (!message) throw new Error(`the Twilio fake has no message ${sid}`);
      const url = callbackOptions.url ?? message.form.StatusCallback;
      if (!url) throw new Error(`message ${sid} was created without a StatusCallback`);
      // The parameters of an outbound SMS status callback, as Twilio documents them.
      const params: Record<string, string> = {
        AccountSid: accountSid, ApiVersion: '2010-04-01', From: message.form.From ?? numbers[0]!, MessageSid: sid,
        MessageStatus: status, SmsSid: sid, SmsStatus: status, To: message.form.To!,
      };
      if (message.form.MessagingServiceSid) params.MessagingServiceSid = message.form.MessagingServiceSid;
      if (status === 'failed' || status === 'undelivered') params.ErrorCode = callbackOptions.errorCode ?? '30003';
      const signature = twilioSignature(callbackOptions.authToken ?? authToken, url, params);
      return (callbackOptions.deliver ?? deliverByFetch)({
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          'x-twilio-signature': signature,
          'user-agent': 'TwilioProxy/1.1',
          'i-twilio-idempotency-token': hex(16),
        },
        body: new URLSearchParams(params).toString(),
      });
    },
    close: () => server.close(),
  };
}
