/**
 * The codes of short links sent by SMS (a reminder's /r/<code>, an invitation's /i/<code>):
 * random base-62 characters from the operating system's generator. crypto.randomInt draws
 * each character uniformly (it rejects the values that would favour some), so every code is
 * equally likely; ten characters are about 59 bits, far beyond guessing. A link carries no
 * credential: what it opens is checked against the signed-in person.
 */
import { randomInt } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function newShortCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Whether `text` has the shape of a code of `length`, so anything else is refused without a query. */
export const isShortCode = (text: string, length: number): boolean =>
  text.length === length && /^[0-9A-Za-z]+$/.test(text);
