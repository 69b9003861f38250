/**
 * The calls of the API, typed by its route table (common/api/routes.ts, imported as a
 * type only, so the bundle carries no schema): a call names its route, "<METHOD> <path>",
 * and sends what the route takes; what it gets back is what the route answers. A changed
 * schema fails the web's type check (api-client.type-test.ts). Not in the first download of
 * /cust: the URL builder and the query options load with the screens that call them.
 */
import { sendCall, type Answer, type GetRoute, type Input, type QueryOptionsOf, type RequestOptions, type Route } from './api-client';

interface Parts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The URL of a call: the route's path with each `:param` filled in, then the query's
 * defined fields in the order given. A query's key is this URL, so it must be stable.
 */
export function urlOf<K extends Route>(route: K, input: Input<K>): string {
  const { params, query = {} } = input as Parts;
  const path = route.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params![name]!));
  const search = `${new URLSearchParams(Object.entries(query).filter((field): field is [string, string] => field[1] != null))}`;
  return search ? `${path}?${search}` : path;
}

/**
 * Calls a route of the table and returns its answer. The table types both sides: a call
 * that sends what the route does not take, or reads what it does not answer, fails the
 * type check. The answer itself is trusted, not parsed: the server's serializer refuses
 * to send one its schema does not describe.
 */
export function request<K extends Route>(route: K, input: Input<K>, options?: RequestOptions): Promise<Answer<K>> {
  return sendCall(route, urlOf(route, input), (input as Parts).body, options) as Promise<Answer<K>>;
}

/**
 * A GET as the query layer's options: the key is the call's URL, so a key's first part
 * names every query of a path (the live updates and app/stale-queries.ts match on it), and
 * the data is the route's answer, which the key carries for getQueryData and setQueryData.
 */
export function queryOptionsFor<K extends GetRoute>(route: K, input: Input<K>): QueryOptionsOf<Answer<K>> {
  return {
    queryKey: [urlOf(route, input)] as QueryOptionsOf<Answer<K>>['queryKey'],
    queryFn: () => request(route, input),
  };
}
