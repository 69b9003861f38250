import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, MeResponse } from '@common/api/types';
import { App } from '@/app/app';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { approvedOwnerMe } from '@/test/shops';
import { pendingReminderCodeKey } from '@/features/reminder-link/reminder-link';

vi.mock('qrcode', () => {
  const qrCode = { toCanvas: async () => {}, toDataURL: async () => 'data:image/png;base64,' };
  return { default: qrCode, ...qrCode };
});

const code = 'Ab3dE5gH9k';
const kumarId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b01';
const linkUrl = `GET /api/reminder-links/${code}`;

const customer: MeResponse = {
  user: { id: 'c1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};
const admin: MeResponse = {
  user: { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' },
  shop: null,
  language: null,
  business: null,
};
const merchant = approvedOwnerMe('b1');

const kumar: CustomerCreditAccount = {
  id: 'acc-kumar', businessId: kumarId, business: { businessName: 'Kumar Kirana' }, currentBalance: '3750.10', creditLimit: '5000.00',
  owed: '1249.90', overdue: '500.00', nextDueOn: '2025-03-12', nextDueAmount: '500.00', upiId: 'kumar.kirana@okaxis',
  remindersOptedOut: false,
};

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');
const deadLink = () => apiError(404, 'This reminder link has expired or is not for your account', 'not_found', 'reminder_link_not_found');
const intent = 'upi://pay?pa=kumar.kirana@okaxis&pn=Kumar%20Kirana&am=1249.90&cu=INR&tn=Khata%20repayment';

function renderAt(path: string, me: () => Response, more: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch({
    'GET /api/auth/me': me,
    [linkUrl]: () => json(200, { creditAccountId: 'acc-kumar', businessId: kumarId }),
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [kumar] }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    [`GET /api/transactions/customer?limit=15&businessId=${kumarId}`]: () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/credit-accounts/acc-kumar/repayment-claims': () => json(200, { claims: [] }),
    ...more,
  });
  const user = userEvent.setup();
  return { ...renderWithApp(<App />, { path }), calls, user };
}

/** Pay back, open over the account screen, ready to pay the whole amount owed by UPI. */
async function expectPayBackReady() {
  const sheet = await screen.findByRole('dialog', { name: 'Pay back Kumar Kirana' });
  expect(within(sheet).getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', intent);
  expect(within(sheet).getByRole('img', { name: 'UPI QR code to pay ₹1,249.90 to Kumar Kirana' })).toBeInTheDocument();
  expect(within(sheet).getByText('kumar.kirana@okaxis')).toBeInTheDocument();
  // Behind the sheet (hidden from the accessibility tree while it is open): the account screen.
  expect(screen.getByRole('heading', { level: 1, name: 'Kumar Kirana', hidden: true })).toBeInTheDocument();
  return sheet;
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('/r/:code', () => {
  it('opens the customer’s account at the shop with Pay back ready, at the account’s address', async () => {
    const { calls, location } = renderAt(`/r/${code}`, () => json(200, customer));
    await expectPayBackReady();
    expect(callsTo(calls, linkUrl)).toHaveLength(1);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/accounts/${kumarId}`));
    await expectNoAxeViolations();
  });

  it('opens Pay back on arrival only: back home and into the account again shows the screen as usual', async () => {
    const { user } = renderAt(`/r/${code}`, () => json(200, customer));
    const sheet = await expectPayBackReady();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const merchants = await screen.findByRole('region', { name: 'My Merchants' });
    await user.click(await within(merchants).findByRole('link', { name: 'View Kumar Kirana' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kumar Kirana' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Dues' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /cust, keeping the code, and opens Pay back after sign-in', async () => {
    let me = signedOut;
    const { user, calls, location } = renderAt(`/r/${code}`, () => me(), {
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
    expect(window.sessionStorage.getItem(pendingReminderCodeKey)).toBe(code);
    expect(callsTo(calls, linkUrl)).toHaveLength(0);

    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');

    await expectPayBackReady();
    expect(callsTo(calls, linkUrl)).toHaveLength(1);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/accounts/${kumarId}`));
    expect(window.sessionStorage.getItem(pendingReminderCodeKey)).toBeNull();
  });

  it('follows a kept link once: the next start opens the home', async () => {
    window.sessionStorage.setItem(pendingReminderCodeKey, code);
    const first = renderAt('/', () => json(200, customer));
    await expectPayBackReady();
    first.unmount();
    const second = renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(second.calls, linkUrl)).toHaveLength(0);
  });

  it('says a dead link has expired or is not the customer’s, and leads to their accounts', async () => {
    const { user, location } = renderAt(`/r/${code}`, () => json(200, customer), { [linkUrl]: deadLink });
    expect(await screen.findByRole('heading', { name: 'This reminder link has expired or is not for your account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Go to my accounts' }));
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/');
  });

  it('offers Try again when the link cannot be asked about, then follows it', async () => {
    let answer = () => apiError(500, 'Something went wrong', 'internal');
    const { user, calls } = renderAt(`/r/${code}`, () => json(200, customer), { [linkUrl]: () => answer() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('This reminder link has expired or is not for your account')).not.toBeInTheDocument();
    answer = () => json(200, { creditAccountId: 'acc-kumar', businessId: kumarId });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectPayBackReady();
    expect(callsTo(calls, linkUrl)).toHaveLength(2);
  });

  it('shows the account without Pay back when the shop has no UPI ID', async () => {
    renderAt(`/r/${code}`, () => json(200, customer), {
      'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [{ ...kumar, upiId: null }] }),
    });
    const dues = await screen.findByRole('region', { name: 'Dues' });
    expect(dues).toHaveTextContent('Kumar Kirana has not added a UPI ID yet. Pay the shop directly.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a merchant', merchant],
    ['an admin', admin],
  ])('shows %s the 404 page', async (_, me) => {
    const { calls } = renderAt(`/r/${code}`, () => json(200, me));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(callsTo(calls, linkUrl)).toHaveLength(0);
  });
});
