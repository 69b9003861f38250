import type { ReactNode } from 'react';
import type { BusinessProfile } from '@common/api-types';
import { Card } from '@/components/ui/card';
import { CustomerList } from '@/features/credit-accounts/public';
import { PendingBanner } from './pending-banner';
import { RecentPayments } from './recent-payments';
import { StatCards } from './stat-cards';

interface DashboardTabProps {
  business: BusinessProfile;
  onCreateCustomer: () => void;
  onGenerateQr: () => void;
  onViewTransactions: () => void;
}

/** Dashboard (spec §2): approval banner, totals, quick actions, customers, recent payments. */
export function DashboardTab({ business, onCreateCustomer, onGenerateQr, onViewTransactions }: DashboardTabProps) {
  const approved = business.status === 'approved';
  return (
    <div className="space-y-6">
      <PendingBanner business={business} />
      <StatCards />
      <section aria-labelledby="quick-actions-heading" className="space-y-3">
        <h2 id="quick-actions-heading" className="text-base font-semibold">
          Quick Actions
        </h2>
        <Card className="grid grid-cols-3 gap-2 p-2">
          <QuickAction label="Create Customer" disabled={!approved} onClick={onCreateCustomer} icon={<PersonPlusIcon />} />
          <QuickAction label="Generate QR Code" disabled={!approved} onClick={onGenerateQr} icon={<QrIcon />} />
          <QuickAction label="View Transactions" onClick={onViewTransactions} icon={<ListIcon />} />
        </Card>
      </section>
      <CustomerList />
      <RecentPayments onViewAll={onViewTransactions} />
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
      className="flex flex-col items-center gap-1.5 rounded-xl px-1 py-3 text-center text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
        {icon}
      </span>
      {label}
    </button>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'h-5 w-5',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const PersonPlusIcon = () => (
  <svg {...iconProps}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </svg>
);

const QrIcon = () => (
  <svg {...iconProps}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </svg>
);

const ListIcon = () => (
  <svg {...iconProps}>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </svg>
);
