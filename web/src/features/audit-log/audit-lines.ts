/**
 * The audit log's words: one sentence for each kind of action, "Ravi (Cashier) recorded a
 * cash repayment of ₹500.00 from Asha Verma", with its particulars (old and new values) as
 * lines under it, and each kind's name for the filter. A particular the server did not send
 * only shortens the sentence.
 */
import { plural, t } from '@lingui/core/macro';
import type { AuditAction } from '@common/schemas/staff';
import { shopRoles, type ShopRole } from '@common/permissions';
import { currentLanguage } from '@/i18n/i18n';
import { formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import type { AuditEntry } from '@/features/audit-log/api/get-audit-log';

export interface AuditLine {
  sentence: string;
  /** The particulars, one line each: "Role: Cashier → Manager". */
  details: string[];
}

/** A role's name (auth's useShopRoleLabel). */
type RoleLabel = (role: ShopRole) => string;

/**
 * "Ravi (Cashier)": a person with the role they had. Written the same in every language, so
 * not a message to translate (it would be copied as it is).
 */
export const personWithRole = (name: string, role: ShopRole, roleLabel: RoleLabel): string => `${name} (${roleLabel(role)})`;

const isRole = (text: string | undefined): text is ShopRole => (shopRoles as readonly string[]).includes(text ?? '');

/** A detail's value as read: "" (nothing before) is "none". */
const shown = (value: string, format: (value: string) => string = (text) => text) => (value === '' ? t`none` : format(value));

/** "Label: old → new" for each pair the details carry and that changed. */
function changes(details: Record<string, string>, pairs: [key: string, label: () => string, format?: (value: string) => string][]): string[] {
  return pairs.flatMap(([key, label, format]) => {
    const before = details[`${key}From`];
    const after = details[`${key}To`];
    if (before === undefined || after === undefined || before === after) return [];
    // "Role: Cashier → Manager", alike in every language.
    return [`${label()}: ${shown(before, format)} → ${shown(after, format)}`];
  });
}

/** An India hour (0–23) as the app's language writes a time of day: "9 am". */
function hourOfDay(value: string, language = currentLanguage()): string {
  const hour = Number(value);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) return value;
  return new Intl.DateTimeFormat(`${language}-IN`, { hour: 'numeric', hour12: true, timeZone: 'UTC', numberingSystem: 'latn' })
    .format(Date.UTC(2000, 0, 1, hour));
}

export function auditLine(entry: AuditEntry, roleLabel: RoleLabel): AuditLine {
  const roleName = (value: string) => (isRole(value) ? roleLabel(value) : value);
  const who = personWithRole(entry.by.name, entry.by.role, roleLabel);
  const amount = entry.amount === null ? null : formatWireRupees(entry.amount);
  const customer = entry.subject ?? t`a customer`;
  const person = entry.subject ?? t`a person`;
  const details = entry.details;
  const why = details.reason;
  const reason = why ? [t`Reason: ${why}`] : [];
  const line = (sentence: string, lines: string[] = []): AuditLine => ({ sentence, details: lines });

  switch (entry.action) {
    case 'repayment': {
      // A confirmed UPI claim's repayment carries its reference ('' when the customer gave
      // none); a cash repayment has no such key.
      const reference = details.upiReference;
      if (reference === undefined) {
        return line(amount ? t`${who} recorded a cash repayment of ${amount} from ${customer}` : t`${who} recorded a cash repayment from ${customer}`);
      }
      return line(
        amount ? t`${who} confirmed a UPI repayment of ${amount} from ${customer}` : t`${who} confirmed a UPI repayment from ${customer}`,
        reference ? [t`UPI reference: ${reference}`] : [],
      );
    }
    case 'refund':
      return line(amount ? t`${who} refunded ${amount} to ${customer}` : t`${who} made a refund to ${customer}`);
    case 'reversal':
      return line(amount ? t`${who} reversed a cash repayment of ${amount} from ${customer}` : t`${who} reversed a cash repayment from ${customer}`);
    case 'charge':
      return line(amount ? t`${who} charged ${customer} ${amount}, approved by SMS code` : t`${who} charged ${customer}, approved by SMS code`);
    case 'credit_account_opened':
      return line(amount ? t`${who} opened a credit account for ${customer} with a limit of ${amount}` : t`${who} opened a credit account for ${customer}`);
    case 'limit_changed': {
      const { from, to } = details;
      if (from && to) {
        const before = formatWireRupees(from);
        const after = formatWireRupees(to);
        return line(t`${who} changed ${customer}'s credit limit from ${before} to ${after}`);
      }
      return line(t`${who} changed ${customer}'s credit limit`);
    }
    case 'due_date_moved': {
      const after = details.to ? formatIndiaDay(details.to) : null;
      const before = details.from ? formatIndiaDay(details.from) : null;
      if (before && after) return line(t`${who} moved ${customer}'s due date from ${before} to ${after}`);
      if (after) return line(t`${who} moved ${customer}'s due date to ${after}`);
      return line(t`${who} moved ${customer}'s due date`);
    }
    case 'customer_invited':
      return line(amount ? t`${who} invited ${customer} with a credit limit of ${amount}` : t`${who} invited ${customer}`);
    case 'customer_invitation_cancelled':
      return line(t`${who} cancelled the invitation to ${customer}`);
    case 'counter_signup':
      return line(amount ? t`${who} signed up ${customer} at the counter with a credit limit of ${amount}` : t`${who} signed up ${customer} at the counter`);
    case 'claim_confirmed':
      return line(amount ? t`${who} confirmed ${customer}'s UPI repayment of ${amount}` : t`${who} confirmed ${customer}'s UPI repayment`);
    case 'claim_declined':
      return line(amount ? t`${who} declined ${customer}'s UPI repayment claim of ${amount}` : t`${who} declined ${customer}'s UPI repayment claim`, reason);
    case 'report_declined':
      return line(amount
        ? t`${who} declined ${customer}'s report of a problem with a payment of ${amount}`
        : t`${who} declined ${customer}'s report of a problem with a payment`, reason);
    case 'reminder_sent':
      if (details.channel === 'sms') return line(t`${who} sent ${customer} a reminder by SMS`);
      if (details.channel === 'whatsapp') return line(t`${who} sent ${customer} a reminder on WhatsApp`);
      return line(t`${who} sent ${customer} a reminder`);
    case 'reminders_sent': {
      const count = Number(details.count);
      if (!Number.isInteger(count) || count < 0) return line(t`${who} sent reminders to overdue customers`);
      return line(plural(count, { one: `${who} sent reminders to # overdue customer`, other: `${who} sent reminders to # overdue customers` }));
    }
    case 'reminder_settings_changed':
      return line(t`${who} changed the automatic reminder settings`, changes(details, [
        ['overdueEveryDays', () => t`Overdue reminders every (days)`],
        ['beforeDueDays', () => t`Reminder before the due date (days)`],
        ['hour', () => t`Reminder time`, hourOfDay],
      ]));
    case 'reminder_exclusion_changed':
      if (details.excluded === 'true') return line(t`${who} stopped automatic reminders to ${customer}`);
      if (details.excluded === 'false') return line(t`${who} turned automatic reminders back on for ${customer}`);
      return line(t`${who} changed automatic reminders for ${customer}`);
    case 'settings_changed':
      return line(t`${who} changed the shop's settings`, changes(details, [
        ['creditPeriodDays', () => t`Credit period (days)`],
        ['upiId', () => t`UPI ID`],
      ]));
    case 'payment_code_created': {
      const description = details.description;
      const about = description ? [t`Description: ${description}`] : [];
      return line(amount ? t`${who} made a payment QR code for ${amount}` : t`${who} made a payment QR code`, about);
    }
    case 'staff_invited':
      if (isRole(details.role)) {
        const role = roleLabel(details.role);
        return line(t`${who} invited ${person} to work at the shop as ${role}`);
      }
      return line(t`${who} invited ${person} to work at the shop`);
    case 'staff_invitation_cancelled':
      return line(t`${who} cancelled the invitation to ${person} to work at the shop`);
    case 'staff_joined':
      return line(t`${who} joined the shop`);
    case 'staff_changed':
      return line(t`${who} changed ${person}'s role or limits`, changes(details, [
        ['role', () => t`Role`, roleName],
        ['singleLimit', () => t`Limit for one entry`, formatWireRupees],
        ['dailyLimit', () => t`Daily limit`, formatWireRupees],
      ]));
    case 'staff_revoked':
      return line(t`${who} removed ${person} from the shop`);
    case 'counter_opened':
      return line(t`${who} opened counter mode`);
    case 'counter_closed':
      return line(t`${who} closed counter mode`);
  }
}

/** Each kind of action's name in the log's filter. */
export function actionLabel(action: AuditAction): string {
  switch (action) {
    case 'repayment': return t`Repayments`;
    case 'refund': return t`Refunds`;
    case 'reversal': return t`Reversals`;
    case 'charge': return t`Charges by SMS code`;
    case 'credit_account_opened': return t`Credit accounts opened`;
    case 'limit_changed': return t`Credit limits changed`;
    case 'due_date_moved': return t`Due dates moved`;
    case 'customer_invited': return t`Customers invited`;
    case 'customer_invitation_cancelled': return t`Customer invitations cancelled`;
    case 'counter_signup': return t`Sign-ups at the counter`;
    case 'claim_confirmed': return t`UPI claims confirmed`;
    case 'claim_declined': return t`UPI claims declined`;
    case 'report_declined': return t`Reports declined`;
    case 'reminder_sent': return t`Reminders sent`;
    case 'reminders_sent': return t`Reminders sent to all overdue`;
    case 'reminder_settings_changed': return t`Reminder settings changed`;
    case 'reminder_exclusion_changed': return t`Automatic reminders turned off or on`;
    case 'settings_changed': return t`Shop settings changed`;
    case 'payment_code_created': return t`Payment QR codes made`;
    case 'staff_invited': return t`Staff invited`;
    case 'staff_invitation_cancelled': return t`Staff invitations cancelled`;
    case 'staff_joined': return t`Staff joined`;
    case 'staff_changed': return t`Staff roles or limits changed`;
    case 'staff_revoked': return t`Staff removed`;
    case 'counter_opened': return t`Counter mode opened`;
    case 'counter_closed': return t`Counter mode closed`;
  }
}
