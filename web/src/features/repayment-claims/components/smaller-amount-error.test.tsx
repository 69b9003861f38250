import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RepaymentClaim } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { RepaymentClaims } from './repayment-claims';

const claim: RepaymentClaim = {
  id: 'cl-1', creditAccountId: 'acc-cl-1', businessId: 'biz1', businessName: 'Ravi Stores', customerId: 'c-cl-1', customerName: 'Asha Rao',
  amount: '750.00', upiReference: '412345678901', status: 'pending', confirmedAmount: null, declineReason: null,
  transactionId: null, createdAt: '2025-03-04T09:30:00.000Z', decidedAt: null,
};

describe('Repayment claims: the smaller amount’s error under it', () => {
  it('says under the amount that it is more than claimed, with the toast, and nothing once corrected', async () => {
    const calls = stubFetch({ 'GET /api/business/repayment-claims?status=pending': () => json(200, { claims: [claim] }) });
    const user = userEvent.setup();
    renderWithApp(<RepaymentClaims />);
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Confirm a smaller amount' }));
    const amount = within(card).getByLabelText('Amount received (₹)');
    await user.type(amount, '800');
    await user.click(within(card).getByRole('button', { name: 'Confirm amount' }));
    await expectToast('Invalid Amount', 'You can confirm at most the claimed ₹750.00');
    expectFieldError(amount, 'You can confirm at most the claimed ₹750.00');
    await expectNoAxeViolations();
    await user.clear(amount);
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    await user.type(amount, '500');
    expectNoFieldError(amount);
    expect(callsTo(calls, 'POST /api/business/repayment-claims/cl-1/confirm')).toHaveLength(0);
  });
});
