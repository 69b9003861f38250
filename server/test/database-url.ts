/** Where the PostgreSQL test server is, if the run uses one. */

export const testServerUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The server's maintenance database, for CREATE/DROP DATABASE. */
export const adminUrl = (serverUrl: string): string => serverUrl;
