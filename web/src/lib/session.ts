/** The session token the server returns at sign-in, kept in local storage (spec §3). */
const sessionTokenKey = 'sessionToken';

export function getSessionToken(): string | null {
  try {
    return window.localStorage.getItem(sessionTokenKey);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string): void {
  window.localStorage.setItem(sessionTokenKey, token);
}

export function clearSessionToken(): void {
  window.localStorage.removeItem(sessionTokenKey);
}
