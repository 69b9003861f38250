import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { RowActions } from './row-actions';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

const row = (change: Partial<TransactionView>): TransactionView => ({
  id: 'pay-1', type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', status: 'completed',
  createdAt: '2025-03-04T09:30:00.000Z', businessId: 'biz-1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' }, customerName: 'Asha Rao',
  description: null, availableCredit: '4745.00', originalId: null, reason: null, refunded: '0.00', refundedFee: '0.00',
  refundableUntil: inDays(100), reversibleUntil: null, reversed: false, report: null, bySmsCode: false, by: null, ...change,
});

const account = (owed: string) => ({
  id: 'acc-1', customerId: 'c-1', customerName: 'Asha Rao', paymentHandle: 'asha', phone: '+919876543210', creditLimit: '5000.00',
  currentBalance: owed, owed, createdAt: '2025-01-01T00:00:00.000Z', overdue: '0.00', nextDueOn: null, dueMoved: false,
  lastRemindedAt: null, language: 'en',
});

const refundRoute = 'POST /api/business/transactions/pay-1/refund';
const reversalRoute = 'POST /api/business/transactions/rep-1/reversal';

function setup(transaction: TransactionView, routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch(routes);
  const user = userEvent.setup();
  renderWithApp(<RowActions transaction={transaction} />);
  return { calls, user };
}

describe('Row actions', () => {
  it('offers Refund on a payment while its window is open, and nothing once it closed or was refunded in full', () => {
    const { unmount } = renderWithApp(<RowActions transaction={row({})} />);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<RowActions transaction={row({ refundableUntil: inDays(-1) })} />);
    renderWithApp(<RowActions transaction={row({ refundableUntil: null, refunded: '250.00' })} />);
    renderWithApp(<RowActions transaction={row({ id: 'ref-1', type: 'refund', originalId: 'pay-1', refundableUntil: null })} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Reverse on a cash repayment while it may be reversed', () => {
    renderWithApp(<RowActions transaction={row({ id: 'rep-1', type: 'repayment', refundableUntil: null, reversibleUntil: inDays(3) })} />);
    expect(screen.getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});

describe('Refund dialog', () => {
  // ₹100 of ₹250 refunded already, with ₹2.00 of the ₹5.00 fee.
  const partlyRefunded = row({ refunded: '100.00', refundedFee: '2.00' });

  it('is prefilled with what is left to refund and says what goes back with it', async () => {
    const { user } = setup(partlyRefunded);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByLabelText('Amount to refund (₹)');
    expect(amount).toHaveValue(150);
    // The last refund takes what is left of the fee.
    expect(within(dialog).getByText('Fee returned: ₹3.00 · Asha Rao will owe ₹153.00 less')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '50');
    // round_half_up(5.00 × 50 ÷ 250) = ₹1.00.
    expect(within(dialog).getByText('Fee returned: ₹1.00 · Asha Rao will owe ₹51.00 less')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('sends the amount, the trimmed reason and the PIN with an Idempotency-Key, and says it is recorded', async () => {
    const refund = row({ id: 'ref-1', type: 'refund', amount: '150.00', fee: '3.00', totalAmount: '153.00', originalId: 'pay-1', refundableUntil: null });
    const { calls, user } = setup(partlyRefunded, {
      [refundRoute]: () => json(201, { transaction: refund, payment: { ...partlyRefunded, refunded: '250.00' }, creditAccount: account('100.00') }),
    });
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Goods returned ');
    await user.type(within(dialog).getByLabelText('PIN'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Refund recorded', '₹150.00 refunded to Asha Rao');
    const [call] = callsTo(calls, refundRoute);
    expect(call!.body).toEqual({ amount: '150.00', reason: 'Goods returned', pin: '1234' });
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal, empties the PIN, keeps the dialog, and resends with the same key", async () => {
    const message = 'The customer owes ₹100.00 now, so at most ₹97.08 can be refunded in Khata. Return the rest to them outside Khata.';
    let refusals = 0;
    const { calls, user } = setup(partlyRefunded, {
      [refundRoute]: () => {
        refusals += 1;
        return apiError(422, message, 'refund_above_owed', 'refund_above_owed', { owed: '₹100.00', refundable: '₹97.08' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Goods returned');
    const pin = within(dialog).getByLabelText('PIN');
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(pin).toHaveValue('');
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refusals).toBe(2));
    const keys = callsTo(calls, refundRoute).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("answers the payment's open report with the refund, and no answered one", async () => {
    const report = { id: 'rep-9', reason: 'wrong_amount', status: 'open', note: null, declineReason: null, createdAt: '2025-03-05T10:00:00.000Z' } as const;
    const { calls, user } = setup(row({ report }), { [refundRoute]: () => apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect') });
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Overcharged');
    await user.type(within(dialog).getByLabelText('PIN'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByRole('alert');
    expect(callsTo(calls, refundRoute).map((call) => call.body)).toEqual([
      { amount: '250.00', reason: 'Overcharged', pin: '1234', reportId: 'rep-9' },
    ]);
  });

  it('refuses more than is left to refund, no reason or no PIN before sending anything', async () => {
    const { calls, user } = setup(partlyRefunded);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByLabelText('Amount to refund (₹)');
    await user.clear(amount);
    await user.type(amount, '150.01');
    expect(within(dialog).queryByText(/Fee returned/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Invalid Amount', 'You can refund at most ₹150.00 of this payment');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Reason required', 'Give a reason of up to 200 characters');
    await user.type(within(dialog).getByLabelText('Reason'), 'Damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('PIN Required', 'PIN must be exactly 4 digits');
    expect(callsTo(calls, refundRoute)).toHaveLength(0);
  });
});

describe('Reversal dialog', () => {
  const repayment = row({ id: 'rep-1', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00', refundableUntil: null, reversibleUntil: inDays(6) });

  it('says the debt comes back even above the limit, sends the reason and the PIN, and says what is owed now', async () => {
    const reversal = row({ id: 'rev-1', type: 'reversal', amount: '500.00', fee: '0.00', totalAmount: '500.00', originalId: 'rep-1', refundableUntil: null });
    const { calls, user } = setup(repayment, {
      [reversalRoute]: () => json(201, { transaction: reversal, repayment: { ...repayment, reversed: true, reversibleUntil: null }, creditAccount: account('5200.00') }),
    });
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse repayment' });
    expect(dialog).toHaveAccessibleDescription('This adds ₹500.00 back to what Asha Rao owes, even above their credit limit.');
    await expectNoAxeViolations();
    await user.type(within(dialog).getByLabelText('Reason'), 'Recorded twice ');
    await user.type(within(dialog).getByLabelText('PIN'), '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
    await expectToast('Repayment reversed', 'Asha Rao owes ₹5,200.00 now');
    expect(callsTo(calls, reversalRoute).map((call) => call.body)).toEqual([{ reason: 'Recorded twice', pin: '4321' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the dialog", async () => {
    const message = 'This repayment has already been reversed';
    const { user } = setup(repayment, { [reversalRoute]: () => apiError(409, message, 'repayment_already_reversed') });
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse repayment' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Mistake');
    await user.type(within(dialog).getByLabelText('PIN'), '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});
