import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '@common/api-types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { CreditSettingsCard } from './credit-settings-card';

const saveRoute = 'POST /api/business/settings';

function setup(saved: BusinessSettings = { creditPeriodDays: 30, upiId: null }, answer?: (body: BusinessSettings) => Response, approved = true) {
  const calls = stubFetch({
    'GET /api/business/settings': () => json(200, saved),
    [saveRoute]: (call) => (answer ? answer(call.body as BusinessSettings) : json(200, call.body)),
  });
  const user = userEvent.setup();
  renderWithApp(<CreditSettingsCard approved={approved} />);
  return { calls, user };
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, period: string | null, upiId: string | null) {
  const periodInput = await screen.findByLabelText('Credit period (days)');
  if (period !== null) {
    await user.clear(periodInput);
    if (period) await user.type(periodInput, period);
  }
  if (upiId !== null) {
    await user.clear(screen.getByLabelText('UPI ID'));
    if (upiId) await user.type(screen.getByLabelText('UPI ID'), upiId);
  }
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('Settings → Credit terms (issue 16)', () => {
  it('shows the saved period and UPI ID', async () => {
    setup({ creditPeriodDays: 15, upiId: 'ravi.stores@okaxis' });
    expect(await screen.findByLabelText('Credit period (days)')).toHaveValue(15);
    expect(screen.getByLabelText('UPI ID')).toHaveValue('ravi.stores@okaxis');
  });

  it('saves the period as a whole number and the UPI ID trimmed and lowercased, and says so', async () => {
    const { calls, user } = setup();
    await fill(user, '45', '  Ravi.Stores@OKAXIS ');
    await expectToast('Settings saved');
    expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([{ creditPeriodDays: 45, upiId: 'ravi.stores@okaxis' }]);
  });

  it('clears the UPI ID with null when the field is emptied', async () => {
    const { calls, user } = setup({ creditPeriodDays: 30, upiId: 'ravi@okaxis' });
    await fill(user, null, '');
    await expectToast('Settings saved');
    expect(callsTo(calls, saveRoute)[0]!.body).toEqual({ creditPeriodDays: 30, upiId: null });
  });

  it.each(['ravi', 'ravi@', '@okaxis', 'ravi@ok axis', 'ravi@1bank', 'r@okaxis'])('refuses the UPI ID %s with its message', async (upiId) => {
    const { calls, user } = setup();
    await fill(user, null, upiId);
    await expectToast('Invalid UPI ID', 'Enter a UPI ID like name@bank');
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
  });

  it.each(['0', '366', '', '7.5', '-3'])('refuses the period %s: 1 to 365 days', async (period) => {
    const { calls, user } = setup();
    await fill(user, period, null);
    await expectToast('Invalid credit period', 'Credit period must be 1 to 365 days');
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
  });

  it('accepts both ends of the period: 1 and 365 days', async () => {
    const { calls, user } = setup();
    await fill(user, '1', null);
    await expectToast('Settings saved');
    await fill(user, '365', null);
    await screen.findAllByText('Settings saved');
    expect(callsTo(calls, saveRoute).map((call) => (call.body as BusinessSettings).creditPeriodDays)).toEqual([1, 365]);
  });

  it("shows the server's refusal by its message", async () => {
    const { user } = setup(undefined, () => apiError(400, 'Enter a UPI ID like name@bank', 'invalid_input'));
    await fill(user, '30', 'ravi@okaxis');
    await expectToast('Could not save settings', 'Enter a UPI ID like name@bank');
  });

  it('cannot be saved before the business is approved', async () => {
    setup(undefined, undefined, false);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('You can set these once your business is approved.')).toBeInTheDocument();
  });
});
