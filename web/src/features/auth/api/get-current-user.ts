import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './fetch-current-user';

/** The signed-in user, or null when signed out (a 401 is not an error here). */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, retry: false });
}
