/**
 * What each person at a shop may do (docs/security.md, "Staff and roles"): the one map of
 * roles to permissions. Every shop route declares the permission it needs
 * (`access: ['shop:refunds']`) and the access check reads this map; the web shows a person
 * only the screens their role's permissions open. Nothing else decides what a role may do.
 */

/** A person's role at a shop. The business account a shop registered with is its first owner. */
export const shopRoles = ['owner', 'manager', 'cashier'] as const;
export type ShopRole = typeof shopRoles[number];

/** The roles an owner may give when inviting or changing a person, in the order screens list them. */
export const staffRoles = ['cashier', 'manager', 'owner'] as const satisfies readonly ShopRole[];

export const permissions = [
  /** The shop's profile, its credit accounts and what each owes: what every role works from. */
  'shop.view',
  /** Payment QR codes: list, make, show. */
  'payment_codes',
  /** Counter mode: hand this device over as the shop's counter. */
  'counter_mode',
  /** Charges approved by the customer's SMS code. */
  'charges',
  /** The shop's payments of today (India day). */
  'payments.today',
  /** Cash repayments, up to the person's limits. */
  'repayments',
  /** The whole history, the dashboard's figures and a transaction's detail. */
  'history',
  /** New customers (credit accounts, invitations, counter sign-ups) and their credit limits up to the shop's maximum. */
  'customers',
  /** Refunds of payments and reversals of cash repayments, up to the person's limits. */
  'refunds',
  /** Dues, due dates, reminders and their settings. */
  'reminders',
  /** Confirming or declining UPI repayment claims and payment reports. */
  'claims',
  /** Account statements and their files. */
  'statements',
  /** The credit period and the UPI ID. */
  'settings',
  /** People and their roles and limits. */
  'staff',
  /** The audit log of who did what. */
  'audit_log',
] as const;
export type Permission = typeof permissions[number];

const cashier = ['shop.view', 'payment_codes', 'counter_mode', 'charges', 'payments.today', 'repayments'] as const satisfies readonly Permission[];
const manager = [
  ...cashier, 'history', 'customers', 'refunds', 'reminders', 'claims', 'statements',
] as const satisfies readonly Permission[];

/** Each role's permissions. An owner holds every one. */
export const rolePermissions: Readonly<Record<ShopRole, readonly Permission[]>> = {
  cashier,
  manager,
  owner: permissions,
};

export const mayDo = (role: ShopRole, permission: Permission): boolean => rolePermissions[role].includes(permission);

/** The roles whose amounts an owner limits: an owner has no limit of their own. */
export const limitedRoles = ['manager', 'cashier'] as const satisfies readonly ShopRole[];
export const isLimited = (role: ShopRole): boolean => (limitedRoles as readonly ShopRole[]).includes(role);
