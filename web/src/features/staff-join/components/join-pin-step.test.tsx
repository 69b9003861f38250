import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { JoinPinStep } from './join-pin-step';

const invitation = { id: 'inv-1', businessName: 'Ravi Stores', role: 'cashier', name: 'Suresh', expiresAt: '2999-04-03T09:30:00.000Z' } as const;

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<JoinPinStep invitation={invitation} submitting={false} onSubmit={onSubmit} onBack={() => {}} />);
  return {
    onSubmit,
    user,
    pin: screen.getByLabelText('Choose a 4-digit PIN'),
    confirm: screen.getByLabelText('Confirm PIN'),
    submit: () => user.click(screen.getByRole('button', { name: 'Accept and sign in' })),
  };
}

describe('joining a shop: errors under the PIN fields', () => {
  it('says under the PIN that it is too easy to guess, with the toast, until another is typed', async () => {
    const { user, pin, confirm, submit, onSubmit } = setup();
    await user.type(pin, '1111');
    await user.type(confirm, '1111');
    await submit();
    await expectToast('Invalid PIN', 'This PIN is too easy to guess. Choose another.');
    expectFieldError(pin, 'This PIN is too easy to guess. Choose another.');
    await expectNoAxeViolations();
    await user.clear(pin);
    await user.type(pin, '5731');
    expectNoFieldError(pin);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the PINs do not match under the confirmation: the error when it is empty, the hint once typed', async () => {
    const { user, pin, confirm, submit, onSubmit } = setup();
    await user.type(pin, '5731');
    await submit();
    await expectToast("PINs don't match");
    expectFieldError(confirm, "PINs don't match");
    await expectNoAxeViolations();

    // Once typed, the live hint alone says it: not twice.
    await user.type(confirm, '57');
    expect(document.getElementById('join-confirm-pin-error')).toBeNull();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('PINs do not match');
    await user.type(confirm, '31');
    expectNoFieldError(confirm);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ pin: '5731', confirmPin: '5731' }, expect.anything());
  });
});
