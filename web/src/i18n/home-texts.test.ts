/**
 * How the parts load (home-texts.ts, over i18n.ts): a home's part alone, then everything; a language change
 * reloads what was wanted; the first missing message loads everything. Each test starts
 * from a fresh i18n.ts (its memory of the parts wanted) and an empty Lingui.
 */
import type { Messages } from '@lingui/core';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('./i18n');
type HomeTextsModule = typeof import('./home-texts');
const parts = {
  customer: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=customer' }),
  admin: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=admin' }),
};
const whole = import.meta.glob<{ messages: Messages }>('../locales/*/app.po');
const idsOf = async (loader: (() => Promise<{ messages: Messages }>) | undefined) => Object.keys((await loader!()).messages);

let fresh: I18nModule;
let texts: HomeTextsModule;
// Each fresh home-texts adds its backstop to the one Lingui instance: removed after each test,
// so a test sees only its own module's.
const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  vi.resetModules();
  fresh = await import('./i18n');
  const on = fresh.i18n.on.bind(fresh.i18n);
  vi.spyOn(fresh.i18n, 'on').mockImplementation((event, listener) => {
    const unsubscribe = on(event, listener);
    unsubscribes.push(unsubscribe);
    return unsubscribe;
  });
  texts = await import('./home-texts');
  // Lingui's instance is one for the whole file: forget every language's messages.
  for (const locale of ['ta', 'hi', 'en']) fresh.i18n.loadAndActivate({ locale, messages: {} });
});

afterAll(async () => {
  // What every other test reads: English, whole.
  await fresh.activate('en', ['login', 'app']);
});

describe('home parts at run time', () => {
  it('names each role its home part, and everything for the rest', () => {
    expect(['customer', 'business', 'staff', 'admin', 'counter', null].map(texts.homeTexts)).toEqual([
      'customer', 'merchant', 'merchant', 'admin', 'app', 'app',
    ]);
  });

  it('loads a home part alone, then everything, and a language change loads both again', async () => {
    const customer = await idsOf(parts.customer['../locales/hi/app.po']);
    const all = await idsOf(whole['../locales/hi/app.po']);
    const elsewhere = all.filter((id) => !customer.includes(id));
    expect(elsewhere.length).toBeGreaterThan(0);

    await fresh.activate('hi');
    await texts.activateHomeTexts('customer');
    expect(Object.keys(fresh.i18n.messages)).toEqual(expect.arrayContaining(customer));
    expect(fresh.i18n.messages[elsewhere[0]!]).toBeUndefined();

    await texts.loadAllTexts();
    expect(Object.keys(fresh.i18n.messages)).toEqual(expect.arrayContaining(all));

    await fresh.activate('ta');
    expect(fresh.i18n.locale).toBe('ta');
    expect(Object.keys(fresh.i18n.messages)).toEqual(expect.arrayContaining(await idsOf(whole['../locales/ta/app.po'])));
  });

  it("applies the user's saved language with every text of it, when only a home's part had come", async () => {
    await fresh.activate('hi');
    await texts.activateHomeTexts('customer');
    texts.wantAllTexts();
    await fresh.activate('ta');
    expect(fresh.i18n.locale).toBe('ta');
    expect(Object.keys(fresh.i18n.messages)).toEqual(expect.arrayContaining(await idsOf(whole['../locales/ta/app.po'])));
  });

  it('loads everything the moment a message outside the loaded parts is asked for', async () => {
    const admin = await idsOf(parts.admin['../locales/ta/app.po']);
    const outside = (await idsOf(whole['../locales/ta/app.po'])).find((id) => !admin.includes(id))!;
    await fresh.activate('ta');
    await texts.activateHomeTexts('admin');
    expect(fresh.i18n.messages[outside]).toBeUndefined();
    fresh.i18n._(outside);
    await vi.waitFor(() => expect(fresh.i18n.messages[outside]).toBeDefined());
  });

  it('withAllTexts resolves the screen once every text is there', async () => {
    await fresh.activate('hi');
    await texts.activateHomeTexts('customer');
    const screen = await texts.withAllTexts(async () => 'the screen')();
    expect(screen).toBe('the screen');
    expect(Object.keys(fresh.i18n.messages)).toEqual(expect.arrayContaining(await idsOf(whole['../locales/hi/app.po'])));
  });
});
