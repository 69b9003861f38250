import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useLoginAdmin() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/admin/login'>['body']) => request('POST /api/auth/admin/login', { body }),
  });
}
