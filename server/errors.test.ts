/**
 * A refusal's body: the English `error` and the public `code` that clients and outside
 * tests already read, and the catalogue `key` with the `params` its message reads, from
 * which a client says it in its own language. Entries that share a code are told apart by
 * the key alone, never by their English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changePinBody, otpSendBody } from '@common/schemas/identity';
import { AppError, parseInput } from './errors';
import { bearer, createTestContext, newPhone, registerBusiness, type TestContext } from './test/context';

/** The AppError `run` throws. */
function refusalOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a refusal body', () => {
  it('names the entry of a refinement under its shared code, with its parameters, and keeps the English', () => {
    expect(new AppError('current_pin_incorrect', { attemptsLeft: 4 }).body()).toEqual({
      error: 'Current PIN is incorrect. 4 attempts left.',
      code: 'pin_incorrect', key: 'current_pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4,
    });
    expect(new AppError('pin_incorrect', { attemptsLeft: 1 }).body()).toEqual({
      error: 'Incorrect PIN. 1 attempt left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 1 }, attemptsLeft: 1,
    });
    expect(new AppError('invalid_business_credentials').body()).toEqual({
      error: 'Invalid email or PIN', code: 'invalid_credentials', key: 'invalid_business_credentials', params: {},
    });
  });

  it('sends only the parameters its message reads: a value passed for a header stays on the server', () => {
    expect(new AppError('reminder_limit', { remindersMax: 3, retryAfterSeconds: 3600 }).body()).toEqual({
      error: 'You can send at most 3 reminders a day to one customer. Try again tomorrow.',
      code: 'reminder_limit', key: 'reminder_limit', params: { remindersMax: 3 }, remindersMax: 3,
    });
    expect(new AppError('not_found').body()).toEqual({ error: 'Not found', code: 'not_found', key: 'not_found', params: {} });
  });
});

describe('parseInput', () => {
  it("answers a schema check with the entry it names, in the same English as before", () => {
    const refusal = refusalOf(() => parseInput(otpSendBody, { phoneNumber: '+9112345', purpose: 'registration' }));
    expect(refusal.status).toBe(400);
    expect(refusal.body()).toEqual({
      error: 'Phone number must be +91 followed by a 10-digit mobile number', code: 'invalid_input', key: 'phone_format', params: {},
    });
  });

  it("names the field for zod's own wording of a wrong type", () => {
    const refusal = refusalOf(() => parseInput(changePinBody, { currentPin: 4826, newPin: '5173', confirmPin: '5173' }));
    expect(refusal.body()).toEqual({
      error: 'currentPin is missing or has the wrong type', code: 'invalid_input', key: 'field_invalid', params: { field: 'currentPin' },
    });
  });

  it('carries the words of a check that names no entry of its own as the parameter of invalid_input', () => {
    const refusal = refusalOf(() => parseInput(z.object({ id: z.string().check(z.minLength(3, 'Too short here')) }), { id: 'x' }));
    expect(refusal.body()).toEqual({ error: 'Too short here', code: 'invalid_input', key: 'invalid_input', params: { message: 'Too short here' } });
  });

  it('does not take a key that answers another code for a schema check', () => {
    // qr_invalid is a key, but not one a schema refuses with (its code is its own): the words go as they are.
    const refusal = refusalOf(() => parseInput(z.object({ qr: z.string().check(z.minLength(3, 'qr_invalid')) }), { qr: 'x' }));
    expect(refusal.body()).toMatchObject({ code: 'invalid_input', key: 'invalid_input', params: { message: 'qr_invalid' } });
  });
});

describe('over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => { ctx = await createTestContext(); });
  afterAll(async () => { await ctx.close(); });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });

  it('tells a wrong current PIN from a wrong PIN by the key, under the one code pin_incorrect', async () => {
    const business = await registerBusiness(ctx);
    const changed = await post('/api/auth/change-pin', { currentPin: '9071', newPin: '6283', confirmPin: '6283' }, bearer(business.token));
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual({
      error: 'Current PIN is incorrect. 4 attempts left.',
      code: 'pin_incorrect', key: 'current_pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4,
    });
    const confirmed = await post('/api/auth/confirm-pin', { pin: '9071' }, bearer(business.token));
    expect(confirmed.statusCode).toBe(403);
    expect(confirmed.json()).toEqual({
      error: 'Incorrect PIN. 3 attempts left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 3 }, attemptsLeft: 3,
    });
  });

  it("answers a schema's refusal with its key, and its English as before", async () => {
    const response = await post('/api/otp/send', { phoneNumber: newPhone().slice(0, -1), purpose: 'registration' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Phone number must be +91 followed by a 10-digit mobile number', code: 'invalid_input', key: 'phone_format', params: {},
    });
  });
});
