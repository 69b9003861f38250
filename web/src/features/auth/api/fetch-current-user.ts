/**
 * The current-user question without the query layer: app start-up asks it before
 * TanStack Query is there (app/boot.tsx), and code in the first download names its key.
 * A 401 is no error here: it means nobody is signed in, and the answer is null.
 */
import { queryOrNullWhenSignedOut } from '@/lib/api-client';

export const currentUserQuery = queryOrNullWhenSignedOut('GET /api/auth/me');

export const currentUserQueryKey = currentUserQuery.queryKey;

/** The signed-in user, or null when signed out. */
export const fetchCurrentUser = currentUserQuery.queryFn;
