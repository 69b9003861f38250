import { appPaths } from '@/lib/app-paths';
import { storedSessionRole } from '@/lib/session';

/**
 * The whole app's chunk: the query layer, the router and every signed-in app's loader,
 * with the texts the stored session's home shows first (i18n/home-texts.ts; the whole
 * `app` catalogue for any other start). The entry imports home-texts with `import()`
 * only: statically its loaders would weigh on /cust.
 */
export const loadFullApp = () => {
  // A start on another screen's link (a payment, a reminder, an invitation) needs every text.
  const role = appPaths.has(window.location.pathname) ? storedSessionRole() : null;
  const texts = import('@/i18n/home-texts').then((m) => m.activateHomeTexts(role));
  return Promise.all([import('./full-app'), texts]).then(([fullApp]) => fullApp);
};
