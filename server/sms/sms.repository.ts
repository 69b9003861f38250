/**
 * SQL for sms_messages: one row per SMS Khata sent or means to send (server/db/schema.ts has
 * its rules). Reminders and invitations wait here as 'queued' until a sender claims them; the vendors'
 * delivery reports find their row by (provider, provider_message_id).
 */
import { and, eq, gte, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Language } from '@common/languages';
import type { SmsReminderKind, SmsStatus } from '@common/schemas/reminders';
import { rowsOf, type Executor } from '../db/client';
import { smsMessages } from '../db/schema';
import { indiaDaySql } from '../india-days';

export interface NewSentMessage {
  id: string;
  purpose: 'otp' | 'charge' | 'enrol';
  /** The shop it went for; null for a sign-in code. */
  businessId: string | null;
  toPhone: string;
  language: Language;
  template: string;
  /** Null when the message carried a code, which is never stored. */
  variables: Record<string, string> | null;
  status: 'sent' | 'failed';
  provider: string;
  providerMessageId: string | null;
  error: string | null;
  at: Date;
}

/** An SMS sent at once (a one-time code), recorded once its vendors have answered. */
export async function insertSentMessage(db: Executor, row: NewSentMessage): Promise<void> {
  await db.insert(smsMessages).values({
    id: row.id, purpose: row.purpose, businessId: row.businessId, toPhone: row.toPhone, language: row.language, template: row.template,
    variables: row.variables, status: row.status, provider: row.provider, providerMessageId: row.providerMessageId, attempts: 1,
    error: row.error, createdAt: row.at, updatedAt: row.at, sentAt: row.status === 'sent' ? row.at : null,
  });
}

export interface NewReminderMessage {
  id: string;
  businessId: string;
  creditAccountId: string;
  batchId: string | null;
  kind: SmsReminderKind;
  dedupeKey: string;
  toPhone: string;
  language: Language;
  variables: Record<string, string>;
  at: Date;
}

/** Queues a reminder; false when the account already has one for this dedupe key. */
export async function insertReminder(tx: Executor, row: NewReminderMessage): Promise<boolean> {
  const inserted = await tx.insert(smsMessages).values({
    id: row.id, purpose: 'reminder', businessId: row.businessId, creditAccountId: row.creditAccountId, batchId: row.batchId,
    kind: row.kind, dedupeKey: row.dedupeKey, toPhone: row.toPhone, language: row.language, template: 'reminder',
    variables: row.variables, status: 'queued', attempts: 0, createdAt: row.at, updatedAt: row.at,
  }).onConflictDoNothing({
    target: [smsMessages.creditAccountId, smsMessages.dedupeKey], where: sql`${smsMessages.dedupeKey} is not null`,
  }).returning({ id: smsMessages.id });
  return inserted.length === 1;
}

/** The invitations' SMS: queued, they go at any hour, with the queue's one retry. */
export const invitePurposes = ['invite', 'staff_invite'] as const;
export type InvitePurpose = typeof invitePurposes[number];

export interface NewQueuedInvite {
  id: string;
  businessId: string;
  toPhone: string;
  language: Language;
  variables: Record<string, string>;
  at: Date;
}

/**
 * Queues a shop's invitation SMS, to a customer ('invite') or to a person to work there
 * ('staff_invite'): no account, no kind, no dedupe key (one invitation, one SMS).
 */
export async function insertInvite(tx: Executor, purpose: InvitePurpose, row: NewQueuedInvite): Promise<void> {
  await tx.insert(smsMessages).values({
    id: row.id, purpose, businessId: row.businessId, toPhone: row.toPhone, language: row.language, template: purpose,
    variables: row.variables, status: 'queued', attempts: 0, createdAt: row.at, updatedAt: row.at,
  });
}

/** The advisory lock class of a number's invitation SMS (727005 is the customer invitations', 727007 the staff invitations'). */
const numberInvitesLockClass = 727_008;

/**
 * One invitation SMS at a time per number, to the end of the caller's transaction: two shops
 * inviting it at once, a customer's invitation and a staff one alike, never pass its
 * invitation SMS of the day together. Taken after the inviting shop's own lock, always.
 */
export async function lockNumberInvites(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${numberInvitesLockClass}::int, hashtext(${phone}))`);
}

/** Invitation SMS (customers' and staff's) queued to the number since `since` by every shop, whatever became of them. */
export async function invitesToNumberSince(db: Executor, phone: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(smsMessages)
    .where(and(eq(smsMessages.toPhone, phone), inArray(smsMessages.purpose, [...invitePurposes]), gte(smsMessages.createdAt, since)));
  return row?.n ?? 0;
}

/** Reminder SMS a shop has queued since `since`, whatever became of them. */
export async function remindersSince(db: Executor, businessId: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(smsMessages)
    .where(and(eq(smsMessages.businessId, businessId), eq(smsMessages.purpose, 'reminder'), gte(smsMessages.createdAt, since)));
  return row?.n ?? 0;
}

export interface ClaimedMessage {
  id: string;
  toPhone: string;
  language: Language;
  template: string;
  variables: Record<string, string> | null;
  attempts: number;
}

/**
 * Takes up to `limit` queued SMS, oldest first, for this sender alone: the rows another
 * sender is claiming are skipped, not waited for (FOR UPDATE SKIP LOCKED), and a claimed
 * row is 'sending' once this statement commits, so no other sender ever sees it queued.
 * `skip`: rows this sender already tried in this round (a failure queued again waits for
 * the next round). Without `scheduledToo` (outside the sending hours) only what goes at any
 * hour is taken: "Send to all overdue" and invitations (customers' and staff's), which the merchant sent just now.
 */
export async function claimQueued(
  db: Executor, limit: number, skip: string[], now: Date, options: { scheduledToo: boolean },
): Promise<ClaimedMessage[]> {
  const queued = db.select({ id: smsMessages.id }).from(smsMessages)
    .where(and(
      eq(smsMessages.status, 'queued'), skip.length > 0 ? notInArray(smsMessages.id, skip) : undefined,
      options.scheduledToo ? undefined : or(eq(smsMessages.kind, 'bulk'), inArray(smsMessages.purpose, [...invitePurposes])),
    ))
    .orderBy(smsMessages.createdAt).limit(limit).for('update', { skipLocked: true });
  return db.update(smsMessages)
    .set({ status: 'sending', attempts: sql`${smsMessages.attempts} + 1`, updatedAt: now })
    .where(inArray(smsMessages.id, queued))
    .returning({
      id: smsMessages.id, toPhone: smsMessages.toPhone, language: smsMessages.language, template: smsMessages.template,
      variables: smsMessages.variables, attempts: smsMessages.attempts,
    });
}

/**
 * Takes back the queued reminders that should no longer go (a retry waits for the next round,
 * and a scheduled one for the sending hours): the customer opted out, the merchant left them
 * out, nothing is owed any more, or the India day it was written for (from `dayStart`) is over,
 * so its amounts are old. Each is marked failed with the reason, never sent. Reminders alone:
 * a queued invitation owes nothing and has no account, and goes whatever the day.
 */
export async function withdrawQueued(db: Executor, now: Date, dayStart: Date): Promise<number> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    update sms_messages m set status = 'failed', updated_at = ${now.toISOString()}::timestamptz, error = case
        when p.opted_out_at is not null then ${withdrawnReasons.optedOut}
        when p.excluded_at is not null then ${withdrawnReasons.excluded}
        when a.owed_paise = 0 then ${withdrawnReasons.paid}
        else ${withdrawnReasons.stale} end
      from credit_accounts a left join reminder_preferences p on p.credit_account_id = a.id
      where m.status = 'queued' and m.purpose = 'reminder' and a.id = m.credit_account_id
        and (p.opted_out_at is not null or p.excluded_at is not null or a.owed_paise = 0
          or m.created_at < ${dayStart.toISOString()}::timestamptz)
      returning m.id`));
  return rows.length;
}

/** Why a queued reminder was taken back (withdrawQueued), as the merchant reads it. */
export const withdrawnReasons = {
  optedOut: 'Not sent: the customer stopped reminder SMS',
  excluded: 'Not sent: left out of reminders',
  paid: 'Not sent: nothing is owed any more',
  stale: 'Not sent: the day it was for is over',
} as const;

/**
 * SMS a crash left 'sending' since before `before`: the vendor may or may not have taken them,
 * so they are never sent again; they are marked failed, so no screen waits on them for ever.
 */
export async function failInterrupted(db: Executor, before: Date, now: Date): Promise<number> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    update sms_messages set status = 'failed', error = ${interruptedReason}, updated_at = ${now.toISOString()}::timestamptz
      where status = 'sending' and updated_at < ${before.toISOString()}::timestamptz
      returning id`));
  return rows.length;
}

export const interruptedReason = 'Interrupted while sending; not sent again in case it went';

/** Whether any SMS is being sent right now (claimed, its vendor's answer not yet recorded). */
export async function anySending(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: smsMessages.id }).from(smsMessages).where(eq(smsMessages.status, 'sending')).limit(1);
  return rows.length > 0;
}

/** The vendor took a claimed SMS. */
export async function markSent(db: Executor, id: string, sent: { provider: string; providerMessageId: string | null }, now: Date) {
  await db.update(smsMessages)
    .set({ status: 'sent', provider: sent.provider, providerMessageId: sent.providerMessageId, error: null, sentAt: now, updatedAt: now })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'sending')));
}

/**
 * Every vendor refused a claimed SMS: queued again for the next round while it has tries
 * left (`attemptsMax`), else failed. The vendor's words are kept either way.
 */
export async function markFailed(db: Executor, id: string, failure: { provider: string; error: string }, attemptsMax: number, now: Date) {
  await db.update(smsMessages)
    .set({
      status: sql`case when ${smsMessages.attempts} < ${attemptsMax} then 'queued' else 'failed' end`,
      provider: failure.provider, providerMessageId: null, error: failure.error, updatedAt: now,
    })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'sending')));
}

/**
 * A vendor's delivery report, applied to its SMS: 'delivered' is final and wins over
 * anything; 'failed' applies to an SMS the vendor had taken (sent or still being marked so)
 * and queues a reminder or an invitation again while it has tries left (a one-time code is
 * never resent: the person asks for a new one); 'sent' only confirms. A report for an SMS we
 * do not know, or that has moved on, changes nothing. Returns the rows changed.
 */
export async function applyDelivery(
  db: Executor,
  report: { provider: string; providerMessageId: string; status: Extract<SmsStatus, 'sent' | 'delivered' | 'failed'>; error: string | null },
  attemptsMax: number,
  now: Date,
): Promise<number> {
  const target = and(eq(smsMessages.provider, report.provider), eq(smsMessages.providerMessageId, report.providerMessageId));
  if (report.status === 'delivered') {
    const rows = await db.update(smsMessages)
      .set({ status: 'delivered', deliveredAt: now, error: null, updatedAt: now })
      .where(and(target, sql`${smsMessages.status} <> 'delivered'`)).returning({ id: smsMessages.id });
    return rows.length;
  }
  if (report.status === 'failed') {
    const retry = sql`${smsMessages.purpose} in ('reminder', 'invite', 'staff_invite') and ${smsMessages.attempts} < ${attemptsMax}`;
    const rows = await db.update(smsMessages)
      .set({
        status: sql`case when ${retry} then 'queued' else 'failed' end`,
        providerMessageId: sql`case when ${retry} then null else ${smsMessages.providerMessageId} end`,
        error: report.error, updatedAt: now,
      })
      .where(and(target, inArray(smsMessages.status, ['sending', 'sent']))).returning({ id: smsMessages.id });
    return rows.length;
  }
  const rows = await db.update(smsMessages).set({ status: 'sent', updatedAt: now })
    .where(and(target, eq(smsMessages.status, 'sending'))).returning({ id: smsMessages.id });
  return rows.length;
}

export interface UsageDay { day: string; sent: number; delivered: number; failed: number }

/**
 * Per India day of creation, from `from` (the instant the first day begins): the SMS that
 * reached a vendor (sent_at set: sent, delivered, or failed after the vendor took it),
 * those delivered, and those that failed.
 */
export async function usageByDay(db: Executor, from: Date): Promise<UsageDay[]> {
  return rowsOf<UsageDay>(await db.execute(sql`
    select to_char(${indiaDaySql(smsMessages.createdAt)}, 'YYYY-MM-DD') as day,
      count(*) filter (where ${smsMessages.sentAt} is not null)::int as sent,
      count(*) filter (where ${smsMessages.status} = 'delivered')::int as delivered,
      count(*) filter (where ${smsMessages.status} = 'failed')::int as failed
    from ${smsMessages} where ${smsMessages.createdAt} >= ${from.toISOString()}
    group by 1 order by 1`));
}

/**
 * Every SMS since `from` in the admin's two buckets, and the failed ones: one-time codes
 * (sign-in, and the codes that approve a charge or a counter sign-up) and a shop's messages
 * to its customers (reminders and invitations) and to the people it invites to work there.
 */
export async function usageTotals(db: Executor, from: Date) {
  const [row] = rowsOf<{ otp: number; reminders: number; failed: number }>(await db.execute(sql`
    select count(*) filter (where ${smsMessages.purpose} in ('otp', 'charge', 'enrol'))::int as otp,
      count(*) filter (where ${smsMessages.purpose} in ('reminder', 'invite', 'staff_invite'))::int as reminders,
      count(*) filter (where ${smsMessages.status} = 'failed')::int as failed
    from ${smsMessages} where ${smsMessages.createdAt} >= ${from.toISOString()}`));
  return row ?? { otp: 0, reminders: 0, failed: 0 };
}

/**
 * The shops whose SMS reached a vendor most often since `from`, most first: every SMS sent
 * for a shop (reminders, invitations, codes), which is what a shop costs.
 */
export async function topShops(db: Executor, from: Date, limit: number) {
  return rowsOf<{ businessId: string; businessName: string; sent: number }>(await db.execute(sql`
    select m.business_id as "businessId", b.business_name as "businessName", count(*)::int as sent
    from ${smsMessages} m join businesses b on b.id = m.business_id
    where m.created_at >= ${from.toISOString()} and m.sent_at is not null
    group by m.business_id, b.business_name
    order by sent desc, b.business_name, m.business_id
    limit ${limit}`));
}
