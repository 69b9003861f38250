import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** Sets a new PIN; needs the proof cookie of a "pin_reset" OTP to the same phone. */
export function useResetPin() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/reset-pin'>['body']) => request('POST /api/auth/reset-pin', { body }),
  });
}
