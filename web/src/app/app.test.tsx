import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@common/api/types';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ownerShop } from '@/test/shops';
import { activate } from '@/i18n/i18n';
import { App } from './app';

const customer: MeResponse = {
  user: { id: '3f2a9c71-8b4e-4d2a-9f00-123456789abc', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};
const merchant: MeResponse = {
  user: { id: 'b1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  shop: ownerShop(),
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
    address: '12 MG Road', status: 'pending', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
    description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z',
  },
};
const admin: MeResponse = {
  user: { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' },
  shop: null,
  language: null,
  business: null,
};

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

function renderApp(path: string, me: () => Response, more: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch({ 'GET /api/auth/me': me, ...more });
  const user = userEvent.setup();
  const rendered = renderWithApp(<App />, { path });
  return { ...rendered, calls, user };
}

describe('routing when signed out', () => {
  it('shows Loading while the current user loads', async () => {
    stubFetch({ 'GET /api/auth/me': () => new Promise<Response>(() => {}) as never });
    renderWithApp(<App />, { path: '/cust' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it.each(['/', '/dashboard', '/nowhere'])('redirects %s to the customer login', async (path) => {
    const { location } = renderApp(path, signedOut);
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
  });

  it('shows the merchant and admin logins at their paths', async () => {
    renderApp('/merchant', signedOut);
    expect(await screen.findByLabelText('Business Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Your Business' })).toBeInTheDocument();
  });

  it('links the admin login to the other two', async () => {
    const { user, location } = renderApp('/admin', signedOut);
    expect(await screen.findByLabelText('Admin Email')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Merchant Login' }));
    expect(await screen.findByLabelText('Business Email')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/merchant');
    expect(screen.queryByRole('link', { name: 'Customer Login' })).not.toBeInTheDocument();
  });
});

describe('customer login', () => {
  it('asks for both the phone number and the PIN, then for 10 digits', async () => {
    const { user, calls } = renderApp('/cust', signedOut);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await expectToast('Missing Information', 'Please enter both phone number and PIN');
    await user.type(screen.getByLabelText('Mobile Number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Missing Information', 'Please enter both phone number and PIN');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    expect(callsTo(calls, 'POST /api/auth/customer/login')).toHaveLength(0);
  });

  it("shows the server's message on failure, or the default", async () => {
    let answer = apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked');
    const { user } = renderApp('/cust', signedOut, { 'POST /api/auth/customer/login': () => answer });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');
    await expectToast('Login Failed', 'Too many wrong PINs. Try again in 15 minutes.');
    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Invalid phone number or PIN');
  });

  it('signs in on Enter: keeps the token, refetches the user and goes to /', async () => {
    let me = signedOut;
    const { user, calls, location } = renderApp('/cust', () => me(), {
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/auth/customer/login')[0]!.body).toEqual({ phoneNumber: '+919876543210', pin: '4829' });
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-1');
    expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(2);
    expect(callsTo(calls, 'GET /api/auth/me')[1]!.headers.get('Authorization')).toBe('Bearer tok-1');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('opens the registration wizard and comes back to login', async () => {
    const { user } = renderApp('/cust', signedOut);
    await user.click(await screen.findByRole('button', { name: 'Create New Account' }));
    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signs a newly registered customer in', async () => {
    let me = signedOut;
    const { user, location } = renderApp('/cust', () => me(), {
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
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-new');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });
});

describe('merchant and admin login', () => {
  it('asks for both e-mail and PIN, and defaults the failure text per role', async () => {
    const { user, calls } = renderApp('/merchant', signedOut, {
      'POST /api/auth/business/login': () => new Response('', { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await expectToast('Missing Information', 'Please enter both email and PIN');
    await user.type(screen.getByLabelText('Business Email'), ' ravi@example.com ');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');
    await expectToast('Login Failed', 'Invalid email or PIN');
    expect(callsTo(calls, 'POST /api/auth/business/login')[0]!.body).toEqual({ email: 'ravi@example.com', pin: '4829' });
  });

  it('shows the admin default failure text', async () => {
    const { user } = renderApp('/admin', signedOut, {
      'POST /api/auth/admin/login': () => new Response('', { status: 500 }),
    });
    await user.type(await screen.findByLabelText('Admin Email'), 'admin@khata.test');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Invalid admin credentials');
  });
});

describe('routing when signed in', () => {
  it.each(['/', '/dashboard', '/cust', '/merchant', '/admin'])('shows the customer app at %s', async (path) => {
    renderApp(path, () => json(200, customer));
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan QR' })).toBeEnabled();
  });

  it('shows the 404 page for any other path', async () => {
    renderApp('/settings', () => json(200, customer));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  });

  it('shows the 404 page for an unknown role', async () => {
    renderApp('/', () => json(200, { ...customer, user: { ...customer.user, role: 'auditor' } }));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it("shows the customer's profile", async () => {
    const { user } = renderApp('/', () => json(200, customer));
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    expect(await screen.findByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByText('3f2a9c71')).toBeInTheDocument();
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'App Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByRole('dialog', { name: 'Change PIN' })).toBeInTheDocument();
  });

  it('opens App Settings with the language: Hindi is spoken at once and saved on the user', async () => {
    try {
      const { user, calls } = renderApp('/', () => json(200, customer), {
        'POST /api/auth/language': (call) => json(200, call.body as object),
      });
      await user.click(await screen.findByRole('tab', { name: 'Profile' }));
      const settings = screen.getByRole('button', { name: 'App Settings' });
      expect(settings).toHaveAttribute('aria-expanded', 'false');
      await user.click(settings);
      expect(settings).toHaveAttribute('aria-expanded', 'true');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'हिन्दी');
      expect(await screen.findByRole('button', { name: 'ऐप सेटिंग्स' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('hi');
      await waitFor(() => expect(callsTo(calls, 'POST /api/auth/language')).toHaveLength(1));
      expect(callsTo(calls, 'POST /api/auth/language')[0]!.body).toEqual({ language: 'hi' });
    } finally {
      localStorage.clear();
      await activate('en');
    }
  });

  it('reports a failed logout', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    const { user } = renderApp('/', () => json(200, customer), {
      'POST /api/auth/logout': () => new Response('', { status: 500 }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await expectToast('Logout Failed', 'Please try again');
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-1');
  });

  it("shows the merchant's business name and status", async () => {
    renderApp('/', () => json(200, merchant));
    expect(await screen.findByRole('heading', { name: 'Ravi Stores' })).toBeInTheDocument();
    expect(screen.getByText('Merchant Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the admin's e-mail and switches the theme", async () => {
    const { user } = renderApp('/admin', () => json(200, admin));
    expect(await screen.findByText('admin@khata.test')).toBeInTheDocument();
    const initial = document.documentElement.classList.contains('dark');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(!initial);
    expect(window.localStorage.getItem('theme')).toBe(initial ? 'light' : 'dark');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(window.localStorage.getItem('theme')).toBe(initial ? 'dark' : 'light');
  });
});

describe('counter mode as its own session', () => {
  const approvedMerchant: MeResponse = { ...merchant, business: { ...merchant.business!, status: 'approved' } };
  const counter: MeResponse = {
    user: { id: 'counter-1', role: 'counter', name: 'Ravi Stores', phone: null, email: null }, language: null, business: null, shop: null,
  };
  const counterRoutes = new Set(['GET /api/auth/me', 'GET /api/qr/business?active=true', 'POST /api/qr/generate', 'POST /api/auth/counter/exit']);
  const staticCode = () => ({
    id: 'q1', qrData: 'https://khata.example/pay/q1', amount: null, description: null, isDynamic: false, feePercent: '2.00',
    createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 1440 * 60_000).toISOString(), status: 'active',
  });

  /** The app against a server whose signed-in user follows the counter's enter and exit. */
  function renderShop(start: MeResponse, { qrList = () => json(200, { qrCodes: [] }) }: { qrList?: () => Response } = {}) {
    let signedIn: MeResponse | null = start;
    const rendered = renderApp('/', () => (signedIn ? json(200, signedIn) : signedOut()), {
      'POST /api/auth/counter/enter': (call) => {
        if ((call.body as { pin: string }).pin !== '4829') return apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect');
        signedIn = counter;
        return json(200, { sessionToken: 'counter-token', user: counter.user });
      },
      'POST /api/auth/counter/exit': (call) => {
        if ((call.body as { pin: string }).pin !== '4829') return apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect');
        signedIn = approvedMerchant;
        return json(200, { sessionToken: 'full-token', user: approvedMerchant.user });
      },
      'GET /api/qr/business?active=true': qrList,
      'POST /api/qr/generate': () => json(201, staticCode()),
    });
    return { ...rendered, endSession: () => { signedIn = null; } };
  }

  it("enters with the PIN: the counter's token replaces the merchant's, and the counter asks for nothing of the dashboard", async () => {
    window.localStorage.setItem('sessionToken', 'merchant-token');
    const { user, calls } = renderShop(approvedMerchant);
    await user.click(await screen.findByRole('button', { name: 'Counter mode' }));
    await user.type(await screen.findByLabelText('Enter your PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Start counter mode' }));
    const counterScreen = await screen.findByRole('dialog', { name: 'Counter mode' });
    expect(counterScreen).toHaveTextContent('Ravi Stores');
    expect(window.localStorage.getItem('khata.counterMode')).toBeNull();
    expect(window.localStorage.getItem('sessionToken')).toBe('counter-token');
    expect(window.localStorage.getItem('khata.counterDevice')).toBe('on');
    await waitFor(() => expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(1));
    const sinceEnter = calls.slice(calls.findIndex((call) => call.url === '/api/auth/counter/enter') + 1);
    expect(sinceEnter.filter((call) => !counterRoutes.has(`${call.method} ${call.url}`)).map((call) => `${call.method} ${call.url}`)).toEqual([]);
    expect(sinceEnter.every((call) => call.headers.get('Authorization') === 'Bearer counter-token')).toBe(true);
    expect(screen.queryByText('Merchant Dashboard')).not.toBeInTheDocument();
  });

  it('boots a counter session straight into counter mode, with no dashboard call', async () => {
    const { calls } = renderShop(counter);
    expect(await screen.findByRole('dialog', { name: 'Counter mode' })).toHaveTextContent('Ravi Stores');
    await waitFor(() => expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(1));
    expect(calls.filter((call) => !counterRoutes.has(`${call.method} ${call.url}`))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('leaves with the right PIN to the full dashboard, a wrong one first showing the message and staying', async () => {
    window.localStorage.setItem('sessionToken', 'counter-token');
    const { user } = renderShop(counter);
    await user.click(await screen.findByRole('button', { name: 'Exit counter mode' }));
    await user.type(screen.getByLabelText("Enter your PIN or an owner's PIN"), '1111');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect PIN. 4 attempts left.');
    expect(screen.getByRole('dialog', { name: 'Counter mode' })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Enter your PIN or an owner's PIN"), '4829');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByText('Merchant Dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Counter mode' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('sessionToken')).toBe('full-token');
    expect(window.localStorage.getItem('khata.counterDevice')).toBeNull();
  });

  it("says counter mode has ended when the counter's session answers 401, and links to the merchant's sign-in", async () => {
    window.localStorage.setItem('sessionToken', 'counter-token');
    let ended = false;
    const rendered = renderShop(counter, {
      qrList: () => (ended ? signedOut() : json(200, { qrCodes: [] })),
    });
    await screen.findByRole('dialog', { name: 'Counter mode' });
    // The PIN was changed elsewhere: the next call of the counter's is refused.
    ended = true;
    rendered.endSession();
    await act(() => rendered.client.invalidateQueries({ queryKey: ['/api/qr/business?active=true'] }));
    expect(await screen.findByRole('heading', { name: 'Counter mode has ended' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue.')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/merchant');
    signIn.addEventListener('click', (event) => event.preventDefault());
    await rendered.user.click(signIn);
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });

  it('says counter mode has ended when the event stream is refused and the session is gone', async () => {
    const streams: { readyState: number; onerror: (() => void) | null }[] = [];
    vi.stubGlobal('EventSource', class {
      static readonly CLOSED = 2;
      readyState = 1;
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() { streams.push(this); }
      addEventListener() {}
      removeEventListener() {}
      close() {}
    });
    const rendered = renderShop(counter);
    await screen.findByRole('dialog', { name: 'Counter mode' });
    // The session expired: the stream's reconnect is refused with 401, which EventSource only sees as an error.
    rendered.endSession();
    act(() => {
      streams[0]!.readyState = 2;
      streams[0]!.onerror?.();
    });
    expect(await screen.findByRole('heading', { name: 'Counter mode has ended' })).toBeInTheDocument();
  });

  it('says counter mode has ended on a counter reloaded after its session died', async () => {
    window.localStorage.setItem('khata.counterDevice', 'on');
    window.localStorage.setItem('sessionToken', 'dead-counter-token');
    const rendered = renderShop(counter);
    rendered.endSession();
    expect(await screen.findByRole('heading', { name: 'Counter mode has ended' })).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    signIn.addEventListener('click', (event) => event.preventDefault());
    await rendered.user.click(signIn);
    expect(window.localStorage.getItem('khata.counterDevice')).toBeNull();
  });

  it('a device left in the old, screen-only counter mode is signed out rather than shown the dashboard', async () => {
    window.localStorage.setItem('khata.counterMode', 'on');
    window.localStorage.setItem('sessionToken', 'merchant-token');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/' });
    const { calls } = renderShop(approvedMerchant);
    await waitFor(() => expect(callsTo(calls, 'POST /api/auth/logout')).toHaveLength(1));
    expect(screen.queryByText('Merchant Dashboard')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('khata.counterMode')).toBeNull();
  });
});
