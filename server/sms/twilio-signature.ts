/**
 * Twilio's request signature (X-Twilio-Signature), as its "Webhooks security" document
 * describes it: HMAC-SHA1, keyed with the account's Auth Token, over the full URL Twilio
 * called followed by every POST parameter sorted by name, each name then its value with
 * nothing between; base64. Khata checks it on the status callbacks, so only Twilio can
 * change what a message's delivery status says.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioParams = Record<string, string | readonly string[] | undefined>;

export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    // A repeated parameter signs each of its values, in sorted order (as Twilio's libraries do).
    for (const item of typeof value === 'string' ? [value] : [...value].sort()) data += key + item;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `header` is Twilio's signature of this request; compared in constant time. */
export function verifyTwilioSignature(authToken: string, url: string, params: TwilioParams, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
