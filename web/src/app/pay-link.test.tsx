import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, QrValidation } from '@common/api/types';
import { App } from '@/app/app';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { approvedOwnerMe } from '@/test/shops';
import { pendingPayTokenKey } from '@/features/payment/pay-link';

vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: () => <p>Camera preview</p>,
}));

const token = 'AbCdEfGhIjKlMnOpQrStUv';
const payLink = `${window.location.origin}/pay/${token}`;

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

const validation: QrValidation = {
  qrCode: { isDynamic: true, description: 'Bill #42' },
  business: { id: 'biz9', name: 'Kumar Kirana', feePercent: '2.00' },
  payment: { amount: '1250.00', fee: '25.00' },
  creditAccount: { currentBalance: '5000.00' },
};

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

function renderAt(path: string, me: () => Response, more: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch({
    'GET /api/auth/me': me,
    'POST /api/qr/validate': () => json(200, validation),
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [] }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    ...more,
  });
  const user = userEvent.setup();
  return { ...renderWithApp(<App />, { path }), calls, user };
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('/pay/:token', () => {
  it('opens the payment screen at confirm for a signed-in customer, then settles on /', async () => {
    const { calls, location } = renderAt(`/pay/${token}`, () => json(200, customer));
    const overlay = await screen.findByRole('dialog', { name: 'Scan QR Code' });
    expect(await within(overlay).findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(within(overlay).getByRole('heading', { name: 'Kumar Kirana' })).toBeInTheDocument();
    expect(within(overlay).getByText('Bill #42')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(1);
    expect(callsTo(calls, 'POST /api/qr/validate')[0]!.body).toEqual({ qrData: payLink });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('keeps the link when the code is refused, on the scan step with the data filled in', async () => {
    renderAt(`/pay/${token}`, () => json(200, customer), {
      'POST /api/qr/validate': () => apiError(409, 'This QR code has already been paid', 'qr_already_used'),
    });
    expect(await screen.findByText('Validation Failed')).toBeInTheDocument();
    expect(screen.getByText('This QR code has already been paid')).toBeInTheDocument();
    expect(screen.getByLabelText('QR Code Data')).toHaveValue(payLink);
  });

  it('sends a signed-out visitor to /cust, keeping the token, and resumes the payment after sign-in', async () => {
    let me = signedOut;
    const { user, calls, location } = renderAt(`/pay/${token}`, () => me(), {
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
    expect(window.sessionStorage.getItem(pendingPayTokenKey)).toBe(token);
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(0);

    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');

    const overlay = await screen.findByRole('dialog', { name: 'Scan QR Code' });
    expect(await within(overlay).findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')[0]!.body).toEqual({ qrData: payLink });
    expect(window.sessionStorage.getItem(pendingPayTokenKey)).toBeNull();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('resumes the payment after registering too', async () => {
    let me = signedOut;
    const { user, calls } = renderAt(`/pay/${token}`, () => me(), {
      'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
      'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
      'POST /api/auth/customer/register': () => {
        me = () => json(200, customer);
        return json(201, { sessionToken: 'tok-new', user: customer.user });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Account' }));
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210{Enter}');
    await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829{Enter}');

    const overlay = await screen.findByRole('dialog', { name: 'Scan QR Code' });
    expect(await within(overlay).findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')[0]!.body).toEqual({ qrData: payLink });
    expect(window.sessionStorage.getItem(pendingPayTokenKey)).toBeNull();
  });

  it('does not reopen a payment that was already taken up', async () => {
    window.sessionStorage.setItem(pendingPayTokenKey, token);
    const first = renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('dialog', { name: 'Scan QR Code' })).toBeInTheDocument();
    first.unmount();
    const second = renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(second.calls, 'POST /api/qr/validate')).toHaveLength(0);
  });

  it.each([
    ['a merchant', merchant],
    ['an admin', admin],
  ])('shows %s the 404 page', async (_, me) => {
    const { calls } = renderAt(`/pay/${token}`, () => json(200, me));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(0);
  });
});
