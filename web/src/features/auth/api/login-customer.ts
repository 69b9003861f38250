import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@common/api-types';
import type { CustomerLoginBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export function useLoginCustomer() {
  return useMutation({
    mutationFn: (body: CustomerLoginBody) =>
      apiRequest<SessionResponse>('POST', '/api/auth/customer/login', body),
  });
}
