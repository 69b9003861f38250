/**
 * The dashboard's card of payment problems as the merchant's screen shows it. Most days no
 * report waits, so the card's code (the list, the decline dialog, the refund buttons) is
 * fetched only once the list says one does (or failed to load), in a chunk of its own: the
 * dashboard's first screen carries the list's request alone, and the customer's app, which
 * shares this feature's "Report a problem", never carries the card.
 */
import { lazy, Suspense, useState } from 'react';
import { useOpenReports } from '@/features/payment-reports/api/get-payment-reports';

const ReportsCard = lazy(() => import('./reports-card').then((m) => ({ default: m.ReportsCard })));

export function LazyReportsCard() {
  const reports = useOpenReports();
  const waiting = reports.isError || (reports.isSuccess && reports.data.reports.length > 0);
  // Once shown, the card stays mounted (it hides itself when the list empties), so answering
  // the last report never takes its dialog away mid-way.
  const [shown, setShown] = useState(false);
  if (waiting && !shown) setShown(true);
  if (!waiting && !shown) return null;
  return (
    <Suspense fallback={null}>
      <ReportsCard />
    </Suspense>
  );
}
