/**
 * The customer's repayment claims on one account: each one's amount, UPI
 * reference, time and what the merchant decided. A claim's news on the events stream
 * refetches it, so a confirmation or a decline shows while the screen is open.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepaymentClaim } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { useRepaymentClaims } from '@/features/repayment/api/get-repayment-claims';

export function ClaimsList({ accountId }: { accountId: string }) {
  const { t } = useLingui();
  const claims = useRepaymentClaims(accountId);
  // Nothing to show until there is a claim: most accounts never have one.
  if (claims.isPending || (claims.isSuccess && claims.data.length === 0)) return null;
  return (
    <section aria-labelledby="repayment-claims-title">
      <h2 id="repayment-claims-title" className="mb-3 text-base font-semibold"><Trans>UPI repayments</Trans></h2>
      {claims.isError ? (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400">
          <Trans>Your UPI repayments could not be loaded.</Trans>
        </p>
      ) : (
        <ul className="space-y-2" aria-label={t`UPI repayments`}>
          {claims.data.map((claim) => <ClaimRow key={claim.id} claim={claim} />)}
        </ul>
      )}
    </section>
  );
}

function ClaimRow({ claim }: { claim: RepaymentClaim }) {
  const amount = formatWireRupees(claim.amount);
  const confirmedAmount = claim.confirmedAmount === null ? null : formatWireRupees(claim.confirmedAmount);
  const reference = claim.upiReference;
  const reason = claim.declineReason;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold tabular-nums">{amount}</span>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={claim.createdAt}>{formatIndiaDateTime(claim.createdAt)}</time>
        {' · '}
        {reference ? <Trans>UPI reference {reference}</Trans> : <Trans>No UPI reference</Trans>}
      </p>
      {claim.status === 'confirmed' && confirmedAmount !== null && claim.confirmedAmount !== claim.amount && (
        <p className="mt-2 text-sm"><Trans>The shop confirmed {confirmedAmount}.</Trans></p>
      )}
      {claim.status === 'declined' && reason && (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300"><Trans>Declined: {reason}</Trans></p>
      )}
    </li>
  );
}

function ClaimStatusBadge({ status }: { status: RepaymentClaim['status'] }) {
  if (status === 'confirmed') return <Badge tone="success"><Trans>Confirmed</Trans></Badge>;
  if (status === 'declined') return <Badge tone="danger"><Trans>Declined</Trans></Badge>;
  return <Badge tone="warning"><Trans>Pending</Trans></Badge>;
}
