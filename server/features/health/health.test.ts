/**
 * Readiness apart from liveness (docs/operations.md#health): GET /api/health is 200 only with the
 * database answering, every migration of this build applied and live updates listening; the process
 * stays live whatever the database does. The database's absence is covered in
 * server/database-unavailable.test.ts and server/database-lost.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

describe('health', () => {
  it('is ready with the database, its migrations and live updates', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', listen: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual(response.json());
  });

  it('is not ready, but live, on a database that lacks the newest migration', async () => {
    const [newest] = (await ctx.database.db.execute(sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning hash, created_at`) as unknown as { rows: { hash: string; created_at: number }[] }).rows;
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'pending', listen: 'ok' });
      expect(response.headers['retry-after']).toBe('5');
      const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await ctx.database.db.execute(sql`
        insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
