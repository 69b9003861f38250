import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/**
 * Lifts the PIN lock of a sign-in identifier (a phone for customers and staff, an e-mail otherwise);
 * the answer's `wasLocked` is false when there was no lock to lift.
 */
export function useUnlockAccount() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/admin/unlock'>['body']) => request('POST /api/admin/unlock', { body }),
  });
}
