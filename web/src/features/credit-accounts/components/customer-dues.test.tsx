import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessCreditAccount, ReminderDraft } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { formatIndiaDay } from '@/lib/date-time';
import { addDays } from '@/features/credit-accounts/dues';
import { CustomerList } from './customer-list';

const dayMs = 86_400_000;

const account = (id: string, customerName: string, change: Partial<BusinessCreditAccount> = {}): BusinessCreditAccount => ({
  id, customerId: `c-${id}`, customerName, paymentHandle: `${id}@khata`, phone: '+919876543210',
  creditLimit: '5000.00', currentBalance: '3725.00', owed: '1275.00', createdAt: '2025-01-01T00:00:00.000Z',
  overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en', ...change,
});

const text = 'नमस्ते Asha, Ravi Stores पर आपका ₹1,275.00 बाकी है। https://khata.example/accounts/biz1';
const draft = (change: Partial<ReminderDraft> = {}): ReminderDraft => ({
  text,
  whatsappUrl: `https://wa.me/919876543210?text=${encodeURIComponent(text)}`,
  smsUrl: `sms:+919876543210?body=${encodeURIComponent(text)}`,
  lastRemindedAt: null,
  language: 'hi',
  ...change,
});

const reminderUrl = 'GET /api/business/credit-accounts/acc-1/reminder';
const recordUrl = 'POST /api/business/credit-accounts/acc-1/reminders';

/** The blank window the tap opens for the app's link, as `window.open` hands it back. */
interface OpenedWindow {
  opener: unknown;
  closed: boolean;
  location: { href: string };
  close: () => void;
}

/**
 * Stubs window.open with windows that record where they are sent, and the page's own
 * location.assign; `blocked` makes the browser refuse every window, as a popup blocker does.
 */
function stubNavigation({ blocked = false } = {}) {
  const opened: OpenedWindow[] = [];
  const open = vi.fn((): OpenedWindow | null => {
    if (blocked) return null;
    const child: OpenedWindow = {
      opener: window, closed: false, location: { href: '' }, close: vi.fn(() => { child.closed = true; }),
    };
    opened.push(child);
    return child;
  });
  const assign = vi.fn();
  vi.stubGlobal('open', open);
  vi.stubGlobal('location', { ...window.location, assign });
  return { open, opened, assign };
}

function setup(accounts: BusinessCreditAccount[], routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/credit-accounts/business': () => json(200, { creditAccounts: accounts }),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithApp(<CustomerList />);
  return { calls, user };
}

describe("the merchant's customer rows: dues", () => {
  it('shows Overdue ₹X, or the next due date, and when the last reminder went', async () => {
    setup([
      account('acc-1', 'Asha Rao', { overdue: '500.00', nextDueOn: '2025-02-01', lastRemindedAt: new Date().toISOString() }),
      account('acc-2', 'Vikram', { nextDueOn: '2025-04-05', lastRemindedAt: new Date(Date.now() - 3 * dayMs).toISOString() }),
      account('acc-3', 'Meena', { nextDueOn: '2025-04-20', dueMoved: true }),
      account('acc-4', 'Kiran', { owed: '0.00', currentBalance: '5000.00' }),
    ]);
    const asha = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(within(asha).getByText('Overdue ₹500.00')).toBeInTheDocument();
    expect(within(asha).getByText('Reminded today')).toBeInTheDocument();
    const vikram = screen.getByRole('article', { name: 'Vikram' });
    expect(within(vikram).getByText(`Due ${formatIndiaDay('2025-04-05')}`)).toBeInTheDocument();
    expect(within(vikram).getByText('Reminded 3 days ago')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Meena' })).getByText(`Due ${formatIndiaDay('2025-04-20')} (moved)`)).toBeInTheDocument();
    // Nothing owed: nothing to remind of, no due date to move.
    const kiran = screen.getByRole('article', { name: 'Kiran' });
    expect(within(kiran).queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
    expect(within(kiran).queryByRole('button', { name: 'Move due date' })).not.toBeInTheDocument();
    expect(within(kiran).queryByText(/^Due |^Overdue /)).not.toBeInTheDocument();
  });
});

describe('Send reminder', () => {
  it("shows the server's message, records the channel tapped, and sends the window opened by the tap to the app once the server accepted it", async () => {
    let accept: (response: Response) => void = () => {};
    const { calls, user } = setup([account('acc-1', 'Asha Rao', { overdue: '500.00' })], {
      [reminderUrl]: () => json(200, draft()),
      [recordUrl]: () => new Promise<Response>((resolve) => { accept = resolve; }),
    });
    const { open, opened, assign } = stubNavigation();
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(await within(dialog).findByLabelText('Message preview')).toHaveTextContent(text);
    expect(within(dialog).getByText('No reminder sent yet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    // No link to follow before the server has answered: the sends are buttons.
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send on WhatsApp' }));
    await waitFor(() => expect(callsTo(calls, recordUrl)).toHaveLength(1));
    expect(callsTo(calls, recordUrl)[0]!.body).toEqual({ channel: 'whatsapp' });
    // The tap opened a blank window of its own (a popup opened later is blocked), cut from
    // this page as noopener would; Khata's own tab stays.
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
    expect(opened[0]!.opener).toBeNull();
    // Waiting for the server: nothing sent anywhere, and no second tap meanwhile.
    expect(opened[0]!.location.href).toBe('');
    expect(within(dialog).getByRole('button', { name: 'Send on WhatsApp' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Send as SMS' })).toBeDisabled();

    accept(json(201, { lastRemindedAt: new Date().toISOString() }));
    await waitFor(() => expect(opened[0]!.location.href).toBe(draft().whatsappUrl));
    expect(assign).not.toHaveBeenCalled();
    // Recorded, the rows follow: the accounts are asked again.
    await waitFor(() => expect(callsTo(calls, 'GET /api/credit-accounts/business')).toHaveLength(2));
    // And the dialog: sent today, noted above the buttons, both still offered.
    expect(await within(dialog).findByRole('note')).toHaveTextContent('You already sent a reminder today');
    expect(within(dialog).getByText('Reminded today')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send as SMS' }));
    await waitFor(() => expect(callsTo(calls, recordUrl)).toHaveLength(2));
    expect(callsTo(calls, recordUrl)[1]!.body).toEqual({ channel: 'sms' });
    expect(opened).toHaveLength(2);
    expect(opened[1]!.location.href).toBe('');
    accept(json(201, { lastRemindedAt: new Date().toISOString() }));
    await waitFor(() => expect(opened[1]!.location.href).toBe(draft().smsUrl));
    expect(opened.map((child) => child.closed)).toEqual([false, false]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("closes the window it opened and sends nothing when the server refuses the reminder, and says the server's message", async () => {
    const { calls, user } = setup([account('acc-1', 'Asha Rao', { overdue: '500.00' })], {
      [reminderUrl]: () => json(200, draft({ lastRemindedAt: new Date().toISOString() })),
      [recordUrl]: () => json(429, {
        error: 'You can send at most 3 reminders a day to one customer. Try again tomorrow.', code: 'reminder_limit', remindersMax: 3,
      }),
    });
    const { opened, assign } = stubNavigation();
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send on WhatsApp' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can send at most 3 reminders a day to one customer. Try again tomorrow.',
    );
    expect(callsTo(calls, recordUrl)).toHaveLength(1);
    expect(opened).toHaveLength(1);
    await waitFor(() => expect(opened[0]!.close).toHaveBeenCalledOnce());
    expect(opened[0]!.location.href).toBe('');
    expect(assign).not.toHaveBeenCalled();
    // The dialog stays, its buttons usable again.
    expect(within(dialog).getByRole('button', { name: 'Send as SMS' })).toBeEnabled();
  });

  it('goes to the link in this tab, once the server accepted it, when the browser blocks the window', async () => {
    let accept: (response: Response) => void = () => {};
    const { user } = setup([account('acc-1', 'Asha Rao', { overdue: '500.00' })], {
      [reminderUrl]: () => json(200, draft()),
      [recordUrl]: () => new Promise<Response>((resolve) => { accept = resolve; }),
    });
    const { open, assign } = stubNavigation({ blocked: true });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send on WhatsApp' }));
    expect(open).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send on WhatsApp' })).toBeDisabled());
    expect(assign).not.toHaveBeenCalled();
    accept(json(201, { lastRemindedAt: new Date().toISOString() }));
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(draft().whatsappUrl));
  });

  it('still sends the accepted reminder when the dialog was closed while the server answered', async () => {
    let accept: (response: Response) => void = () => {};
    const { user } = setup([account('acc-1', 'Asha Rao', { overdue: '500.00' })], {
      [reminderUrl]: () => json(200, draft()),
      [recordUrl]: () => new Promise<Response>((resolve) => { accept = resolve; }),
    });
    const { opened } = stubNavigation();
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send on WhatsApp' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send reminder' })).not.toBeInTheDocument());
    accept(json(201, { lastRemindedAt: new Date().toISOString() }));
    await waitFor(() => expect(opened[0]!.location.href).toBe(draft().whatsappUrl));
  });

  it('notes a reminder already sent today above the buttons, and still offers both', async () => {
    const { user } = setup([account('acc-1', 'Asha Rao')], {
      [reminderUrl]: () => json(200, draft({ lastRemindedAt: new Date().toISOString() })),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    const note = await within(dialog).findByRole('note');
    expect(note).toHaveTextContent('You already sent a reminder today');
    expect(within(dialog).getByText('Reminded today')).toBeInTheDocument();
    const whatsapp = within(dialog).getByRole('button', { name: 'Send on WhatsApp' });
    // The note comes before the buttons.
    expect(note.compareDocumentPosition(whatsapp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send as SMS' })).toBeInTheDocument();
  });

  it("says the server's refusal when nothing is owed any more", async () => {
    const { user } = setup([account('acc-1', 'Asha Rao')], {
      [reminderUrl]: () => apiError(409, 'Nothing is owed on this account', 'nothing_owed'),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing is owed on this account');
    expect(within(dialog).queryByRole('button', { name: 'Send on WhatsApp' })).not.toBeInTheDocument();
  });
});

describe('Move due date', () => {
  const dueUrl = 'POST /api/business/credit-accounts/acc-1/due-date';
  // 12 March 2025 in India: the dates offered run from 13 March 2025 to 12 March 2026.
  const day = '2025-03-12';

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  async function open(answer: () => Response) {
    const { calls, user } = setup([account('acc-1', 'Asha Rao', { nextDueOn: '2025-02-01', overdue: '500.00' })], { [dueUrl]: answer });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Move due date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move due date' });
    const field = within(dialog).getByRole('group', { name: 'New due date' });
    const part = (name: 'Day' | 'Month' | 'Year') => within(field).getByRole('combobox', { name: `New due date ${name}` });
    /** Chooses an ISO day as a person does: its year, its month, then its day. */
    const choose = async (iso: string) => {
      const [year, month, date] = iso.split('-').map(Number);
      await user.selectOptions(part('Year'), String(year));
      await user.selectOptions(part('Month'), String(month));
      await user.selectOptions(part('Day'), String(date));
    };
    return { calls, user, dialog, part, choose };
  }

  it('offers dates from tomorrow to a year ahead, India time, day-month-year, and sends the one chosen', async () => {
    const { calls, user, dialog, part, choose } = await open(() => json(200, { creditAccount: account('acc-1', 'Asha Rao') }));
    expect(dialog).toHaveTextContent(`Asha Rao's next payment is due ${formatIndiaDay('2025-02-01')}.`);
    expect(dialog.querySelector('input[type="date"]')).toBeNull();
    expect(within(part('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Year', '2025', '2026']);
    const chosen = addDays(day, 10);
    await choose(chosen);
    expect([part('Day'), part('Month'), part('Year')].map((select) => (select as HTMLSelectElement).selectedOptions[0]!.textContent))
      .toEqual(['22', 'Mar', '2025']);
    await user.click(within(dialog).getByRole('button', { name: 'Move due date' }));
    await expectToast('Due date moved', `Asha Rao now has until ${formatIndiaDay(chosen)}`);
    expect(callsTo(calls, dueUrl).map((call) => call.body)).toEqual([{ dueOn: chosen }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a date under the field and in the toast when none is chosen, with the day in focus', async () => {
    const { calls, user, dialog, part } = await open(() => json(200, {}));
    await user.click(within(dialog).getByRole('button', { name: 'Move due date' }));
    await expectToast('Choose a date', 'Choose the new due date');
    expect(part('Day')).toHaveAccessibleDescription('Choose the new due date');
    expect(part('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(part('Day')).toHaveFocus();
    expect(callsTo(calls, dueUrl)).toHaveLength(0);
  });

  it.each([
    ['today', () => day],
    ['more than a year ahead', () => addDays(day, 366)],
  ])('refuses %s under the field at once, and in the toast without asking the server', async (_, chosen) => {
    const { calls, user, dialog, part, choose } = await open(() => json(200, {}));
    await choose(chosen());
    expect(part('Day')).toHaveAccessibleDescription('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Move due date' }));
    await expectToast('Invalid date', 'Choose a due date from tomorrow to one year ahead');
    expect(part('Day')).toHaveAccessibleDescription('Choose a due date from tomorrow to one year ahead');
    expect(callsTo(calls, dueUrl)).toHaveLength(0);
  });

  it("shows the server's refusal by its message and stays open", async () => {
    const { user, dialog, choose } = await open(() => apiError(409, 'Nothing is owed on this account', 'nothing_owed'));
    await choose(addDays(day, 5));
    await user.click(within(dialog).getByRole('button', { name: 'Move due date' }));
    await expectToast('Could not move the due date', 'Nothing is owed on this account');
    expect(screen.getByRole('dialog', { name: 'Move due date' })).toBeInTheDocument();
  });
});
