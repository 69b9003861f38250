import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { i18n } from '@/i18n/i18n';
import { untouchedRow } from '@/test/ledger-rows';
import { TransactionItem } from './transaction-item';

const payment: TransactionView = {
  id: 't1', type: 'payment', amount: '2500.00', fee: '50.00', totalAmount: '2550.00', status: 'completed',
  createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1', business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '2450.00', ...untouchedRow,
};
const repayment: TransactionView = { ...payment, id: 't2', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00' };

const renderItem = (transaction: TransactionView, actions?: (row: TransactionView) => ReactNode) =>
  render(<I18nProvider i18n={i18n}><TransactionItem transaction={transaction} actions={actions} /></I18nProvider>);

describe("the merchant's ledger row", () => {
  it('names a refund and a reversal, each with its reason beneath', () => {
    renderItem({ ...payment, id: 't3', type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', originalId: 't1', reason: 'Charged ₹2,500 for ₹250' });
    const refund = screen.getByRole('article', { name: 'Refund Asha Rao' });
    expect(within(refund).getByText('Refund')).toHaveAttribute('data-variant', 'success');
    expect(within(refund).getByText('Charged ₹2,500 for ₹250')).toBeInTheDocument();
    renderItem({ ...repayment, id: 't4', type: 'reversal', originalId: 't2', reason: 'Recorded by mistake' });
    const reversal = screen.getByRole('article', { name: 'Reversal Asha Rao' });
    expect(within(reversal).getByText('Recorded by mistake')).toBeInTheDocument();
  });

  it("marks each row's kind in words beside its time, not only by the amount's colour", () => {
    const kinds = [
      [payment, 'Payment', 'secondary'],
      [repayment, 'Repayment', 'success'],
      [{ ...payment, id: 't8', type: 'refund', originalId: 't1', reason: 'Overcharged' }, 'Refund', 'success'],
      [{ ...repayment, id: 't9', type: 'reversal', originalId: 't2', reason: 'Recorded twice' }, 'Reversal', 'warning'],
    ] as const;
    for (const [row, label, variant] of kinds) {
      renderItem(row);
      const item = screen.getByRole('article', { name: `${label} Asha Rao` });
      const mark = within(item).getByText(label, { exact: true });
      expect(mark).toHaveAttribute('data-variant', variant);
      expect(mark.nextElementSibling).toHaveTextContent(/^12 Jan 2025, 3:45\s?pm$/i);
    }
  });

  it('says "Refunded ₹X" on a payment refunded in part, and "Reversed" on a reversed repayment', () => {
    renderItem({ ...payment, refunded: '2250.00', refundedFee: '45.00' });
    expect(within(screen.getByRole('article', { name: 'Payment Asha Rao' })).getByText('Refunded ₹2,250.00')).toBeInTheDocument();
    renderItem({ ...repayment, reversed: true });
    expect(within(screen.getByRole('article', { name: 'Repayment Asha Rao' })).getByText('Reversed')).toBeInTheDocument();
  });

  it('says "Approved by SMS code" on a payment the customer approved with a code, and only there', () => {
    renderItem({ ...payment, bySmsCode: true });
    expect(within(screen.getByRole('article', { name: 'Payment Asha Rao' })).getByText('Approved by SMS code')).toBeInTheDocument();
    renderItem({ ...repayment, id: 't5' });
    expect(within(screen.getByRole('article', { name: 'Repayment Asha Rao' })).queryByText('Approved by SMS code')).not.toBeInTheDocument();
    expect(screen.getAllByText('Approved by SMS code')).toHaveLength(1);
  });

  it('says who at the shop wrote the row, with their role then; a customer\'s own payment names nobody', () => {
    renderItem({ ...repayment, by: { name: 'Suresh', role: 'cashier' } });
    expect(within(screen.getByRole('article', { name: 'Repayment Asha Rao' })).getByText('by Suresh (Cashier)')).toBeInTheDocument();
    renderItem({ ...payment, id: 't6', type: 'refund', by: { name: 'Meena', role: 'manager' } });
    expect(within(screen.getByRole('article', { name: 'Refund Asha Rao' })).getByText('by Meena (Manager)')).toBeInTheDocument();
    renderItem({ ...payment, id: 't7', type: 'reversal', by: { name: 'Ravi Kumar', role: 'owner' } });
    expect(within(screen.getByRole('article', { name: 'Reversal Asha Rao' })).getByText('by Ravi Kumar (Owner)')).toBeInTheDocument();
    renderItem(payment);
    expect(within(screen.getByRole('article', { name: 'Payment Asha Rao' })).queryByText(/^by /)).not.toBeInTheDocument();
  });

  it("shows the customer's report on the payment", () => {
    renderItem({ ...payment, report: { id: 'r1', reason: 'wrong_amount', status: 'open', note: null, declineReason: null, createdAt: payment.createdAt } });
    expect(screen.getByText('Problem reported')).toBeInTheDocument();
  });

  it("shows the screen's buttons for the row, and none where it gives none", async () => {
    const refunded: string[] = [];
    const actions = (row: TransactionView) =>
      row.type === 'payment' ? <button type="button" onClick={() => refunded.push(row.id)}>Refund</button> : null;
    renderItem(payment, actions);
    renderItem(repayment, actions);
    await userEvent.click(within(screen.getByRole('article', { name: 'Payment Asha Rao' })).getByRole('button', { name: 'Refund' }));
    expect(refunded).toEqual(['t1']);
    expect(within(screen.getByRole('article', { name: 'Repayment Asha Rao' })).queryByRole('button')).not.toBeInTheDocument();
  });
});
