/**
 * The path parameters and query strings of the routes that no request body shares: the
 * route table (common/api/routes.ts) names them, the server checks them, the web types its
 * calls with them.
 */
import * as z from 'zod/mini';
import { refusal } from './messages';

/** A uuid as PostgreSQL reads one: anything looser would fail there with a 500. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string) => uuidPattern.test(text);

/**
 * The `:id` of a credit account, business, claim or ledger row. Any text passes here: the
 * server answers an id that is not a uuid with the route's own 404, as it answers an
 * unknown one, so a caller learns nothing from the id's form (server/route.ts).
 */
export const idParams = z.object({ id: z.string() });

/** `GET /api/admin/businesses[/pending]`: a status, a page size and the cursor of the next page. */
export const businessListQuery = z.object({
  status: z.optional(z.enum(['pending', 'approved', 'rejected'], refusal('business_status_filter'))),
  limit: z.optional(z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, refusal('business_list_limit_range'))),
    z.transform(Number),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, refusal('cursor_invalid')))),
});

export type IdParams = z.infer<typeof idParams>;
export type BusinessListQuery = z.infer<typeof businessListQuery>;
