import { describe, expect, it, vi } from 'vitest';
import { signOutWaitMs } from '@common/limits';
import { connectionProbeUrl, isOffline } from '@/lib/connection';
import { getSessionToken, heldSignOut, setSessionToken } from '@/lib/session';
import { apiError, json, stubFetch } from '@/test/fetch-stub';
import { errorStatus } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { offlineViewOfStoredSession, saveOfflineView, sessionMark } from '@/lib/offline-cache';
import { forgetSession, signOut } from './log-out';

const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

/** Nothing in storage names the session: no value holds its token. */
const storedValues = () => Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));

describe('signOut', () => {
  it('ends the session on the server, holding nothing', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }) });
    await expect(signOut()).resolves.toBeUndefined();
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(heldSignOut()).toBe(false);
  });

  it('holds a sign-out whose request found no server', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    stubFetch({ 'POST /api/auth/logout': networkError, [`GET ${connectionProbeUrl}`]: networkError });
    await expect(signOut()).resolves.toBeUndefined();
    expect(isOffline()).toBe(true);
    expect(heldSignOut()).toBe(true);
    // Only that it is held: the cookie names the session (useLogOut then forgets the token).
    window.localStorage.removeItem('sessionToken');
    expect(storedValues().some((value) => value?.includes('tok-1'))).toBe(false);
  });

  it('completes offline even when storage refuses to keep the held sign-out', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    stubFetch({ 'POST /api/auth/logout': networkError, [`GET ${connectionProbeUrl}`]: networkError });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await expect(signOut()).resolves.toBeUndefined();
    } finally {
      setItem.mockRestore();
    }
  });

  it('holds the sign-out when the network says it is up but no answer comes in time', { timeout: 15_000 }, async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    // A request that never answers, ended only by its signal.
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit = {}) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    })));
    // AbortSignal.timeout runs on the real clock: this test waits signOutWaitMs.
    const startedAt = Date.now();
    await expect(signOut()).resolves.toBeUndefined();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(signOutWaitMs - 50);
    expect(heldSignOut()).toBe(true);
  });

  it('holds a sign-out a proxy answered for a server it could not reach', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    stubFetch({
      'POST /api/auth/logout': () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      [`GET ${connectionProbeUrl}`]: networkError,
    });
    await expect(signOut()).resolves.toBeUndefined();
    expect(heldSignOut()).toBe(true);
  });

  it('rejects, holding nothing, when the server answers with an error', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    stubFetch({ 'POST /api/auth/logout': () => apiError(500, 'Internal error', 'internal') });
    const error = await signOut().catch((e: unknown) => e);
    expect(errorStatus(error)).toBe(500);
    expect(heldSignOut()).toBe(false);
  });

  it('counts a 401 as done: the session had ended already', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    stubFetch({ 'POST /api/auth/logout': () => apiError(401, 'Not signed in', 'not_signed_in') });
    await expect(signOut()).resolves.toBeUndefined();
    expect(heldSignOut()).toBe(false);
  });
});

describe('forgetSession', () => {
  it('leaves nothing of the session: its token, its cache and the figures kept for offline', async () => {
    setSessionToken('tok-1');
    saveOfflineView({
      kind: 'customer', userId: 'u1', name: 'Asha Rao', session: sessionMark('tok-1'),
      accounts: { readAt: new Date().toISOString(), items: [] },
    });
    expect(offlineViewOfStoredSession()).not.toBeNull();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/credit-accounts/customer'], { creditAccounts: [] });
    await forgetSession(queryClient);
    expect(getSessionToken()).toBeNull();
    expect(window.localStorage.getItem('khata.offlineView')).toBeNull();
    expect(queryClient.getQueryData(['/api/credit-accounts/customer'])).toBeUndefined();
  });
});
