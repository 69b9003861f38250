import { useMutation } from '@tanstack/react-query';
import type { Role } from '@common/api-types';
import type { ChangePinBody } from '@common/schemas/identity';
import { apiRequest } from '@/lib/api-client';

/** The customer keeps the spec's call (§7); merchants and admins use the any-role one. */
export const changePinEndpoints = {
  customer: '/api/customer/change-pin',
  business: '/api/auth/change-pin',
  admin: '/api/auth/change-pin',
} as const satisfies Record<Role, string>;

export function useChangePin(role: Role) {
  return useMutation({
    mutationFn: (body: ChangePinBody) => apiRequest<{ success: true }>('POST', changePinEndpoints[role], body),
  });
}
