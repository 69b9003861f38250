import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/lib/toast-store';
import { activate } from '@/i18n/i18n';
import { reportReachable } from '@/lib/connection';
import { loadEventSchemas } from '@/lib/use-ledger-events';

// Every component test reads English, the source language, through Lingui.
await activate('en', ['login', 'app']);
// The live stream opens once its events' schemas are loaded (a lazy chunk in the app):
// loaded here, a test's stream opens as its screen mounts, as it did before.
await loadEventSchemas();

// Screens, toasts and the login's validation load their code on first use (lazy
// chunks). The first such import in a test file transforms that code, which on a busy
// two-core CI machine can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs that Radix primitives and the theme code call.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver });
}

const elementProto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
elementProto.hasPointerCapture ??= () => false;
elementProto.setPointerCapture ??= () => {};
elementProto.releasePointerCapture ??= () => {};
elementProto.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  // A test whose request found no server leaves the app offline; the next starts online.
  reportReachable();
});
