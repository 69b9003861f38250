import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { rememberNewAccount } from './new-account';

export function useRegisterCustomer() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/customer/register'>['body']) => request('POST /api/auth/customer/register', { body }),
    onSuccess: (session) => rememberNewAccount(session.user.id),
  });
}
