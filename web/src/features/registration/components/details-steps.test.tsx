import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { BusinessDetailsStep } from './business-details-step';
import { CustomerDetailsStep } from './customer-details-step';

type User = ReturnType<typeof userEvent.setup>;

function customerStep() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<CustomerDetailsStep submitting={false} onSubmit={onSubmit} onBack={() => {}} />);
  return { onSubmit, user, submit: () => user.click(screen.getByRole('button', { name: 'Create Account' })) };
}

async function retype(user: User, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
}

const pinField = () => screen.getByLabelText('PIN');
const confirmField = () => screen.getByLabelText('Confirm PIN');

describe('registration details: errors under the fields', () => {
  it('says under the PIN that it is too easy to guess, as the toast does, until another is typed', async () => {
    const { onSubmit, user, submit } = customerStep();
    await user.type(screen.getByLabelText('Full Name'), 'Asha Patel');
    await user.type(pinField(), '1234');
    await user.type(confirmField(), '1234');
    expectNoFieldError(pinField());
    await submit();
    await expectToast('Invalid PIN', 'This PIN is too easy to guess. Choose another.');
    expectFieldError(pinField(), 'This PIN is too easy to guess. Choose another.');
    expectNoFieldError(confirmField());
    await expectNoAxeViolations();
    expect(onSubmit).not.toHaveBeenCalled();

    await retype(user, pinField(), '4829');
    await retype(user, confirmField(), '4829');
    expectNoFieldError(pinField());
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Asha Patel', pin: '4829', confirmPin: '4829' }, expect.anything());
  });

  it('says under the confirmation that the PINs do not match, and stops once either PIN is made to match', async () => {
    const { onSubmit, user, submit } = customerStep();
    await user.type(screen.getByLabelText('Full Name'), 'Asha Patel');
    await user.type(pinField(), '4829');
    await user.type(confirmField(), '4820');
    await submit();
    await expectToast("PINs don't match");
    expectFieldError(confirmField(), "PINs don't match");
    expectNoFieldError(pinField());
    await expectNoAxeViolations();

    // Corrected from the first PIN: the confirmation's error goes too.
    await retype(user, pinField(), '4820');
    expectNoFieldError(confirmField());
    // Wrong again from the confirmation, then right.
    await retype(user, confirmField(), '4821');
    expectFieldError(confirmField(), "PINs don't match");
    await retype(user, confirmField(), '4820');
    expectNoFieldError(confirmField());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows nothing under the fields before the form is sent', async () => {
    const { user } = customerStep();
    await user.type(pinField(), '1234');
    await user.type(confirmField(), '12');
    for (const input of [screen.getByLabelText('Full Name'), pinField(), confirmField()]) expectNoFieldError(input);
  });

  it('says what is missing under each empty field, and the short PIN under the PIN', async () => {
    const { user, submit } = customerStep();
    await user.type(pinField(), '48');
    await submit();
    await expectToast('Missing Information', 'Please fill in all required fields');
    expectFieldError(screen.getByLabelText('Full Name'), 'Please fill in all required fields');
    expectFieldError(pinField(), 'PIN must be exactly 4 digits');
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expectNoFieldError(screen.getByLabelText('Full Name'));
  });

  it('in a business’s details too: the empty business fields, a weak PIN and PINs that do not match', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<BusinessDetailsStep submitting={false} onSubmit={onSubmit} onBack={() => {}} />);
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await user.type(screen.getByLabelText('Contact Name'), 'Ravi Gupta');
    await user.type(screen.getByLabelText('Business Name'), 'Gupta Store');
    await user.type(pinField(), '0000');
    await user.type(confirmField(), '0001');
    await submit();
    await expectToast('Missing Business Information', 'Please fill in all business details');
    for (const label of ['Business Type', 'Email Address', 'Business Address']) {
      expectFieldError(screen.getByLabelText(label), 'Please fill in all business details');
    }
    for (const label of ['Contact Name', 'Business Name']) expectNoFieldError(screen.getByLabelText(label));
    expectFieldError(pinField(), 'This PIN is too easy to guess. Choose another.');
    expectFieldError(confirmField(), "PINs don't match");
    await expectNoAxeViolations();

    await user.type(screen.getByLabelText('Business Type'), 'Retail');
    await user.type(screen.getByLabelText('Email Address'), 'ravi@example.com');
    await user.type(screen.getByLabelText('Business Address'), '12 Market Road');
    await retype(user, pinField(), '5731');
    await submit();
    await expectToast("PINs don't match");
    expectNoFieldError(pinField());
    expectFieldError(confirmField(), "PINs don't match");
    await retype(user, confirmField(), '5731');
    expectNoFieldError(confirmField());
    await submit();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
