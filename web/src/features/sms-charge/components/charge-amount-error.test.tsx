import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { SmsChargeDialog } from './sms-charge-dialog';

const account: BusinessCreditAccount = {
  id: 'acc-1', customerId: 'c-1', customerName: 'Asha Rao', paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210',
  creditLimit: '5000.00', currentBalance: '3725.00', owed: '1275.00', createdAt: '2025-01-01T00:00:00.000Z',
  overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en',
};

describe('Charge by SMS code: the amount’s error under it', () => {
  it('says under the amount that it is not valid, with the toast, and nothing once it is corrected', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<SmsChargeDialog account={account} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Charge by SMS code' });
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    await expectNoAxeViolations();
    await user.clear(amount);
    await user.type(amount, '250');
    expectNoFieldError(amount);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
