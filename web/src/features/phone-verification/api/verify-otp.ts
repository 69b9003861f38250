import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** Verifies the code; the answer sets the proof cookie that registration needs. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/otp/verify'>['body']) => request('POST /api/otp/verify', { body }),
  });
}
