import '@/lib/preact-react19';
import '@testing-library/jest-dom/vitest';
import { options } from 'preact';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/lib/toast-store';
import { activate } from '@/i18n/i18n';
import { reportReachable } from '@/lib/connection';
import { loadEventSchemas } from '@/lib/use-ledger-events';

// Preact runs a render's effects after the next frame: at requestAnimationFrame or 35 ms
// later, by setTimeout. In jsdom that is wall-clock time, so a busy machine decided whether
// an effect had run before a test's next step (different tests failed each run), and under
// fake timers it never ran. Testing Library's act (preact/test-utils) flushes them at its
// end; an update outside act (an answer arriving) gets them in the next task, as React's
// scheduler gives them, on the real clock whatever a test fakes: the same order every run.
const { setTimeout: realSetTimeout } = globalThis;
options.requestAnimationFrame = (flushEffects) => void realSetTimeout(flushEffects, 0);

// Every component test reads English, the source language, through Lingui.
await activate('en', ['login', 'app']);
// The live stream opens once its events' schemas are loaded (a lazy chunk in the app):
// loaded here, a test's stream opens as its screen mounts, as it did before.
await loadEventSchemas();

// Screens, toasts and the login's validation load their code on first use (lazy
// chunks). The first such import in a test file transforms that code, which on a busy
// two-core CI machine can take longer than Testing Library's default 1 s wait; with the
// libraries that import React transformed too (vitest.config.ts: they run on Preact), a
// screen's first import has taken more than 5 s there.
configure({ asyncUtilTimeout: 10_000 });

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
