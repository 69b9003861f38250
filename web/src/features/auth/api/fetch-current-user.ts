/**
 * The current-user question without the query layer: app start-up asks it before
 * TanStack Query is there (app/boot.tsx), and code in the first download names its key.
 */
import type { MeResponse } from '@common/api-types';
import { getOrNullWhenSignedOut } from '@/lib/api-client';

export const currentUserQueryKey = ['/api/auth/me'] as const;

/** The signed-in user, or null when signed out (a 401 is not an error here). */
export const fetchCurrentUser = () => getOrNullWhenSignedOut<MeResponse>(currentUserQueryKey.join('/'));
