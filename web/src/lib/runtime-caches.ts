/**
 * What the service worker may hold besides the public build (docs/product.md#offline). It caches no /api
 * answer, so nothing of a user's should ever be in Cache Storage; logout still deletes
 * every cache but Workbox's precache, so a future run-time cache cannot outlive a session.
 */
export const precacheNamePrefix = 'workbox-precache';

/** Deletes every Cache Storage cache except the precache of the public build files. */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(precacheNamePrefix)).map((name) => caches.delete(name)));
}
