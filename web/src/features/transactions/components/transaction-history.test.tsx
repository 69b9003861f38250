import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { TransactionHistory } from './transaction-history';

const payment: TransactionView = {
  id: 't1', type: 'payment', amount: '1250.00', fee: '25.00', totalAmount: '1275.00', status: 'completed',
  createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1', business: { businessName: 'Kumar Kirana' },
  customerName: 'Asha Rao', description: null, availableCredit: '3725.00',
};
const repayment: TransactionView = {
  ...payment, id: 't2', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00',
  business: { businessName: 'Sharma Medicals' }, businessId: 'b2', availableCredit: '900.00',
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
