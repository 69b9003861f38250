/**
 * Formats a catalogue entry with intl-messageformat. Kept apart from errors.ts so code that
 * only needs codes and statuses (the web's entry chunk) does not carry the ICU parser.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { errors, type ErrorKey, type ErrorParams } from './errors';

const formats = new Map<string, IntlMessageFormat>();

function formatFor(key: ErrorKey, locale: string): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(errors[key].message, locale);
    formats.set(id, format);
  }
  return format;
}

/**
 * The message a person reads for `key` with `params`. Throws when the entry needs a
 * parameter that is missing, so a caller can never show a half-filled sentence.
 */
export function formatError(key: ErrorKey, params: ErrorParams = {}, locale = 'en-IN'): string {
  const text = formatFor(key, locale).format(params);
  if (typeof text !== 'string') throw new Error(`error message ${key} did not format to text`);
  return text;
}
