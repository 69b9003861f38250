/**
 * Tables that only grow with time (sessions, OTPs and their proofs, idempotency keys,
 * idle PIN counters, trusted devices) are purged of rows nobody can use any more. Deletes go in batches
 * so a large backlog never holds long locks.
 */
import { sql } from 'drizzle-orm';
import {
  otpKeepSeconds, pinCounterIdleKeepSeconds, pinCounterStaleKeepSeconds, purgeBatchRows, sessionKeepSeconds,
} from '@common/limits';
import { addSeconds, type Clock } from '../../clock';
import { rowsOf, type Db } from '../../db/client';

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
    };
  }

  return { purgeExpired };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
