/**
 * The error catalogue's messages on the client, loaded on demand by api-client.ts so the
 * ICU formatter stays out of the entry chunk.
 */
import { errorCode, errors, type ErrorCode, type ErrorKey, type ErrorParams } from '@common/errors';
import { formatError } from '@common/format-error';
import type { Language } from '@common/languages';
import { validationMessages, type ValidationMessageKey } from '@common/schemas/messages';
import { IntlMessageFormat } from 'intl-messageformat';
import { loadLocaleFile } from '@/i18n/i18n';

/** Public code → the catalogue keys sent under it (most codes have one). */
const keysOfCode = new Map<string, ErrorKey[]>();
for (const key of Object.keys(errors) as ErrorKey[]) {
  const code = errorCode(key);
  keysOfCode.set(code, [...(keysOfCode.get(code) ?? []), key]);
}

/**
 * The key a refusal was made from: the code's only key, or, for a code several keys
 * share, the one whose English reads as the server's text did.
 */
function keyOf(code: ErrorCode, params: ErrorParams, serverText: string | undefined): ErrorKey | null {
  const keys = keysOfCode.get(code) ?? [];
  if (keys.length === 1) return keys[0]!;
  if (serverText === undefined) return null;
  return keys.find((key) => {
    try {
      return formatError(key, params, 'en-IN') === serverText;
    } catch {
      return false;
    }
  }) ?? null;
}

/** The catalogue in each other language (issue 13): key → ICU message, loaded on demand. */
type Translated = Partial<Record<ErrorKey, string>>;
const translations: Partial<Record<Language, Translated>> = {};
// web/src/locales/<language>/errors.json, one chunk each (a language is its folder).
const translationLoaders = import.meta.glob<{ default: Translated }>('../locales/*/errors.json');

/**
 * The schemas' refusals in each other language (common/schemas/messages.ts): an
 * `invalid_input` carries the schema's English text, not a key, so it is found by that text.
 */
type TranslatedValidation = Partial<Record<ValidationMessageKey, string>>;
const validationTranslations: Partial<Record<Language, TranslatedValidation>> = {};
const validationLoaders = import.meta.glob<{ default: TranslatedValidation }>('../locales/*/validation.json');
const validationKeys = new Map<string, ValidationMessageKey>(
  (Object.entries(validationMessages) as [ValidationMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Loads the catalogue of `language` once, with the schemas' texts; English is the catalogue itself. */
export async function loadErrorTexts(language: Language): Promise<void> {
  if (language === 'en' || translations[language]) return;
  const [errorTexts, validationTexts] = await Promise.all([
    loadLocaleFile(translationLoaders, language, 'errors.json'),
    loadLocaleFile(validationLoaders, language, 'validation.json'),
  ]);
  validationTranslations[language] = validationTexts.default;
  translations[language] = errorTexts.default;
}

/** A schema's refusal in `language`, when the `message` parameter or the server's text is one. */
function validationText(params: ErrorParams, language: Language, serverText: string | undefined): string | null {
  if (language === 'en') return null;
  const english = typeof params.message === 'string' ? params.message : serverText;
  const key = english === undefined ? undefined : validationKeys.get(english);
  return (key && validationTranslations[language]?.[key]) || null;
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
 * The catalogue's message for a code and its body parameters, in `language` once its
 * catalogue has loaded (English until then); for an `invalid_input` that a schema refused
 * with, that schema's message in `language`. Null when the code is unknown, shared by
 * several messages none of which reads as `serverText`, or needs a parameter the body
 * does not carry.
 */
export function messageFor(code: ErrorCode, params: ErrorParams, language: Language = 'en', serverText?: string): string | null {
  const validation = code === 'invalid_input' ? validationText(params, language, serverText) : null;
  if (validation) return validation;
  const key = keyOf(code, params, serverText);
  if (!key) return null;
  try {
    const translated = language === 'en' ? undefined : translations[language]?.[key];
    return translated ? formatTranslated(language, key, translated, params) : formatError(key, params, 'en-IN');
  } catch {
    return null;
  }
}
