import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, rowsOf, type Database } from './client';
import { openTestDatabase } from '../test/database';

describe('database client', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(); });
  afterAll(async () => { await database.close(); });

  it('returns BIGINT as a JS number and NUMERIC as a string, on either engine', async () => {
    const result = await database.db.execute(sql`
      select 9007199254740991::bigint as big, 1250::bigint as paise, 12.50::numeric as rate, 3::int as small`);
    const [row] = rowsOf<Record<string, unknown>>(result);
    expect(row).toEqual({ big: 9_007_199_254_740_991, paise: 1250, rate: '12.50', small: 3 });
  });

  it('refuses a BIGINT that a JS number cannot hold exactly', async () => {
    await expect(database.db.execute(sql`select 9007199254740993::bigint as big`)).rejects.toThrow();
  });

  it('retries a transaction that fails with a serialization error', async () => {
    let attempts = 0;
    const result = await inTransaction(database.db, async (tx) => {
      attempts += 1;
      if (attempts < 3) {
        await tx.execute(sql`do $$ begin raise exception using errcode = '40001'; end $$`);
      }
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(attempts).toBe(3);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(inTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`select 1/0`);
    })).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
