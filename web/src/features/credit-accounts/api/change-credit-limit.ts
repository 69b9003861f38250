import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

export function useChangeCreditLimit() {
  return useMutation({
    mutationFn: ({ accountId, creditLimit }: { accountId: string; creditLimit: string }) =>
      request('POST /api/business/credit-accounts/:id/limit', { params: { id: accountId }, body: { creditLimit } }),
    meta: { changed: 'credit-limit-changed' },
  });
}
