/**
 * Route schemas: each route takes its params, query, body and answers from the route table
 * (common/api/routes.ts, through server/route.ts) as zod schemas (fastify-type-provider-zod),
 * and this plugin makes the declaration do the work.
 *
 * - Input is checked by `parseInput`, so a refusal is the `{ error, code, key, params,
 *   ...fields }` body of every other (server/errors.ts): the first readable issue, NUL
 *   characters refused, "Request body must be a JSON object".
 * - The check's refusal waits until the access hook has run (preHandler): a caller who may
 *   not call a route learns that (401/403) before anything about their input (400).
 * - Answers are encoded by the type provider's serializer: an answer its schema does not
 *   describe (strict shapes in common/schemas/responses.ts) is a 500, never sent.
 * - The refusals every route shares, by its access and method, are added to its declared
 *   answers here, so a route lists only its own.
 */
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { apiError } from '@common/schemas/responses';
import { parseInput } from '../errors';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Checks one part of a request with its schema, refusing it as parseInput does. */
const validatorCompiler: FastifySchemaCompiler<z.ZodMiniType> = ({ schema }) => (data) => {
  try {
    return { value: parseInput(schema, data) };
  } catch (error) {
    return { error: error as Error };
  }
};

/**
 * The statuses a route answers beyond its own: a rate limit and a bug on every /api route;
 * a sign-in and a role on a route that needs them; on a write, unreadable or oversized
 * JSON and a cross-site origin; on a route with input, invalid input.
 */
export function sharedRefusals(route: Pick<RouteOptions, 'method' | 'config' | 'schema'>): number[] {
  const statuses = [429, 500];
  const access = route.config?.access;
  if (Array.isArray(access)) statuses.push(401, 403);
  const write = [route.method].flat().some((method) => writeMethods.has(method));
  if (write) statuses.push(400, 403, 413);
  const schema = route.schema ?? {};
  if (schema.body !== undefined || schema.querystring !== undefined) statuses.push(400);
  return [...new Set(statuses)].sort();
}

export const schemasPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.schema?.hide) return;
    route.attachValidation = true;
    if (!route.schema) return;
    const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
    for (const status of sharedRefusals(route)) response[status] ??= apiError;
    route.schema = { ...route.schema, response };
  });

  // Registered after the access plugin, so its 401/403 come first.
  app.addHook('preHandler', async (request) => {
    if (request.validationError) throw request.validationError;
  });
});
