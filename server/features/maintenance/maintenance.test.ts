import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, newPhone, paymentSetup, registerCustomer, type TestContext } from '../../test/context';
import { addDays, indiaDay, indiaDayStart } from '../../india-days';

// Each test has a database of its own, so every count below is exact.
let ctx: TestContext;
afterEach(async () => { await ctx.close(); });

const count = async (table: string) =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('purging expired rows', () => {
  it('removes expired sessions, OTPs, proofs and idempotency keys, and keeps live ones', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    // A merchant (registered, approved by an admin who signs in) and a customer: 3
    // sessions, 2 OTP codes and 2 proofs; one payment with a key; one OTP never verified.
    const { generate, pay } = await paymentSetup(ctx);
    await pay((await generate()).qrData, { amount: '1', key: 'purge-test-key' });
    await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: newPhone(), purpose: 'registration' } });
    expect(await count('sessions')).toBe(3);
    expect(await count('otp_codes')).toBe(3);
    expect(await count('otp_proofs')).toBe(2);
    expect(await count('idempotency_keys')).toBe(1);

    ctx.clock.advance(31 * 24 * 3600);
    // Made now: 1 session, 1 OTP code and 1 (consumed, unexpired) proof that must stay.
    const live = await registerCustomer(ctx);
    const purged = await maintenance.purgeExpired();

    // Sign-ins that succeed leave no PIN counter, so there is none to purge here.
    expect(purged).toEqual({
      sessions: 3, otpCodes: 3, otpProofs: 2, idempotencyKeys: 1, pinCounters: 0, trustedDevices: 0, reminders: 0, declinedClaims: 0,
      smsMessages: 0, reminderLinks: 0, reminderBatches: 0, shopAudit: 0,
    });
    expect(await count('sessions')).toBe(1);
    expect(await count('otp_codes')).toBe(1);
    expect(await count('otp_proofs')).toBe(1);
    expect(await count('idempotency_keys')).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(live.token) })).statusCode).toBe(200);

    // A second run finds nothing more.
    expect(await maintenance.purgeExpired()).toEqual({
      sessions: 0, otpCodes: 0, otpProofs: 0, idempotencyKeys: 0, pinCounters: 0, trustedDevices: 0, reminders: 0, declinedClaims: 0,
      smsMessages: 0, reminderLinks: 0, reminderBatches: 0, shopAudit: 0,
    });
  });

  it('removes PIN counters not locked and untouched for 30 days whatever their failures, idle clean ones after a day, and keeps locked and recent ones', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const now = ctx.clock();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const ahead = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    const day = 24 * 3600;
    const rows: [key: string, failures: number, lockCount: number, lockedUntil: string | null, updatedAt: string][] = [
      // Must go:
      ['customer:+919000000001', 4, 0, null, ago(31 * day)], // made-up phone, failures, 31 days idle
      ['business:nobody@example.com', 0, 3, ago(30 * day), ago(31 * day)], // locked thrice, lock long over
      ['admin:ghost@example.com', 2, 1, ago(31 * day - 900), ago(31 * day)], // failures after a lock, lock over
      ['customer:+919000000002', 0, 0, null, ago(2 * day)], // clean counter idle 2 days
      // Must stay:
      ['customer:+919000000003', 5, 1, ahead(3600), ago(31 * day)], // still locked
      ['customer:+919000000004', 4, 0, null, ago(29 * day)], // failures, touched 29 days ago
      ['customer:+919000000005', 0, 2, null, ago(2 * day)], // clean now but locked before, 2 days
      ['customer:+919000000006', 0, 0, null, ago(3600)], // clean, touched an hour ago
    ];
    for (const [key, failures, lockCount, lockedUntil, updatedAt] of rows) {
      await ctx.database.db.execute(sql`
        insert into pin_attempts (key, failures, lock_count, locked_until, updated_at)
        values (${key}, ${failures}, ${lockCount}, ${lockedUntil}, ${updatedAt})`);
    }

    const purged = await maintenance.purgeExpired();

    expect(purged.pinCounters).toBe(4);
    const left = rowsOf<{ key: string }>(await ctx.database.db.execute(sql`select key from pin_attempts order by key`));
    expect(left.map((row) => row.key)).toEqual([
      'customer:+919000000003', 'customer:+919000000004', 'customer:+919000000005', 'customer:+919000000006',
    ]);
    expect((await maintenance.purgeExpired()).pinCounters).toBe(0);
  });

  it('forgets devices a year after the account last proved itself on them, and keeps the others', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const old = await registerCustomer(ctx);
    const provedAgain = await registerCustomer(ctx);
    ctx.clock.advance(200 * 24 * 3600);
    // Signing in on a trusted device proves the account there again: a year from now.
    const signIn = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', cookies: { device: provedAgain.deviceToken },
      payload: { phoneNumber: provedAgain.phoneNumber, pin: provedAgain.pin },
    });
    expect(signIn.statusCode).toBe(200);
    ctx.clock.advance(166 * 24 * 3600);
    expect(await count('trusted_devices')).toBe(2);

    expect((await maintenance.purgeExpired()).trustedDevices).toBe(1);
    const left = rowsOf<{ user_id: string }>(await ctx.database.db.execute(sql`select user_id from trusted_devices`));
    expect(left.map((row) => row.user_id)).toEqual([provedAgain.userId]);
    expect(old.userId).not.toBe(provedAgain.userId);
  });
});

describe('purging reminders and declined claims', () => {
  it('removes reminders sent more than 90 days ago, and keeps the others', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const { shop, accountId } = await paymentSetup(ctx);
    const now = ctx.clock();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const day = 24 * 3600;
    const rows: [id: string, sentAt: string][] = [
      // Must go:
      ['00000000-0000-4000-8000-000000000001', ago(400 * day)],
      ['00000000-0000-4000-8000-000000000002', ago(90 * day + 1)],
      // Must stay:
      ['00000000-0000-4000-8000-000000000003', ago(90 * day - 60)],
      ['00000000-0000-4000-8000-000000000004', ago(3 * day)],
      ['00000000-0000-4000-8000-000000000005', ago(0)],
    ];
    for (const [id, sentAt] of rows) {
      await ctx.database.db.execute(sql`
        insert into reminders (id, credit_account_id, business_id, channel, sent_at)
        values (${id}, ${accountId}, ${shop.businessId}, 'sms', ${sentAt})`);
    }

    expect((await maintenance.purgeExpired()).reminders).toBe(2);
    const left = rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id::text as id from reminders order by id`));
    expect(left.map((row) => row.id)).toEqual(rows.slice(2).map(([id]) => id));
    expect((await maintenance.purgeExpired()).reminders).toBe(0);
  });

  it('removes claims declined more than 90 days ago, and keeps newer declined, every pending and every confirmed claim', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx);
    expect((await pay((await generate()).qrData, { amount: '10' })).statusCode).toBe(201);
    const [{ id: transactionId }] = rowsOf<{ id: string }>(await ctx.database.db.execute(
      sql`select id::text as id from transactions where credit_account_id = ${accountId}`,
    )) as [{ id: string }];
    const now = ctx.clock();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const day = 24 * 3600;
    type Row = [id: string, status: 'pending' | 'confirmed' | 'declined', createdAt: string, decidedAt: string | null, reference: string];
    const rows: Row[] = [
      // Must go: declined more than 90 days ago.
      ['00000000-0000-4000-8000-000000000001', 'declined', ago(400 * day), ago(399 * day), '100000000001'],
      ['00000000-0000-4000-8000-000000000002', 'declined', ago(91 * day), ago(90 * day + 1), '100000000002'],
      // Must stay: declined within 90 days (the age counts from the decision, not the claim).
      ['00000000-0000-4000-8000-000000000003', 'declined', ago(200 * day), ago(90 * day - 60), '100000000003'],
      ['00000000-0000-4000-8000-000000000004', 'declined', ago(2 * day), ago(day), '100000000004'],
      // Must stay: a pending claim of any age still waits for the merchant.
      ['00000000-0000-4000-8000-000000000005', 'pending', ago(400 * day), null, '100000000005'],
      // Must stay: a confirmed claim of any age; its reference stops a second credit.
      ['00000000-0000-4000-8000-000000000006', 'confirmed', ago(400 * day), ago(399 * day), '100000000006'],
    ];
    for (const [id, status, createdAt, decidedAt, reference] of rows) {
      const confirmed = status === 'confirmed';
      await ctx.database.db.execute(sql`
        insert into repayment_claims (id, credit_account_id, business_id, customer_id, amount_paise, upi_reference, status,
          confirmed_amount_paise, decline_reason, transaction_id, created_at, decided_at)
        values (${id}, ${accountId}, ${shop.businessId}, ${customer.userId}, 1000, ${reference}, ${status},
          ${confirmed ? 1000 : null}, ${status === 'declined' ? 'No such payment' : null}, ${confirmed ? transactionId : null},
          ${createdAt}, ${decidedAt})`);
    }

    expect((await maintenance.purgeExpired()).declinedClaims).toBe(2);
    const left = rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id::text as id from repayment_claims order by id`));
    expect(left.map((row) => row.id)).toEqual(rows.slice(2).map(([id]) => id));
    expect((await maintenance.purgeExpired()).declinedClaims).toBe(0);
  });
});

describe('caching the overdue amounts of a new day', () => {
  it('recomputes, batch after batch, every figure due before today that is not for today, and nothing else', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const cache = async () => rowsOf<{ owed: number; overdue: number; on: string | null }>(await ctx.database.db.execute(sql`
      select owed_paise::int as owed, overdue_paise::int as overdue, overdue_on::text as "on" from credit_accounts order by owed_paise`));
    // Five accounts owing ₹1 to ₹5 and their fees, due in 30 days, and one that owes nothing.
    for (let rupees = 1; rupees <= 5; rupees++) {
      const { generate, pay } = await paymentSetup(ctx);
      expect((await pay((await generate()).qrData, { amount: String(rupees) })).statusCode).toBe(201);
    }
    await paymentSetup(ctx);
    const today = indiaDay(ctx.clock());
    const dueDay = addDays(today, 30);
    expect(await maintenance.refreshOverdue(2)).toBe(0); // nothing is due before today yet
    expect((await cache()).every((row) => row.on === null && row.overdue === 0)).toBe(true);

    ctx.clock.set(indiaDayStart(dueDay)); // the first minute of the payments' due day: not overdue yet
    expect(await maintenance.refreshOverdue(2)).toBe(0);
    ctx.clock.set(indiaDayStart(addDays(dueDay, 1)));
    expect(await maintenance.refreshOverdue(2)).toBe(5);
    const owedRows = (await cache()).filter((row) => row.owed > 0);
    expect(owedRows).toHaveLength(5);
    expect(owedRows.every((row) => row.overdue === row.owed && row.on === addDays(dueDay, 1))).toBe(true);
    expect((await cache()).filter((row) => row.owed === 0)).toEqual([{ owed: 0, overdue: 0, on: null }]);
    expect(await maintenance.refreshOverdue(2)).toBe(0);

    // The next day, every figure is stale again and recomputed for it.
    ctx.clock.advance(24 * 3600);
    expect(await maintenance.refreshOverdue()).toBe(5);
    expect((await cache()).filter((row) => row.owed > 0).every((row) => row.on === addDays(dueDay, 2))).toBe(true);
  });
});

describe('purging SMS records, reminder links and batches', () => {
  it('removes SMS older than 90 days, expired links and old batches once their SMS are gone, and keeps the rest', async () => {
    ctx = await createTestContext();
    const maintenance = ctx.app.services.maintenance;
    const { shop, customer, accountId } = await paymentSetup(ctx);
    // The sign-ups above sent OTPs: recorded now, so they stay.
    const otpsNow = await count('sms_messages');
    expect(otpsNow).toBeGreaterThan(0);
    const now = ctx.clock();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const day = 24 * 3600;
    const oldBatch = '00000000-0000-4000-8000-0000000000b1';
    const oldBatchKept = '00000000-0000-4000-8000-0000000000b2';
    const newBatch = '00000000-0000-4000-8000-0000000000b3';
    for (const [id, createdAt] of [[oldBatch, ago(100 * day)], [oldBatchKept, ago(100 * day)], [newBatch, ago(day)]] as const) {
      await ctx.database.db.execute(sql`
        insert into reminder_batches (id, business_id, created_at) values (${id}, ${shop.businessId}, ${createdAt})`);
    }
    const sms: [id: string, purpose: 'otp' | 'reminder', createdAt: string, batchId: string | null][] = [
      // Must go:
      ['00000000-0000-4000-8000-000000000001', 'otp', ago(91 * day), null],
      ['00000000-0000-4000-8000-000000000002', 'reminder', ago(90 * day + 1), oldBatch],
      // Must stay:
      ['00000000-0000-4000-8000-000000000003', 'reminder', ago(90 * day - 60), oldBatchKept],
      ['00000000-0000-4000-8000-000000000004', 'otp', ago(0), null],
    ];
    for (const [id, purpose, createdAt, batchId] of sms) {
      const reminder = purpose === 'reminder';
      await ctx.database.db.execute(sql`
        insert into sms_messages (id, purpose, business_id, credit_account_id, batch_id, kind, dedupe_key, to_phone, language,
          template, status, attempts, created_at, updated_at)
        values (${id}, ${purpose}, ${reminder ? shop.businessId : null}, ${reminder ? accountId : null}, ${batchId},
          ${reminder ? 'bulk' : null}, ${reminder ? `bulk:${id}` : null}, ${customer.phoneNumber}, 'en', ${purpose}, 'sent', 1,
          ${createdAt}, ${createdAt})`);
    }
    const links: [code: string, expiresAt: string][] = [
      ['Expired001', ago(1)],
      ['Live000001', ago(-60)],
    ];
    for (const [code, expiresAt] of links) {
      await ctx.database.db.execute(sql`
        insert into reminder_links (code, credit_account_id, customer_id, business_id, created_at, expires_at)
        values (${code}, ${accountId}, ${customer.userId}, ${shop.businessId}, ${ago(30 * day)}, ${expiresAt})`);
    }

    const purged = await maintenance.purgeExpired();
    expect({ sms: purged.smsMessages, links: purged.reminderLinks, batches: purged.reminderBatches })
      .toEqual({ sms: 2, links: 1, batches: 1 });
    expect(await count('sms_messages')).toBe(otpsNow + 2);
    const batches = rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id::text as id from reminder_batches order by id`));
    expect(batches.map((row) => row.id)).toEqual([oldBatchKept, newBatch]);
    const codes = rowsOf<{ code: string }>(await ctx.database.db.execute(sql`select code from reminder_links`));
    expect(codes.map((row) => row.code)).toEqual(['Live000001']);

    const again = await maintenance.purgeExpired();
    expect([again.smsMessages, again.reminderLinks, again.reminderBatches]).toEqual([0, 0, 0]);
  });
});
