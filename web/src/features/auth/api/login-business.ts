import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@common/api-types';
import type { EmailLoginBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

export function useLoginBusiness() {
  return useMutation({
    mutationFn: (body: EmailLoginBody) =>
      apiRequest<SessionResponse>('POST', '/api/auth/business/login', body),
  });
}
