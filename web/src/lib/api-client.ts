/**
 * The one way the app talks to the server (spec §7, §8): cookies always, the stored
 * session token as a Bearer header, JSON bodies, and "<status>: <body>" errors.
 */
import type { QueryFunction } from '@tanstack/react-query';
import { getSessionToken } from './session';

/** A refused request. Its message is "<status>: <body text or status text>" (spec §8). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

function requestHeaders(hasBody: boolean): Headers {
  const headers = new Headers();
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, text);
}

/**
 * Sends a request and returns the parsed JSON answer (or null for an empty body).
 * `extraHeaders` adds call-specific headers, such as a payment's Idempotency-Key.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const hasBody = body !== undefined;
  const headers = requestHeaders(hasBody);
  for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
  const response = await fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function: a GET on the query key parts joined with "/". With
 * on401 "returnNull" a 401 yields null instead of an error (used for /api/auth/me).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), {
      headers: requestHeaders(false),
      credentials: 'include',
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

const errorMessagePattern = /^\d{3}: ([\s\S]*)$/;

/**
 * The readable message the server put in the JSON body's `error` field, taken from an
 * error built as "<status>: <body>"; null when there is none (network failure, HTML or
 * empty body), so callers fall back to the spec's default text.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = errorMessagePattern.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1] ?? '');
    if (body && typeof body === 'object' && 'error' in body) {
      const message = (body as { error: unknown }).error;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON: there is no server message to show.
  }
  return null;
}

/** The HTTP status of a refused request, or null for anything else. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const status = /^(\d{3}): /.exec(error.message)?.[1];
    return status ? Number(status) : null;
  }
  return null;
}
