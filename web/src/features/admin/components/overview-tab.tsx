/** Overview (docs/product.md#admin-dashboard): the counts and the 5 most recent applications, all from the server. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useState } from 'react';
import type { AdminBusiness, AdminStats } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAdminStats } from '@/features/admin/api/get-admin-stats';
import { formatIndiaDate } from '@/lib/date-time';
import { EmptyState, LoadError } from './load-error';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { StatusBadge } from './status-badge';

// The review's form loads when an application is first opened.
const ReviewDialog = lazyDialog(() => import('./review-dialog').then((m) => m.ReviewDialog), 'business');

// Labels as descriptors, read in the language shown now.
const statCards: { key: keyof AdminStats; label: MessageDescriptor }[] = [
  { key: 'pendingBusinesses', label: msg`Pending` },
  { key: 'approvedBusinesses', label: msg`Approved` },
  { key: 'rejectedBusinesses', label: msg`Rejected` },
  { key: 'customers', label: msg`Customers` },
  { key: 'creditAccounts', label: msg`Credit Accounts` },
];

const countFormat = new Intl.NumberFormat('en-IN');

/**
 * `decisionDelayMs` is the wait before a decision made from here is sent; the 1-second
 * delay belongs to the approvals panel only (docs/product.md#merchant-approval), so it defaults to none.
 */
export function OverviewTab({ decisionDelayMs = 0 }: { decisionDelayMs?: number }) {
  const query = useAdminStats();
  const [reviewing, setReviewing] = useState<AdminBusiness | null>(null);
  const { t } = useLingui();
  if (query.isPending) return <Spinner className="py-10" />;
  if (query.isError) {
    return <LoadError message={t`Could not load the overview.`} onRetry={() => void query.refetch()} />;
  }
  const { stats, recentBusinesses } = query.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="overview-counts">
        <h2 id="overview-counts" className="sr-only">
          <Trans>Counts</Trans>
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          {statCards.map(({ key, label }, index) => (
            // Narrower sides than a Card's: a Tamil count's one long word fits half the width.
            <Card key={key} className={`px-3 ${index === statCards.length - 1 ? 'col-span-2' : ''}`}>
              <dt className="text-sm break-words text-slate-500 dark:text-slate-400">{t(label)}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{countFormat.format(stats[key])}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="recent-applications" className="space-y-3">
        <h2 id="recent-applications" className="text-base font-semibold">
          <Trans>Recent Applications</Trans>
        </h2>
        {recentBusinesses.length === 0 ? (
          <EmptyState>{t`No applications yet`}</EmptyState>
        ) : (
          <ul aria-labelledby="recent-applications" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {recentBusinesses.map((business) => {
              const businessName = business.businessName;
              return (
                <li key={business.id} className="flex items-center gap-3 p-4">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium wrap-break-word">{business.businessName}</p>
                    <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                      {business.businessType} · {formatIndiaDate(business.createdAt)}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-2">
                    <StatusBadge status={business.status} />
                    {business.status === 'pending' && (
                      <Button
                        variant="secondary"
                        aria-label={t`Review ${businessName}`}
                        onClick={() => setReviewing(business)}
                      >
                        <Trans>Review</Trans>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ReviewDialog business={reviewing} delayMs={decisionDelayMs} onClose={() => setReviewing(null)} />
    </div>
  );
}
