import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** A staff account signs in with its phone and PIN; a wrong one is the customers' 401, a lock 429. */
export function useLoginStaff() {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/staff/login'>['body']) => request('POST /api/auth/staff/login', { body }),
  });
}
