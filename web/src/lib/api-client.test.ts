import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  apiRequest, ApiError, errorStatus, getOrNullWhenSignedOut, getQueryFn, loadErrorMessages, serverMessage,
} from './api-client';
import { connectionProbeUrl, reportReachable, reportUnreachable } from './connection';
import { heldSignOut, holdSignOut } from './session';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { QueryClient } from '@tanstack/react-query';
import { activate } from '@/i18n/i18n';

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, client: new QueryClient(), signal: new AbortController().signal, meta: undefined }) as never;

describe('apiRequest', () => {
  it('sends JSON with cookies and the stored session token as a Bearer header', async () => {
    window.localStorage.setItem('sessionToken', 'tok123');
    const calls = stubFetch({ 'POST /api/otp/send': () => json(200, { success: true }) });
    await expect(apiRequest('POST', '/api/otp/send', { a: 1 })).resolves.toEqual({ success: true });
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok123');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ a: 1 });
  });

  it('names the language the app speaks, so the OTP SMS is sent in it', async () => {
    const calls = stubFetch({ 'POST /api/otp/send': () => json(200, { success: true }) });
    await activate('ta');
    await apiRequest('POST', '/api/otp/send', { a: 1 });
    await activate('en');
    await apiRequest('POST', '/api/otp/send', { a: 1 });
    expect(calls.map((call) => call.headers.get('Accept-Language'))).toEqual(['ta', 'en']);
  });

  it('sends no Authorization header without a stored token', async () => {
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }) });
    await apiRequest('POST', '/api/auth/logout');
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('turns a refused request into "<status>: <body text>"', async () => {
    stubFetch({ 'POST /api/x': () => apiError(403, 'Current PIN is incorrect. 4 attempts left.', 'pin_incorrect') });
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      '403: {"error":"Current PIN is incorrect. 4 attempts left.","code":"pin_incorrect"}',
    );
    expect(errorStatus(error)).toBe(403);
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch({ 'GET /api/y': () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiRequest('GET', '/api/y')).rejects.toThrow(/^502: Bad Gateway$/);
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

describe('getQueryFn', () => {
  it('GETs the key parts joined with "/" and parses JSON', async () => {
    const calls = stubFetch({ 'GET /api/things/42': () => json(200, { id: 42 }) });
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/things', '42']))).resolves.toEqual({ id: 42 });
    expect(calls[0]!.credentials).toBe('include');
  });

  it('yields null on 401 when asked to, and throws by default', async () => {
    stubFetch({ 'GET /api/auth/me': () => apiError(401, 'Not signed in', 'not_signed_in') });
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/me']))).rejects.toThrow(
      '401: {"error":"Not signed in","code":"not_signed_in"}',
    );
  });
});

describe('a signed-out answer', () => {
  it('is read to the end, so a no-store 401 does not keep the request open (check:bundle waits for an idle network)', async () => {
    const answer = apiError(401, 'Not signed in', 'not_signed_in');
    stubFetch({ 'GET /api/auth/me': () => answer });
    await expect(getOrNullWhenSignedOut('/api/auth/me')).resolves.toBeNull();
    expect(answer.bodyUsed).toBe(true);
  });
});

describe('ApiError', () => {
  it('parses a refusal body into a typed code and its parameters, keeping "<status>: <body>"', () => {
    const body = '{"error":"Incorrect PIN. 2 attempts left.","code":"pin_incorrect","attemptsLeft":2}';
    const error = new ApiError(403, body);
    expect(error.message).toBe(`403: ${body}`);
    expect(error.status).toBe(403);
    expect(error.code).toBe('pin_incorrect');
    expect(error.params).toEqual({ attemptsLeft: 2 });
    expect(error.serverText).toBe('Incorrect PIN. 2 attempts left.');
  });

  it('has no code and no parameters for a body that is not a JSON object', () => {
    for (const body of ['Bad Gateway', '[1,2]', 'null', '<html></html>']) {
      const error = new ApiError(502, body);
      expect(error.code).toBeNull();
      expect(error.params).toEqual({});
      expect(error.serverText).toBeNull();
    }
  });
});

describe('serverMessage with the error catalogue', () => {
  const refused = (status: number, body: object) => new ApiError(status, JSON.stringify(body));

  it('says it in the language the app speaks, with its plurals and parameters', async () => {
    // Two catalogue entries share the code pin_incorrect: the server's English says which.
    const pinIncorrect = (attemptsLeft: number) => refused(403, {
      error: `Incorrect PIN. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`, code: 'pin_incorrect', attemptsLeft,
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

  it("says a schema's refusal in the language the app speaks, and any other invalid_input as the server wrote it", async () => {
    // The body server/errors.ts parseInput answers: the schema's text as `error`, no other field.
    const pinFormat = refused(400, { error: 'PIN must be exactly 4 digits', code: 'invalid_input' });
    const notFromSchema = refused(400, { error: 'Some future check', code: 'invalid_input' });
    try {
      await activate('hi');
      await loadErrorMessages();
      expect(serverMessage(pinFormat)).toBe('PIN पूरे 4 अंकों का होना चाहिए');
      expect(serverMessage(refused(400, { error: 'Business name is required', code: 'invalid_input' }))).toBe('दुकान का नाम ज़रूरी है');
      expect(serverMessage(notFromSchema)).toBe('Some future check');
      await activate('ta');
      await loadErrorMessages();
      expect(serverMessage(pinFormat)).toBe('PIN சரியாக 4 இலக்கங்களாக இருக்க வேண்டும்');
      // The same text under another code is not a schema's refusal.
      expect(serverMessage(refused(422, { error: 'PIN must be exactly 4 digits', code: 'teapot' }))).toBe('PIN must be exactly 4 digits');
    } finally {
      await activate('en');
    }
    expect(serverMessage(pinFormat)).toBe('PIN must be exactly 4 digits');
  });

  it('shows the server text until the catalogue has loaded', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    const error = new fresh.ApiError(429, '{"error":"Server text","code":"account_locked","retryAfterMinutes":1}');
    expect(fresh.serverMessage(error)).toBe('Server text');
    await fresh.loadErrorMessages();
    expect(fresh.serverMessage(error)).toBe('Too many wrong PINs. Try again in 1 minute.');
  });

  it('in another language, reports even the first refusal in it: the catalogue is awaited', async () => {
    vi.resetModules();
    const freshI18n = await import('@/i18n/i18n');
    const fresh = await import('./api-client');
    stubFetch({ 'POST /api/x': () => json(403, { error: 'Incorrect PIN. 3 attempts left.', code: 'pin_incorrect', attemptsLeft: 3 }) });
    try {
      await freshI18n.activate('hi');
      const error = await fresh.apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
      expect(fresh.serverMessage(error)).toBe('गलत PIN। 3 कोशिशें बाकी हैं।');
    } finally {
      await freshI18n.activate('en');
    }
  });

  it("formats the catalogue's message for the code and the body's parameters", async () => {
    await loadErrorMessages();
    expect(serverMessage(refused(429, { error: 'x', code: 'account_locked', retryAfterMinutes: 15 })))
      .toBe('Too many wrong PINs. Try again in 15 minutes.');
    expect(serverMessage(refused(422, { error: 'x', code: 'qr_expired' })))
      .toBe('This payment code has expired. Ask the merchant for a new one.');
  });

  it("falls back to the body's error for an unknown code, a shared code, or a missing parameter", async () => {
    await loadErrorMessages();
    expect(serverMessage(refused(418, { error: 'From a newer server', code: 'teapot' }))).toBe('From a newer server');
    // pin_incorrect is also change-PIN's "Current PIN is incorrect": the body's text says which.
    expect(serverMessage(refused(403, { error: 'Current PIN is incorrect. 4 attempts left.', code: 'pin_incorrect', attemptsLeft: 4 })))
      .toBe('Current PIN is incorrect. 4 attempts left.');
    expect(serverMessage(refused(422, { error: 'Insufficient balance. You need ₹0.01 more.', code: 'insufficient_credit' })))
      .toBe('Insufficient balance. You need ₹0.01 more.');
  });

  it('is null without a JSON error, as before', async () => {
    await loadErrorMessages();
    expect(serverMessage(new ApiError(500, 'Internal Server Error'))).toBeNull();
    expect(serverMessage(new ApiError(400, '{"code":"invalid_input"}'))).toBeNull();
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
    await apiRequest('POST', '/api/auth/customer/login', { phone: '9876543210', pin: '1111' });
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
    const calls = stubFetch({ 'POST /api/auth/logout': () => json(200, { success: true }), 'GET /api/x': () => json(200, {}) });
    await apiRequest('GET', '/api/x');
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'GET /api/x']);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer tok-2');
    expect(heldSignOut()).toBe(false);
  });

  it('while it cannot be sent, nobody is signed in and no other request leaves', async () => {
    signedOutOffline();
    const calls = stubFetch({ 'POST /api/auth/logout': networkError, 'GET /api/auth/me': () => json(200, { user: {} }) });
    await expect(getOrNullWhenSignedOut('/api/auth/me')).resolves.toBeNull();
    await expect(apiRequest('GET', '/api/credit-accounts/customer')).rejects.toThrow(TypeError);
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'POST /api/auth/logout']);
    expect(heldSignOut()).toBe(true);
  });

  it('is kept while the server refuses it, and lets nothing else through', async () => {
    signedOutOffline();
    const calls = stubFetch({ 'POST /api/auth/logout': () => apiError(503, 'The database is unavailable', 'database_unavailable') });
    await expect(apiRequest('POST', '/api/auth/customer/login', {})).rejects.toThrow(/^503: /);
    expect(callsTo(calls, 'POST /api/auth/customer/login')).toEqual([]);
    expect(heldSignOut()).toBe(true);
  });

  it('is forgotten when the server answers 401: that session had ended already', async () => {
    signedOutOffline();
    const calls = stubFetch({
      'POST /api/auth/logout': () => apiError(401, 'Not signed in', 'not_signed_in'),
      'GET /api/auth/me': () => apiError(401, 'Not signed in', 'not_signed_in'),
    });
    await expect(getOrNullWhenSignedOut('/api/auth/me')).resolves.toBeNull();
    expect(calls.map(route)).toEqual(['POST /api/auth/logout', 'GET /api/auth/me']);
    expect(heldSignOut()).toBe(false);
  });
});
