/**
 * Who registered in this visit of the app, so the screen they land on greets them as new
 * ("Welcome, Asha") rather than as returning ("Welcome back"). Kept in memory only: after a
 * reload (signing out reloads the page) they are returning.
 */
let registeredUserId: string | null = null;

/** Called by the register calls once the server has made the account. */
export function rememberNewAccount(userId: string): void {
  registeredUserId = userId;
}

/** Whether `userId` registered in this visit. */
export const isNewAccount = (userId: string): boolean => registeredUserId === userId;
