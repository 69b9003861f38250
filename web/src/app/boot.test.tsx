import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@common/api/types';
import { fetchCurrentUser } from '@/features/auth/api/fetch-current-user';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { expectToast } from '@/test/toast';
import { isOffline, reportReachable } from '@/lib/connection';
import { queryClient } from '@/app/query-client';
import { Boot } from './boot';
import { CustomerLogin } from './routes/customer-login';
import { i18n } from '@/i18n/i18n';

const customer: MeResponse = {
  user: { id: '3f2a9c71-8b4e-4d2a-9f00-123456789abc', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};
const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

/** Boots at `path` in the real (jsdom) location, as main.tsx does. */
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

describe('start-up', () => {
  it('shows a signed-out /cust without the query layer, then hands over to the app on sign-in', async () => {
    let me = signedOut;
    const calls = stubFetch({
      'GET /api/auth/me': () => me(),
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    const user = await boot('/cust');
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '1111{Enter}');
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-1');
    // Once at start-up, once by the app after the sign-in: the start-up answer was stale.
    expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(2);
  });

  it('shows a failed sign-in on the login screen alone', async () => {
    stubFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/customer/login': () => apiError(401, 'Invalid phone number or PIN', 'invalid_credentials'),
    });
    const user = await boot('/cust');
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '1111{Enter}');
    await expectToast('Login Failed', 'Invalid phone number or PIN');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('asks for the current user once when the app starts signed in', async () => {
    const calls = stubFetch({ 'GET /api/auth/me': () => json(200, customer) });
    await boot('/cust');
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(1);
  });

  it('leads a signed-out "/" to the login at /cust through the app', async () => {
    stubFetch({ 'GET /api/auth/me': signedOut });
    await boot('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/cust'));
  });

  it('renders the login screen with no query client above it', () => {
    let client: unknown = 'unset';
    function Probe() {
      client = useContext(QueryClientContext);
      return null;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Probe />
        <CustomerLogin />
      </I18nProvider>,
    );
    expect(client).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

describe('start-up without a server', () => {
  /** Boots as main.tsx does: a me-call that found no server shows the offline screen. */
  async function bootUnreachable(path: string) {
    window.history.replaceState(null, '', path);
    const startupMe = await fetchCurrentUser().catch(() => undefined);
    render(<Boot startupMe={startupMe ?? null} unreachable={startupMe === undefined && isOffline()} />);
    return userEvent.setup();
  }

  it('shows the offline banner and Try again, not the login, and opens the app once the server answers', async () => {
    let serverUp = false;
    window.localStorage.setItem('sessionToken', 'tok-1');
    const calls = stubFetch({
      'GET /api/auth/me': () => (serverUp ? json(200, customer) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const user = await bootUnreachable('/');
    expect(await screen.findByText("You're offline. Payments and new QR codes need a connection.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByText("You're offline. Payments and new QR codes need a connection.")).not.toBeInTheDocument();
  });

  it('opens by itself when the connection store hears the server again', async () => {
    let serverUp = false;
    stubFetch({
      'GET /api/auth/me': () => (serverUp ? signedOut() : Promise.reject(new TypeError('Failed to fetch'))),
    });
    await bootUnreachable('/cust');
    await screen.findByRole('button', { name: 'Try again' });
    serverUp = true;
    act(() => reportReachable());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
