import { useEffect } from 'react';

/**
 * Keeps the screen on while mounted (Screen Wake Lock API, where supported). The browser
 * releases the lock when the page is hidden, so it is asked for again when it is shown.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = (navigator as Partial<Navigator>).wakeLock;
    if (!wakeLock) return;
    let mounted = true;
    let sentinel: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (held) => {
          if (mounted) sentinel = held;
          else void held.release();
        },
        () => {}, // Refused (battery saver, no permission): the screen may dim, nothing else.
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      mounted = false;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => {});
    };
  }, []);
}
