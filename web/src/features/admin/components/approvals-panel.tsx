/** Business Approvals (docs/product.md#admin-dashboard): applications by status, and the review of pending ones. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AdminBusiness } from '@common/api/types';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useBusinesses } from '@/features/admin/api/get-businesses';
import { usePendingBusinesses } from '@/features/admin/api/get-pending-businesses';
import { ApplicationCard } from './application-card';
import { BusinessList } from './business-list';
import { ReviewDialog } from './review-dialog';

/** The standalone approvals panel waits 1 second before sending a decision (docs/product.md#merchant-approval). */
export const approvalDelayMs = 1_000;

export function ApprovalsPanel({ decisionDelayMs = approvalDelayMs }: { decisionDelayMs?: number }) {
  const [reviewing, setReviewing] = useState<AdminBusiness | null>(null);
  const { t } = useLingui();
  return (
    <>
      <Tabs defaultValue="pending">
        <TabsList aria-label={t`Applications by status`}>
          <TabsTrigger value="pending"><Trans>Pending</Trans></TabsTrigger>
          <TabsTrigger value="approved"><Trans>Approved</Trans></TabsTrigger>
          <TabsTrigger value="rejected"><Trans>Rejected</Trans></TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <PendingList onReview={setReviewing} />
        </TabsContent>
        <TabsContent value="approved">
          <DecidedList status="approved" />
        </TabsContent>
        <TabsContent value="rejected">
          <DecidedList status="rejected" />
        </TabsContent>
      </Tabs>
      <ReviewDialog business={reviewing} delayMs={decisionDelayMs} onClose={() => setReviewing(null)} />
    </>
  );
}

function PendingList({ onReview }: { onReview: (business: AdminBusiness) => void }) {
  const query = usePendingBusinesses();
  const { t } = useLingui();
  return (
    <BusinessList
      query={query}
      label={t`Pending applications`}
      emptyText={t`No pending applications`}
      renderItem={(business) => <ApplicationCard business={business} onReview={() => onReview(business)} />}
    />
  );
}

function DecidedList({ status }: { status: 'approved' | 'rejected' }) {
  const query = useBusinesses(status);
  const { t } = useLingui();
  return (
    <BusinessList
      query={query}
      label={status === 'approved' ? t`Approved businesses` : t`Rejected businesses`}
      emptyText={status === 'approved' ? t`No approved businesses` : t`No rejected businesses`}
      renderItem={(business) => <ApplicationCard business={business} />}
    />
  );
}
