import { describe, expect, it, vi } from 'vitest';
import { clearRuntimeCaches } from './runtime-caches';

describe('clearRuntimeCaches (logout)', () => {
  it("deletes every cache but Workbox's precache of the public build", async () => {
    const names = ['workbox-precache-v2-https://khata.example/', 'api-answers', 'workbox-runtime-https://khata.example/'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    await clearRuntimeCaches();
    expect(deleted.sort()).toEqual(['api-answers', 'workbox-runtime-https://khata.example/']);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearRuntimeCaches()).resolves.toBeUndefined();
  });
});
