/**
 * Registers the service worker the build writes (/sw.js, vite.config.ts) well after the
 * page has loaded, when the browser is idle (docs/product.md#offline): a few lines, so /cust's first load
 * carries nothing of Workbox. The worker precaches the whole build (about 1.2 MB, 350 KB
 * brotli) as it installs; registered at the first idle moment after load, that download
 * ran beside the signed-in app's own chunks and first requests and doubled their Total
 * Blocking Time in bench:web (dashboard 93 → 81). So it waits `registerDelayMs` first.
 * The update prompt (service-worker-update.ts) loads with the whole app.
 */
export const registerDelayMs = 10_000;

export function registerServiceWorker(): void {
  // A development server has no /sw.js; tests have no service workers.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  // Module scripts run before the load event, so it is still to come.
  window.addEventListener('load', () => {
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, registerDelayMs);
  }, { once: true });
}
