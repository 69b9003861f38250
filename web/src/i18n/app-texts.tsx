import { use, type ReactNode } from 'react';
import type { Language } from '@common/languages';
import { activate, currentLanguage } from './i18n';

const loaded = new Map<Language, Promise<void>>();

/**
 * Shows `children` once the `app` part of the current language's texts is loaded, and
 * suspends until then (the nearest Suspense shows its fallback). The signed-out /cust
 * loads only the `login` part; registration and PIN reset, opened from it, need the rest.
 */
export function AppTexts({ children }: { children: ReactNode }) {
  const language = currentLanguage();
  let ready = loaded.get(language);
  if (!ready) {
    // Offline, the screen still opens with the texts it has, and the next render tries again.
    ready = activate(language, ['app']).catch(() => {
      loaded.delete(language);
    });
    loaded.set(language, ready);
  }
  use(ready);
  return children;
}
