/**
 * What each role may do, as the invite form says it: read from the one map of roles to
 * permissions (common/permissions.ts), so a permission moved between roles changes the
 * sentence without anyone rewriting it.
 */
import { t } from '@lingui/core/macro';
import { isLimited, rolePermissions, staffRoles, type Permission, type ShopRole } from '@common/permissions';
import { currentLanguage } from '@/i18n/i18n';

function permissionLabel(permission: Permission): string {
  switch (permission) {
    case 'shop.view': return t`customers and what they owe`;
    case 'payment_codes': return t`payment QR codes`;
    case 'counter_mode': return t`counter mode`;
    case 'charges': return t`charges by SMS code`;
    case 'payments.today': return t`today's payments`;
    case 'repayments': return t`cash repayments`;
    case 'history': return t`the whole history`;
    case 'customers': return t`new customers and their credit limits`;
    case 'refunds': return t`refunds and reversals`;
    case 'reminders': return t`dues and reminders`;
    case 'claims': return t`UPI claims and payment reports`;
    case 'statements': return t`statements`;
    case 'settings': return t`the credit period and the UPI ID`;
    case 'staff': return t`staff and their roles`;
    case 'audit_log': return t`the audit log`;
  }
}

/**
 * What a role may do, in one line: the first role in the form's order lists its
 * permissions, each other says what it adds to the one before ("Everything a Cashier can,
 * and …"); a limited role's cash amounts are capped by its limits.
 */
export function roleAbilities(role: ShopRole, roleLabel: (role: ShopRole) => string, language = currentLanguage()): string {
  const index = staffRoles.indexOf(role);
  const below = index > 0 ? staffRoles[index - 1]! : null;
  const added = rolePermissions[role].filter((permission) => below === null || !rolePermissions[below].includes(permission));
  const list = new Intl.ListFormat(`${language}-IN`, { type: 'conjunction' }).format(added.map(permissionLabel));
  const lower = below === null ? null : roleLabel(below);
  const line = lower === null ? t`Can use ${list}.` : t`Everything a ${lower} can, and ${list}.`;
  return isLimited(role) ? `${line} ${t`Cash entries up to the limits you set.`}` : line;
}
