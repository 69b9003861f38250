/**
 * The one way the app talks to the server (spec §7, §8): cookies always, the stored
 * session token as a Bearer header, JSON bodies, and "<status>: <body>" errors.
 */
import type { QueryFunction } from '@tanstack/react-query';
import type { ErrorCode, ErrorParams } from '@common/errors';
import { isGatewayFailure, isOffline, reportReachable, reportUnreachable, subscribeConnection } from './connection';
import { forgetHeldSignOut, getSessionToken, heldSignOut } from './session';
import { currentLanguage } from '@/i18n/i18n';

/** What a refusal's JSON body says: `{ error, code, ...params }`. */
interface RefusalBody {
  /** The server's English message; shown while the catalogue loads, or for an unknown code. */
  text: string | null;
  code: ErrorCode | null;
  params: ErrorParams;
}

function parseRefusal(bodyText: string): RefusalBody | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null; // Not JSON: an HTML error page or a proxy's text.
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const params: ErrorParams = {};
  let text: string | null = null;
  let code: ErrorCode | null = null;
  for (const [name, value] of Object.entries(body)) {
    if (name === 'error') text = typeof value === 'string' && value.trim() ? value : null;
    else if (name === 'code') code = typeof value === 'string' ? value as ErrorCode : null;
    else if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return { text, code, params };
}

/**
 * A refused request. Its message is "<status>: <body text or status text>" (spec §9);
 * `code` and `params` are the JSON body's, null and empty when the body is not one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly params: ErrorParams;
  /** The body's `error` text, null without one. */
  readonly serverText: string | null;
  /** When the server asks to be tried again (a 503's Retry-After), in seconds; null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, bodyText: string, retryAfter: string | null = null) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    const refusal = parseRefusal(bodyText);
    this.code = refusal?.code ?? null;
    this.params = refusal?.params ?? {};
    this.serverText = refusal?.text ?? null;
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }
}

/** Retry-After is either whole seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(value: string | null): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

type ErrorMessages = typeof import('./error-messages');
let errorMessages: ErrorMessages | null = null;
let loading: Promise<ErrorMessages> | null = null;

/**
 * Loads the catalogue's formatter (intl-messageformat) on demand, outside the entry chunk:
 * until it arrives, serverMessage shows the server's own English text, which is the same.
 */
export function loadErrorMessages(): Promise<ErrorMessages> {
  loading ??= import('./error-messages').then((loaded) => (errorMessages = loaded));
  // With the messages in the language the app speaks now, not the one it loaded in.
  return loading.then(async (loaded) => {
    await loaded.loadErrorTexts(currentLanguage());
    return loaded;
  });
}

function requestHeaders(hasBody: boolean): Headers {
  const headers = new Headers();
  if (hasBody) headers.set('Content-Type', 'application/json');
  // The language the app speaks, not the phone's: the server sends a registration's OTP SMS in it.
  headers.set('Accept-Language', currentLanguage());
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * fetch, telling the connection store whether the server was reached: a network
 * error or a proxy's 502/503/504 marks the app offline; any answer of ours, online.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportUnreachable();
    throw error;
  }
  if (isGatewayFailure(response)) reportUnreachable();
  else reportReachable();
  return response;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  const messagesLoaded = loadErrorMessages().catch(() => { loading = null; });
  // English is the server's own text; another language waits for its catalogue, so even
  // the first refusal after the language changed (a saved one applied at sign-in) reads in it.
  if (currentLanguage() !== 'en') await messagesLoaded;
  throw new ApiError(response.status, text, response.headers.get('Retry-After'));
}

/**
 * Sends a request and returns the parsed JSON answer (or null for an empty body).
 * `extraHeaders` adds call-specific headers, such as a payment's Idempotency-Key;
 * `keepalive` lets the request outlive the page, for one sent as a link opens another app;
 * `signal` ends the wait.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
  { keepalive = false, signal }: { keepalive?: boolean; signal?: AbortSignal } = {},
): Promise<T> {
  await sendHeldSignOut();
  const hasBody = body !== undefined;
  const headers = requestHeaders(hasBody);
  for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
  const response = await send(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
    ...(keepalive ? { keepalive } : {}),
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
  return ({ queryKey }) => get<T>(queryKey.join('/'), on401);
}

/** A GET outside the query layer whose 401 answers null: "nobody is signed in". */
export const getOrNullWhenSignedOut = <T>(url: string) => get<T>(url, 'returnNull');

async function get<T>(url: string, on401: UnauthorizedBehavior): Promise<T | null> {
  try {
    await sendHeldSignOut();
  } catch (error) {
    // Signed out on this phone, whatever the server has heard yet.
    if (on401 === 'returnNull') return null;
    throw error;
  }
  const response = await send(url, {
    headers: requestHeaders(false),
    credentials: 'include',
  });
  if (on401 === 'returnNull' && response.status === 401) {
    // Read to the end: an answer that may not be cached (no-store) is otherwise never
    // finished, and the browser keeps the request open.
    await response.text();
    return null;
  }
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

let sendingHeldSignOut: Promise<void> | null = null;

/**
 * Tells the server of a sign-out made without a network (features/auth/api/log-out.ts),
 * once. It carries no Authorization header: nothing of the session stays in storage, and
 * the HttpOnly cookie names the session to end. That cookie stays the old session's until
 * the server ends it, so every request waits for this, a sign-in included: none reaches the
 * server first, with the old session or to replace its cookie. Rejects while it cannot be
 * sent (no network, or the server refused).
 */
function sendHeldSignOut(): Promise<void> {
  if (!heldSignOut()) return Promise.resolve();
  sendingHeldSignOut ??= (async () => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP method, not a text
    const response = await send('/api/auth/logout', { method: 'POST', credentials: 'include' });
    // 401: the session had ended already (expired, or revoked elsewhere).
    if (response.status !== 401) await throwIfNotOk(response);
    forgetHeldSignOut();
  })().finally(() => {
    sendingHeldSignOut = null;
  });
  return sendingHeldSignOut;
}

// The server is back (the browser's network, or a probe answered): the held sign-out goes
// now, not only with the next request. A failure is tried again on the next change.
subscribeConnection(() => {
  if (!isOffline()) sendHeldSignOut().catch(() => {});
});

const errorMessagePattern = /^\d{3}: ([\s\S]*)$/;

/**
 * The message for a refusal: the catalogue's, for the body's code and parameters, once
 * the formatter has loaded; the body's `error` text before that or for a code the
 * catalogue cannot say alone. Null when the body has no `error` (network failure, HTML or
 * empty body), so callers fall back to the spec's default text. Takes an ApiError or any
 * error built as "<status>: <body>".
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = errorMessagePattern.exec(error.message);
  if (!match) return null;
  const refusal = error instanceof ApiError
    ? { text: error.serverText, code: error.code, params: error.params }
    : parseRefusal(match[1] ?? '');
  if (!refusal?.text) return null;
  const formatted = refusal.code && errorMessages ? errorMessages.messageFor(refusal.code, refusal.params, currentLanguage(), refusal.text) : null;
  return formatted ?? refusal.text;
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
