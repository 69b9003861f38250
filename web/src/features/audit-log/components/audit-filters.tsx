/**
 * The audit log's filters: one person (those removed too), one kind of action, and the India
 * days from and to (both included). A start after the end is said here and asks nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { auditActions, type AuditAction } from '@common/schemas/staff';
import { DateField } from '@/components/ui/date-field';
import { Label } from '@/components/ui/input';
import { useShopRoleLabel } from '@/features/auth/public';
import type { AuditFilters } from '@/features/audit-log/api/get-audit-log';
import { useAuditPeople } from '@/features/audit-log/api/get-audit-people';
import { actionLabel, personWithRole } from '@/features/audit-log/audit-lines';

const selectClasses =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** Whether the days make a range: each may be left out, and a start is on or before the end. */
export const isValidFilterRange = ({ from, to }: AuditFilters): boolean => from === undefined || to === undefined || from <= to;

interface AuditFiltersProps {
  filters: AuditFilters;
  /** Today in India: no day after it can be chosen. */
  today: string;
  onChange: (filters: AuditFilters) => void;
}

export function AuditFiltersFields({ filters, today, onChange }: AuditFiltersProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const people = useAuditPeople().data?.members ?? [];
  const set = (change: AuditFilters) => onChange({ ...filters, ...change });
  // An empty field is no filter: the key is left out of the query.
  const orNone = (value: string) => (value === '' ? undefined : value);
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only"><Trans>Filters</Trans></legend>
      <div className="col-span-2">
        <Label htmlFor="audit-person"><Trans>Person</Trans></Label>
        <select
          id="audit-person"
          className={selectClasses}
          value={filters.memberId ?? ''}
          onChange={(event) => set({ memberId: orNone(event.target.value) })}
        >
          <option value="">{t`Everyone`}</option>
          {people.map((member) => (
            <option key={member.id} value={member.id}>{personWithRole(member.name, member.role, roleLabel)}</option>
          ))}
        </select>
      </div>
      <div className="col-span-2">
        <Label htmlFor="audit-action"><Trans>Action</Trans></Label>
        <select
          id="audit-action"
          className={selectClasses}
          value={filters.action ?? ''}
          onChange={(event) => set({ action: orNone(event.target.value) as AuditAction | undefined })}
        >
          <option value="">{t`All actions`}</option>
          {auditActions.map((action) => (
            <option key={action} value={action}>{actionLabel(action)}</option>
          ))}
        </select>
      </div>
      <div className="col-span-2">
        <DateField id="audit-from" label={t`From`} max={today} value={filters.from ?? ''} onChange={(from) => set({ from: orNone(from) })} />
      </div>
      <div className="col-span-2">
        <DateField id="audit-to" label={t`To`} max={today} value={filters.to ?? ''} onChange={(to) => set({ to: orNone(to) })} />
      </div>
      {!isValidFilterRange(filters) && (
        <p role="alert" className="col-span-2 text-sm text-red-600 dark:text-red-400">
          <Trans>Choose a start date on or before the end date.</Trans>
        </p>
      )}
    </fieldset>
  );
}
