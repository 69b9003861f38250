import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ChangePinSheet } from './change-pin-sheet';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <ChangePinSheet open={open} onOpenChange={setOpen} />
    </>
  );
}

function setup(answer: () => Response = () => json(200, { success: true })) {
  const calls = stubFetch({ 'POST /api/customer/change-pin': answer });
  const user = userEvent.setup();
  renderWithApp(<Harness />);
  return { user, calls };
}

const submitButton = () => screen.getByRole('button', { name: 'Change PIN' });
const field = (label: string) => screen.getByLabelText(label);

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  for (const [label, value] of [['Current PIN', current], ['New PIN', next], ['Confirm New PIN', confirm]] as const) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('Change PIN sheet', () => {
  it('is a dialog titled Change PIN with three hidden PIN fields and the requirements', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Change PIN' });
    for (const label of ['Current PIN', 'New PIN', 'Confirm New PIN']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    for (const text of [
      'Exactly 4 digits',
      'Numbers only',
      'Different from your current PIN',
      'Not an easy-to-guess PIN like 1234 or 0000',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows and hides each PIN on its own', async () => {
    const { user } = setup();
    const toggles = screen.getAllByRole('button', { name: 'Show PIN' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[1]!);
    expect(field('New PIN')).toHaveAttribute('type', 'text');
    expect(field('Current PIN')).toHaveAttribute('type', 'password');
    expect(field('Confirm New PIN')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide PIN' }));
    expect(field('New PIN')).toHaveAttribute('type', 'password');
  });

  it('keeps only digits, at most 4', async () => {
    const { user } = setup();
    await user.type(field('Current PIN'), '1a2-3 45');
    expect(field('Current PIN')).toHaveValue('1234');
  });

  it('stays disabled until all three are 4 digits and the new PIN matches its confirmation', async () => {
    const { user } = setup();
    expect(submitButton()).toBeDisabled();
    await fill(user, '4829', '5731', '573');
    expect(submitButton()).toBeDisabled();
    await fill(user, '482', '5731', '5731');
    expect(submitButton()).toBeDisabled();
    await fill(user, '4829', '5731', '5732');
    expect(submitButton()).toBeDisabled();
    await fill(user, '4829', '5731', '5731');
    expect(submitButton()).toBeEnabled();
  });

  it('hints whether the PINs match once the confirmation has input', async () => {
    const { user } = setup();
    await user.type(field('New PIN'), '5731');
    expect(screen.queryByText('PINs match')).not.toBeInTheDocument();
    expect(screen.queryByText('PINs do not match')).not.toBeInTheDocument();
    await user.type(field('Confirm New PIN'), '57');
    expect(screen.getByText('PINs do not match')).toBeInTheDocument();
    await user.type(field('Confirm New PIN'), '31');
    expect(screen.getByText('PINs match')).toBeInTheDocument();
    expect(screen.queryByText('PINs do not match')).not.toBeInTheDocument();
  });

  it('refuses the current PIN as the new one', async () => {
    const { user, calls } = setup();
    await fill(user, '4829', '4829', '4829');
    await user.click(submitButton());
    await expectToast('Same PIN', 'New PIN must be different from current PIN');
    expect(calls).toHaveLength(0);
  });

  it('refuses an easy-to-guess new PIN', async () => {
    const { user, calls } = setup();
    await fill(user, '4829', '1234', '1234');
    await user.click(submitButton());
    await expectToast('PIN Change Failed', 'This PIN is too easy to guess. Choose another.');
    expect(calls).toHaveLength(0);
  });

  // The disabled button keeps these out of reach by clicking; the form still checks
  // them if it is submitted some other way.
  it.each([
    ['482', '5731', '5731', 'Invalid Current PIN', 'Current PIN must be 4 digits'],
    ['4829', '573', '573', 'Invalid New PIN', 'New PIN must be 4 digits'],
    ['4829', '5731', '5732', "PINs Don't Match", 'New PIN and confirmation do not match'],
  ])('on submit with %s / %s / %s says %s', async (current, next, confirm, title, description) => {
    const { user, calls } = setup();
    await fill(user, current, next, confirm);
    fireEvent.submit(screen.getByRole('form', { name: 'Change PIN' }));
    await expectToast(title, description);
    expect(calls).toHaveLength(0);
  });

  it('changes the PIN, says so, clears the form and closes', async () => {
    const { user, calls } = setup();
    await fill(user, '4829', '5731', '5731');
    await user.click(submitButton());
    await expectToast('PIN Changed Successfully', 'Your PIN has been updated');
    expect(callsTo(calls, 'POST /api/customer/change-pin')[0]!.body).toEqual({
      currentPin: '4829',
      newPin: '5731',
      confirmPin: '5731',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    for (const label of ['Current PIN', 'New PIN', 'Confirm New PIN']) expect(field(label)).toHaveValue('');
  });

  it("shows the server's message when the change is refused, and keeps the sheet open", async () => {
    const { user } = setup(() => apiError(403, 'Current PIN is incorrect. 4 attempts left.', 'pin_incorrect'));
    await fill(user, '4820', '5731', '5731');
    await user.click(submitButton());
    await expectToast('PIN Change Failed', 'Current PIN is incorrect. 4 attempts left.');
    expect(screen.getByRole('dialog', { name: 'Change PIN' })).toBeInTheDocument();
    expect(field('Current PIN')).toHaveValue('4820');
  });

  it('falls back to the default text when the server sends no message', async () => {
    const { user } = setup(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await fill(user, '4829', '5731', '5731');
    await user.click(submitButton());
    await expectToast(
      'PIN Change Failed',
      'Failed to change PIN. Please check your current PIN and try again',
    );
  });
});

describe('Change PIN sheet: errors under the fields', () => {
  it('says under the new PIN that it is too easy to guess, with the toast, until another is typed', async () => {
    const { user, calls } = setup();
    await fill(user, '4829', '1234', '1234');
    await user.click(submitButton());
    await expectToast('PIN Change Failed', 'This PIN is too easy to guess. Choose another.');
    expectFieldError(field('New PIN'), 'This PIN is too easy to guess. Choose another.');
    expectNoFieldError(field('Current PIN'));
    await expectNoAxeViolations();
    await user.clear(field('New PIN'));
    await user.type(field('New PIN'), '5731');
    expectNoFieldError(field('New PIN'));
    expect(calls).toHaveLength(0);
  });

  it('says under the new PIN that it is the current one, and stops once the current PIN is changed', async () => {
    const { user } = setup();
    await fill(user, '4829', '4829', '4829');
    await user.click(submitButton());
    await expectToast('Same PIN', 'New PIN must be different from current PIN');
    expectFieldError(field('New PIN'), 'New PIN must be different from current PIN');
    await user.clear(field('Current PIN'));
    await user.type(field('Current PIN'), '4820');
    expectNoFieldError(field('New PIN'));
  });

  it('marks the confirmation invalid while the hint under it says the PINs do not match', async () => {
    const { user } = setup();
    const confirm = field('Confirm New PIN');
    await user.type(field('New PIN'), '5731');
    await user.type(confirm, '57');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('PINs do not match');
    await user.type(confirm, '31');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAccessibleDescription('PINs match');
  });

  it('says under an empty confirmation that the PINs do not match when the form is sent some other way', async () => {
    const { user } = setup();
    await fill(user, '4829', '5731', '');
    fireEvent.submit(screen.getByRole('form', { name: 'Change PIN' }));
    await expectToast("PINs Don't Match", 'New PIN and confirmation do not match');
    expectFieldError(field('Confirm New PIN'), 'New PIN and confirmation do not match');
    await user.type(field('Confirm New PIN'), '5731');
    expectNoFieldError(field('Confirm New PIN'));
  });
});

describe('Change PIN sheet for merchants and admins', () => {
  it.each([
    ['business', 'Your PIN signs you in to your business account.'],
    ['admin', 'Your PIN signs you in to the admin dashboard.'],
  ] as const)('sends a %s change to /api/auth/change-pin', async (role, description) => {
    const calls = stubFetch({ 'POST /api/auth/change-pin': () => json(200, { success: true }) });
    const user = userEvent.setup();
    renderWithApp(<ChangePinSheet role={role} open onOpenChange={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Change PIN' })).toHaveAccessibleDescription(description);
    await fill(user, '4829', '5731', '5731');
    await user.click(submitButton());
    await expectToast('PIN Changed Successfully', 'Your PIN has been updated');
    expect(callsTo(calls, 'POST /api/auth/change-pin')[0]!.body).toEqual({
      currentPin: '4829',
      newPin: '5731',
      confirmPin: '5731',
    });
    expect(callsTo(calls, 'POST /api/customer/change-pin')).toHaveLength(0);
  });
});
