/**
 * Tables that only grow with time (sessions, OTPs and their proofs, idempotency keys,
 * idle PIN counters, trusted devices, reminders, declined repayment claims, SMS records,
 * reminder links and batches, the shops' audit logs) are purged of rows nobody can use any more. Deletes go in batches
 * so a large backlog never holds long locks. After the India day changes, the overdue
 * amounts cached on credit accounts are recomputed for the new day, in batches too, by the
 * ledger (server/ledger/ledger.ts refreshOverdue), which owns every write to them.
 */
import { sql } from 'drizzle-orm';
import {
  auditRetentionDays, declinedClaimKeepSeconds, otpKeepSeconds, pinCounterIdleKeepSeconds, pinCounterStaleKeepSeconds, purgeBatchRows,
  reminderKeepSeconds, sessionKeepSeconds, smsKeepSeconds,
} from '@common/limits';
import { addSeconds, type Clock } from '../../clock';
import { rowsOf, type Db } from '../../db/client';
import type { Ledger } from '../../ledger/ledger';

export function createMaintenanceService(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  async function deleteInBatches(statement: () => ReturnType<typeof sql>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = rowsOf<{ n: number }>(await db.execute(statement()))[0]?.n ?? 0;
      total += deleted;
      if (deleted < purgeBatchRows) return total;
    }
  }

  /** Deletes what has expired; returns how many rows of each kind went. */
  async function purgeExpired() {
    const now = clock();
    const sessionsBefore = addSeconds(now, -sessionKeepSeconds).toISOString();
    const otpBefore = addSeconds(now, -otpKeepSeconds).toISOString();
    const counterBefore = addSeconds(now, -pinCounterIdleKeepSeconds).toISOString();
    const staleCounterBefore = addSeconds(now, -pinCounterStaleKeepSeconds).toISOString();
    const remindersBefore = addSeconds(now, -reminderKeepSeconds).toISOString();
    const declinedBefore = addSeconds(now, -declinedClaimKeepSeconds).toISOString();
    const smsBefore = addSeconds(now, -smsKeepSeconds).toISOString();
    const auditBefore = addSeconds(now, -auditRetentionDays * 24 * 3600).toISOString();
    const at = now.toISOString();
    return {
      sessions: await deleteInBatches(() => sql`
        with gone as (delete from sessions where token_hash in (
          select token_hash from sessions
          where absolute_expires_at < ${sessionsBefore} or idle_expires_at < ${sessionsBefore} or revoked_at < ${sessionsBefore}
          limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      otpCodes: await deleteInBatches(() => sql`
        with gone as (delete from otp_codes where id in (
          select id from otp_codes where expires_at < ${otpBefore} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      otpProofs: await deleteInBatches(() => sql`
        with gone as (delete from otp_proofs where token_hash in (
          select token_hash from otp_proofs where expires_at < ${at} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      idempotencyKeys: await deleteInBatches(() => sql`
        with gone as (delete from idempotency_keys where (user_id, key) in (
          select user_id, key from idempotency_keys where expires_at < ${at} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      pinCounters: await deleteInBatches(() => sql`
        with gone as (delete from pin_attempts where key in (
          select key from pin_attempts
          where (locked_until is null or locked_until < ${at})
            and (updated_at < ${staleCounterBefore} or (failures = 0 and lock_count = 0 and updated_at < ${counterBefore}))
          limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      trustedDevices: await deleteInBatches(() => sql`
        with gone as (delete from trusted_devices where (token_hash, user_id) in (
          select token_hash, user_id from trusted_devices where expires_at < ${at} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      reminders: await deleteInBatches(() => sql`
        with gone as (delete from reminders where id in (
          select id from reminders where sent_at < ${remindersBefore} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      // Only declined claims: a confirmed claim's reference, unique among pending and
      // confirmed ones, is what refuses a second claim (and credit) for the same UPI
      // payment, and a pending one still waits for the merchant's answer.
      declinedClaims: await deleteInBatches(() => sql`
        with gone as (delete from repayment_claims where id in (
          select id from repayment_claims where status = 'declined' and decided_at < ${declinedBefore}
          limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      // SMS records serve the delivery statuses and the admin's figures for smsKeepSeconds,
      // whatever became of them (a row still queued that long ago will never be sent).
      smsMessages: await deleteInBatches(() => sql`
        with gone as (delete from sms_messages where id in (
          select id from sms_messages where created_at < ${smsBefore} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      // An expired link leads nowhere: /r/<code> answers the same for it as for no link.
      reminderLinks: await deleteInBatches(() => sql`
        with gone as (delete from reminder_links where code in (
          select code from reminder_links where expires_at < ${at} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      // A batch shows its messages' progress: it goes once they have.
      reminderBatches: await deleteInBatches(() => sql`
        with gone as (delete from reminder_batches where id in (
          select b.id from reminder_batches b
          where b.created_at < ${smsBefore} and not exists (select 1 from sms_messages m where m.batch_id = b.id)
          limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
      // A shop's audit log keeps auditRetentionDays (its ledger rows, which the log lists too,
      // are the books and stay; the log stops listing them at the same age).
      shopAudit: await deleteInBatches(() => sql`
        with gone as (delete from shop_audit where id in (
          select id from shop_audit where created_at < ${auditBefore} limit ${purgeBatchRows}) returning 1)
        select count(*)::int as n from gone`),
    };
  }

  /** The day's overdue refresh (ledger.refreshOverdue has the rules), run with the purge. */
  const refreshOverdue = (batchRows?: number) => ledger.refreshOverdue(batchRows);

  return { purgeExpired, refreshOverdue };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
