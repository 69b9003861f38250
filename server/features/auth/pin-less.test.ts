/**
 * A customer without a PIN, as a shop's counter sign-up makes them (docs/product.md#sms-approval):
 * every PIN check counts their attempt and refuses it exactly as a wrong PIN (never a 500),
 * under the same lock; the OTP PIN reset gives them a PIN, after which they sign in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, rowsOf } from '../../db/client';
import { cookieFrom, createTestContext, newPhone, registerCustomer, type TestContext } from '../../test/context';
import { pinCounter } from './pins.service';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, cookies });

/** A customer signed up at a counter: no PIN yet. */
async function pinLess(): Promise<{ id: string; phoneNumber: string }> {
  const phoneNumber = newPhone();
  const { id, created } = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.auth.registerAtCounter(tx, { name: 'Meena Devi', phoneNumber, language: 'en' }));
  expect(created).toBe(true);
  return { id, phoneNumber };
}

describe('a customer without a PIN', () => {
  it('is stored without a hash, at the current pepper version, approving purchases by SMS code', async () => {
    const customer = await pinLess();
    const [row] = rowsOf<{ pin_hash: string | null; pin_key_version: number; sms_approval: boolean }>(await ctx.database.db.execute(sql`
      select pin_hash, pin_key_version, sms_approval from users where id = ${customer.id}`));
    expect(row).toEqual({ pin_hash: null, pin_key_version: 1, sms_approval: true });
  });

  it('has every PIN counted as wrong by khata_check_pin, down to the lock', async () => {
    const customer = await pinLess();
    const key = pinCounter.account(customer.id);
    for (const left of [4, 3, 2, 1]) {
      expect(await ctx.app.services.pins.checkPin(key, { userId: customer.id, hash: null, keyVersion: 1 }, '4826'))
        .toEqual({ outcome: 'wrong', attemptsLeft: left });
    }
    expect(await ctx.app.services.pins.checkPin(key, { userId: customer.id, hash: null, keyVersion: 1 }, '4826'))
      .toEqual({ outcome: 'wrong', attemptsLeft: 0 });
    await expect(ctx.app.services.pins.checkPin(key, { userId: customer.id, hash: null, keyVersion: 1 }, '4826'))
      .rejects.toMatchObject({ key: 'account_locked' });
  });

  it('is refused sign-in with any PIN exactly as a wrong PIN is, and locked after as many tries', async () => {
    const customer = await pinLess();
    const known = await registerCustomer(ctx);
    for (let i = 0; i < 5; i++) {
      const wrongPin = await post('/api/auth/customer/login', { phoneNumber: known.phoneNumber, pin: '9071' });
      const noPin = await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
      expect(noPin.statusCode).toBe(401);
      expect(noPin.json()).toEqual(wrongPin.json());
      expect(noPin.json()).toEqual({
        error: 'Invalid phone number or PIN', code: 'invalid_credentials', key: 'invalid_credentials', params: {},
      });
    }
    const lockedOut = await post('/api/auth/customer/login', { phoneNumber: known.phoneNumber, pin: known.pin });
    const locked = await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedOut.json());
  });

  it('gets a PIN through the OTP PIN reset, which lifts the lock, and then signs in with it', async () => {
    const customer = await pinLess();
    for (let i = 0; i < 5; i++) await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    ctx.clock.advance(31);
    const sent = await post('/api/otp/send', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset' });
    expect(sent.statusCode, sent.body).toBe(200);
    const verified = await post('/api/otp/verify', { phoneNumber: customer.phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
    expect(verified.statusCode, verified.body).toBe(200);
    const reset = await post('/api/auth/reset-pin', {
      phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283',
    }, { otp_proof: cookieFrom(verified, 'otp_proof')! });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    const signedIn = await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '6283' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toEqual({ id: customer.id, role: 'customer', name: 'Meena Devi', phone: customer.phoneNumber, email: null });
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' })).statusCode).toBe(401);
  });

  it('is found taken by a second sign-up of the number, which keeps the customer and turns SMS approval on again', async () => {
    const customer = await pinLess();
    await ctx.database.db.execute(sql`update users set sms_approval = false where id = ${customer.id}`);
    const again = await inTransaction(ctx.database.db, (tx) =>
      ctx.app.services.auth.registerAtCounter(tx, { name: 'Someone Else', phoneNumber: customer.phoneNumber, language: 'hi' }));
    expect(again).toEqual({ id: customer.id, created: false });
    const [row] = rowsOf<{ name: string; sms_approval: boolean; language: string }>(await ctx.database.db.execute(sql`
      select name, sms_approval, language from users where id = ${customer.id}`));
    expect(row).toEqual({ name: 'Meena Devi', sms_approval: true, language: 'en' });
  });
});
