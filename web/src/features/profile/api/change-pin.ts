import { useMutation } from '@tanstack/react-query';
import type { Role } from '@common/api/types';
import { type Input, type Route } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/**
 * The customer's own route, kept from the first version of the API; merchants, the people
 * working at shops and admins use the any-role one. Both take the same body.
 */
export const changePinRoutes = {
  customer: 'POST /api/customer/change-pin',
  business: 'POST /api/auth/change-pin',
  staff: 'POST /api/auth/change-pin',
  admin: 'POST /api/auth/change-pin',
} as const satisfies Record<Role, Route>;

export function useChangePin(role: Role) {
  return useMutation({
    mutationFn: (body: Input<'POST /api/auth/change-pin'>['body']) => request(changePinRoutes[role], { body }),
  });
}
