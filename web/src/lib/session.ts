/** The session token the server returns at sign-in, kept in local storage (spec §3). */
const sessionTokenKey = 'sessionToken';
/** A sign-out the server has not heard of yet (issue 23): the session it must end. */
const pendingSignOutKey = 'khata.pendingSignOut';

export function getSessionToken(): string | null {
  try {
    return window.localStorage.getItem(sessionTokenKey);
  } catch {
    return null;
  }
}

/**
 * The session this page's screens were drawn for: the stored one when it loaded, or the
 * one it signed in to since. Clearing the token does not change it, since the page still
 * shows that session until it leaves for the login.
 */
let shownToken = getSessionToken();

export function setSessionToken(token: string): void {
  window.localStorage.setItem(sessionTokenKey, token);
  shownToken = token;
}

export function clearSessionToken(): void {
  window.localStorage.removeItem(sessionTokenKey);
}

/**
 * True when the stored session is no longer the one this page shows: a sign-out (here or
 * in another tab) or another sign-in happened since. A page the browser brings back from
 * its back/forward cache then starts again rather than show the old session's screens.
 */
export const sessionChangedSinceShown = (): boolean => getSessionToken() !== shownToken;

/**
 * Keeps a sign-out made without a network until the server is told: `token` is the
 * session's (the cookie is HttpOnly, so the server must end it); '' means the cookie's own
 * session, for one signed in without a stored token.
 */
export function holdSignOut(token: string | null): void {
  window.localStorage.setItem(pendingSignOutKey, token ?? '');
}

/** The held sign-out's token ('' for the cookie's session), or null when none is held. */
export function heldSignOut(): string | null {
  try {
    return window.localStorage.getItem(pendingSignOutKey);
  } catch {
    return null;
  }
}

/** The server has ended the held session. */
export function forgetHeldSignOut(): void {
  window.localStorage.removeItem(pendingSignOutKey);
}
