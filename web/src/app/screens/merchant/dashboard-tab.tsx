import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { BusinessProfile } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMayDo } from '@/features/auth/public';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { isNewAccount } from '@/features/registration/api/new-account';
import { CustomerList } from '@/features/credit-accounts/public';
import { PendingBanner, StatCards } from '@/features/business/public';
import { RecentPayments } from '@/features/transactions/public';
import { LazyReportsCard } from '@/features/payment-reports/public';
import { usePendingClaims } from '@/features/repayment-claims/api/get-repayment-claims';
import { RowActions } from '@/features/refunds/public';
import { OverdueCustomers, ToCollectCard } from '@/features/dues/public';
import { ListIcon, PersonPlusIcon, QrIcon } from '@/components/ui/icons';

interface DashboardTabProps {
  business: BusinessProfile;
  onCreateCustomer: () => void;
  onGenerateQr: () => void;
  onViewTransactions: () => void;
  /** Opens counter mode (docs/product.md#counter-mode); approved merchants only. */
  onOpenCounterMode?: () => void;
}

// Claims to answer carry their confirm form (the form library and its schemas): most days
// none waits, so the card's code is fetched only once the list says one does (or failed).
const RepaymentClaims = lazy(() => import('@/features/repayment-claims/public').then((m) => ({ default: m.RepaymentClaims })));

function WaitingClaims() {
  const claims = usePendingClaims();
  const waiting = claims.isError || (claims.isSuccess && claims.data.claims.length > 0);
  // Once shown, the card stays mounted (it hides itself when the list empties), so answering
  // the last claim never takes its dialog away mid-way.
  const [shown, setShown] = useState(false);
  if (waiting && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RepaymentClaims />
    </Suspense>
  );
}

/** The quick actions' grid, by how many the person may use: Tailwind reads whole class names. */
const quickActionColumns = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'] as const;

/**
 * Dashboard (docs/product.md#merchant-app): approval banner, totals, quick actions, customers, recent payments;
 * what is overdue, the customers' reports on payments and repayment claims to answer, and
 * the overdue customers to remind. Each part only for a person whose role may use it: a
 * cashier keeps the payment codes, counter mode and the customers' repayments and charges.
 */
export function DashboardTab({ business, onCreateCustomer, onGenerateQr, onViewTransactions, onOpenCounterMode }: DashboardTabProps) {
  const approved = business.status === 'approved';
  const { t } = useLingui();
  const may = useMayDo();
  // A business that has just registered lands here: greet its contact person as new.
  const me = useCurrentUser();
  const name = me.data && isNewAccount(me.data.user.id) ? me.data.user.name : null;
  const quickActions = [
    may('customers') && (
      <QuickAction key="customer" label={t`Create Customer`} disabled={!approved} onClick={onCreateCustomer} icon={<PersonPlusIcon />} />
    ),
    may('payment_codes') && (
      <QuickAction key="qr" label={t`Generate QR Code`} disabled={!approved} onClick={onGenerateQr} icon={<QrIcon />} />
    ),
    may('payments.today') && (
      <QuickAction key="history" label={t`View Transactions`} onClick={onViewTransactions} icon={<ListIcon />} />
    ),
  ].filter(Boolean);
  return (
    <div className="space-y-6">
      {name && <p className="text-lg font-semibold wrap-break-word"><Trans>Welcome, {name}</Trans></p>}
      <PendingBanner business={business} />
      {may('history') && <StatCards />}
      {approved && may('reminders') && <ToCollectCard />}
      {approved && may('claims') && <LazyReportsCard />}
      {approved && may('claims') && <WaitingClaims />}
      <section aria-labelledby="quick-actions-heading" className="space-y-3">
        <h2 id="quick-actions-heading" className="text-base font-semibold">
          <Trans>Quick Actions</Trans>
        </h2>
        {quickActions.length > 0 && (
          <Card className={`grid gap-2 p-2 ${quickActionColumns[quickActions.length]}`}>{quickActions}</Card>
        )}
        {approved && may('counter_mode') && onOpenCounterMode && (
          <Button variant="secondary" size="lg" onClick={onOpenCounterMode}>
            <Trans>Counter mode</Trans>
          </Button>
        )}
      </section>
      {approved && may('reminders') && <OverdueCustomers />}
      <CustomerList />
      <RecentPayments
        onViewAll={onViewTransactions}
        actions={may('refunds') ? (row) => <RowActions transaction={row} /> : undefined}
      />
    </div>
  );
}

interface QuickActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

function QuickAction({ label, icon, onClick, disabled = false }: QuickActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      // A third of a phone is narrower than some single Tamil words: they break rather than spill.
      className="flex min-w-0 flex-col items-center gap-1.5 rounded-xl px-1 py-3 text-center text-xs font-medium wrap-anywhere text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
        {icon}
      </span>
      {label}
    </button>
  );
}

