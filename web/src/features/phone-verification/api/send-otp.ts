import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useSendOtp() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/otp/send'>['body']) => request('POST /api/otp/send', { body }),
  });
}
