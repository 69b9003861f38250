/** Business Approvals (spec §2): applications by status, and the review of pending ones. */
import { useState } from 'react';
import type { AdminBusiness } from '@common/api-types';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useBusinesses } from '@/features/admin/api/get-businesses';
import { usePendingBusinesses } from '@/features/admin/api/get-pending-businesses';
import { ApplicationCard } from './application-card';
import { BusinessList } from './business-list';
import { ReviewDialog } from './review-dialog';

/** Spec §4: the standalone approvals panel waits 1 second before sending a decision. */
export const approvalDelayMs = 1_000;

export function ApprovalsPanel({ decisionDelayMs = approvalDelayMs }: { decisionDelayMs?: number }) {
  const [reviewing, setReviewing] = useState<AdminBusiness | null>(null);
  return (
    <>
      <Tabs defaultValue="pending">
        <TabsList aria-label="Applications by status">
          <TabsTrigger value="pending">Pending</TabsTrigger>
          <TabsTrigger value="approved">Approved</TabsTrigger>
          <TabsTrigger value="rejected">Rejected</TabsTrigger>
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
  return (
    <BusinessList
      query={query}
      label="Pending applications"
      emptyText="No pending applications"
      renderItem={(business) => <ApplicationCard business={business} onReview={() => onReview(business)} />}
    />
  );
}

function DecidedList({ status }: { status: 'approved' | 'rejected' }) {
  const query = useBusinesses(status);
  return (
    <BusinessList
      query={query}
      label={status === 'approved' ? 'Approved businesses' : 'Rejected businesses'}
      emptyText={status === 'approved' ? 'No approved businesses' : 'No rejected businesses'}
      renderItem={(business) => <ApplicationCard business={business} />}
    />
  );
}
