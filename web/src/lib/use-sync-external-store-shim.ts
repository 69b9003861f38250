/**
 * wouter imports the `use-sync-external-store` shim for React 17; React 19 has the hook
 * itself, so vite.config.ts points the shim here and the fallback code is not shipped.
 */
export { useSyncExternalStore } from 'react';
