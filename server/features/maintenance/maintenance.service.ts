/**
 * Tables that only grow with time (sessions, OTPs and their proofs, idempotency keys,
 * idle PIN counters, trusted devices, reminders, declined repayment claims) are purged of
 * rows nobody can use any more. Deletes go in batches
 * so a large backlog never holds long locks. After the India day changes, the overdue
 * amounts cached on credit accounts are recomputed for the new day, in batches too.
 */
import { sql } from 'drizzle-orm';
import {
  declinedClaimKeepSeconds, otpKeepSeconds, overdueRefreshBatchRows, pinCounterIdleKeepSeconds, pinCounterStaleKeepSeconds,
  purgeBatchRows, reminderKeepSeconds, sessionKeepSeconds,
} from '@common/limits';
import { addSeconds, type Clock } from '../../clock';
import { rowsOf, type Db } from '../../db/client';
import { indiaDay } from '../../india-days';

export function createMaintenanceService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

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
        with gone as (delete from idempotency_keys where (customer_id, key) in (
          select customer_id, key from idempotency_keys where expires_at < ${at} limit ${purgeBatchRows}) returning 1)
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
    };
  }

  /**
   * Caches today's overdue amount on every account with something due before today whose
   * figure is for another day (docs/decisions.md, "Overdue is read, never counted."), as
   * khata_refresh_dues.sql computes it (its twin). Run soon after India midnight and at
   * start-up; until it has run, the "To collect" card recomputes stale figures itself.
   * Accounts locked by a repayment are skipped, not waited for: the repayment refreshes
   * them, and the next run catches any other. Returns how many accounts were refreshed.
   */
  async function refreshOverdue(batchRows: number = overdueRefreshBatchRows): Promise<number> {
    const today = indiaDay(clock());
    let total = 0;
    for (;;) {
      const refreshed = rowsOf<{ n: number }>(await db.execute(sql`
        with done as (
          update credit_accounts a set
            overdue_paise = (
              select coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)::bigint
              from transactions t
              where t.credit_account_id = a.id and t.type = 'payment'
                and t.charged_paise_after > a.charged_paise - a.owed_paise
                and greatest(t.due_on, a.due_deferred_to) < ${today}::date),
            overdue_on = ${today}::date
          where a.id in (
            select id from credit_accounts
            where next_due_on < ${today}::date and overdue_on is distinct from ${today}::date
            limit ${batchRows} for update skip locked)
          returning 1)
        select count(*)::int as n from done`))[0]?.n ?? 0;
      total += refreshed;
      if (refreshed < batchRows) return total;
    }
  }

  return { purgeExpired, refreshOverdue };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
