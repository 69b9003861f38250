/**
 * A lazy chunk that is gone (a deploy replaced the build this page came from, and the
 * server no longer has the old hashed files) makes Vite fire `vite:preloadError` on
 * window. The page then reloads once, onto the new build, instead of breaking. A guard in
 * sessionStorage keeps it to once: a chunk still missing after that reload (a broken
 * deploy, no network) lets the error through to the screen's own error handling rather
 * than reload forever.
 */
const reloadedAtKey = 'khata.preloadReloadAt';
/** A second failure this soon after the reload is the same one: it is not reloaded again. */
export const preloadReloadGuardMs = 60_000;

function readReloadedAt(storage: Storage | undefined): number | null {
  try {
    const value = storage?.getItem(reloadedAtKey);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

/** Listens for Vite's preload error on `target`; returns a function that stops listening. */
export function reloadOnPreloadError({
  target = window,
  reload = () => window.location.reload(),
  now = Date.now,
  storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
}: { target?: EventTarget; reload?: () => void; now?: () => number; storage?: Storage } = {}): () => void {
  const onPreloadError = (event: Event) => {
    const reloadedAt = readReloadedAt(storage);
    if (reloadedAt !== null && now() - reloadedAt < preloadReloadGuardMs) return;
    try {
      storage?.setItem(reloadedAtKey, String(now()));
    } catch {
      // No storage, so no guard: without one the page is left to its error rather than risk a loop.
      return;
    }
    // The page is going: the import's error need not reach the screen meanwhile.
    event.preventDefault();
    reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
