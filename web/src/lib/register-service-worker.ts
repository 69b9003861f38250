/**
 * Registers the service worker the build writes (/sw.js, vite.config.ts) after the page
 * has loaded, when the browser is idle (issue 14): a few lines, so /cust's first load
 * carries nothing of Workbox, and the worker's own downloads never compete with start-up.
 * The update prompt (service-worker-update.ts) loads with the whole app.
 */
export function registerServiceWorker(): void {
  // A development server has no /sw.js; tests have no service workers.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  // Module scripts run before the load event, so it is still to come.
  window.addEventListener('load', () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
    else setTimeout(register, 1_000);
  }, { once: true });
}
