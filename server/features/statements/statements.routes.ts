import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statementCsvDisposition } from '@common/statement-file-name';
import { requireSession, requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import { sideOf } from '../transactions/transactions.service';
import { statementCsv } from './statement-csv';
import type { StatementService } from './statements.service';

/**
 * A credit account's statement, for its customer and its merchant alike; to anyone else the
 * account does not exist (404). 400 for a date that is not one, a start after the end or a
 * range over a year; 422 for a range with too many rows to send. The service checks the
 * id's form itself, after the range (a bad range is refused first, whoever asks), so these
 * routes declare no idNotFound.
 */
export async function statementRoutes(instance: FastifyInstance, { statements }: { statements: StatementService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = { access: ['customer', 'shop:statements'] } as const;
  /** The caller's side of the account: the customer's own, or the shop the person acts for. */
  const ownerOf = (request: FastifyRequest) => {
    const { user } = requireSession(request);
    return user.role === 'customer' ? { customerId: user.id } : { businessId: requireShop(request).businessId };
  };

  app.route(fromTable('GET /api/credit-accounts/:id/statement', {
    config: access,
    handler: async (request) =>
      ({ statement: await statements.forAccount(ownerOf(request), request.params.id, request.query, request.freshness) }),
  }));

  // The same statement as a file to save or share; the layout is in docs/api.md. Its name
  // carries the shop and the customer, so two customers' files never overwrite each other.
  app.route(fromTable('GET /api/credit-accounts/:id/statement.csv', {
    config: access,
    handler: async (request, reply) => {
      const owner = ownerOf(request);
      const statement = await statements.forAccount(owner, request.params.id, request.query, request.freshness);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', statementCsvDisposition(statement))
        // Someone's ledger: never kept by a shared cache or left in the browser's (every
        // /api answer says no-store: plugins/security.ts).
        .header('cache-control', 'no-store')
        .send(statementCsv(statement, sideOf(owner)));
    },
  }));
}
