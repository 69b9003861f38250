import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { ShopAccess } from '@/features/auth/public';
import type { Statement, StatementRow } from '@/features/statements/api/get-statement';
import { StatementDialog } from './statement-dialog';
import { StatementPanel } from './statement-panel';

const accountId = 'acc-1';
// "Today" is 12 March 2025 in India; this month's statement runs from the 1st.
const statementUrl = `/api/credit-accounts/${accountId}/statement?from=2025-03-01&to=2025-03-12`;
const later = '2025-08-30T04:30:00.000Z';

/** A row with nothing refunded, reversed or to act on, but for `change`. */
const row = (change: Partial<StatementRow> & Pick<StatementRow, 'id' | 'createdAt' | 'type' | 'amount'>): StatementRow => ({
  date: '', description: null, fee: '0.00', total: change.amount, owedAfter: '0.00', refunded: '0.00', refundedFee: '0.00',
  refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null, ...change,
});

const statement: Statement = {
  accountId, businessId: 'biz-1', businessName: 'Kumar Kirana', customerName: 'Asha Rao', from: '2025-03-01', to: '2025-03-12',
  openingOwed: '0.00', closingOwed: '1070.00',
  rows: [
    row({
      id: 't1', createdAt: '2025-03-03T04:30:00.000Z', date: '2025-03-03 10:00', type: 'payment', description: 'Rice', amount: '1250.00',
      fee: '25.00', total: '1275.00', owedAfter: '1275.00', refunded: '250.00', refundedFee: '5.00', refundableUntil: later,
    }),
    row({
      id: 't2', createdAt: '2025-03-04T04:30:00.000Z', date: '2025-03-04 10:00', type: 'refund', description: 'Goods returned',
      amount: '250.00', fee: '5.00', total: '255.00', owedAfter: '1020.00',
    }),
    row({
      id: 't3', createdAt: '2025-03-05T04:30:00.000Z', date: '2025-03-05 10:00', type: 'repayment', description: null, amount: '300.00',
      fee: '0.00', total: '300.00', owedAfter: '720.00', reversed: true,
    }),
    row({
      id: 't4', createdAt: '2025-03-06T04:30:00.000Z', date: '2025-03-06 10:00', type: 'reversal', description: 'Recorded twice',
      amount: '300.00', fee: '0.00', total: '300.00', owedAfter: '1020.00',
    }),
    row({
      id: 't5', createdAt: '2025-03-11T04:30:00.000Z', date: '2025-03-11 10:00', type: 'repayment', description: null, amount: '50.00',
      fee: '0.00', total: '50.00', owedAfter: '970.00', reversibleUntil: '2025-03-18T04:30:00.000Z',
    }),
  ],
  totals: {
    payments: 1, paymentAmount: '1250.00', fees: '25.00', paymentTotal: '1275.00', repayments: 2, repaymentAmount: '350.00',
    refunds: 1, refundAmount: '250.00', refundFees: '5.00', refundTotal: '255.00', reversals: 1, reversalAmount: '300.00',
  },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
  stubFetch({ [`GET ${statementUrl}`]: () => json(200, { statement }) });
});

afterEach(() => vi.useRealTimers());

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe("the merchant's statement", () => {
  it('names refunds and reversals, says what was refunded and reversed, and offers Refund and Reverse where they may be', async () => {
    renderWithApp(<StatementDialog accountId={accountId} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Statement' });
    const [payment, refund, repayment, reversal, recent] = bodyRows(table);
    expect(within(payment!).getByText('Refunded ₹250.00')).toBeInTheDocument();
    expect(within(payment!).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(refund!).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 3)).toEqual(['Refund', 'Goods returned']);
    expect(within(refund!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(repayment!).getByText('Reversed')).toBeInTheDocument();
    expect(within(repayment!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(reversal!).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 3)).toEqual(['Reversal', 'Recorded twice']);
    expect(within(recent!).getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('puts Refund and Reverse on the phone’s cards too, and names a refund and a reversal as lowering and raising what is owed', async () => {
    renderWithApp(<StatementDialog accountId={accountId} onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Statement' });
    const [payment, refund, repayment, reversal, recent] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(payment!).getByText('Refunded ₹250.00')).toBeInTheDocument();
    expect(within(payment!).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(refund!).getByText('Owed less')).toBeInTheDocument();
    expect(within(refund!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(repayment!).getByText('Reversed')).toBeInTheDocument();
    expect(within(repayment!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(reversal!).getByText('Owed more')).toBeInTheDocument();
    expect(within(reversal!).getByText('Recorded twice')).toBeInTheDocument();
    expect(within(recent!).getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("opens the refund dialog with what is left of the payment and its customer's name", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<StatementDialog accountId={accountId} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Statement' });
    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByLabelText('Amount to refund (₹)')).toHaveValue(1000);
    // The last refund of the payment takes what is left of its fee: ₹25.00 − ₹5.00.
    expect(within(dialog).getByText('Fee returned: ₹20.00 · Asha Rao will owe ₹1,020.00 less')).toBeInTheDocument();
  });

  it('says who at the shop wrote each row, with their role then, and nothing on a customer\'s own payment', async () => {
    stubFetch({
      [`GET ${statementUrl}`]: () => json(200, {
        statement: {
          ...statement,
          rows: statement.rows.map((shown) =>
            shown.id === 't3' ? { ...shown, by: { name: 'Suresh', role: 'cashier' } }
            : shown.id === 't4' ? { ...shown, by: { name: 'Ravi Kumar', role: 'owner' } }
            : shown.id === 't5' ? { ...shown, by: { name: 'Meena', role: 'manager' } }
            : shown),
        },
      }),
    });
    renderWithApp(<StatementDialog accountId={accountId} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Statement' });
    const typeCells = bodyRows(table).map((shown) => within(shown).getAllByRole('cell')[1]!.textContent);
    expect(typeCells).toEqual([
      'PaymentRefunded ₹250.00', 'Refund', 'RepaymentReversedby Suresh (Cashier)', 'Reversalby Ravi Kumar (Owner)', 'Repaymentby Meena (Manager)',
    ]);
  });

  it('offers no Refund or Reverse to a person whose role may not make them', async () => {
    renderWithApp(
      <ShopAccess permissions={['shop.view', 'statements']}>
        <StatementDialog accountId={accountId} onClose={() => {}} />
      </ShopAccess>,
    );
    const table = await screen.findByRole('table', { name: 'Statement' });
    expect(within(table).getByText('Refunded ₹250.00')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
  });

  it("offers no action on the customer's own statement", async () => {
    renderWithApp(<StatementPanel accountId={accountId} />);
    const table = await screen.findByRole('table', { name: 'Statement' });
    expect(within(table).getByText('Refunded ₹250.00')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
  });
});
