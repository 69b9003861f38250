import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/**
 * Invites a customer by name and phone (docs/product.md#invitations): the server texts them
 * the offer and its short link, which the merchant may also send on WhatsApp.
 */
export function useCreateInvitation() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/business/invitations'>['body']) => request('POST /api/business/invitations', { body }),
    meta: { changed: 'invitation-sent' },
  });
}
