import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { RefundDialog } from './refund-dialog';
import { ReversalDialog } from './reversal-dialog';

// ₹100 of ₹250 refunded already, with ₹2.00 of the ₹5.00 fee.
const target = {
  paymentId: 'pay-1', customerName: 'Asha Rao', amount: '250.00', fee: '5.00', refundable: '150.00', refundedFee: '2.00',
};

describe('Refund dialog: errors under the fields', () => {
  it('says under the amount that it is more than is left, with the toast, then what else is missing, each until corrected', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<RefundDialog target={target} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByLabelText('Amount to refund (₹)');
    const reason = within(dialog).getByLabelText('Reason');
    const pin = within(dialog).getByLabelText('PIN');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await user.clear(amount);
    await user.type(amount, '150.01');
    await send();
    await expectToast('Invalid Amount', 'You can refund at most ₹150.00 of this payment');
    expectFieldError(amount, 'You can refund at most ₹150.00 of this payment');
    expectFieldError(reason, 'Give a reason of up to 200 characters');
    expectFieldError(pin, 'PIN must be exactly 4 digits');
    await expectNoAxeViolations();

    await user.clear(amount);
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    await user.type(amount, '20');
    expectNoFieldError(amount);
    await user.type(reason, 'Damaged');
    expectNoFieldError(reason);
    await user.type(pin, '4829');
    expectNoFieldError(pin);
    expect(calls).toHaveLength(0);
  });
});

describe('Reversal dialog: errors under the fields', () => {
  it('says under the reason and the PIN what is missing, with the toast, until they are given', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<ReversalDialog target={{ repaymentId: 'rep-1', customerName: 'Asha Rao', amount: '500.00' }} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Reverse repayment' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
    await expectToast('Reason required', 'Give a reason of up to 200 characters');
    const reason = within(dialog).getByLabelText('Reason');
    const pin = within(dialog).getByLabelText('PIN');
    expectFieldError(reason, 'Give a reason of up to 200 characters');
    expectFieldError(pin, 'PIN must be exactly 4 digits');
    await user.type(reason, 'Recorded twice');
    await user.type(pin, '4829');
    expectNoFieldError(reason);
    expectNoFieldError(pin);
    expect(calls).toHaveLength(0);
  });
});
