import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorStatus, loadErrorMessages, queryOrNullWhenSignedOut, serverMessage } from './api-client';
import { queryOptionsFor, request, urlOf } from './api-request';
import { connectionProbeUrl, reportReachable, reportUnreachable } from './connection';
import { heldSignOut, holdSignOut } from './session';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { activate } from '@/i18n/i18n';

const signedOut = queryOrNullWhenSignedOut('GET /api/auth/me');
const otpSend = { body: { phoneNumber: '9876543210', purpose: 'registration' } } as const;

describe('request', () => {
  it('sends JSON with cookies and the stored session token as a Bearer header', async () => {
    window.localStorage.setItem('sessionToken', 'tok123');
    const calls = stubFetch({ 'POST /api/otp/send': () => json(200, { success: true }) });
    await expect(request('POST /api/otp/send', otpSend)).resolves.toEqual({ success: true });
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok123');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual(otpSend.body);
  });

  it('names the language the app speaks, so the OTP SMS is sent in it', async () => {
    const calls = stubFetch({ 'POST /api/otp/send': () => json(200, { success: true }) });
    await activate('ta');
    await request('POST /api/otp/send', otpSend);
    await activate('en');
    await request('POST /api/otp/send', otpSend);
    expect(calls.map((call) => call.headers.get('Accept-Language'))).toEqual(['ta', 'en']);
  });

  it('sends no Authorization header without a stored token', async () => {
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }) });
    await request('POST /api/auth/logout', {});
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('turns a refused request into "<status>: <body text>"', async () => {
    stubFetch({
      'POST /api/auth/change-pin': () => apiError(403, 'Current PIN is incorrect. 4 attempts left.', 'pin_incorrect', 'current_pin_incorrect', { attemptsLeft: 4 }),
    });
    const error = await request('POST /api/auth/change-pin', { body: { currentPin: '1111', newPin: '2580', confirmPin: '2580' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      '403: {"error":"Current PIN is incorrect. 4 attempts left.","code":"pin_incorrect","key":"current_pin_incorrect","params":{"attemptsLeft":4}}',
    );
    expect(errorStatus(error)).toBe(403);
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch({ 'GET /api/business/stats': () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(request('GET /api/business/stats', {})).rejects.toThrow(/^502: Bad Gateway$/);
  });
});

describe('serverMessage', () => {
  it('extracts the error field of a JSON body', () => {
    expect(serverMessage(new Error('429: {"error":"Too many wrong PINs. Try again in 15 minutes.","code":"account_locked"}'))).toBe(
      'Too many wrong PINs. Try again in 15 minutes.',
    );
  });

  it('is null for a body that is not JSON, a JSON body without error, and non-HTTP errors', () => {
    expect(serverMessage(new Error('500: Internal Server Error'))).toBeNull();
    expect(serverMessage(new Error('400: {"message":"x"}'))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessage('401: {"error":"x"}')).toBeNull();
  });
});

describe('a signed-out answer', () => {
  it('is read to the end, so a no-store 401 does not keep the request open (check:bundle waits for an idle network)', async () => {
    const answer = apiError(401, 'Not signed in', 'not_signed_in');
    stubFetch({ 'GET /api/auth/me': () => answer });
    await expect(signedOut.queryFn()).resolves.toBeNull();
    expect(answer.bodyUsed).toBe(true);
  });
});

describe('ApiError', () => {
  it('parses a refusal body into its code, catalogue key and parameters, keeping "<status>: <body>"', () => {
    const body = JSON.stringify({
      error: 'Current PIN is incorrect. 2 attempts left.', code: 'pin_incorrect', key: 'current_pin_incorrect',
      params: { attemptsLeft: 2 }, attemptsLeft: 2,
    });
    const error = new ApiError(403, body);
    expect(error.message).toBe(`403: ${body}`);
    expect(error.status).toBe(403);
    expect(error.code).toBe('pin_incorrect');
    expect(error.key).toBe('current_pin_incorrect');
    expect(error.params).toEqual({ attemptsLeft: 2 });
    expect(error.serverText).toBe('Current PIN is incorrect. 2 attempts left.');
  });

  it('takes the parameters from `params` alone, and only numbers and strings', () => {
    const error = new ApiError(400, JSON.stringify({
      error: 'x', code: 'invalid_input', key: 'field_invalid', params: { field: 'pin', nested: { a: 1 }, flag: true, none: null }, attemptsLeft: 2,
    }));
    expect(error.params).toEqual({ field: 'pin' });
    expect(new ApiError(400, JSON.stringify({ error: 'x', code: 'invalid_input', key: 'field_invalid', params: ['pin'] })).params).toEqual({});
  });

  it('has no key and no parameters from a body without them (an older server, a proxy)', () => {
    const error = new ApiError(403, '{"error":"Incorrect PIN. 2 attempts left.","code":"pin_incorrect","attemptsLeft":2}');
    expect(error.code).toBe('pin_incorrect');
    expect(error.key).toBeNull();
    expect(error.params).toEqual({});
    expect(error.serverText).toBe('Incorrect PIN. 2 attempts left.');
  });

  it('has no code, key or parameters for a body that is not a JSON object', () => {
    for (const body of ['Bad Gateway', '[1,2]', 'null', '<html></html>']) {
      const error = new ApiError(502, body);
      expect(error.code).toBeNull();
      expect(error.key).toBeNull();
      expect(error.params).toEqual({});
      expect(error.serverText).toBeNull();
    }
  });
});

describe('serverMessage with the error catalogue', () => {
  const refused = (status: number, body: object) => new ApiError(status, JSON.stringify(body));

  it('says it in the language the app speaks from the key, with its plurals and parameters', async () => {
    const pinIncorrect = (attemptsLeft: number) => refused(403, {
      error: `Incorrect PIN. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`, code: 'pin_incorrect',
      key: 'pin_incorrect', params: { attemptsLeft }, attemptsLeft,
    });
    try {
      await activate('hi');
      await loadErrorMessages();
      expect(serverMessage(pinIncorrect(1))).toBe('गलत PIN। 1 कोशिश बाकी है।');
      expect(serverMessage(pinIncorrect(3))).toBe('गलत PIN। 3 कोशिशें बाकी हैं।');
      await activate('ta');
      await loadErrorMessages();
      expect(serverMessage(pinIncorrect(3))).toBe('தவறான PIN. 3 முயற்சிகள் மீதம் உள்ளன.');
    } finally {
      await activate('en');
    }
    expect(serverMessage(pinIncorrect(3))).toBe('Incorrect PIN. 3 attempts left.');
  });

  it('tells apart two entries that share a code by their keys, whatever the English says', async () => {
    // Both answer the code pin_incorrect; the English here matches neither entry's, so only the key can say which.
    const wrongPin = (key: string) => refused(403, { error: 'Wrong.', code: 'pin_incorrect', key, params: { attemptsLeft: 4 }, attemptsLeft: 4 });
    await loadErrorMessages();
    expect(serverMessage(wrongPin('current_pin_incorrect'))).toBe('Current PIN is incorrect. 4 attempts left.');
    expect(serverMessage(wrongPin('pin_incorrect'))).toBe('Incorrect PIN. 4 attempts left.');
    try {
      await activate('hi');
      await loadErrorMessages();
      expect(serverMessage(wrongPin('current_pin_incorrect'))).toBe('अभी का PIN गलत है। 4 कोशिशें बाकी हैं।');
      expect(serverMessage(wrongPin('pin_incorrect'))).toBe('गलत PIN। 4 कोशिशें बाकी हैं।');
      await activate('ta');
      await loadErrorMessages();
      expect(serverMessage(wrongPin('current_pin_incorrect'))).toBe('தற்போதைய PIN தவறு. 4 முயற்சிகள் மீதம் உள்ளன.');
    } finally {
      await activate('en');
    }
  });

  it("says a schema's refusal in the language the app speaks from its key, never from its English", async () => {
    // The body server/errors.ts parseInput answers: the entry's English as `error`, its key, no parameters.
    const pinFormat = refused(400, { error: 'PIN must be exactly 4 digits', code: 'invalid_input', key: 'pin_format', params: {} });
    // A schema check that names no entry sends zod's own words as the parameter of invalid_input.
    const unnamed = refused(400, { error: 'Some future check', code: 'invalid_input', key: 'invalid_input', params: { message: 'Some future check' } });
    // The same English from a body without a key (an older server) is not looked up.
    const withoutKey = refused(400, { error: 'PIN must be exactly 4 digits', code: 'invalid_input' });
    try {
      await activate('hi');
      await loadErrorMessages();
      expect(serverMessage(pinFormat)).toBe('PIN पूरे 4 अंकों का होना चाहिए');
      expect(serverMessage(refused(400, { error: 'Business name is required', code: 'invalid_input', key: 'business_name_required', params: {} })))
        .toBe('दुकान का नाम ज़रूरी है');
      // The server's English may change; the key still names the message.
      expect(serverMessage(refused(400, { error: 'Type the phone number right', code: 'invalid_input', key: 'phone_format', params: {} })))
        .toBe('फ़ोन नंबर +91 के बाद 10 अंकों का मोबाइल नंबर होना चाहिए');
      expect(serverMessage(unnamed)).toBe('Some future check');
      expect(serverMessage(withoutKey)).toBe('PIN must be exactly 4 digits');
      await activate('ta');
      await loadErrorMessages();
      expect(serverMessage(pinFormat)).toBe('PIN சரியாக 4 இலக்கங்களாக இருக்க வேண்டும்');
      expect(serverMessage(withoutKey)).toBe('PIN must be exactly 4 digits');
    } finally {
      await activate('en');
    }
    expect(serverMessage(pinFormat)).toBe('PIN must be exactly 4 digits');
  });

  it('shows the server text until the catalogue has loaded', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    const error = new fresh.ApiError(429, JSON.stringify({
      error: 'Server text', code: 'account_locked', key: 'account_locked', params: { retryAfterMinutes: 1 }, retryAfterMinutes: 1,
    }));
    expect(fresh.serverMessage(error)).toBe('Server text');
    await fresh.loadErrorMessages();
    expect(fresh.serverMessage(error)).toBe('Too many wrong PINs. Try again in 1 minute.');
  });

  it('in another language, reports even the first refusal in it: the catalogue is awaited', async () => {
    vi.resetModules();
    const freshI18n = await import('@/i18n/i18n');
    const fresh = await import('./api-client');
    const freshRequest = await import('./api-request');
    stubFetch({
      'POST /api/auth/confirm-pin': () => json(403, {
        error: 'Incorrect PIN. 3 attempts left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 3 }, attemptsLeft: 3,
      }),
    });
    try {
      await freshI18n.activate('hi');
      const error = await freshRequest.request('POST /api/auth/confirm-pin', { body: { pin: '1111' } }).catch((e: unknown) => e);
      expect(fresh.serverMessage(error)).toBe('गलत PIN। 3 कोशिशें बाकी हैं।');
    } finally {
      await freshI18n.activate('en');
    }
  });

  it("formats the catalogue's message for the key and the body's parameters", async () => {
    await loadErrorMessages();
    expect(serverMessage(refused(429, { error: 'x', code: 'account_locked', key: 'account_locked', params: { retryAfterMinutes: 15 } })))
      .toBe('Too many wrong PINs. Try again in 15 minutes.');
    expect(serverMessage(refused(422, { error: 'x', code: 'qr_expired', key: 'qr_expired', params: {} })))
      .toBe('This payment code has expired. Ask the merchant for a new one.');
    expect(serverMessage(refused(422, { error: 'x', code: 'insufficient_credit', key: 'insufficient_credit', params: { shortfall: '₹0.01' } })))
      .toBe('Insufficient balance. You need ₹0.01 more.');
  });

  it("falls back to the body's error for a key this build does not know, a body without a key, or a missing parameter", async () => {
    await loadErrorMessages();
    expect(serverMessage(refused(418, { error: 'From a newer server', code: 'teapot', key: 'teapot', params: {} }))).toBe('From a newer server');
    // An older server's body: the code alone does not say which of its entries, so its text is shown as sent.
    expect(serverMessage(refused(403, { error: 'Current PIN is incorrect. 4 attempts left.', code: 'pin_incorrect', attemptsLeft: 4 })))
      .toBe('Current PIN is incorrect. 4 attempts left.');
    expect(serverMessage(refused(422, { error: 'Insufficient balance. You need ₹0.01 more.', code: 'insufficient_credit', key: 'insufficient_credit', params: {} })))
      .toBe('Insufficient balance. You need ₹0.01 more.');
  });

  it('is null without a JSON error, as before', async () => {
    await loadErrorMessages();
    expect(serverMessage(new ApiError(500, 'Internal Server Error'))).toBeNull();
    expect(serverMessage(new ApiError(400, '{"code":"invalid_input","key":"pin_format","params":{}}'))).toBeNull();
  });
});

describe('a sign-out held while there was no network', () => {
  const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
  const route = (call: { method: string; url: string }) => `${call.method} ${call.url}`;

  /**
   * Signed out on the phone while offline (features/auth/api/log-out.ts): the token is
   * forgotten and only the fact of the sign-out is held; the cookie names the session.
   */
  function signedOutOffline() {
    stubFetch({ [`GET ${connectionProbeUrl}`]: networkError });
    act(() => reportUnreachable());
    holdSignOut();
  }

  it('goes before the next request, with the cookie and no token, and is then forgotten', async () => {
    signedOutOffline();
    const calls = stubFetch({
      'POST /api/auth/logout': () => json(200, { success: true }),
      'POST /api/auth/customer/login': () => json(200, { sessionToken: 'tok-2' }),
    });
    await request('POST /api/auth/customer/login', { body: { phoneNumber: '9876543210', pin: '1111' } });
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'POST /api/auth/customer/login']);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[1]!.headers.has('Authorization')).toBe(false);
    expect(heldSignOut()).toBe(false);
  });

  it('goes by itself as soon as the server answers again', async () => {
    signedOutOffline();
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }) });
    act(() => reportReachable());
    await waitFor(() => expect(heldSignOut()).toBe(false));
    expect(calls.map(route)).toEqual(['POST /api/auth/logout']);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.credentials).toBe('include');
  });

  it('never sends a token found in storage: the cookie alone names the session to end', async () => {
    signedOutOffline();
    // Whatever token storage holds is not the held session's; the requests after it use it.
    window.localStorage.setItem('sessionToken', 'tok-2');
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }), 'GET /api/business/stats': () => json(200, {}) });
    await request('GET /api/business/stats', {});
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'GET /api/business/stats']);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer tok-2');
    expect(heldSignOut()).toBe(false);
  });

  it('while it cannot be sent, nobody is signed in and no other request leaves', async () => {
    signedOutOffline();
    const calls = stubFetch({ 'POST /api/auth/logout': networkError, 'GET /api/auth/me': () => json(200, { user: {} }) });
    await expect(signedOut.queryFn()).resolves.toBeNull();
    await expect(request('GET /api/credit-accounts/customer', {})).rejects.toThrow(TypeError);
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'POST /api/auth/logout']);
    expect(heldSignOut()).toBe(true);
  });

  it('is kept while the server refuses it, and lets nothing else through', async () => {
    signedOutOffline();
    const calls = stubFetch({ 'POST /api/auth/logout': () => apiError(503, 'The database is unavailable', 'database_unavailable') });
    await expect(request('POST /api/auth/customer/login', { body: { phoneNumber: '9876543210', pin: '1111' } })).rejects.toThrow(/^503: /);
    expect(callsTo(calls, 'POST /api/auth/customer/login')).toEqual([]);
    expect(heldSignOut()).toBe(true);
  });

  it('is forgotten when the server answers 401: that session had ended already', async () => {
    signedOutOffline();
    const calls = stubFetch({
      'POST /api/auth/logout': () => apiError(401, 'Not signed in', 'not_signed_in'),
      'GET /api/auth/me': () => apiError(401, 'Not signed in', 'not_signed_in'),
    });
    await expect(signedOut.queryFn()).resolves.toBeNull();
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'GET /api/auth/me']);
    expect(heldSignOut()).toBe(false);
  });
});

describe('a route of the table', () => {
  it("fills the route's path parameters, encoded, and sends its body with the call's own headers", async () => {
    const calls = stubFetch({
      'POST /api/business/credit-accounts/a%2Fb/limit': () => json(200, { creditAccount: { id: 'a/b' } }),
    });
    await expect(request('POST /api/business/credit-accounts/:id/limit', { params: { id: 'a/b' }, body: { creditLimit: '5000' } }, {
      headers: { 'Idempotency-Key': 'k-1' },
    })).resolves.toEqual({ creditAccount: { id: 'a/b' } });
    expect(calls[0]!.body).toEqual({ creditLimit: '5000' });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it("writes the query's defined fields after the path, in the order given", () => {
    expect(urlOf('GET /api/credit-accounts/:id/statement', { params: { id: 'acc' }, query: { from: '2025-03-01', to: '2025-03-31' } }))
      .toBe('/api/credit-accounts/acc/statement?from=2025-03-01&to=2025-03-31');
    expect(urlOf('GET /api/transactions/customer', { query: { businessId: undefined, limit: '20' } })).toBe('/api/transactions/customer?limit=20');
    expect(urlOf('GET /api/business/stats', {})).toBe('/api/business/stats');
  });
});

describe('queryOptionsFor', () => {
  it("keys a query by the call's URL and GETs it", async () => {
    const calls = stubFetch({ 'GET /api/admin/analytics?days=30': () => json(200, { analytics: { days: 30 } }) });
    const options = queryOptionsFor('GET /api/admin/analytics', { query: { days: '30' } });
    expect(options.queryKey).toEqual(['/api/admin/analytics?days=30']);
    await expect(options.queryFn()).resolves.toEqual({ analytics: { days: 30 } });
    expect(calls[0]!.credentials).toBe('include');
  });

  it('yields null on 401 when asked to, and throws otherwise', async () => {
    stubFetch({ 'GET /api/auth/me': () => apiError(401, 'Not signed in', 'not_signed_in') });
    await expect(queryOrNullWhenSignedOut('GET /api/auth/me').queryFn()).resolves.toBeNull();
    expect(queryOrNullWhenSignedOut('GET /api/auth/me').queryKey).toEqual(['/api/auth/me']);
    await expect(queryOptionsFor('GET /api/auth/me', {}).queryFn()).rejects.toThrow(
      '401: {"error":"Not signed in","code":"not_signed_in","key":"not_signed_in","params":{}}',
    );
  });
});
