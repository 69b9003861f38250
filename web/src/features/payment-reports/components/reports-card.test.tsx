import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaymentReport } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ReportsCard } from './reports-card';

const report = (id: string, customerName: string, change: Partial<PaymentReport> = {}): PaymentReport => ({
  id, transactionId: `pay-${id}`, creditAccountId: 'acc-1', reason: 'wrong_amount', note: null, froze: false, status: 'open',
  declineReason: null, refundTransactionId: null, createdAt: '2025-03-05T10:00:00.000Z', decidedAt: null, customerName,
  businessName: 'Ravi Stores', paymentCreatedAt: '2025-03-04T09:30:00.000Z', amount: '250.00', fee: '5.00', totalAmount: '255.00',
  refundable: '250.00', refundedFee: '0.00', ...change,
});

const listRoute = 'GET /api/business/payment-reports?status=open';
const declineRoute = (id: string) => `POST /api/business/payment-reports/${id}/decline`;

function setup(reports: PaymentReport[], routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ [listRoute]: () => json(200, { reports }), ...routes });
  const user = userEvent.setup();
  const { client } = renderWithApp(<ReportsCard />);
  return { calls, user, client };
}

describe('Payment problems', () => {
  it('lists each open report: customer, amount and reason, the note, and a freeze', async () => {
    setup([
      report('r1', 'Asha Rao', { note: 'I bought for ₹25, not ₹250' }),
      report('r2', 'Vikram', { reason: 'not_me', froze: true, amount: '99.50' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Payment problems' })).toBeInTheDocument();
    const asha = screen.getByRole('article', { name: 'Asha Rao · ₹250.00 · Wrong amount' });
    expect(within(asha).getByText('I bought for ₹25, not ₹250')).toBeInTheDocument();
    expect(within(asha).queryByText('Froze their Khata')).not.toBeInTheDocument();
    const vikram = screen.getByRole('article', { name: 'Vikram · ₹99.50 · Not me' });
    expect(within(vikram).getByText('Froze their Khata')).toBeInTheDocument();
    expect(within(vikram).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(vikram).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows nothing while no report is open', async () => {
    const { calls } = setup([]);
    await waitFor(() => expect(callsTo(calls, listRoute)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Payment problems' })).not.toBeInTheDocument();
  });

  it('offers only Decline for a payment refunded in full meanwhile', async () => {
    setup([report('r1', 'Asha Rao', { refundable: '0.00' })]);
    const card = await screen.findByRole('article', { name: 'Asha Rao · ₹250.00 · Wrong amount' });
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('declines with a trimmed reason, refuses an empty one, and the report leaves the list', async () => {
    const open = report('r1', 'Asha Rao');
    let listed = [open];
    const { calls, user } = setup([], {
      [listRoute]: () => json(200, { reports: listed }),
      [declineRoute('r1')]: () => {
        listed = [];
        return json(200, { report: { ...open, status: 'declined', declineReason: 'Amount is right' } });
      },
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao · ₹250.00 · Wrong amount' })).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline report' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await expectToast('Reason required', 'Give a reason of up to 200 characters');
    expect(callsTo(calls, declineRoute('r1'))).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Amount is right ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await expectToast('Report declined');
    expect(callsTo(calls, declineRoute('r1')).map((call) => call.body)).toEqual([{ reason: 'Amount is right' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Payment problems' })).not.toBeInTheDocument());
  });

  it("shows a decline's refusal by its message and keeps the dialog", async () => {
    setup([report('r1', 'Asha Rao')], {
      [declineRoute('r1')]: () => apiError(409, 'This report has already been answered', 'report_already_answered'),
    });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao · ₹250.00 · Wrong amount' })).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline report' });
    await user.type(within(dialog).getByLabelText('Reason'), 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await expectToast('Could not decline the report', 'This report has already been answered');
    expect(screen.getByRole('dialog', { name: 'Decline report' })).toBeInTheDocument();
  });

  it('answers with a refund of what is left, naming the report', async () => {
    const open = report('r1', 'Asha Rao', { refundable: '200.00' });
    const refundRoute = 'POST /api/business/transactions/pay-r1/refund';
    const { calls, user } = setup([open], {
      [refundRoute]: () => apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect', 'pin_incorrect', { attemptsLeft: 4 }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao · ₹250.00 · Wrong amount' })).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByLabelText('Amount to refund (₹)')).toHaveValue(200);
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged ₹250 for ₹50');
    await user.type(within(dialog).getByLabelText('PIN'), '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect PIN. 4 attempts left.');
    expect(callsTo(calls, refundRoute).map((call) => call.body)).toEqual([
      { amount: '200.00', reason: 'Charged ₹250 for ₹50', pin: '1111', reportId: 'r1' },
    ]);
  });
});
