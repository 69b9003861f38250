import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useSendOtp() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/otp/send'>['body']) => request('POST /api/otp/send', { body }),
  });
}
