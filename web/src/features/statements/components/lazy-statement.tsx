/**
 * Statements as other features open them: their code downloads when a statement is first
 * shown, so neither the customer's home nor the merchant's dashboard carries it.
 */
import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { Spinner } from '@/components/ui/spinner';
import { withAllTexts } from '@/i18n/home-texts';

const StatementPanel = lazy(withAllTexts(() => import('./statement-panel').then((m) => ({ default: m.StatementPanel }))));
const StatementDialog = lazy(withAllTexts(() => import('./statement-dialog').then((m) => ({ default: m.StatementDialog }))));

/** The statement in place, on the customer's account screen. */
export function LazyStatementPanel({ accountId }: { accountId: string }) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading statement`} className="py-8" />}>
      <StatementPanel accountId={accountId} />
    </Suspense>
  );
}

/** The merchant's statement of one customer, over the dashboard; nothing while `accountId` is null. */
export function LazyStatementDialog({ accountId, onClose }: { accountId: string | null; onClose: () => void }) {
  const { t } = useLingui();
  if (accountId === null) return null;
  return (
    <Suspense fallback={<LoadingSheet label={t`Loading statement`} />}>
      <StatementDialog accountId={accountId} onClose={onClose} />
    </Suspense>
  );
}
