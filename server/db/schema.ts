/**
 * The tables, as Drizzle sees them. Migrations under ./migrations are generated from
 * this file with `npm run db:generate` and committed; both PGlite and PostgreSQL run them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { BasisPoints, Paise } from '@common/money';
import { ledgerEntryTypes } from '@common/schemas/ledger';
import { smsPurposes, smsReminderKinds, smsStatuses } from '@common/schemas/reminders';
import {
  invitationStatuses, memberStatuses, paymentReportReasons, paymentReportStatuses, smsCodeStatuses, staffInvitationStatuses,
} from '@common/schemas/statuses';
import { shopRoles } from '@common/permissions';
import { auditActions } from '@common/schemas/staff';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  /**
   * 'staff': a person who works at shops (shop_members) and signs in with phone and PIN; the
   * same phone may also hold a customer account, with its own PIN.
   */
  role: text('role', { enum: ['customer', 'business', 'admin', 'staff'] }).notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  email: text('email'),
  /**
   * Null for a customer signed up at a shop's counter with a basic phone (docs/product.md#sms-approval):
   * they approve purchases by SMS code and cannot sign in until they set a PIN through the OTP
   * PIN reset. pin_key_version is then the current pepper's, unused.
   */
  pinHash: text('pin_hash'),
  pinKeyVersion: smallint('pin_key_version').notNull(),
  paymentHandle: text('payment_handle'),
  /** The language the user chose last (common/languages.ts); null until they choose. */
  language: text('language', { enum: ['en', 'hi', 'ta'] }),
  /**
   * A customer's last India day with a payment, moved by khata_pay at most once a day
   * (with customer_last_paid_days, the platform's distinct active customers).
   */
  lastPaidOn: date('last_paid_on', { mode: 'string' }),
  /**
   * Set when the customer reports a payment as "not me" and freezes their Khata: no
   * sign-in and no payment until the OTP PIN reset clears it (docs/security.md, "Freezing").
   */
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  /** A customer's consent to approve a shop's charge with a code sent by SMS; on for a counter sign-up. */
  smsApproval: boolean('sms_approval').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  check('users_pin_check', sql`${t.pinHash} is not null or ${t.role} = 'customer'`),
  check('users_role_check', sql`${t.role} in ('customer', 'business', 'admin', 'staff')`),
  check('users_language_check', sql`${t.language} in ('en', 'hi', 'ta')`),
  uniqueIndex('users_role_phone_unique').on(t.role, t.phone).where(sql`${t.phone} is not null`),
  uniqueIndex('users_email_unique').on(t.email).where(sql`${t.email} is not null`),
  uniqueIndex('users_payment_handle_unique').on(t.paymentHandle).where(sql`${t.paymentHandle} is not null`),
  // New registrations in a period (the admin's analytics) count this, not the table.
  index('users_role_created_idx').on(t.role, t.createdAt),
]);

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id),
  businessName: text('business_name').notNull(),
  businessType: text('business_type').notNull(),
  address: text('address').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  feeBasisPoints: integer('fee_basis_points').$type<BasisPoints>().notNull(),
  maxCreditLimitPaise: bigint('max_credit_limit_paise', { mode: 'number' }).$type<Paise>().notNull(),
  description: text('description'),
  rejectionReason: text('rejection_reason'),
  decisionNotes: text('decision_notes'),
  decidedBy: uuid('decided_by').references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** Days after a payment its total falls due; copied onto each payment's due_on. */
  creditPeriodDays: smallint('credit_period_days').notNull().default(30),
  /** The merchant's UPI ID (VPA, lowercase) for repayments by UPI; null until added. */
  upiVpa: text('upi_vpa'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('businesses_user_unique').on(t.userId),
  check('businesses_credit_period_check', sql`${t.creditPeriodDays} between 1 and 365`),
  check('businesses_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  check('businesses_fee_check', sql`${t.feeBasisPoints} between 0 and 10000`),
  check('businesses_max_credit_check', sql`${t.maxCreditLimitPaise} > 0`),
  index('businesses_status_created_idx').on(t.status, t.createdAt, t.id),
  index('businesses_created_idx').on(t.createdAt, t.id),
]);

/**
 * Only the SHA-256 of a session token is stored; the token itself never is. `kind`
 * 'counter' is the narrow session of a shop's counter device (docs/security.md, "Counter
 * mode"); `pinConfirmedAt`, the last time the session's user typed their PIN to confirm a
 * sensitive change (the credit period, the UPI ID).
 */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id),
  kind: text('kind').notNull().default('full'),
  createdAt: createdAt(),
  idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  pinConfirmedAt: timestamp('pin_confirmed_at', { withTimezone: true }),
  /**
   * The shop membership a shop session acts as (shop_members): the business account's own
   * membership, or the one a staff person picked; null for customers, admins and a staff
   * session that has not picked a shop yet. Revoking the membership revokes its sessions.
   */
  memberId: uuid('member_id').references((): AnyPgColumn => shopMembers.id),
}, (t) => [
  index('sessions_user_idx').on(t.userId),
  index('sessions_member_idx').on(t.memberId).where(sql`${t.memberId} is not null`),
  index('sessions_absolute_expiry_idx').on(t.absoluteExpiresAt),
  check('sessions_kind_check', sql`${t.kind} in ('full', 'counter')`),
]);

export const otpCodes = pgTable('otp_codes', {
  id: uuid('id').primaryKey(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
}, (t) => [
  index('otp_codes_phone_purpose_created_idx').on(t.phone, t.purpose, t.createdAt),
  index('otp_codes_expiry_idx').on(t.expiresAt),
]);

/** Proof that a phone passed OTP verification; registration consumes it. */
export const otpProofs = pgTable('otp_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  /** Registrations refused on this proof for a taken e-mail; a few use it up (no e-mail oracle). */
  emailConflicts: integer('email_conflicts').notNull().default(0),
}, (t) => [index('otp_proofs_expiry_idx').on(t.expiresAt)]);

/**
 * Devices an account has proved itself on (an OTP to its phone, or its PIN). Sign-ins
 * from such a device count on the account's own PIN counter, not on the one anybody who
 * knows the phone number or e-mail can fill (docs/security.md, lockout). Only the
 * SHA-256 of the device cookie is stored; one device may be trusted by several accounts.
 */
export const trustedDevices = pgTable('trusted_devices', {
  tokenHash: text('token_hash').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id),
  provedAt: timestamp('proved_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.tokenHash, t.userId] }),
  index('trusted_devices_user_idx').on(t.userId),
  index('trusted_devices_expiry_idx').on(t.expiresAt),
]);

/**
 * PIN attempt counters. Anonymous sign-ins count on the identifier typed
 * ("customer:+919876543210"), whether or not an account exists, so a lockout reveals
 * nothing; checks inside a session and sign-ins from a trusted device count on the
 * account's own counter ("user:<id>"). See pins.service.ts.
 */
export const pinAttempts = pgTable('pin_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockCount: integer('lock_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every admin decision on an application: who, when, what and why (an audit trail). */
export const businessDecisions = pgTable('business_decisions', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  action: text('action', { enum: ['approve', 'reject'] }).notNull(),
  reason: text('reason'),
  notes: text('notes'),
  decidedBy: uuid('decided_by').notNull().references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('business_decisions_business_idx').on(t.businessId, t.decidedAt),
  check('business_decisions_action_check', sql`${t.action} in ('approve', 'reject')`),
]);

/** A credit line of one customer with one business (docs/product.md#credit-accounts). */
export const creditAccounts = pgTable('credit_accounts', {
  id: uuid('id').primaryKey(),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  limitPaise: bigint('limit_paise', { mode: 'number' }).$type<Paise>().notNull(),
  owedPaise: bigint('owed_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  /**
   * Dues. charged: every payment total ever, so repaid = charged − owed and a
   * payment's unpaid part is clamp(its charged_paise_after − repaid, 0, its total): the
   * oldest payments are cleared first. next_due_on: the earliest effective due date among
   * unpaid parts (null when nothing is owed), kept by khata_pay and khata_refresh_dues;
   * due_deferred_to: the date the merchant moved the dues to (effective due date =
   * greatest(due_on, due_deferred_to)), cleared when nothing is owed.
   */
  chargedPaise: bigint('charged_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  nextDueOn: date('next_due_on', { mode: 'string' }),
  dueDeferredTo: date('due_deferred_to', { mode: 'string' }),
  lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
  /**
   * The amount overdue on the India day overdue_on, cached for the "To collect" card
   * (docs/decisions.md, "Overdue is read, never counted."). Only a repayment, a due-date
   * move (khata_refresh_dues) and the day's change (the maintenance job) change it: a
   * payment falls due tomorrow at the earliest. Readers trust it only when overdue_on is today.
   */
  overduePaise: bigint('overdue_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  overdueOn: date('overdue_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  // The "To collect" card: a merchant's accounts with a due date before today. Migration
  // 0010 adds INCLUDE (id, overdue_on, overdue_paise), which drizzle cannot say, so the card
  // reads its figures from the index alone (none of them changes on a payment).
  index('credit_accounts_business_next_due_idx').on(t.businessId, t.nextDueOn).where(sql`${t.nextDueOn} is not null`),
  check('credit_accounts_charged_check', sql`${t.chargedPaise} >= ${t.owedPaise}`),
  uniqueIndex('credit_accounts_customer_business_unique').on(t.customerId, t.businessId),
  // What a ledger row's one foreign key names (transactions_account_fk).
  unique('credit_accounts_id_customer_business_unique').on(t.id, t.customerId, t.businessId),
  index('credit_accounts_business_created_idx').on(t.businessId, t.createdAt),
  check('credit_accounts_owed_check', sql`${t.owedPaise} >= 0`),
  check('credit_accounts_limit_check', sql`${t.limitPaise} >= 0`),
]);

/**
 * A merchant's dashboard figures, kept up to date in the transactions that change them
 * and spread over a few slots so one busy merchant is not one hot row. Read by summing
 * the slots of one business: constant time at any table size.
 */
export const businessCounters = pgTable('business_counters', {
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  slot: smallint('slot').notNull(),
  customers: integer('customers').notNull().default(0),
  creditIssuedPaise: bigint('credit_issued_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  revenuePaise: bigint('revenue_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  payments: integer('payments').notNull().default(0),
  /** Refunds given; revenue and credit issued above are already net of them. */
  refunds: integer('refunds').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.businessId, t.slot] })]);

/** The admin overview's counts, kept the same way as the merchant counters. */
export const platformCounters = pgTable('platform_counters', {
  slot: smallint('slot').primaryKey(),
  pendingBusinesses: integer('pending_businesses').notNull().default(0),
  approvedBusinesses: integer('approved_businesses').notNull().default(0),
  rejectedBusinesses: integer('rejected_businesses').notNull().default(0),
  customers: integer('customers').notNull().default(0),
  creditAccounts: integer('credit_accounts').notNull().default(0),
  /** The sum of every account's limit ("credit granted" in the analytics). */
  creditLimitPaise: bigint('credit_limit_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
});

/**
 * A merchant's payments per India day, written by khata_pay in each payment's
 * transaction on the business_counters slot that payment already holds, so no row here
 * is ever waited for. The dashboard's trend and the analytics read these, never the
 * ledger. No foreign key, for the reason the ledger has none to businesses (see transactions);
 * reconcile checks every row against the ledger.
 */
export const businessDaily = pgTable('business_daily', {
  businessId: uuid('business_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  slot: smallint('slot').notNull(),
  revenuePaise: bigint('revenue_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  feePaise: bigint('fee_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
  payments: integer('payments').notNull().default(0),
  /** Refunds given this day and their goods amount; revenue and fee above are net of them, booked on the refund's day. */
  refunds: integer('refunds').notNull().default(0),
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
}, (t) => [
  primaryKey({ columns: [t.businessId, t.day, t.slot] }),
  index('business_daily_day_idx').on(t.day),
]);

/**
 * How many customers have their last payment on each India day, over slots: the distinct
 * customers active since day D are the sum from D on. khata_pay moves a customer from
 * their old day to today on their first payment of a day (users.last_paid_on).
 */
export const customerLastPaidDays = pgTable('customer_last_paid_days', {
  day: date('day', { mode: 'string' }).notNull(),
  slot: smallint('slot').notNull(),
  customers: integer('customers').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.slot] })]);

/**
 * The platform's payments per closed India day, summed once from business_daily when the
 * day is over (analytics.service.ts), so a 90-day chart reads 90 rows.
 */
export const platformDaily = pgTable('platform_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  revenuePaise: bigint('revenue_paise', { mode: 'number' }).$type<Paise>().notNull(),
  feePaise: bigint('fee_paise', { mode: 'number' }).$type<Paise>().notNull(),
  payments: integer('payments').notNull(),
  refunds: integer('refunds').notNull().default(0),
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).$type<Paise>().notNull().default(sql`0`),
});

/**
 * Each merchant's payments over the closed days of each analytics period (7, 30, 90
 * days ending today), rebuilt once a day from business_daily; today's rows are added at
 * read time. `analytics_closed` says which days these cover.
 */
export const businessPeriodTotals = pgTable('business_period_totals', {
  days: smallint('days').notNull(),
  businessId: uuid('business_id').notNull(),
  revenuePaise: bigint('revenue_paise', { mode: 'number' }).$type<Paise>().notNull(),
  payments: integer('payments').notNull(),
}, (t) => [primaryKey({ columns: [t.days, t.businessId] })]);

/** One row: the India day the closed rollups were built for, and the first day they leave open. */
export const analyticsClosed = pgTable('analytics_closed', {
  id: smallint('id').primaryKey(),
  today: date('today', { mode: 'string' }).notNull(),
  openFrom: date('open_from', { mode: 'string' }).notNull(),
}, (t) => [check('analytics_closed_one_row', sql`${t.id} = 1`)]);

/**
 * A merchant's payment code. `token` is what the QR image carries (inside a URL); the
 * fee rate is copied here when the code is made, so the fee shown is the fee charged.
 */
export const qrCodes = pgTable('qr_codes', {
  id: uuid('id').primaryKey(),
  token: text('token').notNull(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  /** Null for a static code, where the customer enters the amount. */
  amountPaise: bigint('amount_paise', { mode: 'number' }).$type<Paise>(),
  description: text('description'),
  feeBasisPoints: integer('fee_basis_points').$type<BasisPoints>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set once when a dynamic code is paid: a dynamic code is single-use. */
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('qr_codes_token_unique').on(t.token),
  index('qr_codes_business_created_idx').on(t.businessId, t.createdAt),
  check('qr_codes_amount_check', sql`${t.amountPaise} is null or ${t.amountPaise} > 0`),
]);

/**
 * The ledger: every change of what a customer owes is one immutable row here, written
 * in the same transaction as the change (docs/product.md#ledger).
 *
 * One foreign key, on (account, customer, business) together: its check takes a key-share
 * lock on the credit account's row only, which the payment already holds. Keys to the
 * business and the QR code would lock rows every payment to that shop shares (the
 * business, its static code) and pile up MultiXacts under load. Nothing deletes a QR
 * code; the reconcile command checks every row's code exists and is the business's own.
 */
export const transactions = pgTable('transactions', {
  id: uuid('id').primaryKey(),
  type: text('type', { enum: ledgerEntryTypes }).notNull(),
  status: text('status').notNull().default('completed'),
  creditAccountId: uuid('credit_account_id').notNull(),
  customerId: uuid('customer_id').notNull(),
  businessId: uuid('business_id').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).$type<Paise>().notNull(),
  feePaise: bigint('fee_paise', { mode: 'number' }).$type<Paise>().notNull(),
  /** The rate the fee was computed at (payments); 0 otherwise. */
  feeBasisPoints: integer('fee_basis_points').$type<BasisPoints>().notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).$type<Paise>().notNull(),
  /** The account's limit and what was owed after this row, for the reconcile check. */
  limitPaiseAfter: bigint('limit_paise_after', { mode: 'number' }).$type<Paise>().notNull(),
  owedPaiseAfter: bigint('owed_paise_after', { mode: 'number' }).$type<Paise>().notNull(),
  qrCodeId: uuid('qr_code_id'),
  description: text('description'),
  /** Payments: the India day the total falls due, and the account's charged after it. */
  dueOn: date('due_on', { mode: 'string' }),
  chargedPaiseAfter: bigint('charged_paise_after', { mode: 'number' }).$type<Paise>(),
  /** A refund's payment, a reversal's repayment: the row it gives back, wholly or in part. */
  originalId: uuid('original_id'),
  /** Why the merchant refunded or reversed, in their words. */
  reason: text('reason'),
  /** A payment the customer approved with a code sent by SMS (sms_charges), not with their PIN. */
  bySmsCode: boolean('by_sms_code').notNull().default(false),
  /**
   * Who at the shop wrote the row (shop_members) and in which role at the time: a cash
   * repayment, a refund, a reversal, a charge, a confirmed claim. Null for a customer's own
   * payment, which is credited to the shop.
   */
  actorMemberId: uuid('actor_member_id').references((): AnyPgColumn => shopMembers.id),
  actorRole: text('actor_role', { enum: shopRoles }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  // A person's total of the India day (their daily limit) and the audit log of one person read this.
  index('transactions_actor_created_idx').on(t.actorMemberId, t.createdAt).where(sql`${t.actorMemberId} is not null`),
  // The audit log's ledger rows of a shop, newest first, without walking its customers' own payments.
  index('transactions_business_actor_created_idx').on(t.businessId, t.createdAt, t.id).where(sql`${t.actorMemberId} is not null`),
  check('transactions_actor_check', sql`(${t.actorMemberId} is null) = (${t.actorRole} is null)`),
  foreignKey({
    name: 'transactions_account_fk',
    columns: [t.creditAccountId, t.customerId, t.businessId],
    foreignColumns: [creditAccounts.id, creditAccounts.customerId, creditAccounts.businessId],
  }),
  index('transactions_customer_created_idx').on(t.customerId, t.createdAt, t.id),
  index('transactions_customer_business_created_idx').on(t.customerId, t.businessId, t.createdAt, t.id),
  index('transactions_business_created_idx').on(t.businessId, t.createdAt, t.id),
  // An account's unpaid payments are those with charged_paise_after above what was repaid.
  index('transactions_account_charged_idx').on(t.creditAccountId, t.chargedPaiseAfter).where(sql`${t.type} = 'payment'`),
  check('transactions_type_check', sql`${t.type} in (${sql.raw(ledgerEntryTypes.map((type) => `'${type}'`).join(', '))})`),
  // What is left to refund of a payment sums its refunds; a repayment is reversed once.
  index('transactions_original_idx').on(t.originalId).where(sql`${t.originalId} is not null`),
  uniqueIndex('transactions_reversal_unique').on(t.originalId).where(sql`${t.type} = 'reversal'`),
  check('transactions_original_check', sql`(${t.type} in ('refund', 'reversal')) = (${t.originalId} is not null)`),
  check('transactions_amounts_check', sql`${t.amountPaise} > 0 and ${t.feePaise} >= 0 and ${t.totalPaise} = ${t.amountPaise} + ${t.feePaise}`),
]);

/**
 * Answers to money operations already done, by the client's Idempotency-Key, for safe
 * retries: a customer's payments, a merchant's refunds and reversals.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull().references(() => users.id),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  response: text('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index('idempotency_keys_expiry_idx').on(t.expiresAt),
]);

/** Each reminder a merchant sent a customer, for "reminded 3 days ago". */
export const reminders = pgTable('reminders', {
  id: uuid('id').primaryKey(),
  creditAccountId: uuid('credit_account_id').notNull().references(() => creditAccounts.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('reminders_account_sent_idx').on(t.creditAccountId, t.sentAt),
  // The purge of reminders past their retention reads this, not the whole table.
  index('reminders_sent_idx').on(t.sentAt),
  check('reminders_channel_check', sql`${t.channel} in ('whatsapp', 'sms')`),
]);

/**
 * A customer's word that they paid the merchant by UPI. It changes nothing owed
 * until the merchant confirms it, which writes a repayment (transaction_id); a reference
 * is claimed once per business among pending and confirmed claims.
 */
export const repaymentClaims = pgTable('repayment_claims', {
  id: uuid('id').primaryKey(),
  creditAccountId: uuid('credit_account_id').notNull().references(() => creditAccounts.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  amountPaise: bigint('amount_paise', { mode: 'number' }).$type<Paise>().notNull(),
  upiReference: text('upi_reference'),
  status: text('status', { enum: ['pending', 'confirmed', 'declined'] }).notNull().default('pending'),
  confirmedAmountPaise: bigint('confirmed_amount_paise', { mode: 'number' }).$type<Paise>(),
  declineReason: text('decline_reason'),
  transactionId: uuid('transaction_id').references(() => transactions.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('repayment_claims_reference_unique').on(t.businessId, t.upiReference)
    .where(sql`${t.upiReference} is not null and ${t.status} in ('pending', 'confirmed')`),
  uniqueIndex('repayment_claims_transaction_unique').on(t.transactionId),
  index('repayment_claims_business_status_idx').on(t.businessId, t.status, t.createdAt),
  index('repayment_claims_account_created_idx').on(t.creditAccountId, t.createdAt),
  // The purge of declined claims past their retention reads this, not the whole table.
  index('repayment_claims_declined_idx').on(t.decidedAt).where(sql`${t.status} = 'declined'`),
  check('repayment_claims_status_check', sql`${t.status} in ('pending', 'confirmed', 'declined')`),
  check('repayment_claims_amount_check', sql`${t.amountPaise} > 0`),
  check('repayment_claims_reference_check', sql`${t.upiReference} ~ '^[0-9]{12}$'`),
  check('repayment_claims_decision_check', sql`(${t.status} = 'confirmed') = (${t.transactionId} is not null and ${t.confirmedAmountPaise} is not null)`),
]);

/**
 * A customer's word that something is wrong with a payment (docs/product.md#refunds-and-reports).
 * It changes nothing owed: the merchant answers with a refund (refund_transaction_id, written
 * in the refund's transaction) or declines with a reason. One report per payment.
 */
export const paymentReports = pgTable('payment_reports', {
  id: uuid('id').primaryKey(),
  transactionId: uuid('transaction_id').notNull().references(() => transactions.id),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  creditAccountId: uuid('credit_account_id').notNull().references(() => creditAccounts.id),
  reason: text('reason', { enum: paymentReportReasons }).notNull(),
  note: text('note'),
  /** The customer froze their Khata with this report ("not me"). */
  froze: boolean('froze').notNull().default(false),
  status: text('status', { enum: paymentReportStatuses }).notNull().default('open'),
  declineReason: text('decline_reason'),
  refundTransactionId: uuid('refund_transaction_id').references(() => transactions.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('payment_reports_transaction_unique').on(t.transactionId),
  index('payment_reports_business_status_idx').on(t.businessId, t.status, t.createdAt),
  // The admin's "open more than a week" figure reads this, not the table.
  index('payment_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  check('payment_reports_reason_check', sql`${t.reason} in (${sql.raw(paymentReportReasons.map((r) => `'${r}'`).join(', '))})`),
  check('payment_reports_status_check', sql`${t.status} in (${sql.raw(paymentReportStatuses.map((r) => `'${r}'`).join(', '))})`),
  check('payment_reports_refunded_check', sql`(${t.status} = 'refunded') = (${t.refundTransactionId} is not null)`),
  check('payment_reports_declined_check', sql`(${t.status} = 'declined') = (${t.declineReason} is not null)`),
]);

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Every SMS Khata sent or means to send (docs/operations.md, "SMS"): a one-time code's (its
 * code is never stored: variables stay null) or a reminder's, with the vendor that took it,
 * the vendor's id for its delivery reports, and where it stands. A reminder is queued here
 * first and sent by whichever process claims it (status 'sending'), so none goes twice;
 * dedupe_key makes the schedule's reminder for one account and one occasion a single row.
 */
export const smsMessages = pgTable('sms_messages', {
  id: uuid('id').primaryKey(),
  purpose: text('purpose', { enum: smsPurposes }).notNull(),
  businessId: uuid('business_id').references(() => businesses.id),
  creditAccountId: uuid('credit_account_id').references(() => creditAccounts.id),
  batchId: uuid('batch_id'),
  kind: text('kind', { enum: smsReminderKinds }),
  /** 'overdue:<India day>', 'before_due:<due date>' or 'bulk:<batch id>': one reminder per account and occasion. */
  dedupeKey: text('dedupe_key'),
  toPhone: text('to_phone').notNull(),
  language: text('language', { enum: ['en', 'hi', 'ta'] }).notNull(),
  template: text('template').notNull(),
  /** A reminder's template variables; null for a one-time code. */
  variables: jsonb('variables').$type<Record<string, string>>(),
  status: text('status', { enum: smsStatuses }).notNull(),
  provider: text('provider'),
  providerMessageId: text('provider_message_id'),
  attempts: smallint('attempts').notNull().default(0),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('sms_messages_account_dedupe_unique').on(t.creditAccountId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  index('sms_messages_provider_id_idx').on(t.provider, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  // The sender's queue: what waits to go, oldest first.
  index('sms_messages_queue_idx').on(t.createdAt).where(sql`${t.status} = 'queued'`),
  // What is being sent right now: a crash's leftovers, and whether a delivery report may have overtaken its send.
  index('sms_messages_sending_idx').on(t.updatedAt).where(sql`${t.status} = 'sending'`),
  index('sms_messages_business_created_idx').on(t.businessId, t.createdAt),
  index('sms_messages_account_created_idx').on(t.creditAccountId, t.createdAt),
  index('sms_messages_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
  index('sms_messages_created_idx').on(t.createdAt),
  // A number's invitation SMS of the day, customer's and staff's (invitationsPerNumberPerDay).
  index('sms_messages_invites_phone_created_idx').on(t.toPhone, t.createdAt).where(sql`${t.purpose} in ('invite', 'staff_invite')`),
  check('sms_messages_purpose_check', sql`${t.purpose} in (${inList(smsPurposes)})`),
  check('sms_messages_status_check', sql`${t.status} in (${inList(smsStatuses)})`),
  check('sms_messages_kind_check', sql`${t.kind} in (${inList(smsReminderKinds)})`),
  check('sms_messages_reminder_check', sql`(${t.purpose} = 'reminder') = (${t.creditAccountId} is not null and ${t.kind} is not null)`),
]);

/** A shop's automatic reminders (docs/product.md#automatic-reminders); no row: off. */
export const reminderSchedules = pgTable('reminder_schedules', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id),
  overdueEveryDays: smallint('overdue_every_days'),
  beforeDueDays: smallint('before_due_days'),
  hour: smallint('hour').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  check('reminder_schedules_every_check', sql`${t.overdueEveryDays} between 1 and 30`),
  check('reminder_schedules_before_check', sql`${t.beforeDueDays} between 0 and 7`),
  check('reminder_schedules_hour_check', sql`${t.hour} between 9 and 20`),
]);

/** One account's choices about reminder SMS: the merchant left it out, the customer opted out. */
export const reminderPreferences = pgTable('reminder_preferences', {
  creditAccountId: uuid('credit_account_id').primaryKey().references(() => creditAccounts.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  excludedAt: timestamp('excluded_at', { withTimezone: true }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
}, (t) => [
  index('reminder_preferences_business_idx').on(t.businessId),
]);

/** A reminder's short link, /r/<code>: random, no credential in it, for its customer alone, 30 days. */
export const reminderLinks = pgTable('reminder_links', {
  code: text('code').primaryKey(),
  creditAccountId: uuid('credit_account_id').notNull().references(() => creditAccounts.id),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('reminder_links_expires_idx').on(t.expiresAt),
]);

/** One "Send to all overdue": its messages are the sms_messages rows with its id. */
export const reminderBatches = pgTable('reminder_batches', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('reminder_batches_business_idx').on(t.businessId, t.createdAt),
]);

/**
 * Leases on jobs that one process at a time should run (the reminder scheduler): the holder
 * renews it while it runs; another takes it once it has expired.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A shop's offer of credit to a phone number (docs/product.md#invitations). The merchant sees
 * only what they typed; the number's owner accepts it in the app or through the short link
 * /i/<code>, which opens the account (credit_account_id). Expired is read from expires_at.
 * sms_sent is false when the number's daily limit or a refusal held the SMS back.
 */
export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  phone: text('phone').notNull(),
  name: text('name').notNull(),
  limitPaise: bigint('limit_paise', { mode: 'number' }).$type<Paise>().notNull(),
  language: text('language', { enum: ['en', 'hi', 'ta'] }).notNull(),
  code: text('code').notNull(),
  status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
  smsSent: boolean('sms_sent').notNull(),
  customerId: uuid('customer_id').references(() => users.id),
  creditAccountId: uuid('credit_account_id').references(() => creditAccounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('invitations_code_unique').on(t.code),
  // One open invitation per shop and number.
  uniqueIndex('invitations_business_phone_pending_unique').on(t.businessId, t.phone).where(sql`${t.status} = 'pending'`),
  index('invitations_phone_created_idx').on(t.phone, t.createdAt),
  index('invitations_business_created_idx').on(t.businessId, t.createdAt),
  check('invitations_status_check', sql`${t.status} in (${inList(invitationStatuses)})`),
  check('invitations_limit_check', sql`${t.limitPaise} > 0`),
  check('invitations_accepted_check', sql`(${t.status} = 'accepted') = (${t.creditAccountId} is not null)`),
]);

/** "I don't want this": the number's owner refused the shop; it cannot invite the number again. */
export const invitationBlocks = pgTable('invitation_blocks', {
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  phone: text('phone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.businessId, t.phone] })]);

/**
 * A purchase the merchant started and the customer approves with a code sent by SMS
 * (docs/product.md#sms-approval). Amount and fee are fixed when the code is sent; only the
 * code's HMAC is kept. khata_charge (server/ledger) writes the payment and marks it used.
 * Expired is read from expires_at; 'void' after smsCodeAttemptsMax wrong codes.
 */
export const smsCharges = pgTable('sms_charges', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  creditAccountId: uuid('credit_account_id').notNull().references(() => creditAccounts.id),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  toPhone: text('to_phone').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).$type<Paise>().notNull(),
  feePaise: bigint('fee_paise', { mode: 'number' }).$type<Paise>().notNull(),
  feeBasisPoints: integer('fee_basis_points').$type<BasisPoints>().notNull(),
  note: text('note'),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  status: text('status', { enum: smsCodeStatuses }).notNull().default('pending'),
  transactionId: uuid('transaction_id').references(() => transactions.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  index('sms_charges_phone_created_idx').on(t.toPhone, t.createdAt),
  index('sms_charges_business_created_idx').on(t.businessId, t.createdAt),
  uniqueIndex('sms_charges_transaction_unique').on(t.transactionId),
  check('sms_charges_status_check', sql`${t.status} in (${inList(smsCodeStatuses)})`),
  check('sms_charges_amount_check', sql`${t.amountPaise} > 0 and ${t.feePaise} >= 0`),
  check('sms_charges_used_check', sql`(${t.status} = 'used') = (${t.transactionId} is not null)`),
]);

/**
 * A customer with a basic phone signed up at the shop's counter: the merchant typed the name,
 * number and limit; the customer's SMS code is their consent, and opens the account.
 */
export const counterEnrolments = pgTable('counter_enrolments', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  phone: text('phone').notNull(),
  name: text('name').notNull(),
  limitPaise: bigint('limit_paise', { mode: 'number' }).$type<Paise>().notNull(),
  language: text('language', { enum: ['en', 'hi', 'ta'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  status: text('status', { enum: smsCodeStatuses }).notNull().default('pending'),
  customerId: uuid('customer_id').references(() => users.id),
  creditAccountId: uuid('credit_account_id').references(() => creditAccounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  index('counter_enrolments_phone_created_idx').on(t.phone, t.createdAt),
  check('counter_enrolments_status_check', sql`${t.status} in (${inList(smsCodeStatuses)})`),
  check('counter_enrolments_limit_check', sql`${t.limitPaise} > 0`),
  check('counter_enrolments_used_check', sql`(${t.status} = 'used') = (${t.creditAccountId} is not null)`),
]);

/**
 * A person at a shop (docs/product.md#staff): the business account itself (its first owner,
 * `founding`), or a staff account that accepted an invitation. Limits, in paise, bound a
 * manager's or cashier's single cash repayment, refund or reversal and their total in an
 * India day; null for an owner. Revoked rows stay, so past actions keep their person.
 */
export const shopMembers = pgTable('shop_members', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  userId: uuid('user_id').notNull().references(() => users.id),
  role: text('role', { enum: shopRoles }).notNull(),
  /** The name the shop knows the person by ("Ravi"), shown as "by Ravi (Cashier)". */
  name: text('name').notNull(),
  founding: boolean('founding').notNull().default(false),
  status: text('status', { enum: memberStatuses }).notNull().default('active'),
  singleLimitPaise: bigint('single_limit_paise', { mode: 'number' }).$type<Paise>(),
  dailyLimitPaise: bigint('daily_limit_paise', { mode: 'number' }).$type<Paise>(),
  invitedByMemberId: uuid('invited_by_member_id').references((): AnyPgColumn => shopMembers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedByMemberId: uuid('revoked_by_member_id').references((): AnyPgColumn => shopMembers.id),
}, (t) => [
  uniqueIndex('shop_members_business_user_unique').on(t.businessId, t.userId),
  uniqueIndex('shop_members_founding_unique').on(t.businessId).where(sql`${t.founding}`),
  index('shop_members_user_idx').on(t.userId),
  check('shop_members_role_check', sql`${t.role} in (${inList(shopRoles)})`),
  check('shop_members_status_check', sql`${t.status} in (${inList(memberStatuses)})`),
  check('shop_members_limits_check', sql`(${t.role} = 'owner') = (${t.singleLimitPaise} is null and ${t.dailyLimitPaise} is null)`),
  check('shop_members_limits_positive_check', sql`${t.singleLimitPaise} > 0 and ${t.dailyLimitPaise} >= ${t.singleLimitPaise}`),
  check('shop_members_founding_check', sql`not ${t.founding} or (${t.role} = 'owner' and ${t.status} = 'active')`),
  check('shop_members_revoked_check', sql`(${t.status} = 'revoked') = (${t.revokedAt} is not null)`),
]);

/**
 * An owner's invitation of a person by phone: accepted with an OTP to that phone (and a new
 * PIN for a new staff account), it becomes a shop_members row. A pending one past expires_at
 * is read as expired; it is stored 'expired' when the shop invites the number again (one
 * pending invitation per shop and number).
 */
export const staffInvitations = pgTable('staff_invitations', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  phone: text('phone').notNull(),
  name: text('name').notNull(),
  role: text('role', { enum: shopRoles }).notNull(),
  singleLimitPaise: bigint('single_limit_paise', { mode: 'number' }).$type<Paise>(),
  dailyLimitPaise: bigint('daily_limit_paise', { mode: 'number' }).$type<Paise>(),
  language: text('language', { enum: ['en', 'hi', 'ta'] }).notNull(),
  status: text('status', { enum: staffInvitationStatuses }).notNull().default('pending'),
  invitedByMemberId: uuid('invited_by_member_id').notNull().references(() => shopMembers.id),
  memberId: uuid('member_id').references(() => shopMembers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('staff_invitations_business_phone_pending_unique').on(t.businessId, t.phone).where(sql`${t.status} = 'pending'`),
  index('staff_invitations_phone_idx').on(t.phone, t.createdAt),
  index('staff_invitations_business_created_idx').on(t.businessId, t.createdAt),
  check('staff_invitations_status_check', sql`${t.status} in (${inList(staffInvitationStatuses)})`),
  check('staff_invitations_role_check', sql`${t.role} in (${inList(shopRoles)})`),
  check('staff_invitations_limits_check', sql`(${t.role} = 'owner') = (${t.singleLimitPaise} is null and ${t.dailyLimitPaise} is null)`),
  check('staff_invitations_accepted_check', sql`(${t.status} = 'accepted') = (${t.memberId} is not null)`),
]);

/**
 * The shop's audit log of what its people did that is not a ledger row (the ledger's rows
 * carry their person themselves, transactions.actor_member_id, and the log reads both):
 * accounts opened, limits changed, claims and reports decided, reminders, settings, staff,
 * counter mode. `role` is the person's role at the time. Kept auditRetentionDays.
 */
export const shopAudit = pgTable('shop_audit', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id').notNull().references(() => businesses.id),
  memberId: uuid('member_id').notNull().references(() => shopMembers.id),
  role: text('role', { enum: shopRoles }).notNull(),
  action: text('action', { enum: auditActions }).notNull(),
  /** Whom or what it was about, as shown then: a customer's or a person's name. */
  subject: text('subject'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).$type<Paise>(),
  /** The action's particulars for the log's line (old and new values), strings only. */
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('shop_audit_business_created_idx').on(t.businessId, t.createdAt, t.id),
  index('shop_audit_created_idx').on(t.createdAt),
  check('shop_audit_role_check', sql`${t.role} in (${inList(shopRoles)})`),
  check('shop_audit_action_check', sql`${t.action} in (${inList(auditActions)})`),
]);
