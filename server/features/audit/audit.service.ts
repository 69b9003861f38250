/**
 * The shop's audit log (docs/product.md#staff): what each person did, with their role then.
 * Ledger rows record their person themselves (transactions.actor_member_id); everything else
 * a person does at a shop is recorded here, in the transaction that does it.
 */
import type { Paise } from '@common/money';
import type { AuditAction } from '@common/schemas/staff';
import type { Actor } from '../../actor';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { uuidv7 } from '../../ids';
import * as repository from './audit.repository';

export interface AuditNote {
  action: AuditAction;
  /** Whom or what it was about, as shown now: a customer's or a person's name. */
  subject?: string | null;
  amountPaise?: Paise | null;
  /** Particulars for the log's line (old and new values), as strings. */
  details?: Record<string, string>;
}

export function createAuditService(deps: { clock: Clock }) {
  const { clock } = deps;

  /** Records what `actor` did, inside the caller's transaction `tx`. */
  async function record(tx: Executor, actor: Actor, note: AuditNote): Promise<void> {
    const now = clock();
    await repository.insertAudit(tx, {
      id: uuidv7(now.getTime()),
      businessId: actor.businessId,
      memberId: actor.memberId,
      role: actor.role,
      action: note.action,
      subject: note.subject ?? null,
      amountPaise: note.amountPaise ?? null,
      details: note.details ?? {},
      createdAt: now,
    });
  }

  return { record };
}

export type AuditService = ReturnType<typeof createAuditService>;
