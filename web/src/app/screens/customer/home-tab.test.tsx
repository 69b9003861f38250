import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, TransactionPage, TransactionView, UserView } from '@common/api/types';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { expectNoAxeViolations } from '@/test/axe';
import { expectToast } from '@/test/toast';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
import { HomeTab } from './home-tab';

const user: UserView = { id: 'u1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };

const kumarId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b01';
const sharmaId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b02';

const accounts: CustomerCreditAccount[] = [
  { id: 'a1', businessId: kumarId, business: { businessName: 'Kumar Kirana' }, currentBalance: '3750.10', creditLimit: '5000.00', owed: '1249.90',
    overdue: '0.00', nextDueOn: '2999-04-12', nextDueAmount: '1249.90', upiId: null, remindersOptedOut: false },
  { id: 'a2', businessId: sharmaId, business: { businessName: 'Sharma Medicals' }, currentBalance: '1000.20', creditLimit: '1000.20', owed: '0.00',
    overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false },
];

function transaction(index: number, overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: `t${index}`,
    type: 'payment',
    amount: '100.00',
    fee: '2.00',
    totalAmount: '102.00',
    status: 'completed',
    createdAt: '2025-01-12T10:15:00.000Z',
    businessId: kumarId,
    business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
    customerName: 'Asha Rao',
    description: null,
    availableCredit: '3750.10',
    ...untouchedRow,
    ...overrides,
  };
}

const page = (from: number, count: number, nextCursor: string | null, overrides: Partial<TransactionView> = {}): TransactionPage => ({
  transactions: Array.from({ length: count }, (_, i) => transaction(from + i, overrides)),
  nextCursor,
});

const historyUrl = '/api/transactions/customer?limit=15';

type Handlers = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function setup(handlers: Handlers = {}) {
  const calls = stubFetch({
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: accounts }),
    [`GET ${historyUrl}`]: () => json(200, page(1, 2, null)),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    ...handlers,
  });
  const onScan = vi.fn();
  const onShowCode = vi.fn();
  const events = userEvent.setup();
  renderWithApp(<HomeTab user={user} onScan={onScan} onShowCode={onShowCode} />);
  return { calls, onScan, onShowCode, user: events };
}

const creditCard = () => screen.getByRole('region', { name: 'Available Credit' });

afterEach(() => {
  // Undo the page geometry a scrolling test set up.
  delete (window as { scrollY?: number }).scrollY;
  delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
});

describe('Available Credit card', () => {
  it('sums the available credit and the limits exactly and counts the accounts', async () => {
    setup();
    expect(await within(creditCard()).findByText('₹4,750.30')).toBeInTheDocument();
    expect(within(creditCard()).getByText('Credit Limit')).toBeInTheDocument();
    expect(within(creditCard()).getByText('₹6,000.20')).toBeInTheDocument();
    expect(within(creditCard()).getByText('2 accounts')).toBeInTheDocument();
  });

  it('says 1 account for one', async () => {
    setup({ 'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [accounts[0]] }) });
    expect(await within(creditCard()).findByText('1 account')).toBeInTheDocument();
    expect(within(creditCard()).getByText('₹3,750.10')).toBeInTheDocument();
  });

  it('hides and shows the amount', async () => {
    const { user: events } = setup();
    await within(creditCard()).findByText('₹4,750.30');
    await events.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(within(creditCard()).queryByText('₹4,750.30')).not.toBeInTheDocument();
    expect(within(creditCard()).getByText('₹ ••••••')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(within(creditCard()).getByText('₹4,750.30')).toBeInTheDocument();
  });

  it('shows no numbers while loading, and a retry when the accounts fail to load', async () => {
    let answer = () => json(500, { error: 'Internal error', code: 'internal' });
    const { user: events, calls } = setup({ 'GET /api/credit-accounts/customer': () => answer() });
    expect(within(creditCard()).getByRole('status')).toBeInTheDocument();
    expect(await within(creditCard()).findByText("We couldn't load your credit accounts.")).toBeInTheDocument();
    expect(within(creditCard()).queryByText(/₹/)).not.toBeInTheDocument();
    answer = () => json(200, { creditAccounts: accounts });
    await events.click(within(creditCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(creditCard()).findByText('₹4,750.30')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/credit-accounts/customer')).toHaveLength(2);
  });
});

describe('Quick Actions', () => {
  it('opens the scanner and the payment code', async () => {
    const { user: events, onScan, onShowCode } = setup();
    await events.click(screen.getByRole('button', { name: 'Scan QR Make Payment' }));
    expect(onScan).toHaveBeenCalledOnce();
    await events.click(screen.getByRole('button', { name: 'My Code Receive Payment' }));
    expect(onShowCode).toHaveBeenCalledOnce();
  });
});

describe('My Merchants', () => {
  it('lists each merchant with what is owed as Given Credit, the limit and a View badge', async () => {
    setup();
    const merchants = screen.getByRole('region', { name: 'My Merchants' });
    const kumar = await within(merchants).findByRole('button', { name: /Kumar Kirana/ });
    expect(kumar).toHaveTextContent('Given Credit ₹1,249.90');
    expect(kumar).toHaveTextContent('Limit ₹5,000.00');
    // The View badge opens the account screen, beside the row that filters the history.
    const view = within(merchants).getByRole('link', { name: 'View Kumar Kirana' });
    expect(view).toHaveTextContent('View');
    expect(view).toHaveAttribute('href', `/accounts/${kumarId}`);
    expect(kumar.parentElement).toContainElement(view);
    expect(within(merchants).getByRole('button', { name: /Sharma Medicals/ })).toHaveTextContent('Given Credit ₹0.00');
  });

  it('shows when the next part is due, an Overdue badge instead once anything is overdue, and nothing when nothing is owed', async () => {
    const overdueKumar = { ...accounts[0]!, overdue: '500.00', nextDueOn: '2025-03-12', nextDueAmount: '500.00' };
    const dueSharma = { ...accounts[1]!, owed: '200.00', nextDueOn: '2999-04-12', nextDueAmount: '200.00' };
    const paidUp = { ...accounts[1]!, id: 'a3', businessId: 'b3', business: { businessName: 'Paid Up Stores' } };
    setup({ 'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [overdueKumar, dueSharma, paidUp] }) });
    const merchants = screen.getByRole('region', { name: 'My Merchants' });
    const kumar = await within(merchants).findByRole('button', { name: /Kumar Kirana/ });
    const badge = within(kumar).getByText('Overdue');
    expect(badge.closest('[data-variant]')).toHaveAttribute('data-variant', 'danger');
    expect(kumar).not.toHaveTextContent('Due ');

    const sharma = within(merchants).getByRole('button', { name: /Sharma Medicals/ });
    expect(sharma).toHaveTextContent('Due 12 Apr 2999');
    expect(within(sharma).queryByText('Overdue')).not.toBeInTheDocument();

    const paid = within(merchants).getByRole('button', { name: /Paid Up Stores/ });
    expect(paid).not.toHaveTextContent('Due');
    expect(paid).not.toHaveTextContent('Overdue');
  });

  it('filters the history to a merchant as Merchant Transactions; Back clears the filter and restarts at 15', async () => {
    const { user: events, calls } = setup({
      [`GET ${historyUrl}&businessId=${sharmaId}`]: () =>
        json(200, page(50, 1, null, { businessId: sharmaId, business: { businessName: 'Sharma Medicals', address: '12 MG Road, Pune', phone: '+919876543210' } })),
    });
    expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    await events.click(await screen.findByRole('button', { name: /Sharma Medicals/ }));

    const history = screen.getByRole('region', { name: 'Merchant Transactions' });
    expect(await within(history).findByRole('article', { name: 'Payment Sharma Medicals' })).toBeInTheDocument();
    expect(within(history).queryByRole('article', { name: 'Payment Kumar Kirana' })).not.toBeInTheDocument();
    expect(callsTo(calls, `GET ${historyUrl}&businessId=${sharmaId}`)).toHaveLength(1);

    await events.click(within(history).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Merchant Transactions' })).not.toBeInTheDocument();
    expect(await screen.findAllByRole('article', { name: 'Payment Kumar Kirana' })).toHaveLength(2);
    expect(callsTo(calls, `GET ${historyUrl}`)).toHaveLength(2);
  });
});

describe('Transaction History', () => {
  it('shows No Transactions Yet when there are none', async () => {
    setup({ [`GET ${historyUrl}`]: () => json(200, { transactions: [], nextCursor: null }) });
    expect(await screen.findByText('No Transactions Yet')).toBeInTheDocument();
  });

  it('shows each transaction with its type, amount, fee, total, India time and status', async () => {
    setup({
      [`GET ${historyUrl}`]: () =>
        json(200, {
          transactions: [
            transaction(1, { amount: '1250.00', fee: '25.00', totalAmount: '1275.00' }),
            transaction(2, { type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00', status: 'reversed' }),
          ],
          nextCursor: null,
        }),
    });
    const payment = await screen.findByRole('article', { name: 'Payment Kumar Kirana' });
    expect(payment).toHaveTextContent('Amount₹1,250.00');
    expect(payment).toHaveTextContent('Fee₹25.00');
    expect(payment).toHaveTextContent('Total₹1,275.00');
    // 10:15 UTC is 3:45 in the afternoon in India.
    expect(within(payment).getByText(/12 Jan 2025, 3:45\s?pm/i)).toBeInTheDocument();
    // The same primary badge as the merchant's history.
    expect(within(payment).getByText('Completed')).toHaveAttribute('data-variant', 'primary');

    const repayment = screen.getByRole('article', { name: 'Repayment Kumar Kirana' });
    expect(repayment).toHaveTextContent('Total₹500.00');
    expect(within(repayment).getByText('Reversed').className).toMatch(/slate/);
    expect(within(repayment).getByText('Reversed')).toHaveAttribute('data-variant', 'secondary');
  });

  it('asks for 15, then 15 more with the cursor once scrolled to 80 %', async () => {
    const { calls } = setup({
      [`GET ${historyUrl}`]: () => json(200, page(1, 15, 'cursor-1')),
      [`GET ${historyUrl}&cursor=cursor-1`]: () => json(200, page(16, 15, 'cursor-2')),
    });
    expect(await screen.findAllByRole('article')).toHaveLength(15);

    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2000 });
    fireEvent.scroll(window);
    // (2000 + 768) / 4000 is below 80 %: nothing more yet.
    expect(callsTo(calls, `GET ${historyUrl}&cursor=cursor-1`)).toHaveLength(0);

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2500 });
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(callsTo(calls, `GET ${historyUrl}&cursor=cursor-1`)).toHaveLength(1);
    expect(calls.filter((c) => c.url.startsWith('/api/transactions/customer')).map((c) => c.url)).toEqual([
      historyUrl,
      `${historyUrl}&cursor=cursor-1`,
    ]);
  });

  it('loads more with the button too, and pages a merchant filter with its businessId', async () => {
    const { user: events, calls } = setup({
      [`GET ${historyUrl}&businessId=${kumarId}`]: () => json(200, page(1, 15, 'k-1')),
      [`GET ${historyUrl}&cursor=k-1&businessId=${kumarId}`]: () => json(200, page(16, 3, null)),
    });
    await events.click(await screen.findByRole('button', { name: /Kumar Kirana/ }));
    expect(await screen.findAllByRole('article')).toHaveLength(15);
    await events.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(18));
    expect(callsTo(calls, `GET ${historyUrl}&cursor=k-1&businessId=${kumarId}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('Report a problem', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.removeItem('sessionToken');
  });

  it('is offered on each payment row not yet reported, and on its receipt', async () => {
    const reported = transaction(2, { report: { id: 'r1', reason: 'other', status: 'open', note: 'Twice', declineReason: null, createdAt: '2025-01-12T10:15:00.000Z' } });
    const { user: events } = setup({
      [`GET ${historyUrl}`]: () => json(200, { transactions: [transaction(1), reported], nextCursor: null }),
      'GET /api/transactions/t1': () => json(200, { transaction: transaction(1) }),
    });
    const rows = await screen.findAllByRole('article', { name: 'Payment Kumar Kirana' });
    expect(within(rows[0]!).getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Problem reported')).toBeInTheDocument();
    await events.click(within(rows[0]!).getByRole('button', { name: 'View receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(receipt).findByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
  });

  it('signs this phone out to the sign-in after a report that froze the Khata', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/' });
    const report = {
      id: 'r1', transactionId: 't1', creditAccountId: 'a1', reason: 'not_me', note: null, froze: true, status: 'open',
      declineReason: null, refundTransactionId: null, createdAt: '2025-01-13T10:00:00.000Z', decidedAt: null, customerName: 'Asha Rao',
      businessName: 'Kumar Kirana', paymentCreatedAt: '2025-01-12T10:15:00.000Z', amount: '100.00', fee: '2.00', totalAmount: '102.00',
      refundable: '100.00',
    };
    const { calls, user: events } = setup({
      'POST /api/transactions/t1/report': () => json(201, { report }),
      // Every session ended with the freeze: the sign-out finds this one gone.
      'POST /api/auth/logout': () => json(401, { error: 'Not signed in', code: 'unauthorized', key: 'unauthorized' }),
    });
    const [row] = await screen.findAllByRole('article', { name: 'Payment Kumar Kirana' });
    await events.click(within(row!).getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this payment' });
    await events.click(within(dialog).getByRole('radio', { name: 'Not me' }));
    await events.click(within(dialog).getByRole('checkbox', { name: 'Freeze my Khata at every shop' }));
    await events.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cust'));
    expect(callsTo(calls, 'POST /api/transactions/t1/report').map((call) => call.body)).toEqual([{ reason: 'not_me', freeze: true }]);
    expect(callsTo(calls, 'POST /api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });
});

describe('Credit offers', () => {
  const raviId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b03';
  const offer = {
    id: 'inv-1', businessId: raviId, businessName: 'Ravi Stores', creditLimit: '2000.00',
    createdAt: '2025-03-04T09:30:00.000Z', expiresAt: '2025-04-03T09:30:00.000Z',
  };
  const ravi: CustomerCreditAccount = {
    id: 'a3', businessId: raviId, business: { businessName: 'Ravi Stores' }, currentBalance: '2000.00', creditLimit: '2000.00',
    owed: '0.00', overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false,
  };
  const offerText = 'Ravi Stores offers you credit of ₹2,000.00';
  const acceptUrl = 'POST /api/customer/invitations/inv-1/accept';
  const declineUrl = 'POST /api/customer/invitations/inv-1/decline';

  /** The home with one offer waiting; `offers` is what the server answers each time it is asked. */
  function withOffer(handlers: Handlers = {}, offers: () => (typeof offer)[] = () => [offer]) {
    return setup({ 'GET /api/customer/invitations': () => json(200, { invitations: offers() }), ...handlers });
  }

  it('shows nothing when no shop offers credit', async () => {
    const { calls } = setup();
    await screen.findByRole('button', { name: /Kumar Kirana/ });
    await waitFor(() => expect(callsTo(calls, 'GET /api/customer/invitations')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Credit offers' })).not.toBeInTheDocument();
  });

  it('shows each offer with Accept and Decline', async () => {
    withOffer({}, () => [offer, { ...offer, id: 'inv-2', businessName: 'Mehta Dairy', creditLimit: '750.50' }]);
    const offers = await screen.findByRole('region', { name: 'Credit offers' });
    const cards = within(offers).getAllByRole('article');
    expect(cards.map((card) => card.textContent)).toEqual([
      `${offerText}AcceptDecline`,
      'Mehta Dairy offers you credit of ₹750.50AcceptDecline',
    ]);
    expect(within(offers).getByRole('article', { name: offerText })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('accepts an offer: the account opens, joins My Merchants, and the offer goes', async () => {
    let known = accounts;
    const { calls, user: events } = withOffer({
      [acceptUrl]: () => {
        known = [...accounts, ravi];
        return json(201, { creditAccount: ravi });
      },
      'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: known }),
    });
    const card = await screen.findByRole('article', { name: offerText });
    await events.click(within(card).getByRole('button', { name: 'Accept' }));
    await expectToast('Account opened with Ravi Stores');
    expect(callsTo(calls, acceptUrl)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credit offers' })).not.toBeInTheDocument());
    const merchants = screen.getByRole('region', { name: 'My Merchants' });
    expect(within(merchants).getByRole('link', { name: 'View Ravi Stores' })).toHaveAttribute('href', `/accounts/${raviId}`);
    // Asked again too, in case a request on its way was answered without it.
    await waitFor(() => expect(callsTo(calls, 'GET /api/credit-accounts/customer')).toHaveLength(2));
    expect(within(merchants).getByRole('link', { name: 'View Ravi Stores' })).toBeInTheDocument();
  });

  it('declines an offer, saying so, and the offer goes', async () => {
    const { calls, user: events } = withOffer({ [declineUrl]: () => json(200, { success: true }) });
    const card = await screen.findByRole('article', { name: offerText });
    await events.click(within(card).getByRole('button', { name: 'Decline' }));
    await expectToast('You declined the offer from Ravi Stores');
    expect(callsTo(calls, declineUrl)).toHaveLength(1);
    expect(callsTo(calls, acceptUrl)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credit offers' })).not.toBeInTheDocument());
  });

  it('says an offer is no longer open when the shop withdrew it, and asks for the offers again', async () => {
    let offers = [offer];
    const { calls, user: events } = withOffer({
      [acceptUrl]: () => {
        offers = [];
        return apiError(409, 'This invitation is no longer open', 'invitation_not_pending');
      },
    }, () => offers);
    const card = await screen.findByRole('article', { name: offerText });
    await events.click(within(card).getByRole('button', { name: 'Accept' }));
    await expectToast('Error', 'This invitation is no longer open');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credit offers' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET /api/customer/invitations')).toHaveLength(2);
  });

  it('says the customer already has an account at the shop', async () => {
    const { user: events } = withOffer({
      [acceptUrl]: () => apiError(409, 'You already have a credit account with Ravi Stores', 'invitation_account_exists', 'invitation_account_exists', {
        businessName: 'Ravi Stores',
      }),
    });
    const card = await screen.findByRole('article', { name: offerText });
    await events.click(within(card).getByRole('button', { name: 'Accept' }));
    await expectToast('Error', 'You already have a credit account with Ravi Stores');
  });

  it('says an offer is gone when declining it finds none, and asks for the offers again', async () => {
    let offers = [offer];
    const { calls, user: events } = withOffer({
      [declineUrl]: () => {
        offers = [];
        return apiError(404, 'Invitation not found', 'not_found', 'invitation_not_found');
      },
    }, () => offers);
    const card = await screen.findByRole('article', { name: offerText });
    await events.click(within(card).getByRole('button', { name: 'Decline' }));
    await expectToast('Error', 'Invitation not found');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credit offers' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET /api/customer/invitations')).toHaveLength(2);
  });
});
