import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken, bearer, businessIdOf, createTestContext, registerBusiness, registerCustomer, type TestContext,
} from '../../test/context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx);
});
afterAll(async () => { await ctx.close(); });

const get = (url: string, token = admin) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const decide = (payload: object, token = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(token), payload });

async function pendingBusiness() {
  const business = await registerBusiness(ctx);
  return { ...business, businessId: await businessIdOf(ctx, business.token) };
}

describe('listing applications', () => {
  it('lists pending businesses newest first with what the reviewer needs', async () => {
    const older = await pendingBusiness();
    ctx.clock.advance(60);
    const newer = await pendingBusiness();
    const response = await get('/api/admin/businesses/pending');
    expect(response.statusCode).toBe(200);
    const { businesses, nextCursor } = response.json();
    const ids = businesses.map((b: { id: string }) => b.id);
    expect(ids.indexOf(newer.businessId)).toBeLessThan(ids.indexOf(older.businessId));
    expect(nextCursor).toBeNull();
    expect(businesses.find((b: { id: string }) => b.id === newer.businessId)).toEqual({
      id: newer.businessId, businessName: 'Kumar Kirana', businessType: 'Retail', email: newer.email,
      address: '12 MG Road, Pune', status: 'pending', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
      description: null, rejectionReason: null, createdAt: expect.any(String),
      contactName: 'Ravi Kumar', phone: newer.phoneNumber, decisionNotes: null, decidedAt: null,
    });
  });

  it('pages through all businesses with a cursor, missing none', async () => {
    for (let i = 0; i < 3; i++) { await pendingBusiness(); ctx.clock.advance(1); }
    const all = (await get('/api/admin/businesses?limit=100')).json().businesses.map((b: { id: string }) => b.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/admin/businesses?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      paged.push(...body.businesses.map((b: { id: string }) => b.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it('refuses a malformed cursor or limit', async () => {
    expect((await get('/api/admin/businesses?cursor=nonsense')).json()).toEqual({
      error: 'The cursor is not valid', code: 'invalid_input', key: 'cursor_invalid', params: {},
    });
    expect((await get('/api/admin/businesses?limit=abc')).statusCode).toBe(400);
  });
});

describe('deciding applications', () => {
  it('approves several businesses at once, with notes and terms, recording who and when', async () => {
    const [a, b] = [await pendingBusiness(), await pendingBusiness()];
    const response = await decide({
      businessIds: [a.businessId, b.businessId], action: 'approve', notes: 'Documents checked',
      transactionFeePercent: '1.5', maxCreditLimit: '75000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, updated: 2 });
    const me = (await get('/api/auth/me', a.token)).json();
    expect(me.business).toMatchObject({ status: 'approved', transactionFeePercent: '1.50', maxCreditLimit: '75000.00', rejectionReason: null });
    const decisions = await ctx.app.services.businesses.decisionsOf(a.businessId);
    expect(decisions).toEqual([expect.objectContaining({
      action: 'approve', notes: 'Documents checked', reason: null, decidedAt: ctx.clock(),
    })]);
    const listed = (await get('/api/admin/businesses?status=approved')).json().businesses;
    expect(listed.find((x: { id: string }) => x.id === a.businessId)).toMatchObject({ decisionNotes: 'Documents checked', decidedAt: ctx.clock().toISOString() });
  });

  it('rejects with a reason the merchant then sees', async () => {
    const business = await pendingBusiness();
    const response = await decide({ businessIds: [business.businessId], action: 'reject', reason: '  GST number does not match  ' });
    expect(response.statusCode).toBe(200);
    const me = (await get('/api/auth/me', business.token)).json();
    expect(me.business).toMatchObject({ status: 'rejected', rejectionReason: 'GST number does not match' });
  });

  it.each([{}, { reason: '' }, { reason: '   ' }])('refuses a rejection without a reason (%j), changing nothing', async (extra) => {
    const business = await pendingBusiness();
    const response = await decide({ businessIds: [business.businessId], action: 'reject', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'A reason is required to reject an application', code: 'invalid_input', key: 'reject_reason_missing', params: {} });
    expect((await get('/api/auth/me', business.token)).json().business.status).toBe('pending');
  });

  it('changes nothing and answers 409 when any listed business was already decided', async () => {
    const [decided, pending] = [await pendingBusiness(), await pendingBusiness()];
    await decide({ businessIds: [decided.businessId], action: 'approve' });
    const before = (await get('/api/admin/stats')).json().stats;
    const response = await decide({ businessIds: [pending.businessId, decided.businessId], action: 'reject', reason: 'Duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Kumar Kirana has already been approved; only pending applications can be decided',
      code: 'already_decided', key: 'already_decided', params: { businessName: 'Kumar Kirana', status: 'approved' },
    });
    expect((await get('/api/auth/me', pending.token)).json().business.status).toBe('pending');
    expect((await get('/api/auth/me', decided.token)).json().business.status).toBe('approved');
    expect((await get('/api/admin/stats')).json().stats).toEqual(before);
  });

  it('answers 404 for an unknown business, changing nothing', async () => {
    const business = await pendingBusiness();
    const response = await decide({ businessIds: [business.businessId, '00000000-0000-4000-8000-000000000000'], action: 'approve' });
    expect(response.statusCode).toBe(404);
    expect((await get('/api/auth/me', business.token)).json().business.status).toBe('pending');
  });

  it.each([
    [{ businessIds: [], action: 'approve' }, 'Choose at least one business', 'business_ids_empty'],
    [{ businessIds: ['not-a-uuid'], action: 'approve' }, 'Each business id must be a valid id', 'business_id_format'],
    [{ businessIds: 'x', action: 'approve' }, 'businessIds must be a list of business ids', 'business_ids_list'],
    [{ businessIds: ['00000000-0000-4000-8000-000000000000'], action: 'delete' }, 'Action must be approve or reject', 'decision_action'],
    [{ businessIds: ['00000000-0000-4000-8000-000000000000'], action: 'approve', transactionFeePercent: '2.345' }, 'Fee must be a percent from 0 to 100 with at most 2 decimals', 'fee_percent_format'],
    [{ businessIds: ['00000000-0000-4000-8000-000000000000'], action: 'approve', maxCreditLimit: '-5' }, 'Maximum credit limit must be an amount greater than 0 with at most 2 decimals', 'max_credit_limit_format'],
  ])('refuses %j with "%s"', async (payload, message, key) => {
    const response = await decide(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_input', key, params: {} });
  });
});

describe('business terms', () => {
  it('lets the admin change the fee and the maximum later', async () => {
    const business = await pendingBusiness();
    await decide({ businessIds: [business.businessId], action: 'approve' });
    const response = await ctx.app.inject({
      method: 'POST', url: `/api/admin/businesses/${business.businessId}/terms`, headers: bearer(admin),
      payload: { transactionFeePercent: 3, maxCreditLimit: '100000.50' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().business).toMatchObject({ transactionFeePercent: '3.00', maxCreditLimit: '100000.50' });
  });

  it('refuses an empty change and an unknown business', async () => {
    const business = await pendingBusiness();
    const empty = await ctx.app.inject({ method: 'POST', url: `/api/admin/businesses/${business.businessId}/terms`, headers: bearer(admin), payload: {} });
    expect(empty.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST', url: '/api/admin/businesses/00000000-0000-4000-8000-000000000000/terms', headers: bearer(admin), payload: { transactionFeePercent: '1' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('overview counts', () => {
  it('counts pending, approved and rejected businesses, customers and credit accounts as they change', async () => {
    const fresh = await createTestContext();
    try {
      const token = await adminToken(fresh);
      const stats = async () => (await fresh.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })).json();
      expect((await stats()).stats).toEqual({ pendingBusinesses: 0, approvedBusinesses: 0, rejectedBusinesses: 0, customers: 0, creditAccounts: 0 });
      const shops = [];
      for (let i = 0; i < 3; i++) {
        const b = await registerBusiness(fresh);
        shops.push(await businessIdOf(fresh, b.token));
        fresh.clock.advance(1);
      }
      const customer = await registerCustomer(fresh);
      await fresh.app.inject({ method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(token), payload: { businessIds: [shops[0]], action: 'approve' } });
      await fresh.app.inject({ method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(token), payload: { businessIds: [shops[1]], action: 'reject', reason: 'No' } });
      const overview = await stats();
      expect(overview.stats).toEqual({ pendingBusinesses: 1, approvedBusinesses: 1, rejectedBusinesses: 1, customers: 1, creditAccounts: 0 });
      expect(overview.recentBusinesses.map((b: { id: string }) => b.id)).toEqual([shops[2], shops[1], shops[0]]);
      expect(customer.userId).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
