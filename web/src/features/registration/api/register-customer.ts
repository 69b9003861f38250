import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@common/api-types';
import type { CustomerRegisterBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export function useRegisterCustomer() {
  return useMutation({
    mutationFn: (body: CustomerRegisterBody) =>
      apiRequest<SessionResponse>('POST', '/api/auth/customer/register', body),
  });
}
