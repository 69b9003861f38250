/**
 * Registers the service worker the build writes (/sw.js, vite.config.ts) once the page has
 * loaded and the browser is idle (issue 14): a few lines, so /cust's first load carries
 * nothing of Workbox, and the worker's own downloads never compete with start-up. The
 * update prompt (service-worker-update.ts) loads with the signed-in app.
 */
import { whenIdle } from './when-idle';

export function registerServiceWorker(): void {
  // A development server has no /sw.js; tests have no service workers.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => whenIdle(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
