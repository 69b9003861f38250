import { Trans } from '@lingui/react/macro';
import type { BusinessProfile } from '@common/api/types';

/** Shown until an admin approves the business (docs/product.md#merchant-approval). */
export function PendingBanner({ business }: { business: BusinessProfile }) {
  if (business.status === 'approved') return null;
  const rejected = business.status === 'rejected';
  return (
    <section
      aria-labelledby="approval-banner-title"
      className={`rounded-2xl border p-4 ${
        rejected
          ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
          : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
      }`}
    >
      <h2 id="approval-banner-title" className="font-semibold">
        {rejected ? <Trans>Application Rejected</Trans> : <Trans>Pending Approval</Trans>}
      </h2>
      {rejected ? (
        <p className="mt-1 text-sm">
          {business.rejectionReason ?? <Trans>Your application was not approved.</Trans>}
        </p>
      ) : (
        <p className="mt-1 text-sm">
          <Trans>
            Your business application is under review by an admin. You can create customers and generate QR codes once it
            is approved.
          </Trans>
        </p>
      )}
    </section>
  );
}
