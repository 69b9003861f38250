import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RepaymentClaim } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { formatIndiaDateTime } from '@/lib/date-time';
import { RepaymentClaims } from './repayment-claims';

const claim = (id: string, customerName: string, change: Partial<RepaymentClaim> = {}): RepaymentClaim => ({
  id, creditAccountId: `acc-${id}`, businessId: 'biz1', businessName: 'Ravi Stores', customerId: `c-${id}`, customerName,
  amount: '750.00', upiReference: '412345678901', status: 'pending', confirmedAmount: null, declineReason: null,
  transactionId: null, createdAt: '2025-03-04T09:30:00.000Z', decidedAt: null, ...change,
});

const listRoute = 'GET /api/business/repayment-claims?status=pending';
const confirmRoute = (id: string) => `POST /api/business/repayment-claims/${id}/confirm`;
const declineRoute = (id: string) => `POST /api/business/repayment-claims/${id}/decline`;

function setup(claims: RepaymentClaim[], routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ [listRoute]: () => json(200, { claims }), ...routes });
  const user = userEvent.setup();
  const { client } = renderWithApp(<RepaymentClaims />);
  return { calls, user, client };
}

const confirmed = (source: RepaymentClaim, amount: string) => ({
  claim: { ...source, status: 'confirmed', confirmedAmount: amount, transactionId: 't1', decidedAt: new Date().toISOString() },
  transaction: {}, creditAccount: {},
});

describe('Repayment claims', () => {
  it('lists each pending claim: customer, amount, UPI reference and time', async () => {
    setup([claim('cl-1', 'Asha Rao'), claim('cl-2', 'Vikram', { amount: '99.50', upiReference: null })]);
    const asha = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(within(asha).getByText('₹750.00')).toBeInTheDocument();
    expect(within(asha).getByText('UPI ref 412345678901')).toBeInTheDocument();
    expect(within(asha).getByText(formatIndiaDateTime('2025-03-04T09:30:00.000Z'))).toBeInTheDocument();
    const vikram = screen.getByRole('article', { name: 'Vikram' });
    expect(within(vikram).getByText('₹99.50')).toBeInTheDocument();
    expect(within(vikram).getByText('No UPI reference given')).toBeInTheDocument();
  });

  it('shows no section while no claim waits', async () => {
    const { calls } = setup([]);
    await waitFor(() => expect(callsTo(calls, listRoute)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Repayment claims' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No claims to check/)).not.toBeInTheDocument();
  });

  it('confirms the claimed amount in one tap, with an empty body, and refetches the claims', async () => {
    const source = claim('cl-1', 'Asha Rao');
    const { calls, user } = setup([source], { [confirmRoute('cl-1')]: () => json(201, confirmed(source, '750.00')) });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Confirm' }));
    await expectToast('Repayment confirmed', '₹750.00 from Asha Rao is on the ledger');
    expect(callsTo(calls, confirmRoute('cl-1')).map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(callsTo(calls, listRoute)).toHaveLength(2));
  });

  it('says it is confirmed even when the live news removed the card before the answer came', async () => {
    const source = claim('cl-1', 'Asha Rao');
    let answer: (response: Response) => void = () => {};
    let listed = [source];
    const { user, client } = setup([], {
      [listRoute]: () => json(200, { claims: listed }),
      [confirmRoute('cl-1')]: () => new Promise<Response>((resolve) => { answer = resolve; }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Confirm' }));
    // The stream's claim news refetches the list first: the claim is no longer pending.
    listed = [];
    await client.invalidateQueries({ queryKey: [listRoute.slice('GET '.length)] });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Asha Rao' })).not.toBeInTheDocument());
    answer(json(201, confirmed(source, '750.00')));
    await expectToast('Repayment confirmed', '₹750.00 from Asha Rao is on the ledger');
  });

  it('confirms a smaller amount typed by the merchant, never more than claimed', async () => {
    const source = claim('cl-1', 'Asha Rao');
    const { calls, user } = setup([source], { [confirmRoute('cl-1')]: () => json(201, confirmed(source, '500.50')) });
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Confirm a smaller amount' }));
    const form = within(card).getByRole('form', { name: 'Confirm a smaller amount' });
    const input = within(form).getByLabelText('Amount received (₹)');
    await user.type(input, '750.01');
    fireEvent.submit(form);
    await expectToast('Invalid Amount', 'You can confirm at most the claimed ₹750.00');
    expect(callsTo(calls, confirmRoute('cl-1'))).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '500.5');
    await user.click(within(form).getByRole('button', { name: 'Confirm amount' }));
    await expectToast('Repayment confirmed', '₹500.50 from Asha Rao is on the ledger');
    expect(callsTo(calls, confirmRoute('cl-1')).map((call) => call.body)).toEqual([{ amount: 500.5 }]);
  });

  it("shows the server's refusal by its message: more than is owed now", async () => {
    const message = 'Only ₹400.00 is owed now, so you can confirm at most ₹400.00';
    const { user } = setup([claim('cl-1', 'Asha Rao')], {
      [confirmRoute('cl-1')]: () => json(422, { error: message, code: 'confirm_above_owed', owed: '₹400.00' }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Confirm' }));
    await expectToast('Could not confirm the claim', message);
  });

  it('declines with a reason, trimmed, and refuses an empty one', async () => {
    const source = claim('cl-1', 'Asha Rao');
    const { calls, user } = setup([source], {
      [declineRoute('cl-1')]: () => json(200, { claim: { ...source, status: 'declined', declineReason: 'No such payment' } }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline claim' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    await expectToast('Reason required', 'Give a reason of up to 200 characters');
    expect(callsTo(calls, declineRoute('cl-1'))).toHaveLength(0);
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('maxLength', '200');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    expect(callsTo(calls, declineRoute('cl-1'))).toHaveLength(0);
    await user.type(reason, 'No such payment  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    await expectToast('Claim declined', 'Asha Rao will see your reason.');
    expect(callsTo(calls, declineRoute('cl-1')).map((call) => call.body)).toEqual([{ reason: 'No such payment' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a decline's refusal by its message and keeps the dialog", async () => {
    const { user } = setup([claim('cl-1', 'Asha Rao')], {
      [declineRoute('cl-1')]: () => apiError(409, 'This claim has already been confirmed', 'claim_already_confirmed'),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline claim' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Not received');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    await expectToast('Could not decline the claim', 'This claim has already been confirmed');
    expect(screen.getByRole('dialog', { name: 'Decline claim' })).toBeInTheDocument();
  });
});
