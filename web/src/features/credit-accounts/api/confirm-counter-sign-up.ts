import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Opens the customer's credit account with the code they gave: their consent, at the counter. */
export function useConfirmCounterSignUp() {
  return useMutation({
    mutationFn: ({ enrolmentId, code }: { enrolmentId: string; code: string }) =>
      request('POST /api/business/counter-customers/:id/confirm', { params: { id: enrolmentId }, body: { code } }),
    meta: { changed: 'credit-account-created' },
  });
}
