/**
 * Proof that the route table types every call: `npm run typecheck` checks this file, and
 * each `@ts-expect-error` below fails it the day the line under it type-checks, that is, the
 * day a wrong call would no longer be caught. Never run; nothing imports it.
 */
import { queryOrNullWhenSignedOut } from './api-client';
import { queryOptionsFor, request, urlOf } from './api-request';

export async function callsTheTableChecks() {
  // A correct call: the body and the answer are the route's.
  const paid = await request('POST /api/payments/process', { body: { qrData: 'khata://pay?c=1', pin: '1234' } }, {
    headers: { 'Idempotency-Key': 'key' },
  });
  const receipt: { id: string; totalAmount: string } = paid.transaction;

  // @ts-expect-error a field the body does not have
  await request('POST /api/payments/process', { body: { qrData: 'khata://pay?c=1', pin: '1234', tip: '5.00' } });

  // @ts-expect-error a field of the wrong kind: the PIN is text
  await request('POST /api/payments/process', { body: { qrData: 'khata://pay?c=1', pin: 1234 } });

  // @ts-expect-error the body's required PIN is missing
  await request('POST /api/payments/process', { body: { qrData: 'khata://pay?c=1' } });

  // @ts-expect-error a path parameter is missing
  await request('POST /api/business/credit-accounts/:id/limit', { body: { creditLimit: '5000' } });

  // @ts-expect-error a route the table does not have
  await request('POST /api/payments/refund', {});

  // @ts-expect-error a route that reads takes no body
  await request('GET /api/business/stats', { body: {} });

  const stats = await request('GET /api/business/stats', {});
  // @ts-expect-error a field the answer does not have
  void stats.stats.profit;

  const changed = await request('POST /api/business/credit-accounts/:id/limit', {
    params: { id: 'account' }, body: { creditLimit: '5000' },
  });
  // @ts-expect-error the answer's limit is a wire string, not a number
  const limit: number = changed.creditAccount.creditLimit;

  // A query's data is the route's answer, or null where a 401 means "signed out".
  const me = queryOrNullWhenSignedOut('GET /api/auth/me');
  const user = await me.queryFn();
  // @ts-expect-error without a session there is no user
  void user.user;

  // @ts-expect-error a query's value is text ('7', '30', '90'), as it travels
  urlOf('GET /api/admin/analytics', { query: { days: 30 } });

  // @ts-expect-error only a route that reads makes a query
  queryOptionsFor('POST /api/auth/logout', {});

  // @ts-expect-error a route with a path parameter needs its URL built (queryOptionsFor)
  queryOrNullWhenSignedOut('GET /api/transactions/:id');

  return { receipt, limit };
}
