import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** What a decision sends: amounts and percents as the form holds them, optional fields left out. */
export type DecideBusinessesRequest = Input<'POST /api/admin/businesses/approve'>['body'];

/**
 * Approves or rejects applications. Afterwards, success or not, the lists and the counts
 * are refetched: a 409 means someone else decided first, so what is shown is stale.
 */
export function useDecideBusinesses() {
  return useMutation({
    mutationFn: (body: DecideBusinessesRequest) => request('POST /api/admin/businesses/approve', { body }),
    meta: { changed: 'businesses-decided' },
  });
}
