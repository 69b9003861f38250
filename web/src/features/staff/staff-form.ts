/**
 * The owner's forms for a person (docs/product.md#staff): an invitation (number, name, role,
 * limits, the SMS's language) and a change of role or limits. Each problem is named by a key
 * of messages.ts; amounts go through the shared parser, never a float. An owner has no
 * limits, so theirs are neither checked nor sent; the server checks everything again
 * (common/schemas/staff.ts).
 */
import * as z from 'zod/mini';
import { languages } from '@common/languages';
import { staffDefaultLimitsPaise } from '@common/limits';
import { parseRupees, toWireAmount, type Paise } from '@common/money';
import { isLimited, limitedRoles, staffRoles, type ShopRole } from '@common/permissions';
import { toPhoneNumber } from '@/lib/format';
import { phoneDigitsPattern } from '@/lib/patterns';

/** A typed amount greater than 0 with at most 2 decimals, in paise; else null. */
function typedPaise(text: string): Paise | null {
  const value = parseRupees(text.trim());
  return value !== null && value > 0 ? value : null;
}

/** An amount as the form shows it for typing: "2000", or "2000.50" with paise. */
function typedRupees(amount: Paise): string {
  const wire = toWireAmount(amount);
  return wire.endsWith('.00') ? wire.slice(0, -3) : wire;
}

/** A wire amount ("2000.00") as the form shows it, or '' without one. */
export const typedFromWire = (amount: string | null): string => {
  const value = amount === null ? null : parseRupees(amount);
  return value === null ? '' : typedRupees(value);
};

/** The two limits as the form starts them for `role`: its defaults, none for an owner. */
export function defaultLimits(role: ShopRole): { singleLimit: string; dailyLimit: string } {
  if (role === 'owner') return { singleLimit: '', dailyLimit: '' };
  const { single, daily } = staffDefaultLimitsPaise[role];
  return { singleLimit: typedRupees(single as Paise), dailyLimit: typedRupees(daily as Paise) };
}

const roleAndLimits = {
  role: z.enum(staffRoles),
  singleLimit: z.string(),
  dailyLimit: z.string(),
};

type RoleAndLimits = { role: ShopRole; singleLimit: string; dailyLimit: string };

/** A cashier's and a manager's limits: each an amount, the daily one at least the single one. */
const limitChecks = <T extends RoleAndLimits>() => [
  z.refine<T>((values) => !isLimited(values.role) || typedPaise(values.singleLimit) !== null, {
    message: 'invalidSingleLimit', path: ['singleLimit'],
  }),
  z.refine<T>((values) => !isLimited(values.role) || typedPaise(values.dailyLimit) !== null, {
    message: 'invalidDailyLimit', path: ['dailyLimit'],
  }),
  z.refine<T>((values) => {
    const single = typedPaise(values.singleLimit);
    const daily = typedPaise(values.dailyLimit);
    return !isLimited(values.role) || single === null || daily === null || daily >= single;
  }, { message: 'limitsOrder', path: ['dailyLimit'] }),
];

const inviteFields = z.object({
  phone: z.string().check(z.regex(phoneDigitsPattern, 'invalidPhone')),
  name: z.string().check(z.trim(), z.minLength(1, 'nameRequired')),
  ...roleAndLimits,
  language: z.enum(languages),
});
export const inviteStaffSchema = inviteFields.check(...limitChecks<z.output<typeof inviteFields>>());
export type InviteStaffValues = z.infer<typeof inviteStaffSchema>;

const changeFields = z.object(roleAndLimits);
export const changeStaffSchema = changeFields.check(...limitChecks<z.output<typeof changeFields>>());
export type ChangeStaffValues = z.infer<typeof changeStaffSchema>;

/** The role and, for a cashier or a manager, the limits as the server takes them ("2000.00"). */
export function roleAndLimitsBody({ role, singleLimit, dailyLimit }: RoleAndLimits) {
  if (!isLimited(role)) return { role };
  return {
    role,
    singleLimit: toWireAmount(typedPaise(singleLimit) ?? (0 as Paise)),
    dailyLimit: toWireAmount(typedPaise(dailyLimit) ?? (0 as Paise)),
  };
}

/** What an invitation sends, for valid values. */
export const toInvitationBody = (values: InviteStaffValues) => ({
  phoneNumber: toPhoneNumber(values.phone),
  name: values.name.trim(),
  ...roleAndLimitsBody(values),
  language: values.language,
});

/**
 * The limits to show when the role becomes `role`: its defaults while the fields hold none
 * or a role's defaults (nothing the owner typed), else null to keep what was typed. An
 * owner's are hidden and not sent, so they are kept for a change of mind.
 */
export function limitsForRole(role: ShopRole, current: { singleLimit: string; dailyLimit: string }) {
  if (!isLimited(role)) return null;
  const untouched = (current.singleLimit === '' && current.dailyLimit === '')
    || limitedRoles.some((other) => {
      const defaults = defaultLimits(other);
      return current.singleLimit === defaults.singleLimit && current.dailyLimit === defaults.dailyLimit;
    });
  return untouched ? defaultLimits(role) : null;
}
