import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Proves the signed-in person knows the account's PIN; a wrong one counts toward the lock. */
export function useConfirmPin() {
  return useMutation({
    mutationFn: (pin: string) => apiRequest<{ success: true }>('POST', '/api/auth/confirm-pin', { pin }),
  });
}
