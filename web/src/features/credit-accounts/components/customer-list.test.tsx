import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
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

const me = {
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com', address: '12 MG Road',
    status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00', description: null, rejectionReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
};

const invited = {
  id: 'inv-1', name: 'Meena Iyer', phone: '+919123456780', creditLimit: '2500.00', language: 'ta', status: 'pending',
  link: 'https://khata.example/i/Zx9Yw8Vu7T', createdAt: '2025-03-12T04:30:00.000Z', expiresAt: '2025-04-11T04:30:00.000Z',
};

describe("the merchant's invited customers", () => {
  it('lists an open invitation as an Invited row with its limit, expiry and WhatsApp link, before the accounts', async () => {
    stubFetch({
      'GET /api/auth/me': () => json(200, me),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account('acc-1', 'Asha Rao')] }),
      'GET /api/business/invitations': () => json(200, { invitations: [invited] }),
    });
    renderWithApp(<CustomerList />);
    const row = await screen.findByRole('article', { name: 'Meena Iyer' });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('+919123456780')).toBeInTheDocument();
    expect(within(row).getByText('₹2,500.00')).toBeInTheDocument();
    expect(within(row).getByText('Expires 11 Apr 2025')).toBeInTheDocument();
    const text = 'Ravi Stores has invited you to a Khata credit account with a limit of ₹2,500.00. Open: https://khata.example/i/Zx9Yw8Vu7T';
    await waitFor(() => expect(within(row).getByRole('link', { name: 'Send on WhatsApp' }))
      .toHaveAttribute('href', `https://wa.me/919123456780?text=${encodeURIComponent(text)}`));
    const articles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));
    expect(articles).toEqual(['invitation-inv-1', 'customer-acc-1']);
    // An Invited row is no account: none of an account's buttons.
    expect(within(row).queryByRole('button', { name: 'Statement' })).not.toBeInTheDocument();
  });

  it('shows the Invited rows instead of the empty state when no one has an account yet', async () => {
    stubFetch({
      'GET /api/auth/me': () => json(200, me),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
      'GET /api/business/invitations': () => json(200, { invitations: [invited] }),
    });
    renderWithApp(<CustomerList />);
    expect(await screen.findByRole('article', { name: 'Meena Iyer' })).toBeInTheDocument();
    expect(screen.queryByText('No customers yet')).not.toBeInTheDocument();
  });

  it('shows the customers when the invitations cannot load', async () => {
    stubFetch({
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account('acc-1', 'Asha Rao')] }),
      'GET /api/business/invitations': () => apiError(500, 'Something went wrong', 'internal'),
    });
    renderWithApp(<CustomerList />);
    expect(await screen.findByRole('article', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.queryByText('Invited')).not.toBeInTheDocument();
  });

  it('cancels an invitation after asking, says so, and refetches the list without it', async () => {
    let open = [invited];
    const calls = stubFetch({
      'GET /api/auth/me': () => json(200, me),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
      'GET /api/business/invitations': () => json(200, { invitations: open }),
      'POST /api/business/invitations/inv-1/cancel': () => {
        open = [];
        return json(200, { invitation: { ...invited, status: 'cancelled' } });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<CustomerList />);
    const row = await screen.findByRole('article', { name: 'Meena Iyer' });
    await user.click(within(row).getByRole('button', { name: 'Cancel invitation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel invitation?' });
    expect(within(confirm).getByText('Meena Iyer will no longer be able to accept it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST /api/business/invitations/inv-1/cancel')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel invitation' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel invitation?' })).getByRole('button', { name: 'Cancel invitation' }));
    await expectToast('Invitation cancelled');
    expect(callsTo(calls, 'POST /api/business/invitations/inv-1/cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Meena Iyer' })).not.toBeInTheDocument());
    expect(screen.getByText('No customers yet')).toBeInTheDocument();
  });

  it("says why an invitation could not be cancelled and refetches it: the customer answered first", async () => {
    const calls = stubFetch({
      'GET /api/auth/me': () => json(200, me),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
      'GET /api/business/invitations': () => json(200, { invitations: [invited] }),
      'POST /api/business/invitations/inv-1/cancel': () =>
        apiError(409, 'This invitation is no longer open', 'invitation_not_pending', 'invitation_not_pending'),
    });
    const user = userEvent.setup();
    renderWithApp(<CustomerList />);
    await user.click(within(await screen.findByRole('article', { name: 'Meena Iyer' })).getByRole('button', { name: 'Cancel invitation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel invitation?' })).getByRole('button', { name: 'Cancel invitation' }));
    await expectToast('Could not cancel the invitation', 'This invitation is no longer open');
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/invitations')).toHaveLength(2));
  });

  it("opens Charge by SMS code for the customer on the row", async () => {
    stubFetch({
      'GET /api/auth/me': () => json(200, me),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account('acc-1', 'Asha Rao'), account('acc-2', 'Ravi Das')] }),
      'GET /api/business/invitations': () => json(200, { invitations: [] }),
    });
    const user = userEvent.setup();
    renderWithApp(<CustomerList />);
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Das' })).getByRole('button', { name: 'Charge by SMS code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge by SMS code' });
    expect(within(dialog).getByText('Ravi Das')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toBeInTheDocument();
  });
});
