import { useMutation } from '@tanstack/react-query';
import type { ResetPinBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

/** Sets a new PIN; needs the proof cookie of a "pin_reset" OTP to the same phone. */
export function useResetPin() {
  return useMutation({
    mutationFn: (body: ResetPinBody) => apiRequest<{ success: true }>('POST', '/api/auth/reset-pin', body),
  });
}
