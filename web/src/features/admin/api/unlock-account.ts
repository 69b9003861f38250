import { useMutation } from '@tanstack/react-query';
import type { UnlockBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export interface UnlockAnswer {
  success: true;
  /** False when the identifier had no lock to lift. */
  wasLocked: boolean;
}

/** Lifts the PIN lock of a sign-in identifier (a phone for customers, an e-mail otherwise). */
export function useUnlockAccount() {
  return useMutation({
    mutationFn: (body: UnlockBody) => apiRequest<UnlockAnswer>('POST', '/api/admin/unlock', body),
  });
}
