import { useMutation } from '@tanstack/react-query';
import type { OtpVerifyResponse } from '@common/api-types';
import type { OtpVerifyBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

/** Verifies the code; the answer sets the proof cookie that registration needs. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: OtpVerifyBody) =>
      apiRequest<OtpVerifyResponse>('POST', '/api/otp/verify', body),
  });
}
