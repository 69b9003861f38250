import { describe, expect, it } from 'vitest';
import { apiRequest, ApiError, errorStatus, getQueryFn, serverMessage } from './api-client';
import { apiError, json, stubFetch } from '@/test/fetch-stub';
import { QueryClient } from '@tanstack/react-query';

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
