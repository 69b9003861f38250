/**
 * A person's role and, for a cashier or a manager, their limits: shared by the invitation and
 * the change of role. Each role says what it may do (roles.ts, from common/permissions.ts);
 * an owner has no limits, so the limit fields go away while Owner is chosen.
 */
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { isLimited, staffRoles, type ShopRole } from '@common/permissions';
import { Input, Label } from '@/components/ui/input';
import { useShopRoleLabel } from '@/features/auth/public';
import { roleAbilities } from '@/features/staff/roles';

interface RoleAndLimitsFieldsProps {
  idPrefix: string;
  /** The role chosen now. */
  role: ShopRole;
  roleInput: UseFormRegisterReturn<'role'>;
  singleLimitInput: UseFormRegisterReturn<'singleLimit'>;
  dailyLimitInput: UseFormRegisterReturn<'dailyLimit'>;
}

export function RoleAndLimitsFields({ idPrefix, role, roleInput, singleLimitInput, dailyLimitInput }: RoleAndLimitsFieldsProps) {
  const roleLabel = useShopRoleLabel();
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"><Trans>Role</Trans></legend>
        {staffRoles.map((choice) => (
          <label
            key={choice}
            htmlFor={`${idPrefix}-role-${choice}`}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-slate-700 dark:has-checked:bg-brand-800/30"
          >
            <input
              id={`${idPrefix}-role-${choice}`}
              type="radio"
              value={choice}
              aria-labelledby={`${idPrefix}-role-${choice}-name`}
              aria-describedby={`${idPrefix}-role-${choice}-can`}
              className="mt-1 h-4 w-4 accent-brand-600"
              {...roleInput}
            />
            <span className="min-w-0">
              <span id={`${idPrefix}-role-${choice}-name`} className="block font-semibold">{roleLabel(choice)}</span>
              <span id={`${idPrefix}-role-${choice}-can`} className="block text-xs text-slate-600 dark:text-slate-400">
                {roleAbilities(choice, roleLabel)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {isLimited(role) && (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor={`${idPrefix}-single`}><Trans>Limit for one entry (₹)</Trans></Label>
            <Input id={`${idPrefix}-single`} type="number" inputMode="decimal" min={0} step={100} {...singleLimitInput} />
          </div>
          <div>
            <Label htmlFor={`${idPrefix}-daily`}><Trans>Daily limit (₹)</Trans></Label>
            <Input id={`${idPrefix}-daily`} type="number" inputMode="decimal" min={0} step={100} {...dailyLimitInput} />
          </div>
          <p className="col-span-2 text-xs text-slate-500 dark:text-slate-400">
            <Trans>Cash repayments, refunds and reversals: the largest one entry, and the total in a day.</Trans>
          </p>
        </div>
      )}
    </>
  );
}
