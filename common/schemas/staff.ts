/**
 * Request bodies and queries of the shop's people (docs/product.md#staff): an owner's
 * invitation by phone, a person's role and limits, staff sign-in and the shop they pick,
 * and the audit log's filters.
 */
import * as z from 'zod/mini';
import { auditPageRowsMax, nameLengthMax } from '../limits';
import { staffRoles } from '../permissions';
import { language, phoneNumber, pin } from './identity';
import { refusal } from './messages';
import { positiveAmount } from './money';
import { isStatementDay } from './statements';
import { withoutBidiControls } from './text';

const name = z.string(refusal('staff_name_required')).check(
  z.trim(), z.minLength(1, refusal('staff_name_required')), z.maxLength(nameLengthMax, refusal('staff_name_too_long')), withoutBidiControls(),
);
export const staffRole = z.enum(staffRoles, refusal('staff_role_choice'));

/**
 * A manager's or cashier's limits, rupee strings: the largest single cash repayment, refund
 * or reversal, and the total of those in an India day (at least the single one). An owner
 * has none: both are left out (or null) for an owner and required for the others.
 */
const limits = {
  singleLimit: z.optional(z.nullable(positiveAmount(refusal('staff_single_limit_format')))),
  dailyLimit: z.optional(z.nullable(positiveAmount(refusal('staff_daily_limit_format')))),
};

/** POST /api/business/staff/invitations: `language` is the SMS's. */
export const staffInvitationBody = z.object({ phoneNumber, name, role: staffRole, ...limits, language });

/** POST /api/business/staff/:id: a new role, new limits, or both. */
export const staffChangeBody = z.object({ role: staffRole, ...limits });

/** POST /api/auth/staff/login: a staff account signs in with its phone and PIN. */
export const staffLoginBody = z.object({ phoneNumber, pin });

/** POST /api/staff/shop: the shop a staff session acts for, by the person's membership there. */
export const pickShopBody = z.object({ memberId: z.uuid(refusal('staff_member_id')) });

/**
 * POST /api/staff/invitations/:id/accept, with the OTP proof of the invited phone: a new
 * staff account chooses its PIN (both given, as at registration); an existing one sends none.
 */
export const acceptStaffInvitationBody = z.object({ pin: z.optional(pin), confirmPin: z.optional(pin) });

/**
 * What a person at a shop did, in the audit log. The first four are ledger rows (a charge is
 * a payment the person started, approved by the customer's SMS code); the rest are
 * shop_audit rows.
 */
export const auditActions = [
  'repayment', 'refund', 'reversal', 'charge',
  'credit_account_opened', 'limit_changed', 'due_date_moved', 'customer_invited', 'customer_invitation_cancelled', 'counter_signup',
  'claim_confirmed', 'claim_declined', 'report_declined',
  'reminder_sent', 'reminders_sent', 'reminder_settings_changed', 'reminder_exclusion_changed',
  'settings_changed', 'payment_code_created',
  'staff_invited', 'staff_invitation_cancelled', 'staff_joined', 'staff_changed', 'staff_revoked',
  'counter_opened', 'counter_closed',
] as const;
export type AuditAction = typeof auditActions[number];
export const auditAction = z.enum(auditActions, refusal('audit_action_choice'));

const day = (key: Parameters<typeof refusal>[0]) => z.string(key).check(z.refine(isStatementDay, key));

/**
 * The audit log's filters, all optional: India days `from` and `to` (both included), one
 * person, one action; `cursor` and `limit` page the list, newest first.
 */
export const auditQuery = z.object({
  from: z.optional(day(refusal('audit_from_format'))),
  to: z.optional(day(refusal('audit_to_format'))),
  memberId: z.optional(z.uuid(refusal('staff_member_id'))),
  action: z.optional(auditAction),
  limit: z.optional(z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,3}$/, refusal('audit_limit_range'))), z.transform(Number)),
    z.number().check(z.minimum(1, refusal('audit_limit_range')), z.maximum(auditPageRowsMax, refusal('audit_limit_range'))),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, refusal('cursor_invalid')))),
});

export type StaffInvitationBody = z.infer<typeof staffInvitationBody>;
export type StaffChangeBody = z.infer<typeof staffChangeBody>;
export type StaffLoginBody = z.infer<typeof staffLoginBody>;
export type PickShopBody = z.infer<typeof pickShopBody>;
export type AcceptStaffInvitationBody = z.infer<typeof acceptStaffInvitationBody>;
export type AuditQuery = z.infer<typeof auditQuery>;
