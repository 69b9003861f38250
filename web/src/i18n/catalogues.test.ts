/**
 * Every language has every text: a catalogue part of hi or ta with a message missing,
 * empty, or with other placeholders than the English one fails here, before the build's
 * own check (failOnMissing) would. So does an entry of the error catalogue
 * (common/errors.ts, the schemas' refusals among them) without its translation, reading
 * other arguments, or stating other numbers than the English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { errors, type ErrorKey } from '@common/errors';
import { languages } from '@common/languages';

const localesDir = join(__dirname, '..', 'locales');

/** msgid → msgstr of a .po file (Lingui writes one line each; multi-line strings are joined). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(file, 'utf8');
  const unquote = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('');
  for (const match of text.matchAll(/^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm)) {
    const id = unquote(match[1]!);
    if (id) entries.set(id, unquote(match[2]!));
  }
  return entries;
}

/** A language's JSON catalogue (`errors.json`): key → message. */
const readJson = (language: string, file: string): Record<string, string> =>
  JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Record<string, string>;

const otherLanguages = languages.filter((language) => language !== 'en');

/** The words Indian apps keep in Latin letters (GLOSSARY.md): the only texts a translation may copy. */
const keptInLatin = new Set(['PIN', 'OTP', 'QR', 'UPI', 'ID', 'SMS']);

/**
 * The arguments a catalogue message reads, from its ICU form: each name with its kind, once
 * per use, a plural's or select's branch keywords with it (`one|other`), and the numbered
 * tags (<0>…</0>). Words inside a branch are not arguments: "{0, plural, one {Overdue from #
 * customer} …}" reads 0 alone, whatever the language says in the branch.
 */
function placeholders(message: string, locale: string): string[] {
  const found = [...message.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]);
  const walk = (elements: unknown[]) => {
    for (const element of elements as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }[]) {
      if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string') {
        found.push(`${element.type}:${element.value}${element.options ? `{${Object.keys(element.options).sort().join('|')}}` : ''}`);
      }
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  // Lingui's tags are <0>…</0>, not ICU's: read them as text, counted above.
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst());
  return found.sort();
}
const parts = readdirSync(join(localesDir, 'en')).filter((file) => file.endsWith('.po'));

describe('catalogues', () => {
  it('has the English catalogue parts', () => {
    expect(parts.sort()).toEqual(['app.po', 'login.po']);
  });

  for (const part of parts) {
    const english = readPo(join(localesDir, 'en', part));
    for (const language of otherLanguages) {
      it(`${language}/${part} translates every English message, with the same placeholders`, () => {
        const translated = readPo(join(localesDir, language, part));
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [id, text] of translated) {
          expect(text, `${language}/${part}: "${id}" is not translated`).not.toBe('');
          if (!keptInLatin.has(id)) expect(text, `${language}/${part}: "${id}" is copied, not translated`).not.toBe(id);
          expect(placeholders(text, language), `${language}/${part}: "${id}"`).toEqual(placeholders(id, 'en'));
        }
      });
    }
  }
});

/** The arguments an ICU message reads, with their kinds, from its parsed form. */
function argumentsOf(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }[]) {
      if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string') found.add(`${element.type}:${element.value}`);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...found].sort();
}

/** The numbers a text states outside its arguments, in Western digits (a limit, a length, a range). */
const numbersIn = (text: string) => [...text.matchAll(/[0-9]+/g)].map((m) => m[0]).sort();

describe('the error catalogue in each language', () => {
  for (const language of otherLanguages) {
    it(`${language} says every error the server can answer, reading the same arguments and stating the same numbers`, () => {
      const translated = readJson(language, 'errors.json');
      expect(Object.keys(translated).sort()).toEqual(Object.keys(errors).sort());
      for (const [key, message] of Object.entries(translated)) {
        const english = errors[key as ErrorKey].message;
        expect(message.trim(), `${language}: ${key} is not translated`).not.toBe('');
        expect(argumentsOf(message, language), `${language}: ${key}`).toEqual(argumentsOf(english, 'en'));
        expect(numbersIn(message), `${language}: ${key}`).toEqual(numbersIn(english));
      }
    });
  }
});
