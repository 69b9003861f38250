/**
 * SQL for automatic and bulk reminder SMS (docs/product.md#automatic-reminders): the shop's
 * schedule, the accounts a reminder is due to, what one says, its short link, the merchant's
 * exclusion and the customer's opt-out, and the "Send to all overdue" batches. The SMS
 * themselves are the SMS service's rows (sms_messages); this only reads them for the merchant.
 */
import { and, asc, count, desc, eq, gte, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@common/languages';
import type { Paise } from '@common/money';
import type { Executor } from '../../db/client';
import {
  businesses, creditAccounts, reminderBatches, reminderLinks, reminderPreferences, reminderSchedules, smsMessages, users,
} from '../../db/schema';
import { overduePaiseSql } from '../credit/credit.repository';

export interface ScheduleRow {
  overdueEveryDays: number | null;
  beforeDueDays: number | null;
  hour: number;
}

export async function findSchedule(db: Executor, businessId: string): Promise<ScheduleRow | null> {
  const rows = await db.select({
    overdueEveryDays: reminderSchedules.overdueEveryDays, beforeDueDays: reminderSchedules.beforeDueDays, hour: reminderSchedules.hour,
  }).from(reminderSchedules).where(eq(reminderSchedules.businessId, businessId)).limit(1);
  return rows[0] ?? null;
}

/** The shop's schedule, its row locked until a save's transaction ends (null before the first save). */
export async function lockSchedule(tx: Executor, businessId: string): Promise<ScheduleRow | null> {
  const rows = await tx.select({
    overdueEveryDays: reminderSchedules.overdueEveryDays, beforeDueDays: reminderSchedules.beforeDueDays, hour: reminderSchedules.hour,
  }).from(reminderSchedules).where(eq(reminderSchedules.businessId, businessId)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function saveSchedule(db: Executor, schedule: ScheduleRow & { businessId: string; updatedAt: Date }): Promise<void> {
  const { businessId: _id, ...changes } = schedule;
  await db.insert(reminderSchedules).values(schedule)
    .onConflictDoUpdate({ target: reminderSchedules.businessId, set: changes });
}

export interface DueSchedule extends ScheduleRow { businessId: string; businessName: string }

/** Approved shops whose schedule has started by India hour `hour` and sends anything at all. */
export async function dueSchedules(db: Executor, hour: number): Promise<DueSchedule[]> {
  return db.select({
    businessId: reminderSchedules.businessId, businessName: businesses.businessName,
    overdueEveryDays: reminderSchedules.overdueEveryDays, beforeDueDays: reminderSchedules.beforeDueDays, hour: reminderSchedules.hour,
  }).from(reminderSchedules)
    .innerJoin(businesses, eq(businesses.id, reminderSchedules.businessId))
    .where(and(
      eq(businesses.status, 'approved'), sql`${reminderSchedules.hour} <= ${hour}`,
      or(isNotNull(reminderSchedules.overdueEveryDays), isNotNull(reminderSchedules.beforeDueDays)),
    ))
    .orderBy(asc(reminderSchedules.businessId));
}

/** Reminders an account was sent from `since` on (manual and SMS alike), for the 3-a-day limit. */
const remindersSinceSql = (since: Date) => sql<number>`(
  select count(*) from reminders r
  where r.credit_account_id = ${creditAccounts.id} and r.sent_at >= ${since.toISOString()}::timestamptz)`.mapWith(Number);

/** Whether the account has an SMS of `kind` created from `since` on, or one under `dedupeKey`. */
const smsExistsSql = (condition: SQL) => sql`exists (
  select 1 from sms_messages m where m.credit_account_id = ${creditAccounts.id} and ${condition})`;

/**
 * The shop's accounts a scheduled reminder is due to on `today`, at most `limit`: owing,
 * with a phone, neither left out nor opted out, under the day's reminders per account, and
 * either overdue with no overdue SMS since `overdueSince`, or due `beforeDueDays` from today
 * with no reminder yet for that due date. Read without locks: each is checked again under
 * its account's lock before anything is sent.
 */
export async function dueAccounts(db: Executor, due: {
  businessId: string; today: string; overdueEveryDays: number | null; beforeDueDays: number | null;
  overdueSince: Date; dayStart: Date; perAccountMax: number; limit: number;
}): Promise<string[]> {
  const occasions: SQL[] = [];
  if (due.overdueEveryDays !== null) {
    occasions.push(and(
      lt(creditAccounts.nextDueOn, due.today),
      sql`not ${smsExistsSql(sql`m.kind in ('overdue', 'bulk') and m.created_at >= ${due.overdueSince.toISOString()}::timestamptz`)}`,
    )!);
  }
  if (due.beforeDueDays !== null) {
    occasions.push(and(
      sql`${creditAccounts.nextDueOn} = ${due.today}::date + ${due.beforeDueDays}::int`,
      sql`not ${smsExistsSql(sql`m.dedupe_key = 'before_due:' || ${creditAccounts.nextDueOn}::text`)}`,
    )!);
  }
  if (occasions.length === 0) return [];
  const rows = await db.select({ id: creditAccounts.id }).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .leftJoin(reminderPreferences, eq(reminderPreferences.creditAccountId, creditAccounts.id))
    .where(and(
      eq(creditAccounts.businessId, due.businessId), sql`${creditAccounts.owedPaise} > 0`, isNotNull(users.phone),
      isNull(reminderPreferences.excludedAt), isNull(reminderPreferences.optedOutAt), or(...occasions),
      sql`${remindersSinceSql(due.dayStart)} < ${due.perAccountMax}`,
    ))
    .orderBy(asc(creditAccounts.nextDueOn), asc(creditAccounts.id))
    .limit(due.limit);
  return rows.map((row) => row.id);
}

export interface ReminderFacts {
  creditAccountId: string;
  customerId: string;
  customerName: string;
  phone: string | null;
  language: Language | null;
  owedPaise: Paise;
  overduePaise: Paise;
  nextDueOn: string | null;
  excluded: boolean;
  optedOut: boolean;
  /** Reminders (manual and SMS) since the India day began. */
  remindersToday: number;
}

const factColumns = (today: string, dayStart: Date) => ({
  creditAccountId: creditAccounts.id,
  customerId: creditAccounts.customerId,
  customerName: users.name,
  phone: users.phone,
  language: users.language,
  owedPaise: creditAccounts.owedPaise,
  overduePaise: overduePaiseSql(today),
  nextDueOn: creditAccounts.nextDueOn,
  excludedAt: reminderPreferences.excludedAt,
  optedOutAt: reminderPreferences.optedOutAt,
  remindersToday: remindersSinceSql(dayStart),
});

interface FactRow {
  creditAccountId: string; customerId: string; customerName: string; phone: string | null; language: Language | null;
  owedPaise: Paise; overduePaise: number; nextDueOn: string | null; excludedAt: Date | null; optedOutAt: Date | null; remindersToday: number;
}

const toFacts = (row: FactRow): ReminderFacts => ({
  creditAccountId: row.creditAccountId,
  customerId: row.customerId,
  customerName: row.customerName,
  phone: row.phone,
  language: row.language,
  owedPaise: row.owedPaise,
  overduePaise: row.overduePaise as Paise,
  nextDueOn: row.nextDueOn,
  excluded: row.excludedAt !== null,
  optedOut: row.optedOutAt !== null,
  remindersToday: row.remindersToday,
});

/** What a reminder to one of the shop's accounts would say and whether it may go; null when not the shop's. */
export async function reminderFacts(
  tx: Executor, businessId: string, accountId: string, today: string, dayStart: Date,
): Promise<ReminderFacts | null> {
  const rows = await tx.select(factColumns(today, dayStart)).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .leftJoin(reminderPreferences, eq(reminderPreferences.creditAccountId, creditAccounts.id))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ? toFacts(rows[0]) : null;
}

/** The shop's accounts owing with a due date before `today`, the largest overdue first: "Send to all overdue". */
export async function overdueAccounts(db: Executor, businessId: string, today: string, dayStart: Date): Promise<ReminderFacts[]> {
  const columns = factColumns(today, dayStart);
  const rows = await db.select(columns).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .leftJoin(reminderPreferences, eq(reminderPreferences.creditAccountId, creditAccounts.id))
    .where(and(eq(creditAccounts.businessId, businessId), lt(creditAccounts.nextDueOn, today), sql`${creditAccounts.owedPaise} > 0`))
    .orderBy(desc(columns.overduePaise), asc(creditAccounts.id));
  return rows.map(toFacts);
}

/**
 * SMS about the account's overdue dues created from `since` on, by the schedule or by "Send to
 * all overdue" (so a customer reminded in bulk at 9 is not reminded again at 10); the caller
 * holds the account's lock.
 */
export async function overdueSmsSince(tx: Executor, accountId: string, since: Date): Promise<number> {
  const rows = await tx.select({ n: count() }).from(smsMessages)
    .where(and(eq(smsMessages.creditAccountId, accountId), inArray(smsMessages.kind, ['overdue', 'bulk']), gte(smsMessages.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** The advisory lock class of a shop's reminder enqueues (727002 is the PIN counters', 727003 the analytics'). */
const shopRemindersLockClass = 727_004;

/**
 * One enqueue at a time per shop, to the end of the caller's transaction, so two
 * processes counting the shop's SMS of the day never pass its daily limit together.
 */
export async function lockShopReminders(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${shopRemindersLockClass}::int, hashtext(${businessId}))`);
}

export async function insertLink(tx: Executor, link: typeof reminderLinks.$inferInsert): Promise<void> {
  await tx.insert(reminderLinks).values(link);
}

/** The account a live link of this customer leads to; null for an unknown, expired or another's code. */
export async function findLiveLink(db: Executor, code: string, customerId: string, now: Date) {
  const rows = await db.select({ creditAccountId: reminderLinks.creditAccountId, businessId: reminderLinks.businessId })
    .from(reminderLinks)
    .where(and(eq(reminderLinks.code, code), eq(reminderLinks.customerId, customerId), gt(reminderLinks.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertBatch(db: Executor, batch: typeof reminderBatches.$inferInsert): Promise<void> {
  await db.insert(reminderBatches).values(batch);
}

export async function findBatch(db: Executor, businessId: string, batchId: string) {
  const rows = await db.select({ id: reminderBatches.id, createdAt: reminderBatches.createdAt }).from(reminderBatches)
    .where(and(eq(reminderBatches.id, batchId), eq(reminderBatches.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}

/** A batch's SMS and their customers, by the customer's name (a list the merchant reads down). */
export async function batchMessages(db: Executor, batchId: string) {
  return db.select({
    creditAccountId: smsMessages.creditAccountId, customerName: users.name, status: smsMessages.status, attempts: smsMessages.attempts,
  }).from(smsMessages)
    .innerJoin(creditAccounts, eq(creditAccounts.id, smsMessages.creditAccountId))
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(eq(smsMessages.batchId, batchId))
    .orderBy(asc(users.name), asc(smsMessages.creditAccountId));
}

/** The account's reminder SMS, newest first. */
export async function accountSms(db: Executor, accountId: string, limit: number) {
  return db.select({
    id: smsMessages.id, creditAccountId: smsMessages.creditAccountId, kind: smsMessages.kind, status: smsMessages.status,
    attempts: smsMessages.attempts, createdAt: smsMessages.createdAt, sentAt: smsMessages.sentAt, deliveredAt: smsMessages.deliveredAt,
    error: smsMessages.error,
  }).from(smsMessages)
    .where(and(eq(smsMessages.creditAccountId, accountId), eq(smsMessages.purpose, 'reminder')))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(limit);
}

export async function preferences(db: Executor, accountId: string): Promise<{ excluded: boolean; optedOut: boolean }> {
  const rows = await db.select({ excludedAt: reminderPreferences.excludedAt, optedOutAt: reminderPreferences.optedOutAt })
    .from(reminderPreferences).where(eq(reminderPreferences.creditAccountId, accountId)).limit(1);
  return { excluded: (rows[0]?.excludedAt ?? null) !== null, optedOut: (rows[0]?.optedOutAt ?? null) !== null };
}

/** The merchant leaves the account out (a time) or lets it back in (null); returns both choices. */
export async function setExcluded(db: Executor, account: { creditAccountId: string; businessId: string }, at: Date | null) {
  const rows = await db.insert(reminderPreferences).values({ ...account, excludedAt: at })
    .onConflictDoUpdate({ target: reminderPreferences.creditAccountId, set: { excludedAt: at } })
    .returning({ excludedAt: reminderPreferences.excludedAt, optedOutAt: reminderPreferences.optedOutAt });
  return { excluded: rows[0]!.excludedAt !== null, optedOut: rows[0]!.optedOutAt !== null };
}

/** The customer stops reminder SMS from the shop (a time) or allows them again (null). */
export async function setOptedOut(db: Executor, account: { creditAccountId: string; businessId: string }, at: Date | null) {
  const rows = await db.insert(reminderPreferences).values({ ...account, optedOutAt: at })
    .onConflictDoUpdate({ target: reminderPreferences.creditAccountId, set: { optedOutAt: at } })
    .returning({ optedOutAt: reminderPreferences.optedOutAt });
  return { optedOut: rows[0]!.optedOutAt !== null };
}

/** Whether the account is the shop's. */
export async function isBusinessAccount(db: Executor, businessId: string, accountId: string): Promise<boolean> {
  const rows = await db.select({ id: creditAccounts.id }).from(creditAccounts)
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows.length === 1;
}

/** The customer's name on one of the shop's accounts; null when the account is not the shop's. */
export async function accountCustomerName(db: Executor, businessId: string, accountId: string): Promise<string | null> {
  const rows = await db.select({ name: users.name }).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0]?.name ?? null;
}

/** The shop of one of the customer's accounts; null when the account is not theirs. */
export async function customerAccountBusiness(db: Executor, customerId: string, accountId: string): Promise<string | null> {
  const rows = await db.select({ businessId: creditAccounts.businessId }).from(creditAccounts)
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.customerId, customerId))).limit(1);
  return rows[0]?.businessId ?? null;
}
