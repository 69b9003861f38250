import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/**
 * "I don't want this", with or without an account: the invitation is declined and its shop
 * can never invite this number again (docs/product.md#invitations).
 */
export function useRefuseInvitation(code: string) {
  return useMutation({
    mutationFn: () => request('POST /api/invitations/:code/refuse', { params: { code } }),
  });
}
