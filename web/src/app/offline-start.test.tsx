import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n as appI18n } from '@/i18n/i18n';
import { reportUnreachable } from '@/lib/connection';
import { saveOfflineView, sessionMark, type OfflineView } from '@/lib/offline-cache';
import { setSessionToken } from '@/lib/session';
import { expectNoAxeViolations } from '@/test/axe';
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

/** Read 27 Nov 2025, 6:40 pm in India, a minute ago. */
const readAt = '2025-11-27T13:10:00.000Z';
const asOf = 'As of 27 Nov 2025, 6:40 pm';
/** The line that dates a part ("As of" and its <time>). */
const asOfLine = (scope: HTMLElement) => within(scope).getByText((_, element) => element?.tagName === 'P' && element.textContent === asOf);

const ashaFigures = (token: string): OfflineView => ({
  kind: 'customer', userId: 'u-asha', name: 'Asha Rao', session: sessionMark(token),
  accounts: {
    readAt,
    items: [
      { businessName: 'Kumar Kirana', owed: '1249.90', available: '3750.10', creditLimit: '5000.00', overdue: '0.00', nextDueOn: '2025-12-05' },
      { businessName: 'Sharma Medicals', owed: '300.00', available: '700.00', creditLimit: '1000.00', overdue: '300.00', nextDueOn: '2025-11-20' },
    ],
  },
  history: {
    readAt,
    items: [
      { id: 't1', type: 'payment', name: 'Kumar Kirana', totalAmount: '102.00', createdAt: '2025-11-27T12:00:00.000Z' },
      { id: 't2', type: 'repayment', name: 'Sharma Medicals', totalAmount: '500.00', createdAt: '2025-11-26T05:30:00.000Z' },
    ],
  },
});

function renderOfflineStart() {
  stubFetch({ 'GET /api/health/live': () => Promise.reject(new TypeError('Failed to fetch')) });
  act(() => reportUnreachable());
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse(readAt) + 60_000);
  return render(
    <I18nProvider i18n={appI18n}>
      <OfflineStart onAnswer={() => {}} />
    </I18nProvider>,
  );
}

describe('the offline start with figures kept', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the signed-in customer's last known balances and history, with the time read, and nothing to pay with", async () => {
    setSessionToken('tok-asha');
    saveOfflineView(ashaFigures('tok-asha'));
    const { container } = renderOfflineStart();
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your last known figures. Paying and paying back are unavailable offline.')).toBeInTheDocument();
    const credit = screen.getByRole('region', { name: 'Available Credit' });
    expect(within(credit).getByText('₹4,450.10')).toBeInTheDocument();
    expect(within(credit).getByText('₹6,000.00')).toBeInTheDocument();
    expect(asOfLine(credit)).toBeInTheDocument();

    const merchants = screen.getByRole('region', { name: 'My Merchants' });
    expect(asOfLine(merchants)).toBeInTheDocument();
    const [kumar, sharma] = within(merchants).getAllByRole('listitem');
    expect(kumar).toHaveTextContent('Kumar KiranaGiven Credit ₹1,249.90 Limit ₹5,000.00Due 5 Dec 2025');
    expect(sharma).toHaveTextContent('Sharma MedicalsGiven Credit ₹300.00 Limit ₹1,000.00Overdue');

    const history = screen.getByRole('region', { name: 'Transaction History' });
    expect(asOfLine(history)).toBeInTheDocument();
    expect(within(history).getByRole('article', { name: 'Payment Kumar Kirana' })).toHaveTextContent('Kumar KiranaPayment · 27 Nov 2025, 5:30 pm₹102.00');
    expect(within(history).getByRole('article', { name: 'Repayment Sharma Medicals' })).toHaveTextContent('Sharma MedicalsRepayment · 26 Nov 2025, 11:00 am₹500.00');

    // Read-only: the one button asks the server again; nothing pays, scans or pays back.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again']);
    expect(screen.queryByRole('link')).toBeNull();
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });

  it("shows a shop's dues, its customers' balances and its recent payments, each with the time read", async () => {
    setSessionToken('tok-ravi');
    saveOfflineView({
      kind: 'shop', userId: 'u-ravi', name: 'Ravi Stores', session: sessionMark('tok-ravi'), shopId: 'biz1',
      toCollect: { readAt, items: { overdue: '1225.00', customers: 1 } },
      customers: {
        readAt,
        items: [
          { customerName: 'Meena Iyer', owed: '1225.00', overdue: '1225.00', nextDueOn: '2025-11-20' },
          { customerName: 'Asha Rao', owed: '300.00', overdue: '0.00', nextDueOn: '2025-12-01' },
        ],
      },
      history: { readAt, items: [{ id: 't9', type: 'payment', name: 'Meena Iyer', totalAmount: '250.00', createdAt: '2025-11-27T12:00:00.000Z' }] },
    });
    renderOfflineStart();
    expect(await screen.findByRole('heading', { name: 'Ravi Stores', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Your shop's last known figures. Recording repayments and making QR codes are unavailable offline.")).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'To collect' })).toHaveTextContent(`To collect₹1,225.00Overdue from 1 customer${asOf}`);
    const customers = screen.getByRole('region', { name: 'Customers' });
    expect(within(customers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Meena IyerOverdueOwed₹1,225.00', 'Asha RaoDue 1 Dec 2025Owed₹300.00',
    ]);
    expect(asOfLine(customers)).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Payments' });
    expect(within(recent).getByRole('article', { name: 'Payment Meena Iyer' })).toHaveTextContent('₹250.00');
    expect(asOfLine(recent)).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again']);
  });

  it("shows the notice alone for another session's figures: someone else signed in since", async () => {
    saveOfflineView(ashaFigures('tok-asha'));
    setSessionToken('tok-vijay');
    renderOfflineStart();
    expect(screen.getByText('Khata will open by itself when the connection is back.')).toBeInTheDocument();
    // Give a lazy view the time it would take to appear.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/Kumar Kirana|As of/)).toBeNull();
  });

  it('shows the notice alone on a counter device, whatever was kept', async () => {
    setSessionToken('tok-asha');
    saveOfflineView(ashaFigures('tok-asha'));
    window.localStorage.setItem('khata.counterDevice', 'on');
    renderOfflineStart();
    expect(screen.getByText('Khata will open by itself when the connection is back.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/Kumar Kirana|As of/)).toBeNull();
  });
});
