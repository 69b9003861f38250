import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** Sets a business's fee rate and maximum credit limit. */
export function useUpdateBusinessTerms() {
  return useMutation({
    mutationFn: ({ businessId, terms }: { businessId: string; terms: Input<'POST /api/admin/businesses/:id/terms'>['body'] }) =>
      request('POST /api/admin/businesses/:id/terms', { params: { id: businessId }, body: terms }),
    meta: { changed: 'business-terms-changed' },
  });
}
