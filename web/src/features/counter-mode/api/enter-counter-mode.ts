import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { useSwitchSession } from './switch-session';

/**
 * Exchanges the merchant's full session for the counter's narrow one: the PIN
 * is checked on the merchant's own counter; 403 for a wrong one, 429 while locked.
 */
export function useEnterCounterMode() {
  const switchSession = useSwitchSession();
  return useMutation({
    mutationFn: (pin: string) => request('POST /api/auth/counter/enter', { body: { pin } }),
    onSuccess: switchSession,
  });
}
