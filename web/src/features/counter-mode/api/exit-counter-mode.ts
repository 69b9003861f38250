import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { useSwitchSession } from './switch-session';

/**
 * Exchanges the counter's session back for the merchant's full one. Wrong PINs
 * count on the counter's own counter, so typing them here never locks the owner elsewhere.
 */
export function useExitCounterMode() {
  const switchSession = useSwitchSession();
  return useMutation({
    mutationFn: (pin: string) => request('POST /api/auth/counter/exit', { body: { pin } }),
    onSuccess: switchSession,
  });
}
