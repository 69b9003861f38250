/**
 * The owner's audit log through the API: the shop's ledger rows that name their person and
 * its own rows in one list, newest first; its filters (India days, a person, an action), its
 * pages, its CSV file with the spreadsheet-formula protection, who may read it, and the purge
 * of what is older than it keeps.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRetentionDays } from '@common/limits';
import { rowsOf } from '../../db/client';
import { addDays, indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import {
  approvedBusiness, bearer, createTestContext, inviteStaff, newPhone, paymentHandleOf, registerCustomer, type TestContext,
} from '../../test/context';
import { recordingSmsProvider } from '../../test/sms-recorder';

const start = new Date('2026-11-22T10:00:00.000Z');
const daySeconds = 24 * 3600;
// Sessions outlive the two years the retention test moves the clock through.
const longSessions = { sessionIdleTtlSeconds: 800 * daySeconds, sessionAbsoluteTtlSeconds: 800 * daySeconds };

/** Every SMS handed to the vendor: a charge's code is read from it. */
const { handed, provider: recorder } = recordingSmsProvider();

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: longSessions, sms: recorder }); });
afterAll(async () => { await ctx.close(); });
beforeEach(() => { ctx.clock.set(start); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Entry {
  id: string; createdAt: string; by: { memberId: string; name: string; role: string }; action: string; subject: string | null;
  amount: string | null; details: Record<string, string>;
}

async function page(token: string, query = ''): Promise<{ entries: Entry[]; nextCursor: string | null }> {
  const response = await get(`/api/business/audit${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * An approved shop whose customer, named like a formula, owes ₹400 from a payment of their
 * own; a cashier who joined a second later. Each later step is a second apart.
 */
async function shopWithCashier(customerName = '=cmd') {
  const shop = await approvedBusiness(ctx);
  const customer = await registerCustomer(ctx, { name: customerName });
  const opened = await post('/api/business/create-credit-account', shop.token, {
    paymentHandle: await paymentHandleOf(ctx, customer.token), creditLimit: '1000',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const accountId = opened.json().creditAccount.id as string;
  const code = await post('/api/qr/generate', shop.token, {});
  const paid = await ctx.app.inject({
    method: 'POST', url: '/api/payments/process', headers: bearer(customer.token),
    payload: { qrData: code.json().qrData, pin: customer.pin, amount: '400' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  ctx.clock.advance(1);
  // A number given: the person's OTP comes 31 s after the invitation, so the two lines do not tie.
  const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: '+Ravi', phoneNumber: newPhone() });
  ctx.clock.advance(1);
  const owner = (await get('/api/auth/me', shop.token)).json().shop as { memberId: string };
  const repay = async (token: string, amount: string) => {
    const response = await post(`/api/business/credit-accounts/${accountId}/repayment`, token, { amount });
    expect(response.statusCode, response.body).toBe(201);
    ctx.clock.advance(1);
    return response.json().transaction.id as string;
  };
  return { shop, customer, cashier, ownerMemberId: owner.memberId, accountId, paymentId: paid.json().transaction.id as string, repay };
}

describe('the audit log', () => {
  it('lists the people\'s ledger rows and the shop\'s own rows newest first, each with its person and their role then', async () => {
    const { shop, customer, cashier, ownerMemberId, accountId, paymentId, repay } = await shopWithCashier();
    const repayment = await repay(cashier.token, '150');
    await repay(shop.token, '50.25');
    const refunded = await post(`/api/business/transactions/${paymentId}/refund`, shop.token, { amount: '25', reason: 'Damaged rice', pin: shop.pin });
    expect(refunded.statusCode, refunded.body).toBe(201);
    ctx.clock.advance(1);
    const reversed = await post(`/api/business/transactions/${repayment}/reversal`, shop.token, { reason: 'Counted twice', pin: shop.pin });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const { entries, nextCursor } = await page(shop.token);
    expect(nextCursor).toBeNull();
    const owner = { memberId: ownerMemberId, name: 'Ravi Kumar', role: 'owner' };
    const byCashier = { memberId: cashier.memberId, name: '+Ravi', role: 'cashier' };
    // The customer's own payment names no person: it is not in the log.
    expect(entries.slice(0, 6).map(({ id: _id, createdAt: _at, ...entry }) => entry)).toEqual([
      { by: owner, action: 'reversal', subject: '=cmd', amount: '150.00', details: { reason: 'Counted twice' } },
      { by: owner, action: 'refund', subject: '=cmd', amount: '25.00', details: { reason: 'Damaged rice' } },
      { by: owner, action: 'repayment', subject: '=cmd', amount: '50.25', details: {} },
      { by: byCashier, action: 'repayment', subject: '=cmd', amount: '150.00', details: {} },
      { by: byCashier, action: 'staff_joined', subject: '+Ravi', amount: null, details: { role: 'cashier' } },
      { by: owner, action: 'staff_invited', subject: '+Ravi', amount: null, details: expect.objectContaining({ role: 'cashier' }) },
    ]);
    // Before those, only what the owner did to open the account and take the payment.
    expect(entries.slice(6).filter((entry) => entry.by.memberId !== ownerMemberId
      || !['credit_account_opened', 'payment_code_created'].includes(entry.action))).toEqual([]);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // A UPI repayment the owner confirmed is a repayment of theirs, not cash: their limits do not count it.
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${shop.businessId}`);
    ctx.clock.advance(1);
    const claim = await post(`/api/credit-accounts/${accountId}/repayment-claims`, customer.token, { amount: '20', upiReference: '123456789012' });
    expect(claim.statusCode, claim.body).toBe(201);
    const confirmed = await post(`/api/business/repayment-claims/${claim.json().claim.id}/confirm`, shop.token, {});
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const upi = (await page(shop.token, '?action=repayment&limit=1')).entries[0]!;
    expect([upi.by.memberId, upi.amount, upi.details]).toEqual([ownerMemberId, '20.00', { upiReference: '123456789012' }]);

    // The owner's Staff screen says what each moved today: cash repayments, refunds and reversals.
    const usedToday = async () => ((await get('/api/business/staff', shop.token)).json().members as { name: string; usedToday: string }[])
      .map((member) => [member.name, member.usedToday]);
    expect(await usedToday()).toEqual([['Ravi Kumar', '225.25'], ['+Ravi', '150.00']]);

    // A role changed later: each line keeps the role the person had when they acted.
    ctx.clock.advance(1);
    expect((await post(`/api/business/staff/${cashier.memberId}`, shop.token, { role: 'owner' })).statusCode).toBe(200);
    const after = await page(shop.token, `?memberId=${cashier.memberId}&action=repayment`);
    expect(after.entries.map((entry) => [entry.by.role, entry.amount])).toEqual([['cashier', '150.00']]);
    ctx.clock.advance(daySeconds);
    expect(await usedToday()).toEqual([['Ravi Kumar', '0.00'], ['+Ravi', '0.00']]);
  });

  it('filters by person, by action and by India days (both included), and pages with a cursor', async () => {
    const { shop, customer, cashier, ownerMemberId, accountId, repay } = await shopWithCashier();
    const firstDay = indiaDay(ctx.clock());
    await repay(cashier.token, '10');
    ctx.clock.advance(daySeconds);
    const secondDay = indiaDay(ctx.clock());
    await repay(cashier.token, '20');
    await repay(shop.token, '30');
    ctx.clock.advance(daySeconds);
    await repay(cashier.token, '40');

    const amounts = (entries: Entry[]) => entries.map((entry) => entry.amount);
    expect(amounts((await page(shop.token, `?memberId=${cashier.memberId}&action=repayment`)).entries))
      .toEqual(['40.00', '20.00', '10.00']);
    expect(amounts((await page(shop.token, `?memberId=${ownerMemberId}&action=repayment`)).entries)).toEqual(['30.00']);
    expect((await page(shop.token, '?action=staff_joined')).entries.map((entry) => entry.by.memberId)).toEqual([cashier.memberId]);
    expect((await page(shop.token, '?action=charge')).entries).toEqual([]);
    // A charge the cashier started and the customer approved by SMS code is the cashier's.
    expect((await post('/api/customer/sms-approval', customer.token, { enabled: true })).statusCode).toBe(200);
    const charge = await post(`/api/business/credit-accounts/${accountId}/charges`, cashier.token, { amount: '60' });
    expect(charge.statusCode, charge.body).toBe(201);
    const code = handed.filter((message) => message.template === 'charge' && message.to === customer.phoneNumber).at(-1)!.variables.otp!;
    const confirmed = await post(`/api/business/charges/${charge.json().charge.id}/confirm`, cashier.token, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    ctx.clock.advance(1);
    expect((await page(shop.token, '?action=charge')).entries.map((entry) => [entry.by.memberId, entry.subject, entry.amount]))
      .toEqual([[cashier.memberId, '=cmd', '60.00']]);
    expect(amounts((await page(shop.token, `?from=${secondDay}&to=${secondDay}&action=repayment`)).entries)).toEqual(['30.00', '20.00']);
    expect(amounts((await page(shop.token, `?to=${firstDay}&action=repayment`)).entries)).toEqual(['10.00']);
    expect(amounts((await page(shop.token, `?from=${addDays(secondDay, 1)}&action=repayment`)).entries)).toEqual(['40.00']);
    // Another shop's person filters to nothing.
    const other = await shopWithCashier('Asha');
    expect((await page(shop.token, `?memberId=${other.cashier.memberId}`)).entries).toEqual([]);

    const all = (await page(shop.token)).entries;
    const walked: Entry[] = [];
    let cursor: string | null = null;
    do {
      const next = await page(shop.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.entries.length).toBeLessThanOrEqual(2);
      walked.push(...next.entries);
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all);

    const refusals = [
      ['?from=2026-13-01', 'audit_from_format'], ['?to=yesterday', 'audit_to_format'], ['?action=payment', 'audit_action_choice'],
      ['?limit=0', 'audit_limit_range'], ['?limit=101', 'audit_limit_range'], ['?memberId=ravi', 'staff_member_id'],
      ['?cursor=bm9wZQ', 'cursor_invalid'],
    ] as const;
    for (const [query, key] of refusals) {
      const response = await get(`/api/business/audit${query}`, shop.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ key });
    }
  });

  it('gives the log as a CSV file with the same filters, a name or a text a spreadsheet would run kept a text', async () => {
    const { shop, cashier, repay } = await shopWithCashier();
    await repay(cashier.token, '150');
    const today = indiaDay(ctx.clock());
    const file = await get('/api/business/audit.csv', shop.token);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['cache-control']).toBe('no-store');
    const oldest = indiaDay(new Date(ctx.clock().getTime() - auditRetentionDays * daySeconds * 1000));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="khata-audit-${oldest}-${today}.csv"`);
    expect(file.body.startsWith('\uFEFF"Date","Person","Role","Action","Customer or person","Amount","Details"\r\n')).toBe(true);
    const lines = file.body.slice(1).split('\r\n');
    // 15:30 in India, half a minute after the account's payment.
    expect(lines[1]).toBe(`"${today} 15:30","'+Ravi","Cashier","Cash repayment","'=cmd",150.00,""`);
    expect(lines).toContain(`"${today} 15:30","'+Ravi","Cashier","Joined the shop","'+Ravi",,"role: cashier"`);
    expect(lines.at(-1)).toBe('');

    const filtered = await get(`/api/business/audit.csv?from=${today}&to=${today}&action=repayment`, shop.token);
    expect(filtered.headers['content-disposition']).toBe(`attachment; filename="khata-audit-${today}-${today}.csv"`);
    expect(filtered.body.slice(1).split('\r\n')).toEqual([
      '"Date","Person","Role","Action","Customer or person","Amount","Details"',
      `"${today} 15:30","'+Ravi","Cashier","Cash repayment","'=cmd",150.00,""`,
      '',
    ]);
  });

  it('is an owner\'s: a manager and a cashier are refused (403 role_forbidden), nobody signed in (401)', async () => {
    const { shop, cashier } = await shopWithCashier();
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    for (const url of ['/api/business/audit', '/api/business/audit.csv']) {
      for (const token of [cashier.token, manager.token]) {
        const refused = await get(url, token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ key: 'role_forbidden' });
      }
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});

describe('the log\'s retention', () => {
  it(`shows ${auditRetentionDays} days, and the purge deletes the shop's own rows older than that`, async () => {
    const { shop, cashier, repay } = await shopWithCashier();
    await repay(cashier.token, '100');
    const count = async () => rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from shop_audit where business_id = ${shop.businessId}`))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(2);
    const listed = (await page(shop.token)).entries.length;

    ctx.clock.advance(auditRetentionDays * daySeconds - 60);
    ctx.clock.advance(1);
    await repay(cashier.token, '100');
    expect((await page(shop.token)).entries).toHaveLength(listed + 1);
    const purged = await ctx.app.services.maintenance.purgeExpired();
    expect(purged.shopAudit).toBe(0);

    ctx.clock.advance(3600);
    // Two years on, only the new repayment is shown, and the purge deletes every older row of the log.
    expect((await page(shop.token)).entries.map((entry) => [entry.action, entry.amount])).toEqual([['repayment', '100.00']]);
    expect((await ctx.app.services.maintenance.purgeExpired()).shopAudit).toBeGreaterThanOrEqual(before);
    expect(await count()).toBe(0);
    expect(await ctx.app.services.maintenance.purgeExpired()).toMatchObject({ shopAudit: 0 });
  });
});
