/**
 * The route table (common/api/routes.ts) and the server agree: every /api route the app
 * registers is one entry of the table with the same method and path, declared with that
 * entry's own schemas, and every entry is registered. So neither side drifts: a route
 * added without an entry, an entry left behind by a removed route, or a schema written in
 * a routes file instead of taken from the table fails here.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@common/api/routes';
import { apiError } from '@common/schemas/responses';
import { docsPrefix, openApiPath } from './plugins/openapi';
import { sharedRefusals } from './plugins/schemas';
import { createTestContext, type TestContext } from './test/context';

let ctx: TestContext;
const seen: RouteOptions[] = [];

/** The reference page and its document describe the API; they are not part of it. */
const isDocumentation = (url: string) => url === openApiPath || url === docsPrefix || url.startsWith(`${docsPrefix}/`);

/** `METHOD /path` of every /api route registered, HEAD mirrors left out, in order, repeats kept. */
function registeredNames(): string[] {
  return seen
    .filter((route) => route.url.startsWith('/api') && !isDocumentation(route.url))
    .flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`));
}

beforeAll(async () => {
  ctx = await createTestContext({ onRoute: (route) => { seen.push(route); } });
  // Read once built: the schemas plugin completes each route's answers after this hook sees it.
  await ctx.app.ready();
});
afterAll(async () => { await ctx.close(); });

describe('the route table', () => {
  it('has one entry for every registered /api route, and every entry is registered', () => {
    const registered = registeredNames();
    const table = Object.keys(routes);
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((name, index) => registered.indexOf(name) !== index), 'registered twice').toEqual([]);
    expect(registered.filter((name) => !table.includes(name)), 'registered without an entry').toEqual([]);
    expect(table.filter((name) => !registered.includes(name)), 'an entry no route registers').toEqual([]);
  });

  it('is what each route declares: its entry\'s params, query, body and answers, and only the shared refusals beside them', () => {
    const problems: string[] = [];
    for (const route of seen) {
      if (!route.url.startsWith('/api') || isDocumentation(route.url)) continue;
      const name = `${[route.method].flat().find((method) => method !== 'HEAD')} ${route.url}` as RouteName;
      const entry = routes[name];
      if (!entry) continue;
      const schema = route.schema ?? {};
      const parts = [['params', 'params'], ['querystring', 'query'], ['body', 'body']] as const;
      for (const [fastifyName, tableName] of parts) {
        const declared = tableName in entry ? (entry as Record<string, unknown>)[tableName] : undefined;
        if (schema[fastifyName] !== declared) problems.push(`${name}: ${fastifyName} is not the table's`);
      }
      const response = (schema.response ?? {}) as Record<string, unknown>;
      const answers = entry.answers as Record<string, unknown>;
      for (const status of Object.keys(answers)) {
        if (response[status] !== answers[status]) problems.push(`${name}: answer ${status} is not the table's`);
      }
      const shared = sharedRefusals(route).map(String);
      for (const [status, answer] of Object.entries(response)) {
        if (status in answers) continue;
        if (!shared.includes(status) || answer !== apiError) problems.push(`${name}: answer ${status} is in no table entry`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses an :id that is not a uuid as the route\'s own 404 on every :id route, before PostgreSQL reads it', () => {
    // The statements check the id in their service, after the date range, so a bad range
    // is refused first whoever asks (server/features/statements/statements.service.ts).
    const checkedByService = ['GET /api/credit-accounts/:id/statement', 'GET /api/credit-accounts/:id/statement.csv'];
    const unchecked = seen
      .filter((route) => route.url.startsWith('/api') && route.url.includes('/:id') && route.method !== 'HEAD')
      .map((route) => ({ name: `${[route.method].flat().find((method) => method !== 'HEAD')} ${route.url}`, handler: route.handler }))
      .filter(({ name, handler }) => handler.name !== 'checkId' && !checkedByService.includes(name))
      .map(({ name }) => name);
    expect(unchecked, 'declare idNotFound in fromTable').toEqual([]);
  });
});
