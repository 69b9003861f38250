/**
 * The one way the app talks to the server: cookies always, the stored session token as a
 * Bearer header, JSON bodies, and "<status>: <body>" errors. Every call names a route of
 * the table in common/api/routes.ts, imported as a type only: the bundle carries no schema.
 * The calls themselves (request, queryOptionsFor) are in api-request.ts, out of the first
 * download of /cust.
 */
import type { DataTag } from '@tanstack/react-query';
import type { AnswerOf, InputOf } from '@common/api/contract';
import type { routes } from '@common/api/routes';
import type { ErrorCode, ErrorKey, ErrorParams } from '@common/errors';
import { isGatewayFailure, isOffline, reportReachable, reportUnreachable, subscribeConnection } from './connection';
import { forgetHeldSignOut, getSessionToken, heldSignOut } from './session';
import { currentLanguage } from '@/i18n/i18n';

/** What a refusal's JSON body says: `{ error, code, key, params, ...fields }`. */
interface RefusalBody {
  /** The server's English message; shown while the catalogue loads, or for a key it does not know. */
  text: string | null;
  code: ErrorCode | null;
  /** The catalogue entry the message is said from; null from a body without one (an older server's). */
  key: ErrorKey | null;
  params: ErrorParams;
}

/** The body's `params`: the values its message reads, each a number or a string. */
function paramsOf(value: unknown): ErrorParams {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
}

function parseRefusal(bodyText: string): RefusalBody | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null; // Not JSON: an HTML error page or a proxy's text.
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { error, code, key, params } = body as Record<string, unknown>;
  return {
    text: typeof error === 'string' && error.trim() ? error : null,
    code: typeof code === 'string' ? code as ErrorCode : null,
    // Checked against the catalogue when it is said (error-messages.ts): a newer server's key may be unknown here.
    key: typeof key === 'string' ? key as ErrorKey : null,
    params: paramsOf(params),
  };
}

/**
 * A refused request. Its message is "<status>: <body text or status text>";
 * `code`, `key` and `params` are the JSON body's, null and empty when the body is not one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  /** The error catalogue's key the refusal was made from (common/errors.ts). */
  readonly key: ErrorKey | null;
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
    this.key = refusal?.key ?? null;
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

type Routes = typeof routes;
/** Every route of the API, as the table names it: "<METHOD> <path>". */
export type Route = keyof Routes;
/** The routes that read, which the query layer caches. */
export type GetRoute = Extract<Route, `GET ${string}`>;
/** What a call of the route sends: its params, query and body, as the table declares them. */
export type Input<K extends Route> = InputOf<Routes[K]>;
/** What the route answers when it succeeds. */
export type Answer<K extends Route> = AnswerOf<Routes[K]>;

export interface RequestOptions {
  /** Call-specific headers, such as a payment's Idempotency-Key. */
  headers?: Record<string, string>;
  /** Lets the request outlive the page, for one sent as a link opens another app. */
  keepalive?: boolean;
  /** Ends the wait. */
  signal?: AbortSignal;
}

/** A GET's options for the query layer: its key carries the data's type, for getQueryData and setQueryData. */
export interface QueryOptionsOf<T> {
  queryKey: DataTag<[string], T, Error>;
  queryFn: () => Promise<T>;
}

/**
 * Sends one call of `route` to `url` (its path, filled in by api-request.ts's urlOf) and
 * returns the parsed answer, or null for an empty body; with `nullWhenSignedOut`, a 401
 * (or a held sign-out not yet sent) answers null. Every request of the app leaves here;
 * callers use request() and queryOptionsFor() (api-request.ts), which the table types.
 */
export async function sendCall(
  route: Route,
  url: string,
  body: unknown,
  { headers: extraHeaders = {}, keepalive, signal }: RequestOptions = {},
  nullWhenSignedOut?: boolean,
): Promise<unknown> {
  try {
    await sendHeldSignOut();
  } catch (error) {
    // Signed out on this phone, whatever the server has heard yet.
    if (nullWhenSignedOut) return null;
    throw error;
  }
  const hasBody = body !== undefined;
  const headers = requestHeaders(hasBody);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const response = await send(url, {
    method: route.split(' ')[0],
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
    keepalive,
  });
  if (nullWhenSignedOut && response.status === 401) {
    // Read to the end: an answer that may not be cached (no-store) is otherwise never
    // finished, and the browser keeps the request open.
    await response.text();
    return null;
  }
  await throwIfNotOk(response);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The GET routes that take no parameters and no query: their URL is their path. */
type PathOnlyGetRoute = { [K in GetRoute]: Routes[K] extends { params: unknown } | { query: unknown } ? never : K }[GetRoute];

/**
 * A GET as the query layer's options, whose 401 answers null, "nobody is signed in" (the
 * current user). Here rather than in api-request.ts: start-up asks it in the first
 * download, which carries no URL builder.
 */
export function queryOrNullWhenSignedOut<K extends PathOnlyGetRoute>(route: K): QueryOptionsOf<Answer<K> | null> {
  const url = route.split(' ')[1]!;
  return {
    queryKey: [url] as QueryOptionsOf<Answer<K> | null>['queryKey'],
    queryFn: () => sendCall(route, url, undefined, {}, true) as Promise<Answer<K> | null>,
  };
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
 * The message for a refusal: the catalogue's, for the body's key and parameters in the
 * language the app speaks, once the formatter has loaded; the body's `error` text before
 * that, or for a body without a key this build knows. Null when the body has no `error`
 * (network failure, HTML or empty body), so callers fall back to their default text.
 * Takes an ApiError or any error built as "<status>: <body>".
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = errorMessagePattern.exec(error.message);
  if (!match) return null;
  const refusal = error instanceof ApiError
    ? { text: error.serverText, key: error.key, params: error.params }
    : parseRefusal(match[1] ?? '');
  if (!refusal?.text) return null;
  const formatted = refusal.key && errorMessages ? errorMessages.messageFor(refusal.key, refusal.params, currentLanguage()) : null;
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
