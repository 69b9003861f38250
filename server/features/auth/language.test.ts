/**
 * The user's language (docs/product.md#languages): saved on the user through the API so it follows them to
 * another phone, and the OTP SMS sent in it — the browser's Accept-Language for a
 * registration, the saved choice for a PIN reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpSmsText } from '../../sms/templates';
import { bearer, createTestContext, newPhone, registerCustomer, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const sendOtp = (phoneNumber: string, purpose: 'registration' | 'pin_reset', acceptLanguage?: string, language?: string) => ctx.app.inject({
  method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose, language },
  headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
});

describe('the saved language', () => {
  it('is null until chosen, then saved and read back in every session of the user', async () => {
    const customer = await registerCustomer(ctx);
    const me = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();
    expect((await me(customer.token)).language).toBeNull();

    const saved = await ctx.app.inject({ method: 'POST', url: '/api/auth/language', headers: bearer(customer.token), payload: { language: 'ta' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'ta' });

    // Another phone: a new session of the same user.
    const login = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: customer.phoneNumber, pin: customer.pin },
    });
    expect((await me(login.json().sessionToken as string)).language).toBe('ta');
  });

  it('refuses a language Khata does not speak, and changes nothing', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/language', headers: bearer(customer.token), payload: { language: 'hi' } });
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/language', headers: bearer(customer.token), payload: { language: 'fr' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Language must be en, hi or ta' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) });
    expect(me.json().language).toBe('hi');
  });

  it('is only for a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/language', payload: { language: 'hi' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the OTP SMS', () => {
  it('keeps its English text, and is sent in the language the browser asks for at registration', async () => {
    expect(otpSmsText('123456', 'en')).toBe('123456 is your Khata verification code. It expires in 5 minutes.');
    const english = newPhone();
    await sendOtp(english, 'registration');
    expect(ctx.sentLanguages.get(english)).toEqual(['en']);

    const hindi = newPhone();
    expect((await sendOtp(hindi, 'registration', 'hi-IN,hi;q=0.9,en;q=0.8')).statusCode).toBe(200);
    expect(ctx.sentLanguages.get(hindi)).toEqual(['hi']);
    expect(otpSmsText('123456', 'hi')).toBe('123456 आपका Khata वेरिफ़िकेशन कोड है। यह 5 मिनट तक ही चलेगा।');
  });

  it('is sent for a PIN reset in the language saved on the account, whatever the browser says', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/language', headers: bearer(customer.token), payload: { language: 'ta' } });
    ctx.clock.advance(60);
    expect((await sendOtp(customer.phoneNumber, 'pin_reset', 'en-US')).statusCode).toBe(200);
    expect(ctx.sentLanguages.get(customer.phoneNumber)!.at(-1)).toBe('ta');
    expect(otpSmsText('123456', 'ta')).toContain('123456');
    expect(otpSmsText('123456', 'ta')).toContain('Khata');
  });

  it('is sent in a language just picked on the phone, over the saved one: the latest choice wins', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/language', headers: bearer(customer.token), payload: { language: 'ta' } });
    ctx.clock.advance(60);
    expect((await sendOtp(customer.phoneNumber, 'pin_reset', 'hi', 'hi')).statusCode).toBe(200);
    expect(ctx.sentLanguages.get(customer.phoneNumber)!.at(-1)).toBe('hi');
  });

  it('refuses a picked language Khata does not speak, and sends nothing', async () => {
    const phoneNumber = '+919812345670';
    const response = await sendOtp(phoneNumber, 'registration', undefined, 'fr');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Language must be en, hi or ta', code: 'invalid_input', key: 'language_choice', params: {} });
    expect(ctx.sentLanguages.get(phoneNumber)).toBeUndefined();
  });
});
