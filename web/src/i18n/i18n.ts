/**
 * The language the app speaks (docs/product.md#languages). Lingui's `i18n` holds the messages; each
 * language's catalogue comes in two parts loaded on demand: `login`, the signed-out /cust
 * screen and the offline start (before either renders), and `app`, the rest (with the
 * whole app). The choice lives in the browser until sign-in; the first visit takes the
 * browser's preferred language when Khata speaks it.
 */
import { i18n, type Messages } from '@lingui/core';
import { defaultLanguage, isLanguage, type Language } from '@common/languages';
import { messages as englishLogin } from '../locales/en/login.po';

export { i18n };

const storageKey = 'khata.language';

export type CataloguePart = 'login' | 'app';

// web/src/locales/<language>/<part>.po, one chunk each (a language is its folder), but for
// the English login texts, which ship with the page as the offline fallback
// (activateEnglishFallback).
const poFiles = import.meta.glob<{ messages: Messages }>(['../locales/*/*.po', '!../locales/en/login.po']);

/** `web/src/locales/<language>/<file>`, from an `import.meta.glob` of those files. */
export function loadLocaleFile<T>(loaders: Record<string, () => Promise<T>>, language: Language, file: string): Promise<T> {
  const loader = loaders[`../locales/${language}/${file}`];
  return loader ? loader() : Promise.reject(new Error(`web/src/locales/${language}/${file} is missing`));
}

function loadCatalogue(language: Language, part: CataloguePart): Promise<{ messages: Messages }> {
  if (language === 'en' && part === 'login') return Promise.resolve({ messages: englishLogin });
  return loadLocaleFile(poFiles, language, `${part}.po`);
}

/**
 * The parts wanted so far: a language change loads the same parts of the new one. (A
 * signed-in home's own part of `app` is home-texts.ts's business: /cust carries none of it.)
 */
export const wantedParts = new Set<CataloguePart>();

/** Counts activate's calls, so a slower, older one does not undo a newer choice. */
let activations = 0;

/** The language chosen on this browser, if one was. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(storageKey);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The language to start in: the one chosen here, else the browser's first that Khata speaks. */
export function startingLanguage(): Language {
  const preferred = (navigator.languages ?? [navigator.language]).map((tag) => tag.toLowerCase().split('-')[0]);
  return storedLanguage() ?? preferred.find(isLanguage) ?? defaultLanguage;
}

/** The language the app speaks now (before the first activation, the one it will start in). */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : startingLanguage());

/**
 * Loads `parts` of `language` (merging with what is loaded) and makes it the app's
 * language: Lingui re-renders every translated text, and `<html lang>` follows.
 */
export async function activate(language: Language, parts: CataloguePart[] = ['login']): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  const call = ++activations;
  const loaded = await Promise.all([...wantedParts].map((part) => loadCatalogue(language, part)));
  for (const { messages } of loaded) i18n.load(language, messages);
  // Two quick picks: the later one wins, whichever catalogue arrives last.
  if (call !== activations && isLanguage(i18n.locale)) return;
  i18n.activate(language);
  document.documentElement.lang = language;
}

const pendingKey = 'khata.languagePending';
/** Fired on window when the person picks a language; a signed-in app saves it on the user. */
export const languageChosenEvent = 'khata:language-chosen';

function remember(language: Language, pending: boolean) {
  try {
    localStorage.setItem(storageKey, language);
    if (pending) localStorage.setItem(pendingKey, '1');
    else localStorage.removeItem(pendingKey);
  } catch {
    // Storage refused: the choice lasts until the page is left.
  }
}

/**
 * A choice the person made here and no account has been told of yet: the latest explicit
 * choice wins, so the next sign-in saves it on the user instead of applying the user's.
 */
export function pendingChoice(): Language | undefined {
  try {
    return localStorage.getItem(pendingKey) ? storedLanguage() : undefined;
  } catch {
    return undefined;
  }
}

/** The pending choice is now saved on the user. */
export const choiceSaved = (language: Language) => remember(language, false);

/**
 * When the starting language's texts cannot load (offline on a first visit): the login
 * screen in English, whose few texts ship with the page, rather than message ids.
 */
export function activateEnglishFallback(): void {
  if (isLanguage(i18n.locale)) return;
  i18n.load('en', englishLogin);
  i18n.activate('en');
  document.documentElement.lang = 'en';
}

/** A choice made by the person: remembered in this browser, applied at once, and announced. */
export async function chooseLanguage(language: Language): Promise<void> {
  remember(language, true);
  window.dispatchEvent(new CustomEvent<Language>(languageChosenEvent, { detail: language }));
  await activate(language);
}

/** The user's saved language, on a browser where no newer choice was made: applied and remembered. */
export async function adoptLanguage(language: Language): Promise<void> {
  remember(language, false);
  await activate(language);
}
