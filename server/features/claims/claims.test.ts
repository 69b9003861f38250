import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import { formatRupees, paise } from '@common/money';
import { bearer, createTestContext, inviteStaff, paymentSetup, registerBusiness, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;

let references = 0;
/** A fresh 12-digit UPI reference for each call within a file. */
const newReference = () => `${Date.now() % 1_000_000}`.padStart(6, '0') + `${++references}`.padStart(6, '0');

/** Gives the shop a UPI ID (the settings route is another feature's; this is its column). */
async function addUpiId(businessId: string, vpa = 'kumarkirana@okaxis') {
  await ctx.database.db.execute(sql`update businesses set upi_vpa = ${vpa} where id = ${businessId}`);
}

/** A shop with a UPI ID and a customer owing `owes` rupees there. */
async function owingSetup(options: { owes?: string; limit?: string } = {}): Promise<Setup> {
  const setup = await paymentSetup(ctx, { limit: options.limit ?? '5000', feePercent: '0' });
  await addUpiId(setup.shop.businessId);
  const paid = await setup.pay((await setup.generate()).qrData, { amount: options.owes ?? '500' });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return setup;
}

const claim = (s: Setup, payload: object, token = s.customer.token, accountId = s.accountId) => ctx.app.inject({
  method: 'POST', url: `/api/credit-accounts/${accountId}/repayment-claims`, headers: bearer(token), payload,
});
const confirm = (token: string, claimId: string, payload: object = {}) => ctx.app.inject({
  method: 'POST', url: `/api/business/repayment-claims/${claimId}/confirm`, headers: bearer(token), payload,
});
const decline = (token: string, claimId: string, payload: object = { reason: 'Not received in my account' }) => ctx.app.inject({
  method: 'POST', url: `/api/business/repayment-claims/${claimId}/decline`, headers: bearer(token), payload,
});
const customerAccount = async (s: Setup) => ((await ctx.app.inject({
  method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(s.customer.token),
})).json().creditAccounts as { id: string; owed: string; currentBalance: string }[]).find((a) => a.id === s.accountId)!;

async function claimed(s: Setup, payload: object = { amount: 100, upiReference: newReference() }): Promise<string> {
  const response = await claim(s, payload);
  if (response.statusCode !== 201) throw new Error(`claim failed: ${response.body}`);
  return response.json().claim.id as string;
}

const counts = async () => rowsOf<{ transactions: number; claims: number; owed: number }>(await ctx.database.db.execute(sql`
  select (select count(*)::int from transactions) as transactions, (select count(*)::int from repayment_claims) as claims,
         (select coalesce(sum(owed_paise), 0)::bigint from credit_accounts) as owed`))[0]!;

describe('POST /api/credit-accounts/:id/repayment-claims', () => {
  it('records a pending claim that changes nothing owed', async () => {
    const s = await owingSetup({ owes: '500' });
    const before = await customerAccount(s);
    const reference = newReference();
    const response = await claim(s, { amount: '120.50', upiReference: ` ${reference} ` });
    expect(response.statusCode).toBe(201);
    const created = response.json().claim;
    expect(created).toEqual({
      id: expect.any(String), creditAccountId: s.accountId, businessId: s.shop.businessId, businessName: 'Kumar Kirana',
      customerId: s.customer.userId, customerName: 'Asha Verma', amount: '120.50', upiReference: reference, status: 'pending',
      confirmedAmount: null, declineReason: null, transactionId: null, createdAt: ctx.clock().toISOString(), decidedAt: null,
    });
    expect(await customerAccount(s)).toEqual(before);
    expect(before.owed).toBe('500.00');
  });

  it('takes a claim without a reference', async () => {
    const s = await owingSetup();
    const response = await claim(s, { amount: 50 });
    expect(response.statusCode).toBe(201);
    expect(response.json().claim).toMatchObject({ amount: '50.00', upiReference: null, status: 'pending' });
  });

  it('refuses an amount above what is owed, with what is owed', async () => {
    const s = await owingSetup({ owes: '500' });
    const response = await claim(s, { amount: '500.01', upiReference: newReference() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Repayment cannot be more than what is owed (₹500.00)', code: 'repayment_above_owed', key: 'repayment_above_owed', params: { owed: '₹500.00' },
    });
  });

  it('refuses a claim on an account that owes nothing', async () => {
    const s = await paymentSetup(ctx);
    await addUpiId(s.shop.businessId);
    const response = await claim(s, { amount: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Repayment cannot be more than what is owed (₹0.00)', code: 'repayment_above_owed', key: 'repayment_above_owed', params: { owed: '₹0.00' },
    });
  });

  it.each([['11 digits', '12345678901'], ['13 digits', '1234567890123'], ['letters', 'ABCDEFGHIJKL'], ['a UTR with a dash', '123456-78901']])(
    'refuses a reference of %s: "UPI reference is 12 digits"', async (_label, upiReference) => {
      const s = await owingSetup();
      const before = await counts();
      const response = await claim(s, { amount: 10, upiReference });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'UPI reference is 12 digits', code: 'invalid_input', key: 'upi_reference_format', params: {} });
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses an amount of 0 or with 3 decimals', async () => {
    const s = await owingSetup();
    for (const amount of [0, '1.001', -5]) {
      const response = await claim(s, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Amount must be greater than 0 with at most 2 decimals', code: 'invalid_input', key: 'claim_amount_format', params: {} });
    }
  });

  it('refuses a claim at a shop without a UPI ID', async () => {
    const s = await paymentSetup(ctx, { limit: '5000' });
    await s.pay((await s.generate()).qrData, { amount: '100' });
    const response = await claim(s, { amount: 10, upiReference: newReference() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This shop has not added a UPI ID yet', code: 'upi_id_missing', key: 'upi_id_missing', params: {} });
  });

  it('refuses a reference pending or confirmed at the shop, and takes it again once declined', async () => {
    const s = await owingSetup({ owes: '1000' });
    const reference = newReference();
    const first = await claimed(s, { amount: 10, upiReference: reference });
    const duplicate = { error: 'This UPI reference has already been claimed', code: 'upi_reference_claimed', key: 'upi_reference_claimed', params: {} };
    const whilePending = await claim(s, { amount: 20, upiReference: reference });
    expect(whilePending.statusCode).toBe(409);
    expect(whilePending.json()).toEqual(duplicate);

    expect((await decline(s.shop.token, first)).statusCode).toBe(200);
    const again = await claim(s, { amount: 30, upiReference: reference });
    expect(again.statusCode).toBe(201);

    expect((await confirm(s.shop.token, again.json().claim.id)).statusCode).toBe(201);
    const afterConfirmed = await claim(s, { amount: 40, upiReference: reference });
    expect(afterConfirmed.statusCode).toBe(409);
    expect(afterConfirmed.json()).toEqual(duplicate);
  });

  it('lets another shop take the same reference (one per business)', async () => {
    const reference = newReference();
    const here = await owingSetup();
    const there = await owingSetup();
    expect((await claim(here, { amount: 10, upiReference: reference })).statusCode).toBe(201);
    expect((await claim(there, { amount: 10, upiReference: reference })).statusCode).toBe(201);
  });

  it('refuses the eleventh pending claim on one account until the shop answers one', async () => {
    const s = await owingSetup({ owes: '1000' });
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await claimed(s, { amount: 1 }));
    const refused = await claim(s, { amount: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Wait for the shop to answer your earlier claims', code: 'too_many_pending_claims', key: 'too_many_pending_claims', params: {},
    });
    expect((await decline(s.shop.token, ids[0]!)).statusCode).toBe(200);
    expect((await claim(s, { amount: 1 })).statusCode).toBe(201);
  });

  it("answers 404 for someone else's account, a merchant's session aside, and an id that is not one", async () => {
    const mine = await owingSetup();
    const theirs = await owingSetup();
    const notFound = { error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} };
    for (const accountId of [theirs.accountId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await claim(mine, { amount: 1 }, mine.customer.token, accountId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const asMerchant = await claim(mine, { amount: 1 }, mine.shop.token);
    expect(asMerchant.statusCode).toBe(403);
  });
});

describe('GET repayment claims', () => {
  it("lists an account's claims newest first to its customer and its merchant, and 404 to anyone else", async () => {
    const s = await owingSetup({ owes: '1000' });
    const older = await claimed(s, { amount: 1 });
    ctx.clock.advance(60);
    const newer = await claimed(s, { amount: 2 });
    for (const token of [s.customer.token, s.shop.token]) {
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(token) });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().claims.map((c: { id: string }) => c.id)).toEqual([newer, older]);
    }
    const other = await owingSetup();
    for (const token of [other.customer.token, other.shop.token]) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(token) });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} });
    }
  });

  it("lists the merchant's pending claims by default and every claim with status=all, never another shop's", async () => {
    const s = await owingSetup({ owes: '1000' });
    const declined = await claimed(s, { amount: 1 });
    ctx.clock.advance(1);
    const pending = await claimed(s, { amount: 2 });
    await decline(s.shop.token, declined);
    const other = await owingSetup();
    await claimed(other, { amount: 3 });
    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/business/repayment-claims${query}`, headers: bearer(s.shop.token) });
      expect(response.statusCode).toBe(200);
      return response.json().claims.map((c: { id: string }) => c.id);
    };
    expect(await list('')).toEqual([pending]);
    expect(await list('?status=pending')).toEqual([pending]);
    expect(await list('?status=all')).toEqual([pending, declined]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/business/repayment-claims?status=done', headers: bearer(s.shop.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Status must be pending or all', code: 'invalid_input', key: 'claim_status_filter', params: {} });
  });

  it('lists nothing to a merchant whose business is not approved yet', async () => {
    const pending = await registerBusiness(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/business/repayment-claims?status=all', headers: bearer(pending.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ claims: [] });
  });
});

describe('POST /api/business/repayment-claims/:id/confirm', () => {
  it('writes the repayment: available credit rises by exactly the claimed amount', async () => {
    const s = await owingSetup({ owes: '500', limit: '2000' });
    const reference = newReference();
    const id = await claimed(s, { amount: '123.45', upiReference: reference });
    const before = await customerAccount(s);
    expect(before).toMatchObject({ owed: '500.00', currentBalance: '1500.00' });
    ctx.clock.advance(30);
    const response = await confirm(s.shop.token, id);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.claim).toMatchObject({
      id, status: 'confirmed', amount: '123.45', confirmedAmount: '123.45', transactionId: body.transaction.id,
      decidedAt: ctx.clock().toISOString(), declineReason: null,
    });
    expect(body.transaction).toMatchObject({
      type: 'repayment', amount: '123.45', fee: '0.00', totalAmount: '123.45', description: `UPI ${reference}`, availableCredit: '1623.45',
    });
    expect(body.creditAccount).toMatchObject({ id: s.accountId, owed: '376.55', currentBalance: '1623.45' });
    expect(await customerAccount(s)).toMatchObject({ owed: '376.55', currentBalance: '1623.45' });
  });

  it('confirms a smaller amount than claimed, and names a repayment without a reference "UPI"', async () => {
    const s = await owingSetup({ owes: '500', limit: '2000' });
    const id = await claimed(s, { amount: 200 });
    const response = await confirm(s.shop.token, id, { amount: '150.25' });
    expect(response.statusCode).toBe(201);
    expect(response.json().claim).toMatchObject({ amount: '200.00', confirmedAmount: '150.25', status: 'confirmed' });
    expect(response.json().transaction).toMatchObject({ amount: '150.25', description: 'UPI' });
    expect(await customerAccount(s)).toMatchObject({ owed: '349.75', currentBalance: '1650.25' });
  });

  it('clears the due date when the confirmation repays everything', async () => {
    const s = await owingSetup({ owes: '80' });
    const due = async () => rowsOf<{ next_due_on: string | null }>(await ctx.database.db.execute(
      sql`select next_due_on::text from credit_accounts where id = ${s.accountId}`))[0]!.next_due_on;
    expect(await due()).not.toBeNull();
    expect((await confirm(s.shop.token, await claimed(s, { amount: 80 }))).statusCode).toBe(201);
    expect(await due()).toBeNull();
  });

  it('refuses to confirm twice, or to decline a confirmed claim; nothing more is repaid', async () => {
    const s = await owingSetup({ owes: '500' });
    const id = await claimed(s, { amount: 100 });
    expect((await confirm(s.shop.token, id)).statusCode).toBe(201);
    const before = await counts();
    const again = await confirm(s.shop.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This claim has already been confirmed', code: 'claim_already_confirmed', key: 'claim_already_confirmed', params: {} });
    const declined = await decline(s.shop.token, id);
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toEqual({ error: 'This claim has already been confirmed', code: 'claim_already_confirmed', key: 'claim_already_confirmed', params: {} });
    expect(await counts()).toEqual(before);
  });

  it('refuses to confirm above the claimed amount', async () => {
    const s = await owingSetup({ owes: '500' });
    const id = await claimed(s, { amount: '100.50' });
    const before = await counts();
    const response = await confirm(s.shop.token, id, { amount: '100.51' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'You can confirm at most the claimed ₹100.50', code: 'confirm_above_claimed', key: 'confirm_above_claimed', params: { claimed: '₹100.50' },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses to confirm more than is owed now, after a cash repayment lowered it', async () => {
    const s = await owingSetup({ owes: '500' });
    const id = await claimed(s, { amount: 300 });
    const cash = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount: '250' },
    });
    expect(cash.statusCode).toBe(201);
    const before = await counts();
    const response = await confirm(s.shop.token, id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Only ₹250.00 is owed now, so you can confirm at most ₹250.00', code: 'confirm_above_owed', key: 'confirm_above_owed', params: { owed: '₹250.00' },
    });
    expect(await counts()).toEqual(before);
    // The claim is still pending: the merchant may confirm what is owed.
    const smaller = await confirm(s.shop.token, id, { amount: 250 });
    expect(smaller.statusCode).toBe(201);
    expect(await customerAccount(s)).toMatchObject({ owed: '0.00' });
  });

  it("answers 404 \"Repayment claim not found\" for another shop's claim, an unknown id and one that is not an id", async () => {
    const s = await owingSetup();
    const other = await owingSetup();
    const id = await claimed(s, { amount: 10 });
    const before = await counts();
    for (const claimId of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const response of [await confirm(other.shop.token, claimId), await decline(other.shop.token, claimId)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Repayment claim not found', code: 'claim_not_found', key: 'claim_not_found', params: {} });
      }
    }
    expect(await counts()).toEqual(before);
    const stillPending = await ctx.app.inject({ method: 'GET', url: '/api/business/repayment-claims', headers: bearer(s.shop.token) });
    expect(stillPending.json().claims.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[id, 'pending']]);
  });

  it('refuses a merchant whose business is not approved', async () => {
    const pending = await registerBusiness(ctx);
    const response = await confirm(pending.token, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_approved');
  });
});

describe('POST /api/business/repayment-claims/:id/decline', () => {
  it('declines with the reason, changing nothing owed; the customer sees the reason', async () => {
    const s = await owingSetup({ owes: '500' });
    const id = await claimed(s, { amount: 100 });
    const before = await customerAccount(s);
    ctx.clock.advance(5);
    const response = await decline(s.shop.token, id, { reason: '  No such payment in my bank statement  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().claim).toMatchObject({
      id, status: 'declined', declineReason: 'No such payment in my bank statement', confirmedAmount: null, transactionId: null,
      decidedAt: ctx.clock().toISOString(),
    });
    expect(await customerAccount(s)).toEqual(before);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token) });
    expect(seen.json().claims[0]).toMatchObject({ id, status: 'declined', declineReason: 'No such payment in my bank statement' });
  });

  it.each([['no reason', {}], ['an empty reason', { reason: '' }], ['spaces only', { reason: '   ' }], ['201 characters', { reason: 'x'.repeat(201) }]])(
    'refuses %s: "Give a reason of up to 200 characters"', async (_label, payload) => {
      const s = await owingSetup();
      const id = await claimed(s, { amount: 10 });
      const response = await decline(s.shop.token, id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Give a reason of up to 200 characters', code: 'invalid_input', key: 'decline_reason_required', params: {} });
    },
  );

  it('refuses to decline twice, or to confirm a declined claim', async () => {
    const s = await owingSetup();
    const id = await claimed(s, { amount: 10 });
    expect((await decline(s.shop.token, id)).statusCode).toBe(200);
    const declinedAgain = { error: 'This claim has already been declined', code: 'claim_already_declined', key: 'claim_already_declined', params: {} };
    for (const response of [await decline(s.shop.token, id), await confirm(s.shop.token, id)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(declinedAgain);
    }
    expect(await customerAccount(s)).toMatchObject({ owed: '500.00' });
  });
});

describe('people at the shop', () => {
  /** The shop's audit rows of one action, oldest first. */
  const audited = async (businessId: string, action: string) => rowsOf<{
    member_id: string; role: string; subject: string | null; amount_paise: number | null; details: Record<string, string>;
  }>(await ctx.database.db.execute(sql`
    select member_id, role, subject, amount_paise::int as amount_paise, details from shop_audit
    where business_id = ${businessId} and action = ${action} order by created_at, id`));
  const ownerOf = async (businessId: string) => rowsOf<{ id: string }>(await ctx.database.db.execute(
    sql`select id from shop_members where business_id = ${businessId} and founding`,
  ))[0]!.id;

  it('writes a confirmation as the manager who confirmed: the repayment row names them, and so does the audit log', async () => {
    const s = await owingSetup({ owes: '500' });
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager', name: 'Meena Iyer', singleLimit: '1000', dailyLimit: '5000' });
    const id = await claimed(s, { amount: '120', upiReference: newReference() });
    const listed = await ctx.app.inject({
      method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(manager.token),
    });
    expect(listed.json().claims.map((c: { id: string }) => c.id)).toEqual([id]);

    const response = await confirm(manager.token, id, { amount: '100' });
    expect(response.statusCode).toBe(201);
    const repaymentId = response.json().transaction.id as string;
    expect(response.json().transaction.by).toEqual({ name: 'Meena Iyer', role: 'manager' });
    const row = rowsOf<{ actor_member_id: string; actor_role: string }>(await ctx.database.db.execute(
      sql`select actor_member_id, actor_role from transactions where id = ${repaymentId}`,
    ))[0]!;
    expect(row).toEqual({ actor_member_id: manager.memberId, actor_role: 'manager' });
    expect(await audited(s.shop.businessId, 'claim_confirmed')).toEqual([
      { member_id: manager.memberId, role: 'manager', subject: 'Asha Verma', amount_paise: 100_00, details: {} },
    ]);
    // The customer's history names the shop alone.
    const customerRow = (await ctx.app.inject({
      method: 'GET', url: `/api/transactions/${repaymentId}`, headers: bearer(s.customer.token),
    })).json().transaction;
    expect(customerRow.by).toBeNull();
  });

  it("records the owner's decline with its reason", async () => {
    const s = await owingSetup({ owes: '500' });
    const id = await claimed(s, { amount: '75.50' });
    expect((await decline(s.shop.token, id, { reason: 'Not in my account' })).statusCode).toBe(200);
    expect(await audited(s.shop.businessId, 'claim_declined')).toEqual([{
      member_id: await ownerOf(s.shop.businessId), role: 'owner', subject: 'Asha Verma', amount_paise: 75_50,
      details: { reason: 'Not in my account' },
    }]);
  });

  it('records nothing when the confirmation is refused: the claim stays pending', async () => {
    const s = await owingSetup({ owes: '500' });
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager', singleLimit: '1000', dailyLimit: '5000' });
    const id = await claimed(s, { amount: 100 });
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount: '450' },
    });
    expect(repaid.statusCode).toBe(201);
    const before = await counts();
    const response = await confirm(manager.token, id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ key: 'confirm_above_owed', params: { owed: formatRupees(paise(50_00)) } });
    expect(await counts()).toEqual(before);
    expect(await audited(s.shop.businessId, 'claim_confirmed')).toEqual([]);
    expect((await confirm(manager.token, id, { amount: '50' })).statusCode).toBe(201);
    expect(await audited(s.shop.businessId, 'claim_confirmed')).toMatchObject([{ member_id: manager.memberId, amount_paise: 50_00 }]);
  });

  it("refuses a cashier the shop's claims: their role does not decide them", async () => {
    const s = await owingSetup({ owes: '500' });
    const cashier = await inviteStaff(ctx, s.shop.token, { role: 'cashier' });
    const id = await claimed(s, { amount: 100 });
    const roleForbidden = {
      error: 'Your role at this shop does not allow this. Ask an owner.', code: 'role_forbidden', key: 'role_forbidden', params: {},
    };
    for (const response of [
      await ctx.app.inject({ method: 'GET', url: '/api/business/repayment-claims', headers: bearer(cashier.token) }),
      await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(cashier.token) }),
      await confirm(cashier.token, id),
      await decline(cashier.token, id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(roleForbidden);
    }
    expect(await customerAccount(s)).toMatchObject({ owed: '500.00' });
    expect(await audited(s.shop.businessId, 'claim_confirmed')).toEqual([]);
    expect(await audited(s.shop.businessId, 'claim_declined')).toEqual([]);
  });
});
