import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectionProbeUrl, reportUnreachable } from '@/lib/connection';
import { heldSignOut } from '@/lib/session';
import { apiError, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { LogoutButton } from './logout-button';

const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

/** The signed-in phone: a stored token and something of the account's in the query cache. */
function signedInWithLogout() {
  window.localStorage.setItem('sessionToken', 'tok-1');
  const rendered = renderWithApp(<LogoutButton role="customer" />);
  rendered.client.setQueryData(['/api/credit-accounts/customer'], [{ id: 'a1', businessName: 'Meena Stores' }]);
  return rendered;
}

/** Every value in storage: none may hold the signed-out session's token. */
const storedValues = () => Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));

describe('Logout', () => {
  it('completes at once without a network: token and data gone, the sign-out held for the server', async () => {
    stubFetch({ [`GET ${connectionProbeUrl}`]: networkError });
    act(() => reportUnreachable());
    const calls = stubFetch({});
    const { client } = signedInWithLogout();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.localStorage.getItem('sessionToken')).toBeNull());
    expect(client.getQueryData(['/api/credit-accounts/customer'])).toBeUndefined();
    expect(heldSignOut()).toBe(true);
    // Nothing a shared phone's next user could copy to go on using the session.
    expect(storedValues().some((value) => value?.includes('tok-1'))).toBe(false);
    expect(calls).toEqual([]);
    expect(screen.queryByText('Logout Failed')).not.toBeInTheDocument();
  });

  it('completes when its request finds no server, and holds the sign-out', async () => {
    stubFetch({ 'POST /api/auth/logout': networkError, [`GET ${connectionProbeUrl}`]: networkError });
    signedInWithLogout();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.localStorage.getItem('sessionToken')).toBeNull());
    expect(heldSignOut()).toBe(true);
    expect(storedValues().some((value) => value?.includes('tok-1'))).toBe(false);
    expect(screen.queryByText('Logout Failed')).not.toBeInTheDocument();
  });

  it("completes offline without 'Logout Failed' when storage refuses every write", async () => {
    stubFetch({ [`GET ${connectionProbeUrl}`]: networkError });
    act(() => reportUnreachable());
    const { client } = signedInWithLogout();
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(client.getQueryData(['/api/credit-accounts/customer'])).toBeUndefined());
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/cust'));
      expect(screen.queryByText('Logout Failed')).not.toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("shows 'Logout Failed' when the server answers with an error, and stays signed in", async () => {
    stubFetch({ 'POST /api/auth/logout': () => apiError(503, 'The database is unavailable', 'database_unavailable') });
    const { client } = signedInWithLogout();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await expectToast('Logout Failed', 'Please try again');
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-1');
    expect(client.getQueryData(['/api/credit-accounts/customer'])).toBeDefined();
    expect(heldSignOut()).toBe(false);
  });

  it('ends the session on the server when it can', async () => {
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }) });
    signedInWithLogout();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.localStorage.getItem('sessionToken')).toBeNull());
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/logout']);
    expect(heldSignOut()).toBe(false);
  });
});
