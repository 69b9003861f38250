import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { indiaDateOf } from '@/lib/date-time';
import { CustomerList } from './customer-list';

const account = (id: string, customerName: string, change: Partial<BusinessCreditAccount> = {}): BusinessCreditAccount => ({
  id, customerId: `c-${id}`, customerName, paymentHandle: `${id}@khata`, phone: '+919876543210',
  creditLimit: '5000.00', currentBalance: '3725.00', owed: '1275.00', createdAt: '2025-01-01T00:00:00.000Z',
  overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en', ...change,
});

// The statement opens at this month, India time, whenever the test runs.
const today = indiaDateOf(new Date());
const range = { from: `${today.slice(0, 8)}01`, to: today };
const statementUrl = (id: string) => `/api/credit-accounts/${id}/statement?from=${range.from}&to=${range.to}`;

const statementOf = (id: string, customerName: string) => ({
  statement: {
    accountId: id, businessId: 'biz1', businessName: 'Ravi Stores', customerName, from: range.from, to: range.to,
    openingOwed: '0.00', closingOwed: '1275.00',
    rows: [{ id: 't1', createdAt: '2025-03-03T04:30:00.000Z', date: '2025-03-03 10:00', type: 'payment', description: null, amount: '1250.00', fee: '25.00', total: '1275.00', owedAfter: '1275.00' }],
    totals: { payments: 1, paymentAmount: '1250.00', fees: '25.00', paymentTotal: '1275.00', repayments: 0, repaymentAmount: '0.00' },
  },
});

describe("the merchant's customers", () => {
  it("opens each customer's statement from their row, for that account, and closes it", async () => {
    const calls = stubFetch({
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account('acc-1', 'क्षत्रिय'), account('acc-2', 'தமிழ்செல்வி')] }),
      [`GET ${statementUrl('acc-1')}`]: () => json(200, statementOf('acc-1', 'क्षत्रिय')),
      [`GET ${statementUrl('acc-2')}`]: () => json(200, statementOf('acc-2', 'தமிழ்செல்வி')),
    });
    const user = userEvent.setup();
    renderWithApp(<CustomerList />);

    const tamil = await screen.findByRole('article', { name: 'தமிழ்செல்வி' });
    await user.click(within(tamil).getByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement' });
    const table = await within(dialog).findByRole('table', { name: 'Statement' });
    expect(within(dialog).getByText('தமிழ்செல்வி')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
    expect(callsTo(calls, `GET ${statementUrl('acc-2')}`)).toHaveLength(1);
    expect(callsTo(calls, `GET ${statementUrl('acc-1')}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The print view goes with it: nothing is left to print over the dashboard.
    expect(document.body.querySelector('.statement-print')).toBeNull();

    await user.click(within(screen.getByRole('article', { name: 'क्षत्रिय' })).getByRole('button', { name: 'Statement' }));
    const again = await screen.findByRole('dialog', { name: 'Statement' });
    expect(await within(again).findByText('क्षत्रिय')).toBeInTheDocument();
    expect(callsTo(calls, `GET ${statementUrl('acc-1')}`)).toHaveLength(1);
  });
});
