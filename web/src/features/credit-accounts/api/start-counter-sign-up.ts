import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/**
 * Starts a sign-up at the counter (docs/product.md#sms-approval): the server texts the
 * customer the shop, the limit and a code they give the merchant if they agree. No account
 * yet.
 */
export function useStartCounterSignUp() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/business/counter-customers'>['body']) => request('POST /api/business/counter-customers', { body }),
  });
}
