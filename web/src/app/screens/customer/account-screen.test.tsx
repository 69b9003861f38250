import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, MeResponse, RepaymentClaim, TransactionView } from '@common/api/types';
import { App } from '@/app/app';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
import type { Statement } from '@/features/statements/api/get-statement';
import { indiaDateOf } from '@/lib/date-time';
import { pendingAccountKey } from '@/features/credit-accounts/public';
import { expectNoAxeViolations } from '@/test/axe';
import { expectToast } from '@/test/toast';
import { approvedOwnerMe } from '@/test/shops';

const kumarId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b01';
const sharmaId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b02';
const unknownId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b99';

const customer: MeResponse = {
  user: { id: 'c1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};
const merchant = approvedOwnerMe('b1');

const accounts: CustomerCreditAccount[] = [
  { id: 'acc-kumar', businessId: kumarId, business: { businessName: 'Kumar Kirana' }, currentBalance: '3750.10', creditLimit: '5000.00', owed: '1249.90',
    overdue: '500.00', nextDueOn: '2025-03-12', nextDueAmount: '500.00', upiId: 'kumar.kirana@okaxis', remindersOptedOut: false },
  { id: 'acc-sharma', businessId: sharmaId, business: { businessName: 'Sharma Medicals' }, currentBalance: '1000.00', creditLimit: '1000.00', owed: '0.00',
    overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false },
];

const kumarPayment: TransactionView = {
  id: 't1', type: 'payment', amount: '1225.40', fee: '24.50', totalAmount: '1249.90', status: 'completed',
  createdAt: '2025-03-03T04:30:00.000Z', businessId: kumarId, business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'தமிழ்செல்வி', description: 'Rice', availableCredit: '3750.10', ...untouchedRow,
};

const statement: Statement = {
  accountId: 'acc-kumar', businessId: kumarId, businessName: 'Kumar Kirana', customerName: 'தமிழ்செல்வி',
  from: '2025-03-01', to: '2025-03-31', openingOwed: '0.00', closingOwed: '1249.90',
  rows: [{ id: 't1', createdAt: '2025-03-03T04:30:00.000Z', date: '2025-03-03 10:00', type: 'payment', description: 'Rice', amount: '1225.40', fee: '24.50', total: '1249.90', owedAfter: '1249.90',
    refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null }],
  totals: {
    payments: 1, paymentAmount: '1225.40', fees: '24.50', paymentTotal: '1249.90', repayments: 0, repaymentAmount: '0.00',
    refunds: 0, refundAmount: '0.00', refundFees: '0.00', refundTotal: '0.00', reversals: 0, reversalAmount: '0.00',
  },
};

const kumarHistoryUrl = `/api/transactions/customer?limit=15&businessId=${kumarId}`;
const kumarClaimsUrl = '/api/credit-accounts/acc-kumar/repayment-claims';
const pendingClaim: RepaymentClaim = {
  id: 'claim-1', creditAccountId: 'acc-kumar', businessId: kumarId, businessName: 'Kumar Kirana', customerId: 'c1',
  customerName: 'Asha Rao', amount: '500.00', upiReference: '412345678901', status: 'pending', confirmedAmount: null,
  declineReason: null, transactionId: null, createdAt: '2025-03-20T05:00:00.000Z', decidedAt: null,
};
// The statement opens at this month, India time, whenever the test runs.
const today = indiaDateOf(new Date());
const kumarStatementUrl = `/api/credit-accounts/acc-kumar/statement?from=${today.slice(0, 8)}01&to=${today}`;
const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

function renderAt(path: string, me: () => Response, more: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch({
    'GET /api/auth/me': me,
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: accounts }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [kumarPayment], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    [`GET ${kumarHistoryUrl}`]: () => json(200, { transactions: [kumarPayment], nextCursor: null }),
    [`GET ${kumarStatementUrl}`]: () => json(200, { statement }),
    [`GET ${kumarClaimsUrl}`]: () => json(200, { claims: [] }),
    ...more,
  });
  const user = userEvent.setup();
  return { ...renderWithApp(<App />, { path }), calls, user };
}

/** The account screen's figures, by term. */
const figure = (term: string) =>
  within(screen.getByLabelText('Credit account')).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

async function expectKumarAccount() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Kumar Kirana' })).toBeInTheDocument();
  expect(figure('Limit')).toBe('₹5,000.00');
  expect(figure('Owed')).toBe('₹1,249.90');
  expect(figure('Available credit')).toBe('₹3,750.10');
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('/accounts/:businessId', () => {
  it('shows the merchant, limit, owed and available credit, this account’s transactions and its statement', async () => {
    const { calls } = renderAt(`/accounts/${kumarId}`, () => json(200, customer));
    await expectKumarAccount();

    const history = screen.getByRole('region', { name: 'Merchant Transactions' });
    expect(await within(history).findByRole('article', { name: 'Payment Kumar Kirana' })).toBeInTheDocument();
    // The screen has its own Back; the history shows none.
    expect(within(history).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(callsTo(calls, `GET ${kumarHistoryUrl}`)).toHaveLength(1);

    const statementPanel = await screen.findByRole('region', { name: 'Statement' });
    expect(await within(statementPanel).findByRole('table', { name: 'Statement' })).toBeInTheDocument();
    expect(within(statementPanel).getByText('தமிழ்செல்வி')).toBeInTheDocument();
    expect(callsTo(calls, `GET ${kumarStatementUrl}`)).toHaveLength(1);
  });

  it('says a payment was approved by SMS code in the history, on its receipt and in the statement', async () => {
    const bySms = { ...kumarPayment, bySmsCode: true, by: null };
    const { user } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      [`GET ${kumarHistoryUrl}`]: () => json(200, { transactions: [bySms], nextCursor: null }),
      'GET /api/transactions/t1': () => json(200, { transaction: bySms }),
      [`GET ${kumarStatementUrl}`]: () => json(200, { statement: { ...statement, rows: [{ ...statement.rows[0]!, bySmsCode: true, by: null }] } }),
    });
    const history = await screen.findByRole('region', { name: 'Merchant Transactions' });
    const row = await within(history).findByRole('article', { name: 'Payment Kumar Kirana' });
    expect(within(row).getByText('Approved by SMS code')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Statement' });
    expect(within(table).getByText('Approved by SMS code')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(receipt).findByText('Approved by SMS code')).toBeInTheDocument();
  });

  it('shows the dues with an Overdue badge and the account’s UPI repayments, and opens Pay back', async () => {
    const { user } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      [`GET ${kumarClaimsUrl}`]: () => json(200, { claims: [pendingClaim] }),
    });
    await expectKumarAccount();
    const dues = screen.getByRole('region', { name: 'Dues' });
    expect(within(dues).getByText('Overdue')).toBeInTheDocument();
    expect(dues).toHaveTextContent('₹500.00 overdue since 12 Mar 2025');
    const claims = await screen.findByRole('list', { name: 'UPI repayments' });
    expect(within(claims).getByRole('listitem')).toHaveTextContent('₹500.00');
    expect(within(claims).getByRole('listitem')).toHaveTextContent('Pending');

    await user.click(within(dues).getByRole('button', { name: 'Pay back' }));
    const sheet = await screen.findByRole('dialog', { name: 'Pay back Kumar Kirana' });
    expect(within(sheet).getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute(
      'href', 'upi://pay?pa=kumar.kirana@okaxis&pn=Kumar%20Kirana&am=1249.90&cu=INR&tn=Khata%20repayment',
    );
  });

  it('shows a declined claim and its reason as soon as the stream says the shop declined it', async () => {
    const sources: { listeners: Map<string, (event: MessageEvent) => void> }[] = [];
    vi.stubGlobal('EventSource', class {
      static readonly CLOSED = 2;
      readyState = 1;
      listeners = new Map<string, (event: MessageEvent) => void>();
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() { sources.push(this); }
      addEventListener(type: string, listener: (event: MessageEvent) => void) { this.listeners.set(type, listener); }
      removeEventListener(type: string) { this.listeners.delete(type); }
      close() {}
    });
    let claim = pendingClaim;
    const { calls } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      [`GET ${kumarClaimsUrl}`]: () => json(200, { claims: [claim] }),
    });
    const claims = await screen.findByRole('list', { name: 'UPI repayments' });
    expect(within(claims).getByRole('listitem')).toHaveTextContent('Pending');
    const accountsFetched = callsTo(calls, 'GET /api/credit-accounts/customer').length;

    claim = { ...pendingClaim, status: 'declined', declineReason: 'Not received yet', decidedAt: '2025-03-20T06:00:00.000Z' };
    const data = { claimId: 'claim-1', creditAccountId: 'acc-kumar', businessId: kumarId, status: 'declined', amount: '500.00', customerName: 'Asha Rao', businessName: 'Kumar Kirana' };
    sources.at(-1)!.listeners.get('claim')!(new MessageEvent('claim', { data: JSON.stringify(data), lastEventId: 'e1' }));

    expect(await within(claims).findByText('Declined: Not received yet')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET /api/credit-accounts/customer').length).toBeGreaterThan(accountsFetched));
  });

  it('opens the receipt from a row, as the home’s history does', async () => {
    const { user } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      'GET /api/transactions/t1': () => json(200, { transaction: kumarPayment }),
    });
    const history = await screen.findByRole('region', { name: 'Merchant Transactions' });
    const row = await within(history).findByRole('article', { name: 'Payment Kumar Kirana' });
    await user.click(within(row).getByRole('button', { name: 'View receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(receipt).findByText('₹1,249.90')).toBeInTheDocument();
  });

  it('is opened by the View badge in My Merchants, and Back returns home', async () => {
    const { user, location } = renderAt('/', () => json(200, customer));
    const merchants = await screen.findByRole('region', { name: 'My Merchants' });
    const view = await within(merchants).findByRole('link', { name: 'View Kumar Kirana' });
    expect(view).toHaveTextContent('View');
    expect(view).toHaveAttribute('href', `/accounts/${kumarId}`);
    await user.click(view);
    await expectKumarAccount();
    expect(location.history?.at(-1)).toBe(`/accounts/${kumarId}`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/');
  });

  it('says the account is not found for a merchant the customer has no account with', async () => {
    const { calls } = renderAt(`/accounts/${unknownId}`, () => json(200, customer));
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByText('You have no credit account with this merchant.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.includes('/statement'))).toBe(false);
    expect(calls.some((call) => call.url.includes(unknownId))).toBe(false);
  });

  it('offers Try again when the accounts cannot be loaded', async () => {
    let answer = () => apiError(500, 'Internal error', 'internal');
    const { user } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      'GET /api/credit-accounts/customer': () => answer(),
    });
    expect(await screen.findByText('The account could not be loaded.')).toBeInTheDocument();
    answer = () => json(200, { creditAccounts: accounts });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectKumarAccount();
  });

  it('sends a signed-out visitor to /cust, keeping the account, and opens it after sign-in', async () => {
    let me = signedOut;
    const { user, calls, location } = renderAt(`/accounts/${kumarId}`, () => me(), {
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
    expect(window.sessionStorage.getItem(pendingAccountKey)).toBe(kumarId);
    expect(callsTo(calls, 'GET /api/credit-accounts/customer')).toHaveLength(0);

    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');

    await expectKumarAccount();
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/accounts/${kumarId}`));
    expect(window.sessionStorage.getItem(pendingAccountKey)).toBeNull();
  });

  it('does not reopen an account screen already taken up', async () => {
    window.sessionStorage.setItem(pendingAccountKey, kumarId);
    const first = renderAt('/', () => json(200, customer));
    await expectKumarAccount();
    first.unmount();
    renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Kumar Kirana' })).not.toBeInTheDocument();
  });

  it('shows a merchant the 404 page', async () => {
    renderAt(`/accounts/${kumarId}`, () => json(200, merchant));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

describe('SMS reminders from this shop', () => {
  const optOutUrl = 'POST /api/credit-accounts/acc-kumar/reminder-opt-out';
  const reminderSwitch = () => screen.findByRole('switch', { name: 'SMS reminders from this shop' });

  it('stops the shop’s reminder SMS and turns them back on, saying so each time', async () => {
    const { user, calls } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      [optOutUrl]: (call) => json(200, { optedOut: (call.body as { optedOut: boolean }).optedOut }),
    });
    const toggle = await reminderSwitch();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('Get an SMS when a payment is due or overdue.');
    await expectNoAxeViolations();

    await user.click(toggle);
    await expectToast('Reminder SMS stopped');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await expectToast('Reminder SMS on');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(callsTo(calls, optOutUrl).map((call) => call.body)).toEqual([{ optedOut: true }, { optedOut: false }]);
  });

  it('shows a customer who stopped them the switch off, and turns them on', async () => {
    const { user, calls } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      'GET /api/credit-accounts/customer': () =>
        json(200, { creditAccounts: accounts.map((account) => ({ ...account, remindersOptedOut: account.id === 'acc-kumar' })) }),
      [optOutUrl]: () => json(200, { optedOut: false }),
    });
    const toggle = await reminderSwitch();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await expectToast('Reminder SMS on');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(callsTo(calls, optOutUrl).map((call) => call.body)).toEqual([{ optedOut: false }]);
  });

  it('shows a refusal in the server’s words and leaves the switch as it was', async () => {
    const { user } = renderAt(`/accounts/${kumarId}`, () => json(200, customer), {
      [optOutUrl]: () => apiError(404, 'Credit account not found', 'not_found', 'credit_account_not_found'),
    });
    const toggle = await reminderSwitch();
    await user.click(toggle);
    await expectToast('Error', 'Credit account not found');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText('Reminder SMS stopped')).not.toBeInTheDocument();
  });
});
