import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useChangeCreditLimit() {
  return useMutation({
    mutationFn: ({ accountId, ...body }: { accountId: string } & Input<'POST /api/business/credit-accounts/:id/limit'>['body']) =>
      request('POST /api/business/credit-accounts/:id/limit', { params: { id: accountId }, body }),
    meta: { changed: 'credit-limit-changed' },
  });
}
