import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

/** Verifies the code; the answer sets the proof cookie that registration needs. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/otp/verify'>['body']) => request('POST /api/otp/verify', { body }),
  });
}
