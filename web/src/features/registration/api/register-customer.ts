import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

export function useRegisterCustomer() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/customer/register'>['body']) => request('POST /api/auth/customer/register', { body }),
  });
}
