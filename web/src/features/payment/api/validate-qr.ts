import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useValidateQr() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/qr/validate'>['body']) => request('POST /api/qr/validate', { body }),
  });
}
