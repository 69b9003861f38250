import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ChangeLimitDialog } from './change-limit-dialog';
import { RepaymentDialog } from './repayment-dialog';

const account: BusinessCreditAccount = {
  id: 'acc1', customerId: 'c-acc1', customerName: 'Asha Rao', paymentHandle: 'acc1@khata', phone: '+919876543210',
  creditLimit: '5000.00', currentBalance: '3725.00', owed: '1275.00', createdAt: '2025-01-01T00:00:00.000Z',
  overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en',
};

describe('Record Repayment: the amount’s error under it', () => {
  it('says under the amount what is wrong, with the toast, and nothing once it is corrected', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<RepaymentDialog account={account} onClose={() => {}} />);
    const amount = screen.getByLabelText('Amount Received (₹)');
    const send = () => user.click(screen.getByRole('button', { name: 'Record Repayment' }));

    await send();
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    await expectNoAxeViolations();

    await user.type(amount, '1300');
    expectFieldError(amount, 'Repayment cannot be more than what the customer owes');
    await send();
    await expectToast('Invalid Amount', 'Repayment cannot be more than what the customer owes');

    await user.clear(amount);
    await user.type(amount, '100');
    expectNoFieldError(amount);
    expect(calls).toHaveLength(0);
  });
});

describe('Change Limit: the limit’s error under it', () => {
  it('says under the new limit that it is not a valid amount, with the toast, until it is', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<ChangeLimitDialog account={account} onClose={() => {}} />);
    const limit = screen.getByLabelText('New Credit Limit (₹)');
    expect(limit).toHaveValue(5000);
    await user.clear(limit);
    await user.type(limit, '-100');
    await user.click(screen.getByRole('button', { name: 'Update Limit' }));
    await expectToast('Invalid Credit Limit', 'Please enter a valid credit limit amount');
    expectFieldError(limit, 'Please enter a valid credit limit amount');
    await expectNoAxeViolations();
    await user.clear(limit);
    await user.type(limit, '8000');
    expectNoFieldError(limit);
    expect(calls).toHaveLength(0);
  });
});
