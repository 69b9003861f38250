import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useCreateCreditAccount() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/business/create-credit-account'>['body']) =>
      request('POST /api/business/create-credit-account', { body }),
    meta: { changed: 'credit-account-created' },
  });
}
