/**
 * Dues (docs/product.md#dues-and-reminders): a person at the shop moves an account's due date, sees
 * what is overdue ("To collect") and reminds a customer in the customer's language; moving a due
 * date and reminding are in the shop's audit log. The rules of what is
 * due live in the ledger's khata_pay and khata_refresh_dues (server/ledger/functions); this reads them and moves
 * them through the ledger (server/ledger/ledger.ts deferDue, markReminded).
 */
import { randomUUID } from 'node:crypto';
import type { ReminderDraft, ToCollect } from '@common/api/types';
import { defaultLanguage } from '@common/languages';
import { dueDateMoveDaysMax, remindersPerAccountPerDayMax } from '@common/limits';
import { toWireAmount } from '@common/money';
import type { DueDateBody, ReminderBody } from '@common/schemas/dues';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, indiaDay, indiaDayStart } from '../../india-days';
import type { Ledger } from '../../ledger/ledger';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import * as repository from './dues.repository';
import { reminderText, smsUrl, whatsappUrl } from './reminder-text';

export function createDuesService(deps: {
  db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; credit: CreditService; audit: AuditService;
}) {
  const { db, clock, ledger, businesses, credit, audit } = deps;

  /** Moves the account's dues to a later date: from tomorrow to a year ahead (India days). */
  async function moveDueDate(actor: Actor, accountId: string, body: DueDateBody) {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const today = indiaDay(now);
    const outOfRange = body.dueOn <= today || body.dueOn > addDays(today, dueDateMoveDaysMax);
    await inTransaction(db, async (tx) => {
      const account = await repository.lockAccount(tx, business.id, accountId);
      if (!account) throw new AppError('credit_account_not_found');
      if (account.owedPaise === 0) throw new AppError('nothing_owed');
      if (outOfRange) throw new AppError('due_date_out_of_range');
      await ledger.deferDue(tx, { businessId: business.id, accountId, dueOn: body.dueOn, now });
      await audit.record(tx, actor, {
        action: 'due_date_moved', subject: account.customerName,
        details: { ...(account.nextDueOn === null ? {} : { from: account.nextDueOn }), to: body.dueOn },
      });
    });
    const account = await credit.viewForBusiness(db, business.id, accountId);
    assert(account, 'the credit account whose due date just moved exists');
    return { creditAccount: account };
  }

  /** The "To collect" card: accounts with anything overdue, largest first. */
  async function toCollect(actor: Actor): Promise<ToCollect> {
    const answer = await repository.toCollect(db, actor.businessId, indiaDay(clock()));
    return {
      overdue: toWireAmount(answer.totalOverduePaise),
      customers: answer.customers,
      accounts: answer.accounts.map((row) => ({
        creditAccountId: row.creditAccountId,
        customerId: row.customerId,
        customerName: row.customerName,
        phone: row.phone ?? '',
        owed: toWireAmount(row.owedPaise),
        overdue: toWireAmount(row.overduePaise),
        nextDueOn: row.nextDueOn,
        lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * The reminder for one account, ready to send: its text in the customer's language and
   * the WhatsApp and SMS links that carry it. `origin` is where the customer's link points.
   */
  async function reminderDraft(actor: Actor, accountId: string, origin: string): Promise<ReminderDraft> {
    const source = await repository.reminderSource(db, actor.businessId, accountId);
    if (!source) throw new AppError('credit_account_not_found');
    if (source.owedPaise === 0 || source.nextDueOn === null) throw new AppError('nothing_owed');
    const language = source.language ?? defaultLanguage;
    const text = reminderText({
      shopName: source.businessName, owedPaise: source.owedPaise, dueOn: source.nextDueOn,
      overdue: source.nextDueOn < indiaDay(clock()), link: `${origin}/accounts/${actor.businessId}`,
    }, language);
    const phone = source.phone ?? '';
    return {
      text, whatsappUrl: whatsappUrl(phone, text), smsUrl: smsUrl(phone, text),
      lastRemindedAt: source.lastRemindedAt?.toISOString() ?? null, language,
    };
  }

  /**
   * Records that a person at the shop is sending a reminder, at most remindersPerAccountPerDayMax
   * an India day per account; the web app opens WhatsApp or SMS only once this answered.
   * The account's row is locked before today's reminders are counted, so concurrent
   * reminders to one account count one after another and never pass the limit together.
   */
  async function recordReminder(actor: Actor, accountId: string, body: ReminderBody) {
    const business = await businesses.requireApproved(actor);
    const sentAt = clock();
    const today = indiaDay(sentAt);
    await inTransaction(db, async (tx) => {
      const account = await repository.lockAccount(tx, business.id, accountId);
      if (!account) throw new AppError('credit_account_not_found');
      const sentToday = await repository.remindersSince(tx, accountId, indiaDayStart(today));
      if (sentToday >= remindersPerAccountPerDayMax) {
        const retryAfterSeconds = Math.ceil((indiaDayStart(addDays(today, 1)).getTime() - sentAt.getTime()) / 1000);
        throw new AppError('reminder_limit', { remindersMax: remindersPerAccountPerDayMax, retryAfterSeconds });
      }
      await repository.recordReminder(tx, {
        id: randomUUID(), businessId: business.id, creditAccountId: accountId, channel: body.channel, sentAt,
      });
      await ledger.markReminded(tx, { businessId: business.id, accountId, at: sentAt });
      await audit.record(tx, actor, { action: 'reminder_sent', subject: account.customerName, details: { channel: body.channel } });
    });
    return { lastRemindedAt: sentAt.toISOString() };
  }

  return { moveDueDate, toCollect, reminderDraft, recordReminder };
}

export type DuesService = ReturnType<typeof createDuesService>;
