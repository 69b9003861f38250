import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useRegisterBusiness() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/business/register'>['body']) => request('POST /api/auth/business/register', { body }),
  });
}
