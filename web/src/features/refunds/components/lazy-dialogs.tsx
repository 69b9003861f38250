/**
 * The refund and reversal dialogs as rows and reports open them: their code (the forms,
 * the PIN field) downloads on the first tap, or on a hover or focus of the button before it,
 * so the History, the statement and the dashboard do not carry it.
 */
import { lazy, Suspense } from 'react';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import type { RefundTarget } from '@/features/refunds/refund-figures';
import type { ReversalTarget } from './reversal-dialog';
import { withAllTexts } from '@/i18n/home-texts';

const loadRefundDialog = () => import('./refund-dialog');
const loadReversalDialog = () => import('./reversal-dialog');
/** Starts the download early, where a tap is likely next. */
export const preloadDialogs = () => void Promise.all([loadRefundDialog(), loadReversalDialog()]).catch(() => {});

const RefundDialog = lazy(withAllTexts(() => loadRefundDialog().then((m) => ({ default: m.RefundDialog }))));
const ReversalDialog = lazy(withAllTexts(() => loadReversalDialog().then((m) => ({ default: m.ReversalDialog }))));

/** The refund dialog for `target`; nothing while it is null. */
export function LazyRefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  if (target === null) return null;
  return (
    <Suspense fallback={<LoadingSheet />}>
      <RefundDialog target={target} onClose={onClose} />
    </Suspense>
  );
}

/** The reversal dialog for `target`; nothing while it is null. */
export function LazyReversalDialog({ target, onClose }: { target: ReversalTarget | null; onClose: () => void }) {
  if (target === null) return null;
  return (
    <Suspense fallback={<LoadingSheet />}>
      <ReversalDialog target={target} onClose={onClose} />
    </Suspense>
  );
}
