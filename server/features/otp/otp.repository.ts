/** SQL for one-time codes and the proofs a successful verification leaves. */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { otpCodes, otpProofs, users } from '../../db/schema';

/** Serialises sends and verifications of one phone, whatever the purpose, until the transaction ends. */
export async function lockPhone(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/**
 * The language saved by the user of this phone, if any chose one; a customer and a
 * business sharing a phone may differ, and the newer account's choice is taken.
 */
export async function savedLanguage(db: Executor, phone: string) {
  const [row] = await db.select({ language: users.language }).from(users)
    .where(and(eq(users.phone, phone), sql`${users.language} is not null`))
    .orderBy(desc(users.createdAt)).limit(1);
  return row?.language ?? undefined;
}

/**
 * Sends to a phone since a time, for every purpose: the send limits are per phone
 * (docs/product.md#otp).
 */
export async function sendHistory(tx: Executor, phone: string, since: Date) {
  const [row] = await tx
    .select({ sends: count(), lastSentAt: sql<string | null>`max(${otpCodes.createdAt})` })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, since)));
  return { sends: row?.sends ?? 0, lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null };
}

/**
 * A new code, saved before its SMS goes: counted by the send limits at once (so a send racing
 * it is refused and only one SMS goes) but not usable yet, marked consumed until `openCode`.
 */
export async function insertPendingCode(
  tx: Executor,
  row: { id: string; phone: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(otpCodes).values({ ...row, consumedAt: row.createdAt });
}

/** The vendor took the code's SMS: it replaces any earlier one still open for the same phone and purpose. */
export async function openCode(tx: Executor, row: { id: string; phone: string; purpose: string }, now: Date): Promise<void> {
  await tx.update(otpCodes).set({ consumedAt: now })
    .where(and(eq(otpCodes.phone, row.phone), eq(otpCodes.purpose, row.purpose), isNull(otpCodes.consumedAt)));
  await tx.update(otpCodes).set({ consumedAt: null }).where(eq(otpCodes.id, row.id));
}

/** Every vendor failed to send the code: it is gone, neither counted nor usable. */
export async function discardCode(tx: Executor, id: string): Promise<void> {
  await tx.delete(otpCodes).where(eq(otpCodes.id, id));
}

export async function latestOpenCode(tx: Executor, phone: string, purpose: string) {
  const rows = await tx.select().from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function countWrongAttempt(tx: Executor, id: string): Promise<number> {
  const [row] = await tx.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id)).returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? 0;
}

export async function consumeCode(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, id));
}

export async function insertProof(
  tx: Executor, row: { tokenHash: string; phone: string; purpose: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(otpProofs).values(row);
}

/** A proof that is unused, unexpired and bound to this phone and purpose. */
const liveProof = (tokenHash: string, phone: string, purpose: string, now: Date) => and(
  eq(otpProofs.tokenHash, tokenHash),
  eq(otpProofs.phone, phone),
  eq(otpProofs.purpose, purpose),
  isNull(otpProofs.consumedAt),
  gt(otpProofs.expiresAt, now),
);

/** Uses up a proof; true only if it was live and bound to this phone and purpose. */
export async function consumeProof(
  tx: Executor, tokenHash: string, phone: string, purpose: string, now: Date,
): Promise<boolean> {
  const rows = await tx.update(otpProofs).set({ consumedAt: now })
    .where(liveProof(tokenHash, phone, purpose, now))
    .returning({ tokenHash: otpProofs.tokenHash });
  return rows.length === 1;
}

/** Is a proof live and bound to this phone and purpose? Reads only. */
export async function isLiveProof(
  db: Executor, tokenHash: string, phone: string, purpose: string, now: Date,
): Promise<boolean> {
  const rows = await db.select({ tokenHash: otpProofs.tokenHash }).from(otpProofs)
    .where(liveProof(tokenHash, phone, purpose, now));
  return rows.length === 1;
}

/** The phone of a proof that is unused, unexpired and of this purpose; null when there is none. */
export async function liveProofPhone(db: Executor, tokenHash: string, purpose: string, now: Date): Promise<string | null> {
  const rows = await db.select({ phone: otpProofs.phone }).from(otpProofs)
    .where(and(eq(otpProofs.tokenHash, tokenHash), eq(otpProofs.purpose, purpose), isNull(otpProofs.consumedAt), gt(otpProofs.expiresAt, now)));
  return rows[0]?.phone ?? null;
}

/** Counts a registration refused for a taken e-mail; the `max`-th uses the proof up. */
export async function countEmailConflict(db: Executor, tokenHash: string, max: number, now: Date): Promise<void> {
  await db.update(otpProofs)
    .set({
      emailConflicts: sql`${otpProofs.emailConflicts} + 1`,
      consumedAt: sql`case when ${otpProofs.emailConflicts} + 1 >= ${max} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(otpProofs.tokenHash, tokenHash), isNull(otpProofs.consumedAt)));
}
