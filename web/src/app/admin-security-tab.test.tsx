import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserView } from '@common/api/types';
import { AdminDashboard } from '@/app/admin-dashboard';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { page, stats, urls } from '@/features/admin/test-fixtures';

const admin: UserView = { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' };

type Handler = (call: RecordedCall) => Response;

async function openSecurity(more: Record<string, Handler> = {}) {
  const calls = stubFetch({
    [urls.stats]: () => json(200, { stats: stats(), recentBusinesses: [] }),
    [urls.pending]: () => json(200, page([])),
    [urls.all]: () => json(200, page([])),
    'POST /api/admin/unlock': () => json(200, { success: true, wasLocked: true }),
    'POST /api/auth/change-pin': () => json(200, { success: true }),
    ...more,
  });
  const user = userEvent.setup();
  renderWithApp(<AdminDashboard user={admin} />);
  await user.click(within(screen.getByRole('tablist', { name: 'Admin sections' })).getByRole('tab', { name: 'Security' }));
  // The tab's code loads when first opened.
  await screen.findByRole('form', { name: 'Unlock Account' });
  return { calls, user };
}

const unlockForm = () => screen.getByRole('form', { name: 'Unlock Account' });
const unlockCalls = (calls: RecordedCall[]) => callsTo(calls, 'POST /api/admin/unlock');

async function unlock(user: ReturnType<typeof userEvent.setup>, role: string, identifier: string) {
  await user.selectOptions(screen.getByLabelText('Role'), role);
  await user.clear(screen.getByLabelText('Phone or Email'));
  if (identifier) await user.type(screen.getByLabelText('Phone or Email'), identifier);
  await user.click(within(unlockForm()).getByRole('button', { name: 'Unlock' }));
}

describe('admin Security: Change PIN', () => {
  it("changes the admin's PIN through /api/auth/change-pin", async () => {
    const { calls, user } = await openSecurity();
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change PIN' });
    await user.type(within(dialog).getByLabelText('Current PIN'), '4829');
    await user.type(within(dialog).getByLabelText('New PIN'), '5731');
    await user.type(within(dialog).getByLabelText('Confirm New PIN'), '5731');
    expect(within(dialog).getByText('PINs match')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Changed Successfully', 'Your PIN has been updated');
    expect(callsTo(calls, 'POST /api/auth/change-pin')[0]!.body).toEqual({
      currentPin: '4829',
      newPin: '5731',
      confirmPin: '5731',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says PIN Change Failed with the server's message", async () => {
    const { user } = await openSecurity({
      'POST /api/auth/change-pin': () => apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked'),
    });
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change PIN' });
    await user.type(within(dialog).getByLabelText('Current PIN'), '4829');
    await user.type(within(dialog).getByLabelText('New PIN'), '5731');
    await user.type(within(dialog).getByLabelText('Confirm New PIN'), '5731');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await expectToast('PIN Change Failed', 'Too many wrong PINs. Try again in 15 minutes.');
  });
});

describe('admin Security: Unlock Account', () => {
  it('offers Customer, Business, Staff and Admin, Customer first', async () => {
    await openSecurity();
    const options = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Customer', 'Business', 'Staff', 'Admin']);
    expect(screen.getByLabelText('Role')).toHaveValue('customer');
  });

  it('unlocks a customer by +91 and the 10 digits, and clears the field', async () => {
    const { calls, user } = await openSecurity();
    await unlock(user, 'customer', '98765 43210');
    await expectToast('Account Unlocked', 'The account can sign in again');
    expect(unlockCalls(calls)[0]!.body).toEqual({ role: 'customer', identifier: '+919876543210' });
    expect(screen.getByLabelText('Phone or Email')).toHaveValue('');
  });

  it('accepts a customer number typed with +91', async () => {
    const { calls, user } = await openSecurity();
    await unlock(user, 'customer', '+919876543210');
    await expectToast('Account Unlocked', 'The account can sign in again');
    expect(unlockCalls(calls)[0]!.body).toEqual({ role: 'customer', identifier: '+919876543210' });
  });

  it('unlocks a staff member by +91 and the 10 digits, asking for the number as for a customer', async () => {
    const { calls, user } = await openSecurity();
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff');
    expect(screen.getByLabelText('Phone or Email')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Phone or Email')).toHaveAccessibleDescription('The 10-digit mobile number, without +91.');
    await unlock(user, 'Staff', '+91 98111 22233');
    await expectToast('Account Unlocked', 'The account can sign in again');
    expect(unlockCalls(calls)[0]!.body).toEqual({ role: 'staff', identifier: '+919811122233' });
    expect(screen.getByLabelText('Phone or Email')).toHaveValue('');
  });

  it.each([
    ['business', 'Business', 'ravi@example.com'],
    ['admin', 'Admin', 'admin@khata.test'],
  ])('unlocks a %s by e-mail', async (role, label, email) => {
    const { calls, user } = await openSecurity();
    await unlock(user, label, ` ${email} `);
    await expectToast('Account Unlocked', 'The account can sign in again');
    expect(unlockCalls(calls)[0]!.body).toEqual({ role, identifier: email });
  });

  it('says Not Locked when there was no lock', async () => {
    const { user } = await openSecurity({ 'POST /api/admin/unlock': () => json(200, { success: true, wasLocked: false }) });
    await unlock(user, 'Business', 'ravi@example.com');
    await expectToast('Not Locked', 'That account was not locked');
  });

  it.each([
    ['Customer', '', 'Missing Information', 'Please enter the phone number or email'],
    ['Admin', '   ', 'Missing Information', 'Please enter the phone number or email'],
    ['Customer', '98765', 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    ['Customer', 'ravi@example.com', 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    ['Staff', '', 'Missing Information', 'Please enter the phone number or email'],
    ['Staff', 'ravi@example.com', 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    ['Business', '9876543210', 'Invalid Email', 'Please enter a valid email address'],
  ])('refuses %s %j with %s', async (label, identifier, title, description) => {
    const { calls, user } = await openSecurity();
    await unlock(user, label, identifier);
    await expectToast(title, description);
    expect(unlockCalls(calls)).toHaveLength(0);
  });

  it("says Unlock Failed with the server's message, or 'Please try again'", async () => {
    let answer = () => apiError(400, 'The identifier is too long', 'invalid_input');
    const { user } = await openSecurity({ 'POST /api/admin/unlock': () => answer() });
    await unlock(user, 'Admin', 'admin@khata.test');
    await expectToast('Unlock Failed', 'The identifier is too long');
    expect(screen.getByLabelText('Phone or Email')).toHaveValue('admin@khata.test');
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(within(unlockForm()).getByRole('button', { name: 'Unlock' }));
    await expectToast('Unlock Failed', 'Please try again');
  });
});
