/**
 * The three sign-ins lead to each other: /cust to the shop's registration and sign-in and,
 * quietly, to the admin's; /merchant back to the customers' and to the admin's; /admin to both.
 */
import { screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchCurrentUser } from '@/features/auth/api/fetch-current-user';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { queryClient } from '@/app/query-client';
import { App } from '@/app/app';
import { Boot } from '@/app/boot';

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');

/** Boots at `path` in the real (jsdom) location, as main.tsx does: a signed-out /cust stands alone. */
async function boot(path: string) {
  stubFetch({ 'GET /api/auth/me': signedOut });
  window.history.replaceState(null, '', path);
  const startupMe = await fetchCurrentUser().catch(() => null);
  render(<Boot startupMe={startupMe} />);
  return userEvent.setup();
}

/** The whole app signed out at `path`, on an in-memory location. */
function renderApp(path: string) {
  stubFetch({ 'GET /api/auth/me': signedOut });
  const user = userEvent.setup();
  return { ...renderWithApp(<App />, { path }), user };
}

const otherSignIns = () => screen.getByRole('navigation');
const address = () => window.location.pathname + window.location.search;

afterEach(() => {
  queryClient.clear();
  window.localStorage.clear();
});

describe('the customers\' sign-in (/cust) links', () => {
  it('asks "Are you a shop?" under the sign-in card, and passes axe', async () => {
    await boot('/cust');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(otherSignIns()).toHaveTextContent('Are you a shop? Register your shop or sign in to your shop');
    expect(within(otherSignIns()).getByRole('link', { name: 'Register your shop' })).toHaveAttribute('href', '/merchant?register');
    expect(within(otherSignIns()).getByRole('link', { name: 'sign in to your shop' })).toHaveAttribute('href', '/merchant');
    expect(within(otherSignIns()).getByRole('link', { name: 'Admin sign in' })).toHaveAttribute('href', '/admin');
    await expectNoAxeViolations();
  });

  it('opens the business registration from "Register your shop", handing the lone login screen over to the whole app', async () => {
    const user = await boot('/cust');
    await user.click(within(otherSignIns()).getByRole('link', { name: 'Register your shop' }));
    expect(await screen.findByRole('heading', { name: 'Register your business' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your phone' })).toBeInTheDocument();
    expect(address()).toBe('/merchant?register');
    await expectNoAxeViolations();

    // Back to Login is the merchant sign-in, and the address says so (a reload stays there).
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(address()).toBe('/merchant');
  });

  it('opens the merchant sign-in from "sign in to your shop"', async () => {
    const user = await boot('/cust');
    await user.click(within(otherSignIns()).getByRole('link', { name: 'sign in to your shop' }));
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Business Email')).toBeInTheDocument();
    expect(address()).toBe('/merchant');
  });

  it('opens the admin sign-in from "Admin sign in"', async () => {
    const user = await boot('/cust');
    await user.click(within(otherSignIns()).getByRole('link', { name: 'Admin sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(address()).toBe('/admin');
  });

  it('links the same way inside the whole app (after a sign-out, say)', async () => {
    const { user, location } = renderApp('/cust');
    await user.click(within(await screen.findByRole('navigation')).getByRole('link', { name: 'sign in to your shop' }));
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/merchant');
  });
});

describe('the merchant sign-in (/merchant) links', () => {
  it('asks "Shopping on credit?" and leads back to the customers\' sign-in, and passes axe', async () => {
    const { user, location } = renderApp('/merchant');
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(otherSignIns()).toHaveTextContent('Shopping on credit? Customer sign in');
    await expectNoAxeViolations();
    await user.click(within(otherSignIns()).getByRole('link', { name: 'Customer sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
  });

  it('leads to the admin sign-in, under the Staff option too', async () => {
    const { user, location } = renderApp('/merchant');
    await user.click(await screen.findByRole('tab', { name: 'Staff' }));
    await user.click(within(otherSignIns()).getByRole('link', { name: 'Admin sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin');
  });

  it('opens at the sign-in without ?register', async () => {
    await boot('/merchant');
    expect(await screen.findByRole('heading', { name: 'Merchant sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Your Business' })).toBeInTheDocument();
  });
});

describe('the admin sign-in (/admin) links', () => {
  it('leads to the customers\' sign-in as well as the merchants\', and passes axe', async () => {
    const { user, location } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(within(otherSignIns()).getByRole('link', { name: 'Merchant Login' })).toHaveAttribute('href', '/merchant');
    await expectNoAxeViolations();
    await user.click(within(otherSignIns()).getByRole('link', { name: 'Customer Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
  });
});
