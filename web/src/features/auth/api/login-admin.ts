import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useLoginAdmin() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/admin/login'>['body']) => request('POST /api/auth/admin/login', { body }),
  });
}
