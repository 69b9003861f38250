/**
 * The signed-in homes' texts (docs/decisions.md "Languages"). A home does not wait for the
 * whole `app` catalogue: it loads, with its code, its own part of it (carved out at build
 * time by vite.config's khata:lingui-home-parts from home-parts.ts: the texts of the files
 * its first screen loads), and everything once it is usable (loadAllTexts); a screen it
 * opens later waits for everything (withAllTexts). /cust's entry carries none of this: it
 * imports this module with `import()` only, the app's chunks as they like.
 */
import type { Messages } from '@lingui/core';
import { isLanguage, type Language } from '@common/languages';
import { activate, currentLanguage, i18n, loadLocaleFile, wantedParts } from './i18n';

/** A home's part of `app`. */
type HomePart = 'customer' | 'merchant' | 'admin';

// Each home part of each language's app.po, compiled by khata:lingui-home-parts.
const homeFiles: Record<HomePart, Record<string, () => Promise<{ messages: Messages }>>> = {
  customer: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=customer' }),
  merchant: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=merchant' }),
  admin: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=admin' }),
};

/** The part of the texts that `role`'s home shows first; `app` (all) for any other start. */
export function homeTexts(role: string | null | undefined): HomePart | 'app' {
  switch (role) {
    case 'customer':
      return 'customer';
    case 'business':
    case 'staff':
      return 'merchant';
    case 'admin':
      return 'admin';
    default:
      return 'app';
  }
}

/** Whether the whole `app` part is wanted (loaded, or on its way). */
const allTextsWanted = () => wantedParts.has('app');

/**
 * Loads, in the current language, the texts `role`'s home shows first: what start-up
 * (app/load-full-app.ts) calls with the stored session's role, beside the app's code, so the
 * app renders once both are there. A stored role that turned out wrong gets the rest from
 * the backstop below. Never called later: a language the user's saved choice applies
 * meanwhile must not be undone by a load started before it.
 */
export async function activateHomeTexts(role: string | null | undefined): Promise<void> {
  const part = homeTexts(role);
  const language = currentLanguage();
  if (part === 'app' || allTextsWanted()) return activate(language, ['app']);
  const { messages } = await loadLocaleFile(homeFiles[part], language, 'app.po');
  i18n.load(language, messages);
  // Lingui re-renders the texts of the language it speaks. Before any language is active
  // this one becomes the app's; a language chosen meanwhile stays (the backstop below
  // brings its texts).
  if (!isLanguage(i18n.locale)) await activate(language);
}

/**
 * The next language change loads every text of the new language before it shows: what the
 * user's saved language, applied at sign-in, needs when only a home's part has come (its
 * activation would otherwise load the new language's login part alone).
 */
export function wantAllTexts(): void {
  wantedParts.add('app');
}

const everything = new Map<Language, Promise<void>>();

/**
 * The whole `app` part of the current language, once: what a home calls when it is
 * usable, and what a screen it opens later waits for (withAllTexts). From then on a
 * language change loads all of the new one's texts (i18n.ts's wanted parts).
 */
export function loadAllTexts(): Promise<void> {
  const language = currentLanguage();
  let loading = everything.get(language);
  if (!loading) {
    loading = activate(language, ['app']).catch((error: unknown) => {
      // Offline: the next call tries again.
      everything.delete(language);
      throw error;
    });
    everything.set(language, loading);
  }
  return loading;
}

/**
 * `load` (a lazy screen's import) that resolves once the whole `app` part is loaded too;
 * should the texts fail to load (offline), the screen still opens with those it has.
 */
export const withAllTexts =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadAllTexts().catch(() => {})]).then(([loaded]) => loaded);

// A backstop: a text asked for outside the parts loaded so far (a screen that should have
// waited with withAllTexts, or a language picked before everything came) starts the rest
// loading at once; Lingui re-renders it on arrival. Once per language: offline, a failed
// try is not repeated on every render.
const backstopTried = new Set<Language>();
i18n.on('missing', () => {
  const language = i18n.locale;
  if (!isLanguage(language) || backstopTried.has(language) || everything.has(language)) return;
  backstopTried.add(language);
  void loadAllTexts().catch(() => {});
});
