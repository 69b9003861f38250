/** All Businesses (docs/product.md#admin-dashboard): every business with its terms; approved ones can be edited. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AdminBusiness } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useBusinesses } from '@/features/admin/api/get-businesses';
import { formatIndiaDate } from '@/lib/date-time';
import { formatFeePercent } from '@/features/admin/format';
import { BusinessList } from './business-list';
import { EditTermsDialog } from './edit-terms-dialog';
import { BusinessHeading } from './application-card';

export function AllBusinessesTab() {
  const query = useBusinesses();
  const [editing, setEditing] = useState<AdminBusiness | null>(null);
  const { t } = useLingui();
  return (
    <>
      <BusinessList
        query={query}
        label={t`All businesses`}
        emptyText={t`No businesses yet`}
        renderItem={(business) => <BusinessCard business={business} onEditTerms={() => setEditing(business)} />}
      />
      <EditTermsDialog business={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function BusinessCard({ business, onEditTerms }: { business: AdminBusiness; onEditTerms: () => void }) {
  const { t } = useLingui();
  const businessName = business.businessName;
  const rows: [string, string][] = [
    [t`Email`, business.email],
    [t`Fee Rate`, formatFeePercent(business.transactionFeePercent)],
    [t`Max Credit Limit`, formatWireRupees(business.maxCreditLimit)],
    [t`Created`, formatIndiaDate(business.createdAt)],
  ];
  return (
    <Card className="space-y-3">
      <BusinessHeading business={business} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="min-w-0 break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {business.status === 'approved' && (
        <Button variant="secondary" className="w-full" aria-label={t`Edit Terms of ${businessName}`} onClick={onEditTerms}>
          <Trans>Edit Terms</Trans>
        </Button>
      )}
    </Card>
  );
}
