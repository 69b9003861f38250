import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { CreditSettingsCard } from './credit-settings-card';

const saveRoute = 'POST /api/business/settings';
const confirmRoute = 'POST /api/auth/confirm-pin';
const merchantPin = '4829';

/**
 * The server as it is: a save needs the PIN confirmed on the session in the last
 * minutes (here: the latest confirmation not yet used by a save, unless `confirmationLasts`).
 */
function setup(
  saved: BusinessSettings = { creditPeriodDays: 30, upiId: null },
  answer?: (body: BusinessSettings) => Response,
  approved = true,
  { confirm, confirmationLasts = true }: { confirm?: (call: RecordedCall) => Response; confirmationLasts?: boolean } = {},
) {
  let confirmed = false;
  const calls = stubFetch({
    'GET /api/business/settings': () => json(200, saved),
    [confirmRoute]: (call) => {
      if (confirm) return confirm(call);
      if ((call.body as { pin: string }).pin !== merchantPin) return apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect');
      confirmed = true;
      return json(200, { success: true });
    },
    [saveRoute]: (call) => {
      if (!confirmed) return apiError(403, 'Enter your PIN to change these settings.', 'pin_confirmation_required');
      if (!confirmationLasts) confirmed = false;
      return answer ? answer(call.body as BusinessSettings) : json(200, call.body);
    },
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

/** Types the PIN in the dialog the save opens. */
async function confirmPin(user: User, pin = merchantPin) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your PIN' });
  await user.type(within(dialog).getByLabelText('PIN'), pin);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

async function save(user: User, period: string | null, upiId: string | null) {
  await fill(user, period, upiId);
  await confirmPin(user);
}

describe('Settings → Credit terms', () => {
  it('shows the saved period and UPI ID', async () => {
    setup({ creditPeriodDays: 15, upiId: 'ravi.stores@okaxis' });
    expect(await screen.findByLabelText('Credit period (days)')).toHaveValue(15);
    expect(screen.getByLabelText('UPI ID')).toHaveValue('ravi.stores@okaxis');
  });

  it('saves the period as a whole number and the UPI ID trimmed and lowercased, and says so', async () => {
    const { calls, user } = setup();
    await save(user, '45', '  Ravi.Stores@OKAXIS ');
    await expectToast('Settings saved');
    expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([{ creditPeriodDays: 45, upiId: 'ravi.stores@okaxis' }]);
  });

  it('clears the UPI ID with null when the field is emptied', async () => {
    const { calls, user } = setup({ creditPeriodDays: 30, upiId: 'ravi@okaxis' });
    await save(user, null, '');
    await expectToast('Settings saved');
    expect(callsTo(calls, saveRoute)[0]!.body).toEqual({ creditPeriodDays: 30, upiId: null });
  });

  it.each(['ravi', 'ravi@', '@okaxis', 'ravi@ok axis', 'ravi@1bank', 'r@okaxis'])('refuses the UPI ID %s with its message', async (upiId) => {
    const { calls, user } = setup();
    await fill(user, null, upiId);
    await expectToast('Invalid UPI ID', 'Enter a UPI ID like name@bank');
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Enter your PIN' })).not.toBeInTheDocument();
  });

  it.each(['0', '366', '', '7.5', '-3'])('refuses the period %s: 1 to 365 days', async (period) => {
    const { calls, user } = setup();
    await fill(user, period, null);
    await expectToast('Invalid credit period', 'Credit period must be 1 to 365 days');
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
  });

  it('says under the UPI ID what is wrong, after its note, until it is corrected', async () => {
    const { calls, user } = setup();
    await fill(user, null, 'ravi@');
    await expectToast('Invalid UPI ID', 'Enter a UPI ID like name@bank');
    const upiId = screen.getByLabelText('UPI ID');
    expectFieldError(upiId, 'Enter a UPI ID like name@bank');
    expect(upiId).toHaveAttribute('aria-describedby', 'upi-id-note upi-id-error');
    expectNoFieldError(screen.getByLabelText('Credit period (days)'));
    await expectNoAxeViolations();
    await user.type(upiId, 'okaxis');
    expectNoFieldError(upiId);
    expect(upiId).toHaveAccessibleDescription('Optional. Leave it empty to stop offering payment by UPI.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirmPin(user);
    await expectToast('Settings saved');
    expect(callsTo(calls, saveRoute)[0]!.body).toEqual({ creditPeriodDays: 30, upiId: 'ravi@okaxis' });
  });

  it('says under the period that it is out of range, the UPI ID’s problem under the UPI ID, the toast the first', async () => {
    const { user } = setup();
    await fill(user, '400', 'ravi');
    await expectToast('Invalid credit period', 'Credit period must be 1 to 365 days');
    expectFieldError(screen.getByLabelText('Credit period (days)'), 'Credit period must be 1 to 365 days');
    expectFieldError(screen.getByLabelText('UPI ID'), 'Enter a UPI ID like name@bank');
    await user.clear(screen.getByLabelText('Credit period (days)'));
    await user.type(screen.getByLabelText('Credit period (days)'), '45');
    expectNoFieldError(screen.getByLabelText('Credit period (days)'));
    expectFieldError(screen.getByLabelText('UPI ID'), 'Enter a UPI ID like name@bank');
  });

  it('accepts both ends of the period: 1 and 365 days', async () => {
    const { calls, user } = setup();
    await save(user, '1', null);
    await expectToast('Settings saved');
    await save(user, '365', null);
    await screen.findAllByText('Settings saved');
    expect(callsTo(calls, saveRoute).map((call) => (call.body as BusinessSettings).creditPeriodDays)).toEqual([1, 365]);
  });

  it("shows the server's refusal by its message", async () => {
    const { user } = setup(undefined, () => apiError(400, 'Enter a UPI ID like name@bank', 'invalid_input'));
    await save(user, '30', 'ravi@okaxis');
    await expectToast('Could not save settings', 'Enter a UPI ID like name@bank');
  });

  it('cannot be saved before the business is approved', async () => {
    setup(undefined, undefined, false);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('You can set these once your business is approved.')).toBeInTheDocument();
  });

  describe('asks for the PIN', () => {
    it('confirms the PIN, then saves: a changed UPI ID is sent only after the confirmation', async () => {
      const { calls, user } = setup();
      await fill(user, null, 'ravi@okaxis');
      expect(await screen.findByRole('dialog', { name: 'Enter your PIN' })).toBeInTheDocument();
      expect(callsTo(calls, saveRoute)).toHaveLength(0);
      await confirmPin(user);
      await expectToast('Settings saved');
      expect(callsTo(calls, confirmRoute).map((call) => call.body)).toEqual([{ pin: merchantPin }]);
      expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([{ creditPeriodDays: 30, upiId: 'ravi@okaxis' }]);
      expect(calls.findIndex((call) => call.url === '/api/auth/confirm-pin')).toBeLessThan(calls.findIndex((call) => call.method === 'POST' && call.url === '/api/business/settings'));
      expect(screen.queryByRole('dialog', { name: 'Enter your PIN' })).not.toBeInTheDocument();
    });

    it("shows the server's message for a wrong PIN, stays, and saves nothing", async () => {
      const { calls, user } = setup();
      await fill(user, '10', 'thief@ybl');
      await confirmPin(user, '1111');
      const dialog = screen.getByRole('dialog', { name: 'Enter your PIN' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect PIN. 4 attempts left.');
      expect(within(dialog).getByLabelText('PIN')).toHaveValue('');
      expect(callsTo(calls, saveRoute)).toHaveLength(0);
    });

    it("shows the lock's message", async () => {
      const { user } = setup(undefined, undefined, true, {
        confirm: () => apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked'),
      });
      await fill(user, '10', null);
      await confirmPin(user);
      expect(await within(screen.getByRole('dialog', { name: 'Enter your PIN' })).findByRole('alert'))
        .toHaveTextContent('Too many wrong PINs. Try again in 15 minutes.');
    });

    it('saves nothing when the dialog is closed', async () => {
      const { calls, user } = setup();
      await fill(user, '10', null);
      await user.click(within(await screen.findByRole('dialog', { name: 'Enter your PIN' })).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter your PIN' })).not.toBeInTheDocument());
      expect(callsTo(calls, confirmRoute)).toHaveLength(0);
      expect(callsTo(calls, saveRoute)).toHaveLength(0);
    });

    it("asks again with the server's words when it answers pin_confirmation_required, then saves", async () => {
      // The confirmation lapsed between the PIN and the save (the server keeps it minutes).
      let saves = 0;
      const calls = stubFetch({
        'GET /api/business/settings': () => json(200, { creditPeriodDays: 30, upiId: null }),
        [confirmRoute]: () => json(200, { success: true }),
        [saveRoute]: (call) => (++saves === 1
          ? apiError(403, 'Enter your PIN to change these settings.', 'pin_confirmation_required')
          : json(200, call.body)),
      });
      const user = userEvent.setup();
      renderWithApp(<CreditSettingsCard approved />);
      await fill(user, '20', null);
      await confirmPin(user);
      const dialog = await screen.findByRole('dialog', { name: 'Enter your PIN' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter your PIN to change these settings.');
      await confirmPin(user);
      await expectToast('Settings saved');
      expect(callsTo(calls, confirmRoute)).toHaveLength(2);
      expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([
        { creditPeriodDays: 20, upiId: null }, { creditPeriodDays: 20, upiId: null },
      ]);
    });
  });
});
