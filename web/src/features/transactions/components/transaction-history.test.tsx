import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
import { TransactionHistory } from './transaction-history';

const payment: TransactionView = {
  id: 't1', type: 'payment', amount: '1250.00', fee: '25.00', totalAmount: '1275.00', status: 'completed',
  createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1', business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '3725.00', ...untouchedRow,
};
const repayment: TransactionView = {
  ...payment, id: 't2', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00',
  business: { businessName: 'Sharma Medicals', address: '12 MG Road, Pune', phone: '+919876543210' }, businessId: 'b2', availableCredit: '900.00',
};

function setup() {
  const calls = stubFetch({
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [payment, repayment], nextCursor: null }),
    'GET /api/transactions/t1': () => json(200, { transaction: payment }),
    'GET /api/transactions/t2': () => json(200, { transaction: repayment }),
  });
  const user = userEvent.setup();
  renderWithApp(<TransactionHistory filter={null} onClearFilter={() => {}} />);
  return { calls, user };
}

describe('history rows open their receipt', () => {
  it("opens the tapped row's receipt, fetched by its id, and another row's after closing", async () => {
    const { calls, user } = setup();
    const row = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    // The row keeps its text: the button laid over it has a name, no text of its own.
    expect(row).toHaveTextContent('Amount₹1,250.00Fee₹25.00Total₹1,275.00');
    await user.click(within(row).getByRole('button', { name: 'View receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(receipt).findByText('₹3,725.00')).toBeInTheDocument();
    expect(within(receipt).getByText('Available credit after this payment')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/transactions/t1')).toHaveLength(1);

    await user.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Receipt' })).not.toBeInTheDocument();

    const repaid = screen.getByRole('article', { name: 'Repayment Sharma Medicals' });
    await user.click(within(repaid).getByRole('button', { name: 'View receipt' }));
    const second = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(second).findByText('Sharma Medicals')).toBeInTheDocument();
    expect(within(second).getByText('₹900.00')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/transactions/t2')).toHaveLength(1);
  });
});

describe("the customer's rows name the shop, never a person at it", () => {
  it('shows no by-line even on a row a person at the shop wrote', async () => {
    stubFetch({
      'GET /api/transactions/customer?limit=15': () =>
        json(200, { transactions: [{ ...repayment, by: { name: 'Suresh', role: 'cashier' } }], nextCursor: null }),
    });
    renderWithApp(<TransactionHistory filter={null} onClearFilter={() => {}} />);
    const row = await screen.findByRole('article', { name: 'Repayment Sharma Medicals' });
    expect(row).toHaveTextContent('Sharma Medicals');
    expect(row).not.toHaveTextContent(/Suresh|Cashier/);
  });
});

describe('refunds, reversals and reports on the rows', () => {
  const refund: TransactionView = {
    ...payment, id: 't3', type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', originalId: 't1',
    reason: 'Returned the rice', availableCredit: '3980.00',
  };
  const reversal: TransactionView = {
    ...repayment, id: 't4', type: 'reversal', originalId: 't2', reason: 'Recorded twice', availableCredit: '400.00',
  };
  const refundedPayment: TransactionView = {
    ...payment, refunded: '250.00', refundedFee: '5.00',
    report: { id: 'r1', reason: 'wrong_amount', status: 'refunded', note: null, declineReason: null, createdAt: payment.createdAt },
  };
  const reversedRepayment: TransactionView = { ...repayment, reversed: true };
  const reportedPayment = (report: TransactionView['report']): TransactionView => ({ ...payment, id: 't5', report });

  function renderRows(transactions: TransactionView[], actions?: (transaction: TransactionView) => ReactNode) {
    const calls = stubFetch({
      'GET /api/transactions/customer?limit=15': () => json(200, { transactions, nextCursor: null }),
      ...Object.fromEntries(transactions.map((row) => [`GET /api/transactions/${row.id}`, () => json(200, { transaction: row })])),
    });
    const user = userEvent.setup();
    renderWithApp(<TransactionHistory filter={null} onClearFilter={() => {}} actions={actions} />);
    return { calls, user };
  }

  it('labels a refund "Refund" with the shop and its reason, and a reversal "Reversal" with its reason', async () => {
    renderRows([refund, reversal]);
    const refundRow = await screen.findByRole('article', { name: 'Refund Kumar Kirana' });
    expect(within(refundRow).getByText('Returned the rice')).toBeInTheDocument();
    expect(refundRow).toHaveTextContent('Amount₹250.00Fee₹5.00Total₹255.00');
    const reversalRow = screen.getByRole('article', { name: 'Reversal Sharma Medicals' });
    expect(within(reversalRow).getByText('Recorded twice')).toBeInTheDocument();
  });

  it('says "Refunded ₹X" on a refunded payment and "Reversed" on a reversed repayment', async () => {
    renderRows([refundedPayment, reversedRepayment]);
    const paid = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    expect(within(paid).getByText('Refunded ₹250.00')).toBeInTheDocument();
    expect(within(paid).queryByText('Reversed')).not.toBeInTheDocument();
    const repaid = screen.getByRole('article', { name: 'Repayment Sharma Medicals' });
    expect(within(repaid).getByText('Reversed')).toBeInTheDocument();
    expect(within(repaid).queryByText(/^Refunded/)).not.toBeInTheDocument();
  });

  it("shows where the payment's report stands: reported, refunded, declined with the reason", async () => {
    const summary = { id: 'r1', reason: 'not_me', note: null, createdAt: payment.createdAt } as const;
    renderRows([
      reportedPayment({ ...summary, status: 'open', declineReason: null }),
      { ...refundedPayment, id: 't6', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' } },
      { ...payment, id: 't7', business: { businessName: 'Patel Sweets', address: '12 MG Road, Pune', phone: '+919876543210' }, report: { ...summary, status: 'declined', declineReason: 'The bill is signed' } },
    ]);
    const open = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    expect(within(open).getByText('Problem reported')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Payment Ravi Stores' })).getByText('Refunded')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Payment Patel Sweets' })).getByText('Declined: The bill is signed')).toBeInTheDocument();
  });

  it('shows no such lines on a row nothing happened to', async () => {
    renderRows([payment]);
    const row = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    expect(within(row).queryByText(/Refunded|Reversed|Problem reported|Declined/)).not.toBeInTheDocument();
  });

  it("puts the screen's buttons on a row without opening its receipt, and on the row's receipt", async () => {
    const pressed: string[] = [];
    const { user } = renderRows([payment, repayment], (transaction) =>
      transaction.type === 'payment' ? <button type="button" onClick={() => pressed.push(transaction.id)}>Act on it</button> : null);
    const paid = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    await user.click(within(paid).getByRole('button', { name: 'Act on it' }));
    expect(pressed).toEqual(['t1']);
    // The tap on the row's button opened no receipt.
    expect(screen.queryByRole('dialog', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Repayment Sharma Medicals' })).queryByRole('button', { name: 'Act on it' })).not.toBeInTheDocument();

    await user.click(within(paid).getByRole('button', { name: 'View receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    await user.click(await within(receipt).findByRole('button', { name: 'Act on it' }));
    expect(pressed).toEqual(['t1', 't1']);
  });
});
