import type { ReactNode } from 'react';
import type { Language } from '@common/languages';
import { activate, currentLanguage } from './i18n';

/** A language's `app` texts, loading or loaded; `failed` once a load found no server. */
interface TextsLoad {
  promise: Promise<void>;
  state: 'loading' | 'loaded' | 'failed';
}

const loads = new Map<Language, TextsLoad>();

function startLoad(language: Language): TextsLoad {
  const load: TextsLoad = { state: 'loading', promise: Promise.resolve() };
  load.promise = activate(language, ['app']).then(
    () => void (load.state = 'loaded'),
    () => void (load.state = 'failed'),
  );
  loads.set(language, load);
  return load;
}

/**
 * Shows `children` once the `app` part of the current language's texts is loaded, and
 * suspends until then (the nearest Suspense shows its fallback). The signed-out /cust
 * loads only the `login` part; registration and PIN reset, opened from it, need the rest.
 * It suspends by throwing the pending promise, as Suspense worked before React 19's `use()`
 * (the app runs on preact/compat, React 18.3's API: lib/preact-react19.ts).
 */
export function AppTexts({ children }: { children: ReactNode }) {
  const language = currentLanguage();
  const load = loads.get(language) ?? startLoad(language);
  if (load.state === 'loading') throw load.promise;
  // Offline, the screen still opens with the texts it has, and the next render tries again.
  if (load.state === 'failed') loads.delete(language);
  return children;
}
