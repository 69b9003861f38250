/**
 * A route declared from the route table (common/api/routes.ts): its method, path and
 * schemas come from its entry, so the server and the web read one contract; the route file
 * adds only what is the server's own, who may call it and what it does.
 *
 *   app.route(fromTable('POST /api/business/credit-accounts/:id/limit', {
 *     config: { access: ['business'] }, idNotFound: 'credit_account_not_found',
 *     handler: async (request) => credit.changeLimit(..., request.params.id, request.body),
 *   }));
 *
 * The handler's request and reply are typed from the entry's schemas (the zod type
 * provider), and plugins/schemas.ts makes the schemas check the input and encode the answer.
 */
import type {
  ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface,
  RouteHandlerMethod, RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes, type RouteName, type Routes } from '@common/api/routes';
import type { ErrorKey } from '@common/errors';
import { isUuid } from '@common/schemas/params';
import { AppError } from './errors';

/** One part of an entry under the name Fastify gives it, or nothing when the entry has none. */
type SchemaPart<R, From extends string, To extends string> = R extends Record<From, infer S> ? Record<To, S> : unknown;

/** The Fastify schema of a table entry: its params, query (`querystring`), body and answers (`response`). */
export type RouteSchema<K extends RouteName> =
  & SchemaPart<Routes[K], 'params', 'params'>
  & SchemaPart<Routes[K], 'query', 'querystring'>
  & SchemaPart<Routes[K], 'body', 'body'>
  & { response: Routes[K]['answers'] };

export type TableRouteOptions<K extends RouteName> = RouteOptions<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault,
  RouteSchema<K>, ZodTypeProvider
>;

/** A handler of route K, for one written apart from its declaration (shared by two routes). */
export type TableRouteHandler<K extends RouteName> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault,
  RouteSchema<K>, ZodTypeProvider
>;

export type Declaration<K extends RouteName> = Omit<TableRouteOptions<K>, 'method' | 'url' | 'schema'> & {
  /**
   * On a route with an `:id`: the refusal for an id that is not a uuid, which is the
   * route's own 404 for an unknown one, so a caller learns nothing from the id's form (and
   * PostgreSQL never reads a malformed uuid). Checked before the handler runs, after access
   * and input; a route whose service makes the check in its own order leaves it out.
   */
  idNotFound?: K extends `${string}/:id${string}` ? ErrorKey : never;
};

/** The path's `id` as it came, or undefined on a route without one. */
function pathId(params: unknown): unknown {
  return typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
}

/** The route `name` of the table, with the server's own options and handler. */
export function fromTable<K extends RouteName>(
  name: K, { idNotFound, handler, ...options }: NoInfer<Declaration<K>>,
): TableRouteOptions<K> {
  const contract: Routes[RouteName] = routes[name];
  const [method, url] = name.split(' ') as [TableRouteOptions<K>['method'], string];
  const schema: Record<string, unknown> = { response: contract.answers };
  if ('params' in contract) schema.params = contract.params;
  if ('query' in contract) schema.querystring = contract.query;
  if ('body' in contract) schema.body = contract.body;
  const checked: typeof handler = idNotFound === undefined ? handler : function checkId(request, reply) {
    const id = pathId(request.params);
    if (typeof id !== 'string' || !isUuid(id)) throw new AppError(idNotFound);
    return handler.call(this, request, reply);
  };
  return { ...options, method, url, schema: schema as RouteSchema<K>, handler: checked };
}
