/**
 * A new version of the app (docs/product.md#offline). The browser installs a new service worker beside
 * the running one, and it waits (registerType 'prompt', vite.config.ts) until the user
 * taps Reload: then it is told to take over (Workbox's SKIP_WAITING message) and the page
 * reloads once it has, so no page ever runs with one version's code and another's cache.
 */

/** Calls `onWaiting` with a new version's worker once one is installed and waiting; returns a stop. */
export function watchForUpdate(onWaiting: (worker: ServiceWorker) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  let stopped = false;
  let stop = () => {};
  // Only with a controller is an installed worker a new version; without one it is the first.
  const offer = (worker: ServiceWorker | null) => {
    if (!stopped && worker && navigator.serviceWorker.controller) onWaiting(worker);
  };
  void navigator.serviceWorker.ready.then((registration) => {
    if (stopped) return;
    offer(registration.waiting);
    const onUpdateFound = () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing);
      });
    };
    // An installed app is rarely reloaded: look for a new version when it comes back to the front.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => {});
    };
    registration.addEventListener('updatefound', onUpdateFound);
    document.addEventListener('visibilitychange', onVisible);
    stop = () => {
      registration.removeEventListener('updatefound', onUpdateFound);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** The message the worker Workbox generates waits for before it takes over. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a message to the worker, not text
const skipWaitingMessage = { type: 'SKIP_WAITING' } as const;

/** Lets the waiting worker take over, then reloads the page with the new version. */
export function activateUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage(skipWaitingMessage);
}
