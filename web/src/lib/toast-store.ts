/**
 * The one toast on screen (only one is visible at a time). Showing a new
 * toast replaces the current one. Callable from anywhere, outside React too.
 */
import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** How long it stays, in milliseconds. */
  durationMs?: number;
}

export interface ShownToast extends ToastMessage {
  id: number;
}

export const defaultToastDurationMs = 5_000;

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: ToastMessage): void {
  current = { ...message, id: nextId++ };
  emit();
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCurrentToast(): ShownToast | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
