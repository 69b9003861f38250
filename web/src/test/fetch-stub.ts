/**
 * The one mock these component tests allow: `fetch`, answering canned Responses per
 * "METHOD /path" and recording every call with its parsed body and headers.
 */
import { vi } from 'vitest';
import type { ErrorParams } from '@common/errors';

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A refusal as the server sends it: the English `error`, the public `code`, and the error
 * catalogue's `key` with its `params`, which the app says the message from. The key is the
 * code unless a refinement is named (current_pin_incorrect under pin_incorrect).
 */
export function apiError(status: number, error: string, code = 'invalid_input', key = code, params: ErrorParams = {}): Response {
  return json(status, { error, code, key, params });
}

/** Stubs the global fetch; unknown routes answer 404. Returns the list of calls. */
export function stubFetch(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = (init.method ?? 'GET').toUpperCase();
      const text = typeof init.body === 'string' ? init.body : undefined;
      const call: RecordedCall = {
        method,
        url,
        body: text === undefined ? undefined : JSON.parse(text),
        headers: new Headers(init.headers),
        credentials: init.credentials,
      };
      calls.push(call);
      const handler = handlers[`${method} ${url}`];
      return handler ? handler(call) : apiError(404, 'Not found', 'not_found');
    }),
  );
  return calls;
}

/** The calls made to one route, in order. */
export const callsTo = (calls: RecordedCall[], route: string) =>
  calls.filter((call) => `${call.method} ${call.url}` === route);
