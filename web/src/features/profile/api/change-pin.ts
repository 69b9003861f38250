import { useMutation } from '@tanstack/react-query';
import type { ChangePinBody } from '../../../../../common/schemas/identity';
import { apiRequest } from '../../../lib/api-client';

export function useChangePin() {
  return useMutation({
    mutationFn: (body: ChangePinBody) =>
      apiRequest<{ success: true }>('POST', '/api/customer/change-pin', body),
  });
}
