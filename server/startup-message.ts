/**
 * What `npm start` prints once it listens: where the server runs, then the three addresses
 * people open (customers, shops, admins), so nobody has to guess /merchant or /admin.
 */

interface StartupPlace {
  port: number;
  /** The database in a few words: "PostgreSQL", "embedded PGlite in ./data". */
  where: string;
  /** PUBLIC_URL when set: the address people open, which may not be this machine's. */
  publicUrl?: string;
}

export function startupLines({ port, where, publicUrl }: StartupPlace): string[] {
  const local = `http://localhost:${port}`;
  const base = publicUrl ?? local;
  return [
    `Khata is running on ${local} (${where})`,
    `  Customers sign in at ${base}/cust`,
    `  Shops sign in or register at ${base}/merchant`,
    `  Admins sign in at ${base}/admin`,
  ];
}
