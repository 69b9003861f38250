/** The session token the server returns at sign-in, kept in local storage (docs/product.md#sessions). */
const sessionTokenKey = 'sessionToken';
/**
 * A sign-out the server has not heard of yet. Only a flag: the session cookie names the
 * session to end, so no token stays behind for the next person on a shared phone.
 */
const pendingSignOutKey = 'khata.pendingSignOut';
const heldFlag = '1';

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
  try {
    window.localStorage.setItem(sessionTokenKey, token);
  } catch {
    // Storage refused (full, or blocked): the HttpOnly cookie still carries the session.
  }
  shownToken = token;
}

/**
 * The stored session's role, as the server last said it: start-up loads that role's app
 * beside the question who is signed in (main.tsx). A hint only: the server's answer decides.
 */
const sessionRoleKey = 'khata.role';

export function storedSessionRole(): string | null {
  try {
    return getSessionToken() ? window.localStorage.getItem(sessionRoleKey) : null;
  } catch {
    return null;
  }
}

export function rememberSessionRole(role: string): void {
  try {
    window.localStorage.setItem(sessionRoleKey, role);
  } catch {
    // Storage refused: start-up waits for the server's answer, as on a first visit.
  }
}

export function clearSessionToken(): void {
  try {
    window.localStorage.removeItem(sessionRoleKey);
    window.localStorage.removeItem(sessionTokenKey);
  } catch {
    // Storage refused: there is no stored token to forget either.
  }
}

/**
 * True when the stored session is no longer the one this page shows: a sign-out (here or
 * in another tab) or another sign-in happened since. A page the browser brings back from
 * its back/forward cache then starts again rather than show the old session's screens.
 */
export const sessionChangedSinceShown = (): boolean => getSessionToken() !== shownToken;

/**
 * Keeps a sign-out made without a network until the server is told. Only that it is held:
 * the HttpOnly session cookie names the session the server must end, so a token copied
 * from storage on a shared phone cannot use the session until the server hears of it.
 * Refused storage keeps nothing; the sign-out still completes on the phone.
 */
export function holdSignOut(): void {
  try {
    window.localStorage.setItem(pendingSignOutKey, heldFlag);
  } catch {
    // Nothing to keep it in: the cookie's session ends when it expires.
  }
}

/** Where lib/offline-cache.ts keeps the session's figures for offline. */
export const offlineViewKey = 'khata.offlineView';

/**
 * Removes the figures kept for offline. Here, in the start-up's code, for a start the server
 * answers signed out: a session that ended meanwhile leaves none behind.
 */
export function forgetOfflineFigures(): void {
  try {
    window.localStorage.removeItem(offlineViewKey);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/** Whether a sign-out is held for the server. */
export function heldSignOut(): boolean {
  try {
    return window.localStorage.getItem(pendingSignOutKey) !== null;
  } catch {
    return false;
  }
}

/** The server has ended the held session. */
export function forgetHeldSignOut(): void {
  try {
    window.localStorage.removeItem(pendingSignOutKey);
  } catch {
    // Storage refused: nothing was kept.
  }
}

// A sign-out an earlier version held kept the session's token here: keep only the flag.
try {
  const held = window.localStorage.getItem(pendingSignOutKey);
  if (held !== null && held !== heldFlag) window.localStorage.setItem(pendingSignOutKey, heldFlag);
} catch {
  // Storage refused: nothing was kept.
}
