import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reportUnreachable } from '@/lib/connection';
import { messages as englishLogin } from '@/locales/en/login.po';
import { messages as hindiLogin } from '@/locales/hi/login.po';
import { messages as tamilLogin } from '@/locales/ta/login.po';
import { stubFetch } from '@/test/fetch-stub';
import { OfflineStart } from './offline-start';

/**
 * The offline start with only the `login` part of a language loaded, as the app opened
 * from the service worker's cache has it at start: every text must be there.
 */
function renderWithLoginPartOnly(language: string, messages: Messages) {
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  // A missing message would show its id; make it visible to the test instead.
  const missing = vi.fn();
  i18n.on('missing', missing);
  render(
    <I18nProvider i18n={i18n}>
      <OfflineStart onAnswer={() => {}} />
    </I18nProvider>,
  );
  return missing;
}

const englishTexts = [
  "You're offline. Payments and new QR codes need a connection.", 'Khata will open by itself when the connection is back.', 'Try again',
] as const;

/**
 * msgid → msgstr of web/src/locales/<language>/login.po as written (English's msgstr is
 * empty: the msgid is the text). Read from the file, since the imported English part is
 * the object Lingui merges the `app` part into once that loads, as the test setup does.
 */
function loginPart(language: string): Record<string, string> {
  const text = readFileSync(join(__dirname, '..', 'locales', language, 'login.po'), 'utf8');
  const entries: Record<string, string> = {};
  for (const [, id, translated] of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (id) entries[id] = translated || id;
  }
  return entries;
}

describe('the offline start', () => {
  it.each([
    ['en', englishLogin, ...englishTexts],
    ['hi', hindiLogin, 'आप ऑफ़लाइन हैं। पेमेंट और नए QR कोड के लिए इंटरनेट चाहिए।', 'कनेक्शन लौटते ही Khata अपने आप खुल जाएगा।', 'फिर कोशिश करें'],
    ['ta', tamilLogin, 'நீங்கள் இணைப்பில் இல்லை. பணம் செலுத்தவும் புதிய QR குறியீடுகளுக்கும் இணைப்பு தேவை.', 'இணைப்பு திரும்பியதும் Khata தானாகத் திறக்கும்.', 'மீண்டும் முயல்'],
  ])('speaks %s from the login part alone, never message ids', (language, messages, banner, wait, retry) => {
    // The built app keeps no English beside the message ids: the part itself must hold each text.
    expect(loginPart(language)).toEqual(expect.objectContaining({ [englishTexts[0]]: banner, [englishTexts[1]]: wait, [englishTexts[2]]: retry }));
    stubFetch({ 'GET /api/health/live': () => Promise.reject(new TypeError('Failed to fetch')) });
    act(() => reportUnreachable());
    const missing = renderWithLoginPartOnly(language, messages);
    expect(screen.getByRole('status')).toHaveTextContent(banner);
    expect(screen.getByText(wait)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
    expect(missing).not.toHaveBeenCalled();
  });
});
