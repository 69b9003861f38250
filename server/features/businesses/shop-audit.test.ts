/**
 * What the shop's people do that is not a ledger row goes to the shop's audit log, in the
 * same transaction as the change (docs/product.md#staff): new customers (by payment handle,
 * invitation or counter sign-up), limits, invitations cancelled, payment codes, the shop's
 * settings. Each line names the person and their role, read back through the owner's log;
 * a refused change writes no line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qrExpiryMinutesMax } from '@common/limits';
import { indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import {
  approvedBusiness, bearer, changeSettings, createTestContext, enterCounter, inviteStaff, newPhone, paymentHandleOf, registerCustomer,
  type TestContext,
} from '../../test/context';
import { recordingSmsProvider } from '../../test/sms-recorder';

/** Every SMS handed to the vendor, so a sign-up's code can be read from it. */
const { handed, provider: recorder } = recordingSmsProvider();

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ sms: recorder }); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Answers `status`, then moves the clock on a second so the log's order is the order of the acts. */
async function done(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 201) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  ctx.clock.advance(1);
  return answer.json() as Record<string, Record<string, string>>;
}

interface Entry { action: string; by: { name: string; role: string }; subject: string | null; amount: string | null; details: object }

/** The owner's audit log, newest first, without the ledger's own rows; only `action`'s when given. */
async function log(ownerToken: string, action?: string): Promise<Entry[]> {
  const answer = await get(`/api/business/audit${action ? `?action=${action}` : ''}`, ownerToken);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().entries as (Entry & { id: string; createdAt: string; by: { memberId: string } })[])
    .map(({ action: what, by, subject, amount, details }) => ({ action: what, by: { name: by.name, role: by.role }, subject, amount, details }));
}

const owner = { name: 'Ravi Kumar', role: 'owner' };
const manager = { name: 'Meena Iyer', role: 'manager' };
const cashier = { name: 'Sunil Rao', role: 'cashier' };

describe("the shop's audit log", () => {
  it('records new customers, their limits and invitations, each by the person who did it', async () => {
    const shop = await approvedBusiness(ctx);
    const managerAt = await inviteStaff(ctx, shop.token, { role: 'manager', name: manager.name });
    ctx.clock.advance(1);
    const asha = await registerCustomer(ctx, { name: 'Asha Verma' });
    const opened = await done(post('/api/business/create-credit-account', managerAt.token, {
      paymentHandle: await paymentHandleOf(ctx, asha.token), creditLimit: '1000',
    }));
    await done(post(`/api/business/credit-accounts/${opened.creditAccount!.id}/limit`, shop.token, { creditLimit: '2500.50' }), 200);
    const invited = await done(post('/api/business/invitations', managerAt.token, {
      name: 'Kiran Patel', phoneNumber: newPhone(), creditLimit: '750', language: 'en',
    }));
    await done(post(`/api/business/invitations/${invited.invitation!.id}/cancel`, managerAt.token, {}), 200);
    const phoneNumber = newPhone();
    const started = await done(post('/api/business/counter-customers', managerAt.token, {
      name: 'Lakshmi Devi', phoneNumber, creditLimit: '1200', language: 'en',
    }));
    const code = handed.filter((m) => m.to === phoneNumber && m.template === 'enrol').at(-1)!.variables.otp!;
    await done(post(`/api/business/counter-customers/${started.enrolment!.id}/confirm`, managerAt.token, { code }));

    const entries = await log(shop.token);
    expect(entries.filter((entry) => entry.action !== 'staff_invited' && entry.action !== 'staff_joined')).toEqual([
      { action: 'counter_signup', by: manager, subject: 'Lakshmi Devi', amount: '1200.00', details: {} },
      { action: 'customer_invitation_cancelled', by: manager, subject: 'Kiran Patel', amount: '750.00', details: {} },
      { action: 'customer_invited', by: manager, subject: 'Kiran Patel', amount: '750.00', details: {} },
      { action: 'limit_changed', by: owner, subject: 'Asha Verma', amount: null, details: { from: '1000.00', to: '2500.50' } },
      { action: 'credit_account_opened', by: manager, subject: 'Asha Verma', amount: '1000.00', details: {} },
    ]);
  });

  it('writes no line for a change refused', async () => {
    const shop = await approvedBusiness(ctx);
    const asha = await registerCustomer(ctx, { name: 'Asha Verma' });
    const handle = await paymentHandleOf(ctx, asha.token);
    const opened = await done(post('/api/business/create-credit-account', shop.token, { paymentHandle: handle, creditLimit: '1000' }));
    // The same customer again, a limit above the shop's maximum, an unknown account's limit.
    await done(post('/api/business/create-credit-account', shop.token, { paymentHandle: handle, creditLimit: '500' }), 409);
    await done(post(`/api/business/credit-accounts/${opened.creditAccount!.id}/limit`, shop.token, { creditLimit: '99999999' }), 422);
    await done(post('/api/business/credit-accounts/00000000-0000-4000-8000-000000000000/limit', shop.token, { creditLimit: '10' }), 404);
    // A second invitation to a number while the first is open.
    const phoneNumber = newPhone();
    const invitation = { name: 'Kiran Patel', phoneNumber, creditLimit: '750', language: 'en' };
    await done(post('/api/business/invitations', shop.token, invitation));
    await done(post('/api/business/invitations', shop.token, invitation), 409);
    expect((await log(shop.token)).map((entry) => entry.action)).toEqual(['customer_invited', 'credit_account_opened']);
  });

  it('records payment codes made, by a cashier and by the counter they opened', async () => {
    const shop = await approvedBusiness(ctx);
    const cashierAt = await inviteStaff(ctx, shop.token, { role: 'cashier', name: cashier.name });
    await done(post('/api/qr/generate', cashierAt.token, { amount: '50', description: 'Tea' }));
    await done(post('/api/qr/generate', shop.token, {}));
    const counter = await enterCounter(ctx, { token: cashierAt.token, pin: cashierAt.pin });
    await done(post('/api/qr/generate', counter, { expirationMinutes: qrExpiryMinutesMax }));
    expect(await log(shop.token, 'payment_code_created')).toEqual([
      { action: 'payment_code_created', by: cashier, subject: null, amount: null, details: {} },
      { action: 'payment_code_created', by: owner, subject: null, amount: null, details: {} },
      { action: 'payment_code_created', by: cashier, subject: null, amount: '50.00', details: { description: 'Tea' } },
    ]);
  });

  it("records the shop's settings changed, old and new, and nothing when nothing changed", async () => {
    const shop = await approvedBusiness(ctx);
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 15, upiId: 'kumar@okaxis' })).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 15, upiId: null })).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect((await changeSettings(ctx, shop, { creditPeriodDays: 15, upiId: null })).statusCode).toBe(200);
    expect(await log(shop.token, 'settings_changed')).toEqual([
      { action: 'settings_changed', by: owner, subject: null, amount: null, details: { upiIdFrom: 'kumar@okaxis', upiIdTo: '' } },
      {
        action: 'settings_changed', by: owner, subject: null, amount: null,
        details: { creditPeriodDaysFrom: '30', creditPeriodDaysTo: '15', upiIdFrom: '', upiIdTo: 'kumar@okaxis' },
      },
    ]);
  });

  it('lets only an owner change the settings, and a manager or cashier read them', async () => {
    const shop = await approvedBusiness(ctx);
    const managerAt = await inviteStaff(ctx, shop.token, { role: 'manager', name: manager.name });
    const cashierAt = await inviteStaff(ctx, shop.token, { role: 'cashier', name: cashier.name });
    for (const person of [managerAt, cashierAt]) {
      expect((await get('/api/business/settings', person.token)).json()).toEqual({ creditPeriodDays: 30, upiId: null });
      const refused = await changeSettings(ctx, { token: person.token, pin: person.pin }, { creditPeriodDays: 10, upiId: null });
      expect({ status: refused.statusCode, key: refused.json().key }).toEqual({ status: 403, key: 'role_forbidden' });
    }
    expect(await log(shop.token, 'settings_changed')).toEqual([]);
  });
});
