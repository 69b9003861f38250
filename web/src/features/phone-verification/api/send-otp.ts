import { useMutation } from '@tanstack/react-query';
import type { OtpSendResponse } from '@common/api-types';
import type { OtpSendBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export function useSendOtp() {
  return useMutation({
    mutationFn: (body: OtpSendBody) => apiRequest<OtpSendResponse>('POST', '/api/otp/send', body),
  });
}
