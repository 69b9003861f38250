import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSmsReminders, ReminderBatch, ReminderBatchPreview, ReminderDraft, ToCollect, ToCollectAccount } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { formatIndiaDay } from '@/lib/date-time';
import { OverdueCustomers, ToCollectCard } from './to-collect';

const dayMs = 86_400_000;

const row = (id: string, customerName: string, change: Partial<ToCollectAccount> = {}): ToCollectAccount => ({
  creditAccountId: id, customerId: `c-${id}`, customerName, phone: '+919876543210',
  owed: '1500.00', overdue: '900.00', nextDueOn: '2025-02-10', lastRemindedAt: null, ...change,
});

function setup(toCollect: ToCollect, routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /api/business/to-collect': () => json(200, toCollect), ...routes });
  const user = userEvent.setup();
  renderWithApp(<><ToCollectCard /><OverdueCustomers /></>);
  return { calls, user };
}

describe('To collect', () => {
  it('shows the amount overdue and over how many customers, from one request', async () => {
    const { calls } = setup({
      overdue: '123456.50', customers: 2,
      accounts: [row('acc-1', 'Asha Rao', { overdue: '100000.00' }), row('acc-2', 'Vikram', { overdue: '23456.50' })],
    });
    const card = screen.getByRole('group', { name: 'To collect' });
    expect(await within(card).findByText('₹1,23,456.50')).toBeInTheDocument();
    expect(within(card).getByText('Overdue from 2 customers')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/business/to-collect')).toHaveLength(1);
  });

  it('says one customer in the singular', async () => {
    setup({ overdue: '900.00', customers: 1, accounts: [row('acc-1', 'Asha Rao')] });
    expect(await within(screen.getByRole('group', { name: 'To collect' })).findByText('Overdue from 1 customer')).toBeInTheDocument();
  });

  it("lists the customers as the server ordered them, with overdue, owed, due date and last reminder", async () => {
    setup({
      overdue: '1400.00', customers: 2,
      accounts: [
        row('acc-1', 'Asha Rao', { overdue: '900.00', owed: '1500.00', nextDueOn: '2025-02-10', lastRemindedAt: new Date().toISOString() }),
        row('acc-2', 'Vikram', { overdue: '500.00', owed: '500.00', nextDueOn: '2025-01-05', lastRemindedAt: new Date(Date.now() - 4 * dayMs).toISOString() }),
      ],
    });
    const list = await screen.findByRole('region', { name: 'Overdue customers' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((article) => within(article).getByRole('heading').textContent)).toEqual(['Asha Rao', 'Vikram']);
    expect(within(rows[0]!).getByText('Overdue ₹900.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(`Owes ₹1,500.00 · due ${formatIndiaDay('2025-02-10')}`)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Reminded today')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Reminded 4 days ago')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Send reminder' })).toBeInTheDocument();
  });

  it('says nothing is overdue, on the card and in the list, when nothing is', async () => {
    setup({ overdue: '0.00', customers: 0, accounts: [] });
    const card = screen.getByRole('group', { name: 'To collect' });
    expect(await within(card).findByText('₹0.00')).toBeInTheDocument();
    expect(within(card).getByText('Nothing overdue')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overdue customers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
  });

  it("opens the reminder of that customer's account from the list", async () => {
    const draft: ReminderDraft = {
      text: 'Hello Vikram', whatsappUrl: 'https://wa.me/919876543210?text=Hello%20Vikram',
      smsUrl: 'sms:+919876543210?body=Hello%20Vikram', lastRemindedAt: null, language: 'en',
    };
    const { calls, user } = setup(
      { overdue: '1400.00', customers: 2, accounts: [row('acc-1', 'Asha Rao'), row('acc-2', 'Vikram')] },
      { 'GET /api/business/credit-accounts/acc-2/reminder': () => json(200, draft) },
    );
    const list = await screen.findByRole('region', { name: 'Overdue customers' });
    const vikram = (await within(list).findByRole('heading', { name: 'Vikram' })).closest('li')!;
    await user.click(within(vikram).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    // Vikram's own message, ready to send (the link opens once the server records it).
    expect(await within(dialog).findByRole('button', { name: 'Send on WhatsApp' })).toBeEnabled();
    expect(within(dialog).getByText('Hello Vikram')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/credit-accounts/acc-2/reminder')).toHaveLength(1));
    expect(callsTo(calls, 'GET /api/business/credit-accounts/acc-1/reminder')).toHaveLength(0);
  });
});

describe('Send to all overdue', () => {
  const overdue: ToCollect = { overdue: '1400.00', customers: 2, accounts: [row('acc-1', 'Asha Rao'), row('acc-2', 'Vikram')] };
  const preview: ReminderBatchPreview = {
    count: 2, skipped: { optedOut: 0, excluded: 0, noPhone: 0, accountLimit: 0, shopLimit: 0 }, dailyLimit: 200, sentToday: 0,
    messages: [
      { creditAccountId: 'acc-1', customerName: 'Asha Rao', language: 'en', owed: '1500.00', overdue: '900.00', text: 'Asha, ₹900.00 is overdue' },
      { creditAccountId: 'acc-2', customerName: 'Vikram', language: 'en', owed: '1500.00', overdue: '900.00', text: 'Vikram, ₹900.00 is overdue' },
    ],
  };
  const batch: ReminderBatch = {
    id: 'batch-1', createdAt: new Date().toISOString(), total: 2, queued: 0, sent: 0, delivered: 2, failed: 0,
    messages: [
      { creditAccountId: 'acc-1', customerName: 'Asha Rao', status: 'delivered', attempts: 1 },
      { creditAccountId: 'acc-2', customerName: 'Vikram', status: 'delivered', attempts: 1 },
    ],
  };

  it('opens from the Overdue customers heading, sends, and the list follows who was reminded', async () => {
    const { calls, user } = setup(overdue, {
      'GET /api/business/reminder-batches/preview': () => json(200, preview),
      'POST /api/business/reminder-batches': () => json(202, batch),
    });
    const section = await screen.findByRole('region', { name: 'Overdue customers' });
    await user.click(within(section).getByRole('button', { name: 'Send to all overdue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminders to all overdue customers' });
    expect(await within(dialog).findByText('2 customers will get an SMS')).toBeInTheDocument();
    expect(within(dialog).getByText('Vikram, ₹900.00 is overdue')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    expect(await within(dialog).findByText('Sent 2 of 2')).toBeInTheDocument();
    // Each reminded row's "Reminded today" comes with the list asked again.
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/to-collect')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a customer's reminder SMS and exclusion switch in their reminder dialog", async () => {
    const { user } = setup(overdue, {
      'GET /api/business/credit-accounts/acc-2/reminder': () => json(200, {
        text: 'Hello Vikram', whatsappUrl: 'https://wa.me/919876543210', smsUrl: 'sms:+919876543210', lastRemindedAt: null, language: 'en',
      } satisfies ReminderDraft),
      'GET /api/business/credit-accounts/acc-2/sms-reminders': () => json(200, {
        excluded: false, optedOut: true,
        messages: [{
          id: 'sms-1', creditAccountId: 'acc-2', kind: 'bulk', status: 'failed', attempts: 2, createdAt: new Date().toISOString(),
          sentAt: null, deliveredAt: null, error: 'Unreachable',
        }],
      } satisfies AccountSmsReminders),
    });
    const list = await screen.findByRole('region', { name: 'Overdue customers' });
    const vikram = (await within(list).findByRole('heading', { name: 'Vikram' })).closest('li')!;
    await user.click(within(vikram).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    const section = await within(dialog).findByRole('region', { name: 'Reminder SMS' });
    expect(await within(section).findByText('Sent to all overdue')).toBeInTheDocument();
    expect(within(section).getByText('Failed')).toBeInTheDocument();
    expect(within(section).getByText('Retried')).toBeInTheDocument();
    expect(within(section).getByText('This customer has stopped reminder SMS')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Leave out of automatic reminders' })).toHaveAttribute('aria-checked', 'false');
    expect(within(dialog).getByRole('button', { name: 'Send on WhatsApp' })).toBeEnabled();
  });
});
