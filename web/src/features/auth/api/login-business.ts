import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useLoginBusiness() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/business/login'>['body']) => request('POST /api/auth/business/login', { body }),
  });
}
