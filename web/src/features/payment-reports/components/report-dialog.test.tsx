import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentReport, TransactionView } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { untouchedRow } from '@/test/ledger-rows';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ReportProblemButton } from './report-problem-button';

const payment: TransactionView = {
  id: 'p1', type: 'payment', amount: '2500.00', fee: '50.00', totalAmount: '2550.00', status: 'completed',
  createdAt: '2025-03-04T09:30:00.000Z', businessId: 'b1', business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '2450.00', ...untouchedRow,
};

const reportRoute = 'POST /api/transactions/p1/report';

const answered = (reason: PaymentReport['reason'], froze = false): PaymentReport => ({
  id: 'r1', transactionId: 'p1', creditAccountId: 'a1', reason, note: null, froze, status: 'open', declineReason: null,
  refundTransactionId: null, createdAt: '2025-03-05T10:00:00.000Z', decidedAt: null, customerName: 'Asha Rao',
  businessName: 'Kumar Kirana', paymentCreatedAt: payment.createdAt, amount: '2500.00', fee: '50.00',
  totalAmount: '2550.00', refundable: '2500.00', refundedFee: '0.00',
});

function setup(transaction: TransactionView = payment, answer: () => Response = () => json(201, { report: answered('wrong_amount') })) {
  const calls = stubFetch({ [reportRoute]: answer });
  const onFroze = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<ReportProblemButton transaction={transaction} onFroze={onFroze} />);
  return { calls, user, onFroze };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Report a problem' }));
  return screen.findByRole('dialog', { name: 'Report a problem with this payment' });
}

const freezeLine = 'You will be signed out everywhere and no payment will go through until you reset your PIN.';

describe('Report a problem', () => {
  it('is offered on a payment with no report, not on a reported payment nor on other rows', () => {
    const { unmount } = renderWithApp(<ReportProblemButton transaction={payment} onFroze={() => {}} />);
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    unmount();
    const reported = { ...payment, report: { id: 'r1', reason: 'not_me', status: 'open', note: null, declineReason: null, createdAt: payment.createdAt } } as const;
    const second = renderWithApp(<ReportProblemButton transaction={reported} onFroze={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    second.unmount();
    renderWithApp(<ReportProblemButton transaction={{ ...payment, type: 'repayment' }} onFroze={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('offers the four reasons, the note and the submit, naming the payment', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('group', { name: 'What is wrong?' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Not me', 'Wrong amount', 'Goods returned', 'Other',
    ]);
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'What happened?' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
    expect(within(dialog).getByText(/^₹2,550\.00 at Kumar Kirana, 4 Mar 2025/)).toBeInTheDocument();
  });

  it('offers the freeze only with Not me, with the line that says what it does', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(freezeLine)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Not me' }));
    const freeze = within(dialog).getByRole('checkbox', { name: 'Freeze my Khata at every shop' });
    expect(freeze).not.toBeChecked();
    expect(freeze).toHaveAccessibleDescription(freezeLine);
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong amount' }));
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks for a reason before sending anything', async () => {
    const { calls, user } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Choose what is wrong', 'Pick the reason that fits best');
    expect(callsTo(calls, reportRoute)).toHaveLength(0);
  });

  it('requires a note with Other, and sends it trimmed', async () => {
    const { calls, user } = setup(payment, () => json(201, { report: answered('other') }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    expect(within(dialog).getByRole('textbox', { name: 'What happened?' })).toHaveAttribute('aria-required', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Tell us what happened', 'With Other, a few words are needed');
    expect(callsTo(calls, reportRoute)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'Charged twice ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Report sent', 'The shop will see it and answer here.');
    expect(callsTo(calls, reportRoute).map((call) => call.body)).toEqual([{ reason: 'other', note: 'Charged twice' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a wrong amount without a note or a freeze', async () => {
    const { calls, user, onFroze } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong amount' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Report sent');
    expect(callsTo(calls, reportRoute).map((call) => call.body)).toEqual([{ reason: 'wrong_amount' }]);
    expect(onFroze).not.toHaveBeenCalled();
  });

  it('sends Not me with the freeze, then has the phone signed out', async () => {
    const { calls, user, onFroze } = setup(payment, () => json(201, { report: answered('not_me', true) }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Not me' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Freeze my Khata at every shop' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Report sent', 'Your Khata is frozen. You will be signed out now.');
    expect(callsTo(calls, reportRoute).map((call) => call.body)).toEqual([{ reason: 'not_me', freeze: true }]);
    expect(onFroze).toHaveBeenCalledTimes(1);
  });

  it('drops a freeze ticked under Not me when another reason is chosen', async () => {
    const { calls, user, onFroze } = setup(payment, () => json(201, { report: answered('goods_returned') }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Not me' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Freeze my Khata at every shop' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Goods returned' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Report sent');
    expect(callsTo(calls, reportRoute).map((call) => call.body)).toEqual([{ reason: 'goods_returned' }]);
    expect(onFroze).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const { user } = setup(payment, () => apiError(409, 'You have already reported a problem with this payment', 'report_exists'));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong amount' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expectToast('Could not send the report', 'You have already reported a problem with this payment');
    expect(screen.getByRole('dialog', { name: 'Report a problem with this payment' })).toBeInTheDocument();
  });
});
