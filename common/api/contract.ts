/**
 * The shape of the wire contract: every route of the API is one entry of the table in
 * routes.ts, keyed `"<METHOD> <path>"` (the path as Fastify writes it, `:id` for a
 * parameter), with the zod schemas of its params, query and body and of every answer it
 * gives. The server declares its routes from the table; the web imports it only as a type,
 * so a changed schema breaks the web's type check and costs the bundle nothing.
 */
import type * as z from 'zod/mini';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An answer that is not JSON (a CSV file, an event stream): its media type with the schema
 * of its text, and a description for the OpenAPI document.
 */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodMiniType }>;
}

/** The body of one answer: a JSON schema, or a media type's text. */
export type Answer = z.ZodMiniType | ContentAnswer;

export interface RouteContract {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /**
   * Status → the schema of that answer's body; refusals are `apiError`. The refusals every
   * route shares (a rate limit, a bug, sign-in and role, unreadable or invalid input) are
   * added by the server from the route's access and method (server/plugins/schemas.ts).
   */
  answers: Partial<Record<number, Answer>>;
}

export type RouteKey<M extends Method = Method> = `${M} /api/${string}`;
export type RouteTable = Record<RouteKey, RouteContract>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What one answer's body is once read: the JSON schema's output, or the text of a media type. */
type BodyOf<A> = A extends z.ZodMiniType ? z.output<A>
  : A extends ContentAnswer ? { [M in keyof A['content']]: z.output<A['content'][M]['schema']> }[keyof A['content']]
  : never;

type Part<R, P extends 'params' | 'query' | 'body'> =
  R extends Record<P, infer S extends z.ZodMiniType> ? z.input<S> : undefined;

/** What a caller sends: the parts the route declares, and only those. */
export type InputOf<R extends RouteContract> =
  & (R extends { params: z.ZodMiniType } ? { params: Part<R, 'params'> } : { params?: never })
  & (R extends { query: z.ZodMiniType } ? { query: Part<R, 'query'> } : { query?: never })
  & (R extends { body: z.ZodMiniType } ? { body: Part<R, 'body'> } : { body?: never });

/** What a caller receives when the route succeeds: the union of its 2xx answers. */
export type AnswerOf<R extends RouteContract> = {
  [S in keyof R['answers'] & SuccessStatus]: BodyOf<R['answers'][S]>
}[keyof R['answers'] & SuccessStatus];
