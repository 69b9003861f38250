import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSmsReminders as Reminders, SmsReminder } from '@common/api/types';
import { formatIndiaDateTime } from '@/lib/date-time';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { AccountSmsReminders } from './account-sms-reminders';

const listRoute = 'GET /api/business/credit-accounts/acc-1/sms-reminders';
const exclusionRoute = 'POST /api/business/credit-accounts/acc-1/reminder-exclusion';

const sms = (id: string, change: Partial<SmsReminder>): SmsReminder => ({
  id, creditAccountId: 'acc-1', kind: 'overdue', status: 'delivered', attempts: 1, createdAt: '2025-02-12T04:30:00.000Z',
  sentAt: '2025-02-12T04:30:02.000Z', deliveredAt: '2025-02-12T04:30:09.000Z', error: null, ...change,
});

const history: Reminders = {
  excluded: false,
  optedOut: false,
  messages: [
    sms('s3', { kind: 'bulk', status: 'queued', createdAt: '2025-02-14T06:00:00.000Z', sentAt: null, deliveredAt: null }),
    sms('s2', { kind: 'before_due', status: 'failed', attempts: 2, createdAt: '2025-02-13T04:30:00.000Z', error: 'Unreachable handset' }),
    sms('s1', { kind: 'overdue', status: 'delivered', createdAt: '2025-02-12T04:30:00.000Z' }),
  ],
};

function setup(reminders: Reminders = history, exclusion?: () => Response) {
  const calls = stubFetch({
    [listRoute]: () => json(200, reminders),
    [exclusionRoute]: (call) => exclusion?.() ?? json(200, { excluded: (call.body as { excluded: boolean }).excluded, optedOut: reminders.optedOut }),
  });
  const user = userEvent.setup();
  renderWithApp(<AccountSmsReminders accountId="acc-1" />);
  return { calls, user };
}

const rows = async () => within(await screen.findByRole('list', { name: 'Reminder SMS sent' })).getAllByRole('listitem');

describe("A customer's reminder SMS", () => {
  it('lists each SMS with its kind, time and delivery status, and notes a retried one', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Reminder SMS' })).toBeInTheDocument();
    const [bulk, beforeDue, overdue] = await rows();
    expect(within(bulk!).getByText('Sent to all overdue')).toBeInTheDocument();
    expect(within(bulk!).getByText('Queued')).toBeInTheDocument();
    expect(within(bulk!).getByText(formatIndiaDateTime('2025-02-14T06:00:00.000Z'))).toBeInTheDocument();
    expect(within(bulk!).queryByText('Retried')).not.toBeInTheDocument();
    expect(within(beforeDue!).getByText('Before due date')).toBeInTheDocument();
    expect(within(beforeDue!).getByText('Failed')).toBeInTheDocument();
    expect(within(beforeDue!).getByText('Retried')).toBeInTheDocument();
    expect(within(beforeDue!).getByText('Unreachable handset')).toBeInTheDocument();
    expect(within(bulk!).queryByText('Unreachable handset')).not.toBeInTheDocument();
    expect(within(overdue!).getByText('Overdue reminder')).toBeInTheDocument();
    expect(within(overdue!).getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Leave out of automatic reminders' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('This customer has stopped reminder SMS')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it.each(['Sending', 'Sent'] as const)('shows the %s status', async (label) => {
    setup({ ...history, messages: [sms('s1', { status: label.toLowerCase() as SmsReminder['status'] })] });
    const [only] = await rows();
    expect(within(only!).getByText(label)).toBeInTheDocument();
  });

  it('says when none was sent yet', async () => {
    setup({ excluded: false, optedOut: false, messages: [] });
    expect(await screen.findByText('No reminder SMS yet')).toBeInTheDocument();
  });

  it('leaves the customer out of automatic reminders, and back in', async () => {
    const { calls, user } = setup();
    const toggle = await screen.findByRole('switch', { name: 'Leave out of automatic reminders' });
    await user.click(toggle);
    expect(await screen.findByRole('switch', { name: 'Leave out of automatic reminders', checked: true })).toBeEnabled();
    await user.click(toggle);
    expect(await screen.findByRole('switch', { name: 'Leave out of automatic reminders', checked: false })).toBeEnabled();
    expect(callsTo(calls, exclusionRoute).map((call) => call.body)).toEqual([{ excluded: true }, { excluded: false }]);
  });

  it('notes a customer who stopped reminder SMS', async () => {
    setup({ ...history, optedOut: true, excluded: true });
    expect(await screen.findByText('This customer has stopped reminder SMS')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Leave out of automatic reminders' })).toHaveAttribute('aria-checked', 'true');
  });

  it("keeps the switch and says the server's refusal when the change fails", async () => {
    const { user } = setup(history, () => apiError(404, 'Credit account not found', 'not_found', 'account_not_found'));
    await user.click(await screen.findByRole('switch', { name: 'Leave out of automatic reminders' }));
    await expectToast('Could not change reminders for this customer', 'Credit account not found');
    expect(screen.getByRole('switch', { name: 'Leave out of automatic reminders' })).toHaveAttribute('aria-checked', 'false');
  });

  it('says so, without an alert, when the SMS cannot be loaded', async () => {
    stubFetch({ [listRoute]: () => apiError(500, 'Internal Server Error', 'internal') });
    renderWithApp(<AccountSmsReminders accountId="acc-1" />);
    expect(await screen.findByText('Could not load reminder SMS.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
