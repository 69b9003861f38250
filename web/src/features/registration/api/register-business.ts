import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { rememberNewAccount } from './new-account';

export function useRegisterBusiness() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/business/register'>['body']) => request('POST /api/auth/business/register', { body }),
    onSuccess: (session) => rememberNewAccount(session.user.id),
  });
}
