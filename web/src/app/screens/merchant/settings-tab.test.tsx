import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessProfile } from '@common/api/types';
import { rolePermissions } from '@common/permissions';
import { ShopAccess } from '@/features/auth/public';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { SettingsTab } from './settings-tab';

const business: BusinessProfile = {
  id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
  address: '12 MG Road', status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
  description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z',
};

const stats = { totalRevenue: '0.00', customers: 3, creditIssued: '4500.50', transactions: 17 };

function setup(answer: () => Response = () => json(200, { success: true })) {
  const calls = stubFetch({
    'GET /api/business/stats': () => json(200, { stats }),
    'POST /api/auth/change-pin': answer,
  });
  const user = userEvent.setup();
  renderWithApp(<SettingsTab business={business} logout={<button type="button">Logout</button>} />);
  return { calls, user };
}

type User = ReturnType<typeof userEvent.setup>;

async function openSheet(user: User) {
  await user.click(screen.getByRole('button', { name: 'Change PIN' }));
  return screen.findByRole('dialog', { name: 'Change PIN' });
}

async function fill(user: User, current: string, next: string, confirm: string) {
  for (const [label, value] of [['Current PIN', current], ['New PIN', next], ['Confirm New PIN', confirm]] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('merchant Settings: Change PIN', () => {
  it('opens the Change PIN sheet with its three fields, hint and requirements', async () => {
    const { user } = setup();
    const dialog = await openSheet(user);
    for (const label of ['Current PIN', 'New PIN', 'Confirm New PIN']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    expect(within(dialog).getAllByRole('button', { name: 'Show PIN' })).toHaveLength(3);
    expect(within(dialog).getByText('Different from your current PIN')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New PIN'), '5731');
    await user.type(screen.getByLabelText('Confirm New PIN'), '5730');
    expect(within(dialog).getByText('PINs do not match')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change PIN' })).toBeDisabled();
  });

  it('changes the PIN through /api/auth/change-pin, says so and closes', async () => {
    const { calls, user } = setup();
    await openSheet(user);
    await fill(user, '4829', '5731', '5731');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Changed Successfully', 'Your PIN has been updated');
    expect(callsTo(calls, 'POST /api/auth/change-pin')[0]!.body).toEqual({
      currentPin: '4829',
      newPin: '5731',
      confirmPin: '5731',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['4829', '4829', '4829', 'Same PIN', 'New PIN must be different from current PIN'],
    ['4829', '1234', '1234', 'PIN Change Failed', 'This PIN is too easy to guess. Choose another.'],
    ['482', '5731', '5731', 'Invalid Current PIN', 'Current PIN must be 4 digits'],
    ['4829', '573', '573', 'Invalid New PIN', 'New PIN must be 4 digits'],
    ['4829', '5731', '5732', "PINs Don't Match", 'New PIN and confirmation do not match'],
  ])('refuses %s / %s / %s with %s', async (current, next, confirm, title, description) => {
    const { calls, user } = setup();
    await openSheet(user);
    await fill(user, current, next, confirm);
    fireEvent.submit(screen.getByRole('form', { name: 'Change PIN' }));
    await expectToast(title, description);
    expect(callsTo(calls, 'POST /api/auth/change-pin')).toHaveLength(0);
  });

  it("shows the server's message, or the default, and keeps the sheet open", async () => {
    let answer = () => apiError(403, 'Current PIN is incorrect. 4 attempts left.', 'pin_incorrect');
    const { user } = setup(() => answer());
    await openSheet(user);
    await fill(user, '4820', '5731', '5731');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Change Failed', 'Current PIN is incorrect. 4 attempts left.');
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Change Failed', 'Failed to change PIN. Please check your current PIN and try again');
    expect(screen.getByRole('dialog', { name: 'Change PIN' })).toBeInTheDocument();
  });
});

describe('merchant Settings: Automatic SMS reminders', () => {
  const schedule = { overdueEveryDays: 1, beforeDueDays: null, hour: 10, dailyLimit: 200, sentToday: 3 };

  it('shows the card after the credit terms, open to change once the business is approved', async () => {
    stubFetch({
      'GET /api/business/stats': () => json(200, { stats }),
      'GET /api/business/reminder-settings': () => json(200, schedule),
    });
    renderWithApp(<SettingsTab business={business} logout={<button type="button">Logout</button>} />);
    expect(await screen.findByRole('switch', { name: 'Remind overdue customers' })).toBeEnabled();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Automatic SMS reminders')).toBe(headings.indexOf('Credit terms') + 1);
    expect(screen.getByText('3 of 200 reminder SMS sent today')).toBeInTheDocument();
  });

  it('keeps it closed while the business waits for approval', async () => {
    stubFetch({
      'GET /api/business/stats': () => json(200, { stats }),
      'GET /api/business/reminder-settings': () => json(200, schedule),
    });
    renderWithApp(<SettingsTab business={{ ...business, status: 'pending' }} logout={<button type="button">Logout</button>} />);
    expect(await screen.findByRole('button', { name: 'Save reminders' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Remind overdue customers' })).toBeDisabled();
  });
});

describe('merchant Settings for a person working at the shop', () => {
  it("shows a cashier only their own PIN, the language and Logout, and changes the staff account's PIN", async () => {
    const calls = stubFetch({ 'POST /api/auth/change-pin': () => json(200, { success: true }) });
    const user = userEvent.setup();
    renderWithApp(
      <ShopAccess permissions={rolePermissions.cashier}>
        <SettingsTab business={business} accountRole="staff" logout={<button type="button">Logout</button>} />
      </ShopAccess>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Language', 'PIN']);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Change PIN', 'Logout']);
    const dialog = await openSheet(user);
    expect(dialog).toHaveAccessibleDescription('Your PIN signs you in to the shops you work at.');
    await fill(user, '4829', '5731', '5731');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Changed Successfully', 'Your PIN has been updated');
    expect(callsTo(calls, 'POST /api/auth/change-pin')).toHaveLength(1);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/change-pin']);
  });
});
