/**
 * The error catalogue's messages on the client, loaded on demand by api-client.ts so the
 * ICU formatter stays out of the entry chunk.
 */
import { errorCode, errors, type ErrorCode, type ErrorKey, type ErrorParams } from '@common/errors';
import { formatError } from '@common/format-error';
import type { Language } from '@common/languages';
import { IntlMessageFormat } from 'intl-messageformat';

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
const translationLoaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translated }>> = {
  hi: () => import('../locales/errors/hi.json'),
  ta: () => import('../locales/errors/ta.json'),
};

/** Loads the catalogue of `language` once; English is the catalogue itself. */
export async function loadErrorTexts(language: Language): Promise<void> {
  if (language === 'en' || translations[language]) return;
  translations[language] = (await translationLoaders[language]()).default;
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
 * catalogue has loaded (English until then), or null when the code is unknown, shared by
 * several messages none of which reads as `serverText`, or needs a parameter the body
 * does not carry.
 */
export function messageFor(code: ErrorCode, params: ErrorParams, language: Language = 'en', serverText?: string): string | null {
  const key = keyOf(code, params, serverText);
  if (!key) return null;
  try {
    const translated = language === 'en' ? undefined : translations[language]?.[key];
    return translated ? formatTranslated(language, key, translated, params) : formatError(key, params, 'en-IN');
  } catch {
    return null;
  }
}
