import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export function useRegisterCustomer() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/customer/register'>['body']) => request('POST /api/auth/customer/register', { body }),
  });
}
