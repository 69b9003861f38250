/**
 * What the first screen does not show waits until the home is usable, that is shows its
 * data (docs/performance.md): the next screens' code, the overlays', the live stream's
 * schemas. A home says so once (markUsable, or useMarkUsable with its data's state); the
 * tasks given to afterUsable then run when the browser is next idle, at the earliest
 * `usableGraceMs` after that, so on a slow phone they never compete with the home's first
 * requests, its first render or the first look at it. Before any home is usable they wait.
 */
import { useEffect } from 'react';
import { whenIdle } from './when-idle';

/** How long after the home shows its data the deferred work may start. */
export const usableGraceMs = 1_000;

let usableAt: number | null = null;
const waiting = new Set<() => void>();

/** The home shows its data: the deferred work may start (once; later calls change nothing). */
export function markUsable(): void {
  if (usableAt !== null) return;
  usableAt = Date.now();
  for (const start of [...waiting]) start();
}

/** Whether a home has shown its data. */
export const isUsable = () => usableAt !== null;

/** Runs `task` when idle once the home is usable (see above); returns a cancel. */
export function afterUsable(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    waiting.delete(start);
    const wait = Math.max(0, (usableAt ?? 0) + usableGraceMs - Date.now());
    timer = setTimeout(() => {
      cancelIdle = whenIdle(task);
    }, wait);
  };
  if (usableAt === null) waiting.add(start);
  else start();
  return () => {
    waiting.delete(start);
    clearTimeout(timer);
    cancelIdle?.();
  };
}

/** Marks the home usable once `shown` (its first data on screen) is true. */
export function useMarkUsable(shown: boolean): void {
  useEffect(() => {
    if (shown) markUsable();
  }, [shown]);
}

/** For tests: as at a page's start, no home usable yet and nothing waiting. */
export function resetUsableForTests(): void {
  usableAt = null;
  waiting.clear();
}
