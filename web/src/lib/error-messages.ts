/**
 * The error catalogue's messages on the client, loaded on demand by api-client.ts so the
 * ICU formatter stays out of the entry chunk. A refusal names its catalogue entry (`key`)
 * and the values its message reads (`params`), so it is said from those in the language
 * the app speaks; the server's English is never read to find it.
 */
import { isErrorKey, type ErrorKey, type ErrorParams } from '@common/errors';
import { formatError } from '@common/format-error';
import type { Language } from '@common/languages';
import { IntlMessageFormat } from 'intl-messageformat';
import { loadLocaleFile } from '@/i18n/i18n';

/** The catalogue in each other language: key → ICU message, loaded on demand. */
type Translated = Partial<Record<ErrorKey, string>>;
const translations: Partial<Record<Language, Translated>> = {};
// web/src/locales/<language>/errors.json, one chunk each (a language is its folder).
const translationLoaders = import.meta.glob<{ default: Translated }>('../locales/*/errors.json');

/** Loads the catalogue of `language` once; English is the catalogue itself. */
export async function loadErrorTexts(language: Language): Promise<void> {
  if (language === 'en' || translations[language]) return;
  translations[language] = (await loadLocaleFile(translationLoaders, language, 'errors.json')).default;
}

const translatedFormats = new Map<string, IntlMessageFormat>();

function formatTranslated(language: Language, key: ErrorKey, message: string, params: ErrorParams): string {
  const id = `${language}\u0000${key}`;
  let format = translatedFormats.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, `${language}-IN`);
    translatedFormats.set(id, format);
  }
  const text = format.format(params);
  if (typeof text !== 'string') throw new Error(`error message ${key} did not format to text`);
  return text;
}

/**
 * The catalogue's message for a refusal's key and parameters, in `language` once its
 * catalogue has loaded (English until then). Null when this build does not know the key
 * (a newer server's) or the message needs a parameter the body does not carry: the caller
 * then shows the server's own text.
 */
export function messageFor(key: string, params: ErrorParams, language: Language = 'en'): string | null {
  if (!isErrorKey(key)) return null;
  try {
    const translated = language === 'en' ? undefined : translations[language]?.[key];
    return translated ? formatTranslated(language, key, translated, params) : formatError(key, params, 'en-IN');
  } catch {
    return null;
  }
}
