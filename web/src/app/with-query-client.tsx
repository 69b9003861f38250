/**
 * Gives its children a query client: the one above it, or the app's, loaded on demand.
 * The signed-out /cust starts without TanStack Query (app/boot.tsx); its registration
 * and PIN reset modes need it, and load it when opened.
 */
import { QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

const AppQueryClient = lazy(() => import('./app-query-client'));

export function WithQueryClient({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return (
    <Suspense fallback={<Spinner className="py-10" />}>
      <AppQueryClient>{children}</AppQueryClient>
    </Suspense>
  );
}
