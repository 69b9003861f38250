import { activate, currentLanguage } from '@/i18n/i18n';

/**
 * The whole app's chunk: the query layer, the router and every signed-in app's loader,
 * with the rest of the language's texts (the `app` catalogue).
 */
export const loadFullApp = () =>
  Promise.all([import('./full-app'), activate(currentLanguage(), ['app'])]).then(([fullApp]) => fullApp);
