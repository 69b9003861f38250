import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { NewPinStep } from './new-pin-step';

describe('PIN reset: errors under the new PIN', () => {
  it('says under the new PIN that it is too easy to guess, with the toast, until another is typed', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<NewPinStep submitting={false} onSubmit={onSubmit} />);
    const newPin = screen.getByLabelText('New PIN');
    const confirm = screen.getByLabelText('Confirm New PIN');
    await user.type(newPin, '2580');
    await user.type(confirm, '2580');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await expectToast('PIN Reset Failed', 'This PIN is too easy to guess. Choose another.');
    expectFieldError(newPin, 'This PIN is too easy to guess. Choose another.');
    expectNoFieldError(confirm);
    await expectNoAxeViolations();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(newPin);
    await user.type(newPin, '5731');
    expectNoFieldError(newPin);
    // The confirmation no longer matches: the hint says so and the field is invalid.
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('PINs do not match');
    await user.clear(confirm);
    await user.type(confirm, '5731');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(onSubmit).toHaveBeenCalledWith({ newPin: '5731', confirmPin: '5731' }, expect.anything());
  });
});
