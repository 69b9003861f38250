/**
 * A lease on a job that one process at a time should run (job_leases): the holder renews
 * it each time it runs, and another process takes it only once it has expired, so a process
 * that stopped hands the job on after the lease's length, and two processes never both
 * hold it. Times come from the caller's clock, never the database's, so tests can move it.
 */
import { sql } from 'drizzle-orm';
import { addSeconds } from '../../clock';
import { rowsOf, type Executor } from '../../db/client';

export interface LeaseTerms {
  name: string;
  holder: string;
  now: Date;
  seconds: number;
}

/**
 * Takes or renews the lease: true when `holder` holds it until now + seconds. One
 * statement, so two processes racing for a free or expired lease cannot both win: the row
 * lock makes the second see the first's row, held by another and not expired.
 */
export async function takeLease(db: Executor, { name, holder, now, seconds }: LeaseTerms): Promise<boolean> {
  const rows = rowsOf<{ holder: string }>(await db.execute(sql`
    insert into job_leases (name, holder, expires_at) values (${name}, ${holder}, ${addSeconds(now, seconds).toISOString()}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where job_leases.holder = excluded.holder or job_leases.expires_at <= ${now.toISOString()}::timestamptz
    returning holder`));
  return rows.length === 1;
}

/** Gives the lease up at once (a process stopping), so another takes it without waiting. */
export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}
