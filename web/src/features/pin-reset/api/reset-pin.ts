import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

/** Sets a new PIN; needs the proof cookie of a "pin_reset" OTP to the same phone. */
export function useResetPin() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/reset-pin'>['body']) => request('POST /api/auth/reset-pin', { body }),
  });
}
