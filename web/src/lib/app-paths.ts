/** The paths that show the signed-in user's own app: its home (app/app.tsx routes them). */
export const appPaths: ReadonlySet<string> = new Set(['/', '/dashboard', '/cust', '/merchant', '/admin']);
