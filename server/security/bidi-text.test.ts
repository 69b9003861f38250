/**
 * Bidirectional controls in text another person reads: a right-to-left
 * override in a name or reason can make what the reader sees differ from what was stored.
 * Each such field refuses them with one 400 and writes nothing; ZWJ and ZWNJ, which Hindi
 * and Tamil spellings need, are kept.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  adminToken, approvedBusiness, bearer, businessIdOf, createTestContext, newPhone, paymentSetup, registerBusiness,
  verifyPhone, type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const refusal = { error: 'Text must not contain invisible characters that change its direction', code: 'invalid_input', key: 'text_has_bidi', params: {} };

/** U+202A–U+202E, U+2066–U+2069, U+200E, U+200F and U+061C. */
const bidiControls = [
  '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C',
];
const hex = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`;
/** "Ravi" written so that it displays reversed after the override: the kind of text refused. */
const spoofed = (control: string) => `Ravi ${control}005₹ diap`;

const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await ctx.database.db.execute(query))[0]!.n;

const customerRegistration = async (name: string) => {
  const phoneNumber = newPhone();
  const proof = await verifyPhone(ctx, phoneNumber);
  const send = (payloadName: string) => ctx.app.inject({
    method: 'POST', url: '/api/auth/customer/register', cookies: { otp_proof: proof },
    payload: { phoneNumber, name: payloadName, pin: '4826' },
  });
  return { phoneNumber, answer: await send(name), send };
};

const businessFields = {
  name: 'Ravi Kumar', businessName: 'Kumar Kirana', businessType: 'Retail', address: '12 MG Road, Pune',
} as const;

describe('text another person reads refuses bidirectional controls', () => {
  it.each(bidiControls.map((control) => [hex(control), control]))(
    'refuses a customer name with %s and registers nobody; the same proof then registers a clean name',
    async (_, control) => {
      const { phoneNumber, answer, send } = await customerRegistration(spoofed(control));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(refusal);
      expect(await count(sql`select count(*)::int as n from users where phone = ${phoneNumber}`)).toBe(0);
      expect((await send('Ravi')).statusCode).toBe(201);
    },
  );

  it.each(Object.keys(businessFields))('refuses a business registration whose %s has one, and registers nothing', async (field) => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const email = `bidi-${field}-${randomUUID().slice(0, 8)}@example.com`;
    const businessesBefore = await count(sql`select count(*)::int as n from businesses`);
    const answer = await ctx.app.inject({
      method: 'POST', url: '/api/auth/business/register', cookies: { otp_proof: proof },
      payload: { ...businessFields, [field]: spoofed('\u202E'), phoneNumber, email, pin: '5937' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal);
    expect(await count(sql`select count(*)::int as n from users where phone = ${phoneNumber} or email = ${email}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from businesses`)).toBe(businessesBefore);
  });

  it.each(['reason', 'notes'])("refuses an admin's rejection %s with one and decides nothing", async (field) => {
    const business = await registerBusiness(ctx);
    const businessId = await businessIdOf(ctx, business.token);
    const answer = await ctx.app.inject({
      method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
      payload: { businessIds: [businessId], action: 'reject', reason: 'Documents missing', [field]: `Documents \u2067missing\u2069` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal);
    expect(await count(sql`select count(*)::int as n from businesses where id = ${businessId} and status = 'pending'
      and rejection_reason is null and decision_notes is null`)).toBe(1);
  });

  it("refuses a QR code's description with one and makes no code", async () => {
    const shop = await approvedBusiness(ctx);
    const answer = await ctx.app.inject({
      method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token),
      payload: { amount: '10', description: `Tea \u200Fx2` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal);
    expect(await count(sql`select count(*)::int as n from qr_codes where business_id = ${shop.businessId}`)).toBe(0);
  });

  it("refuses a claim's decline reason with one and leaves the claim pending", async () => {
    const { shop, customer, accountId } = await paymentSetup(ctx);
    const claimId = randomUUID();
    await ctx.database.db.execute(sql`
      insert into repayment_claims (id, credit_account_id, business_id, customer_id, amount_paise, upi_reference, status, created_at)
      values (${claimId}, ${accountId}, ${shop.businessId}, ${customer.userId}, 5000, '123456789012', 'pending', now())`);
    const answer = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${claimId}/decline`, headers: bearer(shop.token),
      payload: { reason: `No such payment \u202Dreached me` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal);
    expect(await count(sql`select count(*)::int as n from repayment_claims where id = ${claimId}
      and status = 'pending' and decline_reason is null`)).toBe(1);
  });

  it('refuses a refund, a reversal and a report decline whose reason has one, and a report whose note has one; moves nothing', async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx, { limit: '5000' });
    const paid = await pay((await generate()).qrData, { amount: '100' });
    const paymentId = paid.json().transaction.id as string;
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '10' },
    });
    const repaymentId = repaid.json().transaction.id as string;
    const ledgerRows = () => count(sql`select count(*)::int as n from transactions where credit_account_id = ${accountId}`);
    const rowsBefore = await ledgerRows();
    const send = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

    for (const answer of [
      await send(`/api/business/transactions/${paymentId}/refund`, shop.token, { amount: '10', reason: `Returned \u202Egoods`, pin: shop.pin }),
      await send(`/api/business/transactions/${repaymentId}/reversal`, shop.token, { reason: `Typed \u2066twice\u2069`, pin: shop.pin }),
      await send(`/api/transactions/${paymentId}/report`, customer.token, { reason: 'other', note: `Not \u200Fmine` }),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(refusal);
    }
    expect(await ledgerRows()).toBe(rowsBefore);
    expect(await count(sql`select count(*)::int as n from payment_reports where transaction_id = ${paymentId}`)).toBe(0);

    const reported = await send(`/api/transactions/${paymentId}/report`, customer.token, { reason: 'wrong_amount' });
    expect(reported.statusCode).toBe(201);
    const reportId = reported.json().report.id as string;
    const declined = await send(`/api/business/payment-reports/${reportId}/decline`, shop.token, { reason: `Paid \u061Cin full` });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual(refusal);
    expect(await count(sql`select count(*)::int as n from payment_reports where id = ${reportId} and status = 'open'`)).toBe(1);
  });

  it.each([
    ['ZWJ (U+200D)', 'क्\u200Dष'],
    ['ZWNJ (U+200C)', 'क्\u200Cष'],
    ['ZWNJ in Tamil', 'ஸ்ரீ\u200Cராம்'],
  ])('keeps a name with %s exactly as written', async (_, name) => {
    const { answer } = await customerRegistration(name);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().user.name).toBe(name);
  });
});
