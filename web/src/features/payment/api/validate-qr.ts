import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useValidateQr() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/qr/validate'>['body']) => request('POST /api/qr/validate', { body }),
  });
}
