import { describe, expect, it } from 'vitest';
import { clearSessionToken, sessionChangedSinceShown, setSessionToken } from './session';

describe('the session this page shows (issue 23)', () => {
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
