/**
 * Registering from a sign-in screen signs the new person in, and the screen they land on
 * greets them as new ("Welcome," Asha on the customer's home, "Welcome, Ravi Kumar" on a
 * new shop's dashboard); a sign-in keeps the spec's "Welcome back," and greets no shop.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@common/api/types';
import { fetchCurrentUser } from '@/features/auth/api/fetch-current-user';
import { apiError, json, stubFetch } from '@/test/fetch-stub';
import { ownerShop } from '@/test/shops';
import { expectToast } from '@/test/toast';
import { queryClient } from '@/app/query-client';
import { Boot } from '@/app/boot';

const asha: MeResponse = {
  user: { id: '0190f3a2-7c41-7d2e-9a00-5e1c2b3d4f60', role: 'customer', name: 'Asha', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};

const ravi: MeResponse = {
  user: { id: '0190f3a2-7c41-7d2e-9a00-5e1c2b3d4f70', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  shop: ownerShop(),
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
    address: '12 MG Road', status: 'pending', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
    description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z',
  },
};

/** Asha, who registered some other day. */
const returningAsha: MeResponse = { ...asha, user: { ...asha.user, id: '0190f3a2-7c41-7d2e-9a00-5e1c2b3d4f61' } };

/** The server as a customer meets it: signed out until the registration or the sign-in. */
function stubServer(person: MeResponse) {
  let me = () => apiError(401, 'Not signed in', 'not_signed_in');
  const signIn = () => {
    me = () => json(200, person);
    return json(201, { sessionToken: 'tok-new', user: person.user });
  };
  stubFetch({
    'GET /api/auth/me': () => me(),
    'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
    'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
    'POST /api/auth/customer/register': signIn,
    'POST /api/auth/customer/login': signIn,
    'POST /api/auth/business/register': signIn,
    'POST /api/auth/business/login': signIn,
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [] }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
  });
}

/** Ravi, whose shop registered some other day. */
const returningRavi: MeResponse = { ...ravi, user: { ...ravi.user, id: '0190f3a2-7c41-7d2e-9a00-5e1c2b3d4f71' } };

async function boot(path: string) {
  window.history.replaceState(null, '', path);
  const startupMe = await fetchCurrentUser().catch(() => null);
  render(<Boot startupMe={startupMe} />);
  return userEvent.setup();
}

afterEach(() => {
  queryClient.clear();
  window.localStorage.clear();
});

describe('the greeting after registering', () => {
  it('says "Welcome," and the new customer\'s name on the home they land on, with the spec\'s toast', async () => {
    stubServer(asha);
    const user = await boot('/cust');
    await user.click(await screen.findByRole('button', { name: 'Create New Account' }));
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await user.type(await screen.findByLabelText('Full Name'), 'Asha');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration Successful', 'Welcome! You can now start using the product');

    const name = await screen.findByRole('heading', { name: 'Asha' });
    expect(name.previousElementSibling).toHaveTextContent(/^Welcome,$/);
    expect(screen.queryByText('Welcome back,')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('keeps "Welcome back," for a customer who signs in', async () => {
    stubServer(returningAsha);
    const user = await boot('/cust');
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');
    const name = await screen.findByRole('heading', { name: 'Asha' });
    expect(name.previousElementSibling).toHaveTextContent(/^Welcome back,$/);
  });

  it('says "Welcome, Ravi Kumar" above the Pending Approval banner to a business that has just registered, with the spec\'s toast', async () => {
    stubServer(ravi);
    const user = await boot('/merchant?register');
    await user.type(await screen.findByLabelText('Mobile Number'), '9812345678');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const details = [['Contact Name', 'Ravi Kumar'], ['Business Name', 'Ravi Stores'], ['Business Type', 'Retail'],
      ['Email Address', 'ravi@example.com'], ['Business Address', '12 MG Road'], ['PIN', '4829'], ['Confirm PIN', '4829']] as const;
    await screen.findByLabelText('Contact Name');
    for (const [label, value] of details) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast('Registration Submitted', 'Your business account is pending admin approval');

    const banner = await screen.findByRole('region', { name: 'Pending Approval' });
    expect(screen.getByText('Welcome, Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ravi Kumar').compareDocumentPosition(banner)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(window.location.pathname).toBe('/');
  });

  it('greets no business that signs in', async () => {
    stubServer(returningRavi);
    const user = await boot('/merchant');
    await user.type(await screen.findByLabelText('Business Email'), 'ravi@example.com');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');
    expect(await screen.findByRole('region', { name: 'Pending Approval' })).toBeInTheDocument();
    expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
  });
});
