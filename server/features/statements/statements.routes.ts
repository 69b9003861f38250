import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { statementQuery } from '@common/schemas/statements';
import { accountStatement, accountStatementCsv, apiError } from '@common/schemas/responses';
import { requireSession } from '../../plugins/access';
import { statementCsv, statementCsvFileName } from './statement-csv';
import type { StatementService } from './statements.service';

/** Checked by the service, so an id that is not one answers 404 as an unknown one does. */
const accountParams = z.object({ id: z.string() });

/**
 * A credit account's statement (issue 15), for its customer and its merchant alike; to
 * anyone else the account does not exist (404). 400 for a date that is not one, a start
 * after the end or a range over a year; 422 for a range with too many rows to send.
 */
export async function statementRoutes(instance: FastifyInstance, { statements }: { statements: StatementService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = { access: ['customer', 'business'] } as const;

  app.get('/api/credit-accounts/:id/statement', {
    config: access,
    schema: { params: accountParams, querystring: statementQuery, response: { 200: accountStatement, 404: apiError, 422: apiError } },
  }, async (request) =>
    ({ statement: await statements.forAccount(requireSession(request).user, request.params.id, request.query) }));

  // The same statement as a file to save or share; the layout is in docs/api.md.
  app.get('/api/credit-accounts/:id/statement.csv', {
    config: access,
    schema: { params: accountParams, querystring: statementQuery, response: { 200: accountStatementCsv, 404: apiError, 422: apiError } },
  }, async (request, reply) => {
    const statement = await statements.forAccount(requireSession(request).user, request.params.id, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statementCsvFileName(statement)}"`)
      // Someone's ledger: never kept by a shared cache or left in the browser's (every
      // /api answer says no-store: plugins/security.ts).
      .header('cache-control', 'no-store')
      .send(statementCsv(statement));
  });
}
