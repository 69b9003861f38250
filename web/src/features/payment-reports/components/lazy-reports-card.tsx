/**
 * The dashboard's card of payment problems as the merchant's screen shows it: its code (the
 * list, the decline dialog, the refund buttons) downloads with the dashboard's first render,
 * in a chunk of its own, so the customer's app, which shares this feature's "Report a
 * problem", never carries it. Nothing shows meanwhile: the card shows only while reports wait.
 */
import { lazy, Suspense } from 'react';

const ReportsCard = lazy(() => import('./reports-card').then((m) => ({ default: m.ReportsCard })));

export function LazyReportsCard() {
  return (
    <Suspense fallback={null}>
      <ReportsCard />
    </Suspense>
  );
}
