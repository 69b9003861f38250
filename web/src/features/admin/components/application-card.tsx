import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminBusiness } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatIndiaDate, formatIndiaDateTime } from '@/lib/date-time';
import { StatusBadge } from './status-badge';

/** The application as the admin reviews it: who, what, where and when. */
export function ApplicationDetails({ business }: { business: AdminBusiness }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Contact`, business.contactName],
    [t`Email`, business.email],
    [t`Phone`, business.phone ?? '—'],
    [t`Address`, business.address],
    [t`Applied`, formatIndiaDate(business.createdAt)],
  ];
  if (business.description) rows.push([t`Description`, business.description]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the admin decided: the rejection reason, the notes and when. */
function Decision({ business }: { business: AdminBusiness }) {
  if (business.status === 'pending') return null;
  const decidedAt = business.decidedAt ? formatIndiaDateTime(business.decidedAt) : '';
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
      {business.status === 'rejected' && business.rejectionReason && (
        <div className="rounded-xl bg-red-50 p-3 text-red-900 dark:bg-red-950/40 dark:text-red-200">
          <p className="font-medium"><Trans>Rejection Reason</Trans></p>
          <p className="mt-0.5 break-words">{business.rejectionReason}</p>
        </div>
      )}
      {business.decisionNotes && (
        <div>
          <p className="font-medium text-slate-700 dark:text-slate-300"><Trans>Decision Notes</Trans></p>
          <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">{business.decisionNotes}</p>
        </div>
      )}
      {business.decidedAt && (
        <p className="text-slate-500 dark:text-slate-400">
          {business.status === 'approved' ? <Trans>Approved {decidedAt}</Trans> : <Trans>Rejected {decidedAt}</Trans>}
        </p>
      )}
    </div>
  );
}

/** A business's name and type beside its status: the top of every business card. */
export function BusinessHeading({ business }: { business: AdminBusiness }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 className="font-semibold wrap-break-word">{business.businessName}</h3>
        <p className="text-sm text-slate-500 dark:text-slate-400">{business.businessType}</p>
      </div>
      <StatusBadge status={business.status} />
    </div>
  );
}

/** One application in the approvals panel. Only a pending one can be reviewed (docs/product.md#merchant-approval). */
export function ApplicationCard({ business, onReview }: { business: AdminBusiness; onReview?: () => void }) {
  const { t } = useLingui();
  const businessName = business.businessName;
  return (
    <Card className="space-y-3">
      <BusinessHeading business={business} />
      <ApplicationDetails business={business} />
      <Decision business={business} />
      {business.status === 'pending' && onReview && (
        <Button
          className="w-full"
          aria-label={t`Review ${businessName}`}
          onClick={onReview}
        >
          <Trans>Review</Trans>
        </Button>
      )}
    </Card>
  );
}
