/**
 * libpq's multi-host DATABASE_URL: parsed into hosts and the session asked for; on
 * PostgreSQL, a pool given a dead host first and the live server second connects to the
 * live one, and refuses a standby when read-write is asked (the failover test in
 * resilience/ promotes a real one).
 */
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from './client';
import { DatabaseUrlError, parseDatabaseUrl } from './postgres-hosts';
import { testServerUrl } from '../test/database-url';

describe('parseDatabaseUrl', () => {
  it('splits libpq\'s host list and target_session_attrs', () => {
    expect(parseDatabaseUrl('postgres://khata:secret@db1:5432,db2:5433/khata?target_session_attrs=read-write&sslmode=require')).toEqual({
      connectionString: 'postgres://khata:secret@db1:5432/khata?sslmode=require',
      hosts: [{ host: 'db1', port: 5432 }, { host: 'db2', port: 5433 }],
      sessionAttrs: 'read-write',
    });
  });

  it('takes 5432 for a host without a port, brackets for IPv6, and primary as read-write', () => {
    expect(parseDatabaseUrl('postgresql://db1,[::1]:6432/khata?target_session_attrs=primary')).toEqual({
      connectionString: 'postgresql://db1:5432/khata',
      hosts: [{ host: 'db1', port: 5432 }, { host: '::1', port: 6432 }],
      sessionAttrs: 'read-write',
    });
  });

  it('leaves a one-host URL as it is', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(parseDatabaseUrl(url)).toEqual({ connectionString: url, hosts: [{ host: '127.0.0.1', port: 5432 }], sessionAttrs: 'any' });
  });

  it.each(['read-only', 'standby', 'prefer-standby'])('refuses target_session_attrs=%s, which a writing app cannot use', (attrs) => {
    expect(() => parseDatabaseUrl(`postgres://a,b/khata?target_session_attrs=${attrs}`)).toThrow(DatabaseUrlError);
  });

  it('refuses an invalid port', () => {
    expect(() => parseDatabaseUrl('postgres://a:5432,b:99999/khata')).toThrow('DATABASE_URL has an invalid port in "b:99999"');
  });
});

const serverUrl = testServerUrl();

describe.skipIf(!serverUrl)('a pool on several hosts', () => {
  it('skips a host that refuses connections and uses the primary after it', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port: deadPort } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const live = new URL(serverUrl!);
    const url = `postgres://${live.username}@127.0.0.1:${deadPort},${live.hostname}:${live.port || 5432}${live.pathname}?target_session_attrs=read-write`;
    const database = openPostgres({ connectionString: url, poolSize: 2 });
    try {
      const [row] = rowsOf<{ port: number }>(await database.db.execute(sql`select current_setting('port')::int as port`));
      expect(row!.port).toBe(Number(live.port || 5432));
    } finally {
      await database.close();
    }
  });
});
