import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@common/api-types';
import type { BusinessRegisterBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export function useRegisterBusiness() {
  return useMutation({
    mutationFn: (body: BusinessRegisterBody) =>
      apiRequest<SessionResponse>('POST', '/api/auth/business/register', body),
  });
}
