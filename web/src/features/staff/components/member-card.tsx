/**
 * One person of the shop: name and number, role, a cashier's or manager's limits and what
 * they have used of them today, and what the owner may do about them. The account the shop
 * registered with is marked "Shop account" and offers nothing: it always stays an owner.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { isLimited } from '@common/permissions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardActions, cardActionClasses } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useShopRoleLabel } from '@/features/auth/public';
import type { StaffMember } from '@/features/staff/api/get-staff';

interface MemberCardProps {
  member: StaffMember;
  onChange: () => void;
  onRemove: () => void;
}

/** "₹2,000.00 one entry · ₹10,000.00 a day"; null for an owner. */
function useLimitsText(member: StaffMember): string | null {
  const { t } = useLingui();
  if (!isLimited(member.role) || member.singleLimit === null || member.dailyLimit === null) return null;
  const single = formatWireRupees(member.singleLimit);
  const daily = formatWireRupees(member.dailyLimit);
  return t`${single} one entry · ${daily} a day`;
}

export function MemberCard({ member, onChange, onRemove }: MemberCardProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const limits = useLimitsText(member);
  const used = formatWireRupees(member.usedToday);
  const headingId = `staff-member-${member.id}`;
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold wrap-break-word">{member.name}</h3>
          <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">{member.phone ?? member.email}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={member.role === 'owner' ? 'primary' : 'neutral'}>{roleLabel(member.role)}</Badge>
          {member.founding && <Badge tone="success">{t`Shop account`}</Badge>}
        </div>
      </div>
      {limits !== null && (
        <dl className="grid gap-1 rounded-xl bg-slate-50 p-2 text-sm dark:bg-slate-800/60">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400"><Trans>Limits</Trans></dt>
            <dd className="text-right font-medium tabular-nums">{limits}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400"><Trans>Used today</Trans></dt>
            <dd className="text-right font-medium tabular-nums">{used}</dd>
          </div>
        </dl>
      )}
      {!member.founding && (
        <CardActions>
          <Button variant="secondary" className={cardActionClasses} onClick={onChange}>
            <Trans>Change role or limits</Trans>
          </Button>
          <Button variant="secondary" className={`${cardActionClasses} text-red-700 dark:text-red-400`} onClick={onRemove}>
            <Trans>Remove from shop</Trans>
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** A person no longer at the shop: who they were and when they were removed. */
export function FormerMemberRow({ member }: { member: StaffMember }) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const role = roleLabel(member.role);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-break-word">{member.name}</p>
        <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">{member.phone ?? member.email}</p>
      </div>
      <p className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{t`Was ${role}`}</p>
    </li>
  );
}
