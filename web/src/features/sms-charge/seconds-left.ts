/** How long an SMS code stays usable, counted down on screen to the second. */
import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `expiresAt`, rounded up; 0 once it has passed. */
export function secondsUntil(expiresAt: string, now: number): number {
  const leftMs = new Date(expiresAt).getTime() - now;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** "4:59" for 299 seconds. */
export const formatMinutesSeconds = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The seconds left until `expiresAt`, read from the clock at every render and re-rendered
 * as each second passes (timed to the second's edge, so the count never lags a second
 * behind), until none are left.
 */
export function useSecondsLeft(expiresAt: string): number {
  const [ticks, setTicks] = useState(0);
  const now = Date.now();
  const left = secondsUntil(expiresAt, now);
  const untilNextMs = (new Date(expiresAt).getTime() - now) % 1000 || 1000;
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setTicks((count) => count + 1), untilNextMs);
    return () => window.clearTimeout(timer);
  }, [left, ticks, untilNextMs]);
  return left;
}
