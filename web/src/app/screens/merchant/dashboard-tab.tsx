import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { BusinessProfile } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CustomerList } from '@/features/credit-accounts/public';
import { PendingBanner, StatCards } from '@/features/business/public';
import { RecentPayments } from '@/features/transactions/public';
import { RepaymentClaims } from '@/features/repayment-claims/public';
import { LazyReportsCard } from '@/features/payment-reports/public';
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

/**
 * Dashboard (docs/product.md#merchant-app): approval banner, totals, quick actions, customers, recent payments;
 * what is overdue, the customers' reports on payments and repayment claims to answer, and
 * the overdue customers to remind.
 */
export function DashboardTab({ business, onCreateCustomer, onGenerateQr, onViewTransactions, onOpenCounterMode }: DashboardTabProps) {
  const approved = business.status === 'approved';
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PendingBanner business={business} />
      <StatCards />
      {approved && <ToCollectCard />}
      {approved && <LazyReportsCard />}
      {approved && <RepaymentClaims />}
      <section aria-labelledby="quick-actions-heading" className="space-y-3">
        <h2 id="quick-actions-heading" className="text-base font-semibold">
          <Trans>Quick Actions</Trans>
        </h2>
        <Card className="grid grid-cols-3 gap-2 p-2">
          <QuickAction label={t`Create Customer`} disabled={!approved} onClick={onCreateCustomer} icon={<PersonPlusIcon />} />
          <QuickAction label={t`Generate QR Code`} disabled={!approved} onClick={onGenerateQr} icon={<QrIcon />} />
          <QuickAction label={t`View Transactions`} onClick={onViewTransactions} icon={<ListIcon />} />
        </Card>
        {approved && onOpenCounterMode && (
          <Button variant="secondary" size="lg" onClick={onOpenCounterMode}>
            <Trans>Counter mode</Trans>
          </Button>
        )}
      </section>
      {approved && <OverdueCustomers />}
      <CustomerList />
      <RecentPayments onViewAll={onViewTransactions} actions={(row) => <RowActions transaction={row} />} />
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

