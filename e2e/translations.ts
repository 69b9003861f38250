/**
 * The web's catalogues as the language journeys read them (docs/product.md#languages): a translator that
 * drives the screens by their translated labels, and the English texts that must not show
 * on a screen in another language.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { errors, type ErrorKey } from '@common/errors';
import type { Language } from '@common/languages';

export type OtherLanguage = Exclude<Language, 'en'>;

const localesDir = fileURLToPath(new URL('../web/src/locales', import.meta.url));
const parts = ['login', 'app'] as const;

const unescapePo = (text: string) => text.replace(/\\(["\\nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);

/** msgid → msgstr of a .po file as Lingui writes it (multi-line strings are joined). */
function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescapePo(m[1]!)).join('');
  for (const match of readFileSync(path, 'utf8').matchAll(/^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm)) {
    const id = unquote(match[1]!);
    if (id) entries.set(id, unquote(match[2]!));
  }
  return entries;
}

/** English message → its translation in `language`, over both catalogue parts (English's own catalogue repeats it). */
function catalogue(language: Language): Map<string, string> {
  const messages = new Map<string, string>();
  for (const part of parts) {
    for (const [id, text] of readPo(`${localesDir}/${language}/${part}.po`)) messages.set(id, text);
  }
  return messages;
}

const englishMessages = (): string[] => parts.flatMap((part) => [...readPo(`${localesDir}/en/${part}.po`).keys()]);

export type Translator = (english: string, values?: Record<string, string | number>) => string;

/**
 * `tr('Sign In')` → the text `language` shows for that English message; with `values`, an
 * ICU message filled in (`tr('{amount} paid to {businessName}', { amount, businessName })`).
 * Fails on a text the catalogue does not have, so a journey cannot drive an English label.
 */
export function translator(language: Language): Translator {
  const messages = catalogue(language);
  return (english, values) => {
    const translated = messages.get(english);
    if (translated === undefined) throw new Error(`"${english}" is not in the web's catalogue`);
    if (!values) return translated;
    const text = new IntlMessageFormat(translated.replace(/<\/?\d+>/g, ''), `${language}-IN`).format(values);
    if (typeof text !== 'string') throw new Error(`"${english}" did not format to text`);
    return text;
  };
}

/** A server refusal as the web shows it in `language` (the error catalogue, by key). */
export function errorText(language: Language, key: ErrorKey, values: Record<string, string | number> = {}): string {
  const message = language === 'en'
    ? errors[key].message
    : (JSON.parse(readFileSync(`${localesDir}/${language}/errors.json`, 'utf8')) as Record<ErrorKey, string>)[key];
  return new IntlMessageFormat(message, `${language}-IN`).format(values) as string;
}

/** Words that stay in Latin letters in every language (GLOSSARY.md). */
export const untranslatedWords = ['Khata', 'QR', 'UPI', 'PIN', 'OTP', 'ID', 'JSON', 'NUL', 'Idempotency-Key'];

/**
 * The literal pieces of an ICU message: the text between its placeholders (`{0}`,
 * `{count, plural, …}` whole) and tags (`<0>`), trimmed of spaces and punctuation.
 */
export function literalFragments(message: string): string[] {
  const fragments: string[] = [];
  let depth = 0;
  let current = '';
  const flush = () => {
    for (const piece of current.split(/<\/?\d+>/)) {
      const trimmed = piece.replace(/^[\s\p{P}\p{S}\d]+|[\s\p{P}\p{S}\d]+$/gu, '');
      if (trimmed) fragments.push(trimmed);
    }
    current = '';
  };
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) flush();
      depth += 1;
    } else if (char === '}') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += char;
    }
  }
  flush();
  return fragments;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const isUntranslatedWord = (text: string) => untranslatedWords.includes(text) || /^[A-Z]{2,4}s?$/.test(text);

/**
 * The English texts that must not show on a screen in `language`: every catalogue message
 * (web and errors) whose translation differs, or for a message with placeholders each
 * literal piece of two words or more, less the pieces the translation keeps as they are
 * (brand names, acronyms) and single words of three letters or fewer.
 */
export function forbiddenEnglishTexts(language: OtherLanguage): string[] {
  const messages = catalogue(language);
  const translatedErrors = JSON.parse(readFileSync(`${localesDir}/${language}/errors.json`, 'utf8')) as Record<string, string>;
  const pairs: [string, string][] = [
    ...englishMessages().map((id): [string, string] => [id, messages.get(id) ?? '']),
    ...Object.entries(errors).map(([key, entry]): [string, string] => [entry.message, translatedErrors[key] ?? '']),
  ];
  const texts = new Set<string>();
  for (const [english, translated] of pairs) {
    if (english === translated) continue;
    const hasPlaceholders = /[{<]/.test(english);
    for (const fragment of literalFragments(english)) {
      if (!/\p{L}/u.test(fragment) || translated.includes(fragment) || isUntranslatedWord(fragment)) continue;
      if (hasPlaceholders && wordCount(fragment) < 2) continue;
      if (wordCount(fragment) === 1 && fragment.replace(/\P{L}/gu, '').length <= 3) continue;
      texts.add(fragment);
    }
  }
  return [...texts];
}
