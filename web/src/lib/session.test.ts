import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionToken, forgetHeldSignOut, heldSignOut, holdSignOut, sessionChangedSinceShown, setSessionToken,
} from './session';

const pendingSignOutKey = 'khata.pendingSignOut';

describe('the session this page shows', () => {
  it('changes with a sign-out, here or in another tab, and with a sign-in elsewhere, not with its own sign-in', () => {
    setSessionToken('tok-1');
    expect(sessionChangedSinceShown()).toBe(false);
    // Logout forgets the token before the page leaves: the page still shows tok-1's screens.
    clearSessionToken();
    expect(sessionChangedSinceShown()).toBe(true);
    setSessionToken('tok-2');
    expect(sessionChangedSinceShown()).toBe(false);
    // Another tab signed in as someone else.
    window.localStorage.setItem('sessionToken', 'tok-3');
    expect(sessionChangedSinceShown()).toBe(true);
  });
});

describe('a held sign-out', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps no token: a shared phone\'s next user finds nothing of the session in storage', () => {
    setSessionToken('tok-1');
    holdSignOut();
    clearSessionToken();
    expect(heldSignOut()).toBe(true);
    const stored = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));
    expect(stored.some((value) => value?.includes('tok-1'))).toBe(false);
    forgetHeldSignOut();
    expect(heldSignOut()).toBe(false);
  });

  it('replaces a token an earlier version held with the flag when the app loads', async () => {
    window.localStorage.setItem(pendingSignOutKey, 'tok-old');
    vi.resetModules();
    const reloaded = await import('./session');
    expect(window.localStorage.getItem(pendingSignOutKey)).not.toContain('tok-old');
    expect(reloaded.heldSignOut()).toBe(true);
  });

  it('never throws when storage refuses a write, so an offline sign-out still completes', () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    expect(() => setSessionToken('tok-1')).not.toThrow();
    expect(() => holdSignOut()).not.toThrow();
    expect(() => clearSessionToken()).not.toThrow();
    expect(() => forgetHeldSignOut()).not.toThrow();
    expect(heldSignOut()).toBe(false);
  });
});
