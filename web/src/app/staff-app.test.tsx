/**
 * The shop's app for the people working there: signing in on the Staff option, choosing
 * among several shops, what each role is shown (read from me.shop.permissions), and the
 * live sign-out of a person removed from the shop.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessCreditAccount, BusinessProfile, MeResponse, TransactionView } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { untouchedRow } from '@/test/ledger-rows';
import { renderWithApp } from '@/test/render';
import { ownerShop, shopAs } from '@/test/shops';
import { expectToast } from '@/test/toast';
import { App } from './app';

vi.mock('qrcode', () => ({ toCanvas: async () => {} }));

const business: BusinessProfile = {
  id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
  address: '12 MG Road', status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
  description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z',
};

const owner: MeResponse = {
  user: { id: 'b1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  business, shop: ownerShop(), language: null,
};
const staffUser = { id: 's1', role: 'staff', name: 'Suresh', phone: '+919800000001', email: null } as const;
const cashier: MeResponse = {
  user: staffUser, business, shop: shopAs('cashier', { memberId: 'm-ravi-stores', name: 'Suresh' }), language: null,
};
/** A staff account working at two shops, signed in before choosing one. */
const unpicked: MeResponse = { user: staffUser, business: null, shop: null, language: null };
const shops = [
  { memberId: 'm-ravi-stores', businessId: 'biz1', businessName: 'Ravi Stores', role: 'cashier' },
  { memberId: 'm-meena', businessId: 'biz2', businessName: 'Meena Medicals', role: 'manager' },
] as const;
const atMeena: MeResponse = {
  user: staffUser,
  business: { ...business, id: 'biz2', businessName: 'Meena Medicals' },
  shop: shopAs('manager', { memberId: 'm-meena', businessId: 'biz2', businessName: 'Meena Medicals', name: 'Suresh' }),
  language: null,
};

const account: BusinessCreditAccount = {
  id: '0b6c8a52-7d1e-4f3a-9c2b-5e8f1a2b3c4d', customerId: 'c1', customerName: 'Asha Rao',
  paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210', creditLimit: '5000.00',
  currentBalance: '3775.00', owed: '1225.00', createdAt: '2025-01-02T00:00:00.000Z',
  overdue: '0.00', nextDueOn: '2025-02-01', dueMoved: false, lastRemindedAt: null, language: 'en',
};

const later = new Date(Date.now() + 86_400_000).toISOString();
const repayment: TransactionView = {
  id: 't1', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00', status: 'completed',
  createdAt: '2025-03-04T09:30:00.000Z', businessId: 'biz1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '4275.00', ...untouchedRow,
  reversibleUntil: later, by: { name: 'Suresh', role: 'cashier' },
};

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

/** The shop's routes a dashboard asks for; the rest answer 404. */
const shopRoutes = {
  'GET /api/business/stats': () => json(200, { stats: { totalRevenue: '0.00', customers: 1, creditIssued: '1225.00', transactions: 0 } }),
  'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account] }),
  'GET /api/transactions/business?limit=5': () => json(200, { transactions: [repayment], nextCursor: null }),
  'GET /api/transactions/business': () => json(200, { transactions: [repayment], nextCursor: null }),
  'GET /api/qr/business?active=true': () => json(200, { qrCodes: [] }),
  'GET /api/staff/shops': () => json(200, { shops }),
};

type Handlers = Record<string, (call: RecordedCall) => Response>;

function renderApp(path: string, me: () => Response, more: Handlers = {}) {
  const calls = stubFetch({ 'GET /api/auth/me': me, ...shopRoutes, ...more });
  const user = userEvent.setup();
  const rendered = renderWithApp(<App />, { path });
  return { ...rendered, calls, user };
}

/** The names of the buttons inside `element`, in order. */
const buttonNames = (element: HTMLElement) => within(element).queryAllByRole('button').map((button) => button.textContent);

describe('signing in on the Staff option', () => {
  it('signs in with phone and PIN and opens the shop as its cashier', async () => {
    let me: MeResponse | null = null;
    const { user, calls } = renderApp('/merchant', () => (me ? json(200, me) : signedOut()), {
      'POST /api/auth/staff/login': () => {
        me = cashier;
        return json(200, { sessionToken: 'staff-token', user: staffUser });
      },
    });
    // The first screen of the file waits for its code to be transformed.
    await user.click(await screen.findByRole('tab', { name: 'Staff' }, { timeout: 15_000 }));
    await user.type(screen.getByLabelText('Mobile Number'), '9800000001');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Suresh · Cashier')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ravi Stores' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/auth/staff/login')[0]!.body).toEqual({ phoneNumber: '+919800000001', pin: '4829' });
    expect(window.localStorage.getItem('sessionToken')).toBe('staff-token');
  });
});

describe('a person working at several shops', () => {
  it('chooses the shop after signing in, then may switch from the header', async () => {
    let me: MeResponse = unpicked;
    const { user, calls } = renderApp('/', () => json(200, me), {
      'POST /api/staff/shop': (call) => {
        me = (call.body as { memberId: string }).memberId === 'm-meena' ? atMeena : cashier;
        return json(200, me);
      },
    });
    const picker = await screen.findByRole('region', { name: 'Choose the shop' });
    await within(picker).findByRole('button', { name: /Meena Medicals/ });
    expect(buttonNames(picker)).toEqual(['Ravi StoresCashier', 'Meena MedicalsManager']);
    await expectNoAxeViolations();
    await user.click(within(picker).getByRole('button', { name: /Ravi Stores/ }));
    expect(await screen.findByText('Suresh · Cashier')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/staff/shop')[0]!.body).toEqual({ memberId: 'm-ravi-stores' });

    await user.click(screen.getByRole('button', { name: 'Switch shop' }));
    const again = await screen.findByRole('region', { name: 'Choose the shop' });
    expect(within(again).getByRole('button', { name: /Ravi Stores/ })).toHaveAttribute('aria-current', 'true');
    await user.click(within(again).getByRole('button', { name: /Meena Medicals/ }));
    expect(await screen.findByText('Suresh · Manager')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Meena Medicals' })).toBeInTheDocument();
  });

  it('offers no Switch shop to a person working at one shop', async () => {
    renderApp('/', () => json(200, cashier), {
      'GET /api/staff/shops': () => json(200, { shops: [shops[0]] }),
    });
    expect(await screen.findByText('Suresh · Cashier')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Asha Rao' });
    expect(screen.queryByRole('button', { name: 'Switch shop' })).not.toBeInTheDocument();
  });
});

describe('what each role is shown', () => {
  it("shows an owner every tab, action and setting, with Staff and Audit log", async () => {
    const { user } = renderApp('/', () => json(200, owner));
    expect(await screen.findByText('Merchant Dashboard')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dashboard', 'QR Codes', 'History', 'Settings']);
    expect(buttonNames(screen.getByRole('region', { name: 'Quick Actions' }))).toEqual(
      ['Create Customer', 'Generate QR Code', 'View Transactions', 'Counter mode'],
    );
    expect(buttonNames(await screen.findByRole('article', { name: 'Asha Rao' }))).toEqual(
      ['Change Limit', 'Record Repayment', 'Send reminder', 'Move due date', 'Statement', 'Charge by SMS code'],
    );
    const recent = screen.getByRole('region', { name: 'Recent Payments' });
    expect(within(await within(recent).findByRole('article', { name: 'Repayment Asha Rao' })).getByRole('button', { name: 'Reverse' }))
      .toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'All Transactions' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Business Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Credit terms' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Staff Invite people, and set their roles and limits.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Audit log / })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment sounds' })).toBeInTheDocument();
  });

  it('shows a cashier the payment codes, counter mode, repayments, charges and today\'s payments, and asks for nothing else', async () => {
    const { user, calls } = renderApp('/', () => json(200, cashier), {
      'GET /api/staff/shops': () => json(200, { shops: [shops[0]] }),
    });
    expect(await screen.findByText('Suresh · Cashier')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dashboard', 'QR Codes', 'History', 'Settings']);
    expect(buttonNames(screen.getByRole('region', { name: 'Quick Actions' }))).toEqual(
      ['Generate QR Code', 'View Transactions', 'Counter mode'],
    );
    expect(buttonNames(await screen.findByRole('article', { name: 'Asha Rao' }))).toEqual(['Record Repayment', 'Charge by SMS code']);
    expect(screen.queryByRole('group', { name: 'Total Revenue' })).not.toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Payments' });
    const row = await within(recent).findByRole('article', { name: 'Repayment Asha Rao' });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('region', { name: "Today's payments" });
    expect(within(await within(history).findByRole('article', { name: 'Repayment Asha Rao' })).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const settings = screen.getByRole('tabpanel', { name: 'Settings' });
    expect(within(settings).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Language', 'PIN']);
    expect(buttonNames(settings)).toEqual(['Change PIN', 'Logout']);
    await expectNoAxeViolations();

    const asked = new Set(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`));
    for (const refused of [
      'GET /api/business/stats', 'GET /api/business/to-collect', 'GET /api/business/repayment-claims', 'GET /api/business/payment-reports',
      'GET /api/business/invitations', 'GET /api/business/settings', 'GET /api/business/reminder-settings',
    ]) {
      expect(asked, refused).not.toContain(refused);
    }
  });

  it('shows a refusal for the role as any other, and follows the role an owner changed meanwhile', async () => {
    const manager: MeResponse = { ...cashier, shop: shopAs('manager', { memberId: 'm-ravi-stores', name: 'Suresh' }) };
    let me = manager;
    const limitUrl = `POST /api/business/credit-accounts/${account.id}/limit`;
    const { calls, user } = renderApp('/', () => json(200, me), {
      'GET /api/staff/shops': () => json(200, { shops: [shops[0]] }),
      [limitUrl]: () => {
        // The owner made Suresh a cashier a moment ago.
        me = cashier;
        return apiError(403, 'Your role at this shop does not allow this. Ask an owner.', 'role_forbidden');
      },
    });
    expect(await screen.findByText('Suresh · Manager')).toBeInTheDocument();
    await user.click(within(await screen.findByRole('article', { name: 'Asha Rao' })).getByRole('button', { name: 'Change Limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Limit' });
    await user.clear(within(dialog).getByLabelText('New Credit Limit (₹)'));
    await user.type(within(dialog).getByLabelText('New Credit Limit (₹)'), '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Update Limit' }));
    await expectToast('Failed to Update Credit Limit', 'Your role at this shop does not allow this. Ask an owner.');
    expect(await screen.findByText('Suresh · Cashier')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(buttonNames(await screen.findByRole('article', { name: 'Asha Rao' }))).toEqual(['Record Repayment', 'Charge by SMS code']);
  });

  it('opens the Staff and Audit log screens from an owner\'s Settings, and comes back', async () => {
    const { user } = renderApp('/', () => json(200, owner), {
      'GET /api/business/staff': () => json(200, { members: [], invitations: [] }),
      'GET /api/business/audit': () => json(200, { entries: [], nextCursor: null }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: /^Staff / }));
    expect(await screen.findByRole('heading', { name: 'Staff', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: /^Audit log / }));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });
});

class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: { lastEventId: string; data: string }) => void>();
  readyState = 1;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) { FakeEventSource.last = this; }
  addEventListener(type: string, listener: (event: { lastEventId: string; data: string }) => void) { this.listeners.set(type, listener); }
  removeEventListener(type: string) { this.listeners.delete(type); }
  close() { this.closed = true; }
  send(type: string, data: unknown) { this.listeners.get(type)?.({ lastEventId: '', data: JSON.stringify(data) }); }
}

describe('the live sign-out of a person removed from the shop', () => {
  it('signs out on the stream\'s signed_out: the data and token go, and the merchant sign-in says so', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    window.localStorage.setItem('sessionToken', 'staff-token');
    const { client, location } = renderApp('/', () => json(200, cashier));
    await screen.findByRole('article', { name: 'Asha Rao' });
    const source = FakeEventSource.last!;
    act(() => source.send('signed_out', {}));
    await expectToast('You have been signed out');
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/merchant');
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
    expect(client.getQueryData(['/api/credit-accounts/business'])).toBeUndefined();
    expect(source.closed).toBe(true);
  });

  it('signs out the same way when the current user, asked again, answers 401', async () => {
    window.localStorage.setItem('sessionToken', 'staff-token');
    let revoked = false;
    const { client, location } = renderApp('/', () => (revoked ? signedOut() : json(200, cashier)), {
      'GET /api/credit-accounts/business': () => (revoked ? signedOut() : json(200, { creditAccounts: [account] })),
    });
    await screen.findByRole('article', { name: 'Asha Rao' });
    revoked = true;
    // The next request is refused: the app asks who is signed in, and nobody is.
    await act(() => client.invalidateQueries({ queryKey: ['/api/credit-accounts/business'] }));
    await expectToast('You have been signed out');
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/merchant');
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });
});

describe('a staff invitation\'s link', () => {
  it.each([['signed out', signedOut], ['signed in', () => json(200, cashier)]])('opens the join page %s', async (_state, me) => {
    renderApp('/merchant/join', me);
    expect(await screen.findByRole('heading', { name: 'Join a shop' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify your phone' })).toBeInTheDocument();
  });
});
