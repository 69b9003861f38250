/**
 * Whether Khata can be reached (docs/product.md#offline). Offline is the browser saying so, or a request
 * that found no server: a network error, or a proxy's 502/503/504 (navigator.onLine stays
 * true when only the server is down). While unreachable, /api/health/live is asked again
 * after 2 s, 4 s, 8 s … up to 10 s, until it answers. In the entry chunk: the API client
 * reports to it, and start-up reads it.
 */
import { useSyncExternalStore } from 'react';
import { connectionProbeWaitMsFirst, connectionProbeWaitMsMax } from '@common/limits';

export const connectionProbeUrl = '/api/health/live';

const listeners = new Set<() => void>();
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probesFailed = 0;

const notify = () => listeners.forEach((listener) => listener());

/** True while payments and new QR codes cannot be sent. */
export const isOffline = (): boolean => browserOffline || unreachable;

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The component's view of isOffline, re-rendered when it changes. */
export const useOffline = (): boolean => useSyncExternalStore(subscribeConnection, isOffline);

/** A proxy's answer for a server it could not reach: not JSON, as every answer of ours is. */
export const isGatewayFailure = (response: Response): boolean =>
  (response.status === 502 || response.status === 503 || response.status === 504)
  && !(response.headers.get('Content-Type') ?? '').includes('json');

/** A request found no server: offline until a probe (or any other request) gets an answer. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  probesFailed = 0;
  notify();
  scheduleProbe();
}

/** Our server answered: reachable again. */
export function reportReachable(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** Asks the server whether it is there; reports the outcome and returns it. */
export async function checkReachable(): Promise<boolean> {
  try {
    const response = await fetch(connectionProbeUrl, { cache: 'no-store', credentials: 'omit' });
    if (isGatewayFailure(response)) throw new Error(response.statusText);
    reportReachable();
    return true;
  } catch {
    reportUnreachable();
    return false;
  }
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  const waitMs = Math.min(connectionProbeWaitMsFirst * 2 ** probesFailed, connectionProbeWaitMsMax);
  probeTimer = setTimeout(() => {
    probesFailed += 1;
    void checkReachable().then((reachable) => {
      if (!reachable && unreachable) scheduleProbe();
    });
  }, waitMs);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    notify();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    notify();
    // The network is back; whether the server is too is asked at once.
    if (unreachable) void checkReachable();
  });
}
