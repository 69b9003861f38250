/** The merchant dashboard's "Recent Payments": the latest ledger rows, each marked with its kind. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { json, stubFetch } from '@/test/fetch-stub';
import { untouchedRow } from '@/test/ledger-rows';
import { renderWithApp } from '@/test/render';
import { RecentPayments } from './recent-payments';

const row = (index: number, type: TransactionView['type'], customerName: string, more: Partial<TransactionView> = {}): TransactionView => ({
  id: `t${index}`, type, amount: '250.00', fee: type === 'payment' ? '5.00' : '0.00', totalAmount: type === 'payment' ? '255.00' : '250.00',
  status: 'completed', createdAt: `2025-03-0${index}T06:30:00.000Z`, businessId: 'b1',
  business: { businessName: 'Kumar Kirana', address: '4 Market Road, Madurai', phone: '+919812345678' },
  customerName, description: null, availableCredit: '4750.00', ...untouchedRow, ...more,
});

describe('Recent Payments', () => {
  it('marks each row as a Payment, Repayment, Refund or Reversal, in words', async () => {
    stubFetch({
      'GET /api/transactions/business?limit=5': () => json(200, {
        transactions: [
          row(4, 'reversal', 'Vikram', { originalId: 't3', reason: 'Recorded twice' }),
          row(3, 'repayment', 'Meena'),
          row(2, 'refund', 'Asha Rao', { originalId: 't1', reason: 'Overcharged' }),
          row(1, 'payment', 'Asha Rao'),
        ],
        nextCursor: null,
      }),
    });
    renderWithApp(<RecentPayments onViewAll={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Recent Payments' });
    const rows = await within(section).findAllByRole('article');
    expect(rows.map((item) => item.getAttribute('aria-label'))).toEqual(['Reversal Vikram', 'Repayment Meena', 'Refund Asha Rao', 'Payment Asha Rao']);
    const marks = rows.map((item) => within(item).getByText(/^(Payment|Repayment|Refund|Reversal)$/));
    expect(marks.map((mark) => [mark.textContent, mark.getAttribute('data-variant')])).toEqual([
      ['Reversal', 'warning'], ['Repayment', 'success'], ['Refund', 'success'], ['Payment', 'secondary'],
    ]);
    await expectNoAxeViolations();
  });
});
