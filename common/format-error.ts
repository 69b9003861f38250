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

interface MessageElement {
  type: number;
  value?: unknown;
  options?: Record<string, { value: MessageElement[] }>;
  children?: MessageElement[];
}

const argumentNames = new Map<ErrorKey, readonly string[]>();

/**
 * The arguments the English message of `key` reads, in the order they first appear: the
 * parameters a refusal's body sends, so one a caller passed for another use (a header's
 * seconds) stays on the server.
 */
export function errorArguments(key: ErrorKey): readonly string[] {
  let names = argumentNames.get(key);
  if (!names) {
    const found = new Set<string>();
    const walk = (elements: MessageElement[]) => {
      for (const element of elements) {
        // Types 1 to 6 are the arguments: plain, number, date, time, select and plural.
        if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string') found.add(element.value);
        for (const option of Object.values(element.options ?? {})) walk(option.value);
        walk(element.children ?? []);
      }
    };
    walk(formatFor(key, 'en-IN').getAst() as MessageElement[]);
    names = [...found];
    argumentNames.set(key, names);
  }
  return names;
}
