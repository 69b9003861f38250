import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/**
 * Proves the signed-in merchant knows the PIN; the server remembers it on this session for
 * a few minutes, and changing the credit terms needs it. A wrong PIN counts
 * toward the lock: 403 with the attempts left, 429 while locked.
 */
export function useConfirmPin() {
  return useMutation({
    mutationFn: (pin: string) => request('POST /api/auth/confirm-pin', { body: { pin } }),
  });
}
