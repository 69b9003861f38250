import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, newPhone, paymentSetup, registerCustomer, type TestContext } from '../../test/context';
import { createMaintenanceService } from './maintenance.service';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const count = async (table: string) =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('purging expired rows', () => {
  it('removes expired sessions, OTPs, proofs, idempotency keys and idle PIN counters, and keeps live ones', async () => {
    const maintenance = createMaintenanceService({ db: ctx.database.db, clock: ctx.clock });
    const { generate, pay } = await paymentSetup(ctx);
    await pay((await generate()).qrData, { amount: '1', key: 'purge-test-key' });
    await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: newPhone(), purpose: 'registration' } });
    expect(await count('idempotency_keys')).toBe(1);
    expect(await count('otp_codes')).toBeGreaterThan(0);

    ctx.clock.advance(31 * 24 * 3600);
    const live = await registerCustomer(ctx);
    const purged = await maintenance.purgeExpired();

    expect(purged.sessions).toBeGreaterThan(0);
    expect(purged.idempotencyKeys).toBe(1);
    expect(purged.otpCodes).toBeGreaterThan(0);
    expect(purged.otpProofs).toBeGreaterThan(0);
    expect(await count('idempotency_keys')).toBe(0);
    expect(await count('otp_proofs')).toBe(1); // the live customer's, consumed but not yet expired
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(live.token) })).statusCode).toBe(200);
    expect(await count('sessions')).toBe(1);
  });
});
