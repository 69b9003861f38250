/**
 * The code of a reminder's short link (/r/<code>): random base-62 characters from the
 * operating system's generator. crypto.randomInt draws each character uniformly (it
 * rejects the values that would favour some), so every code is equally likely; ten
 * characters are about 59 bits, far beyond guessing, and the link carries no credential:
 * it opens only for the signed-in customer it was sent to.
 */
import { randomInt } from 'node:crypto';
import { reminderLinkCodeLength } from '@common/limits';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function newLinkCode(length: number = reminderLinkCodeLength): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Whether `text` has the shape of a code, so anything else is refused without a query. */
export const isLinkCode = (text: string): boolean =>
  text.length === reminderLinkCodeLength && /^[0-9A-Za-z]+$/.test(text);
