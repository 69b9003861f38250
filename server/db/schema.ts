/**
 * The tables, as Drizzle sees them. Migrations under ./migrations are generated from
 * this file with `npm run db:generate` and committed; both PGlite and PostgreSQL run them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  role: text('role', { enum: ['customer', 'business', 'admin'] }).notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  email: text('email'),
  pinHash: text('pin_hash').notNull(),
  pinKeyVersion: smallint('pin_key_version').notNull(),
  paymentHandle: text('payment_handle'),
  createdAt: createdAt(),
}, (t) => [
  check('users_role_check', sql`${t.role} in ('customer', 'business', 'admin')`),
  uniqueIndex('users_role_phone_unique').on(t.role, t.phone).where(sql`${t.phone} is not null`),
  uniqueIndex('users_email_unique').on(t.email).where(sql`${t.email} is not null`),
  uniqueIndex('users_payment_handle_unique').on(t.paymentHandle).where(sql`${t.paymentHandle} is not null`),
]);

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id),
  businessName: text('business_name').notNull(),
  businessType: text('business_type').notNull(),
  address: text('address').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  feeBasisPoints: integer('fee_basis_points').notNull(),
  maxCreditLimitPaise: bigint('max_credit_limit_paise', { mode: 'number' }).notNull(),
  description: text('description'),
  rejectionReason: text('rejection_reason'),
  decisionNotes: text('decision_notes'),
  decidedBy: uuid('decided_by').references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('businesses_user_unique').on(t.userId),
  check('businesses_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  check('businesses_fee_check', sql`${t.feeBasisPoints} between 0 and 10000`),
  check('businesses_max_credit_check', sql`${t.maxCreditLimitPaise} > 0`),
  index('businesses_status_created_idx').on(t.status, t.createdAt),
]);

/** Only the SHA-256 of a session token is stored; the token itself never is. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id),
  createdAt: createdAt(),
  idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  index('sessions_user_idx').on(t.userId),
  index('sessions_absolute_expiry_idx').on(t.absoluteExpiresAt),
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
}, (t) => [index('otp_proofs_expiry_idx').on(t.expiresAt)]);

/**
 * PIN attempt counters keyed by the identifier typed ("customer:+919876543210"),
 * whether or not an account exists, so a lockout reveals nothing.
 */
export const pinAttempts = pgTable('pin_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockCount: integer('lock_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
