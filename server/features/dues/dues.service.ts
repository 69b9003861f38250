/**
 * Dues (docs/product.md#dues-and-reminders): the merchant moves an account's due date, sees what is
 * overdue ("To collect") and reminds a customer in the customer's language. The rules of what is
 * due live in the ledger's khata_pay and khata_refresh_dues (server/ledger/functions); this reads them and moves
 * them through the ledger (server/ledger/ledger.ts deferDue, markReminded).
 */
import { randomUUID } from 'node:crypto';
import type { ReminderDraft, ToCollect } from '@common/api/types';
import { defaultLanguage } from '@common/languages';
import { dueDateMoveDaysMax, remindersPerAccountPerDayMax } from '@common/limits';
import { paise, toWireAmount } from '@common/money';
import type { DueDateBody, ReminderBody } from '@common/schemas/dues';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, indiaDay, indiaDayStart } from '../../india-days';
import type { Ledger } from '../../ledger/ledger';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import * as repository from './dues.repository';
import { reminderText, smsUrl, whatsappUrl } from './reminder-text';

export function createDuesService(deps: { db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; credit: CreditService }) {
  const { db, clock, ledger, businesses, credit } = deps;

  /** Moves the account's dues to a later date: from tomorrow to a year ahead (India days). */
  async function moveDueDate(userId: string, accountId: string, body: DueDateBody) {
    const business = await businesses.requireApproved(userId);
    const now = clock();
    const today = indiaDay(now);
    const outOfRange = body.dueOn <= today || body.dueOn > addDays(today, dueDateMoveDaysMax);
    await inTransaction(db, async (tx) => {
      const owedPaise = await repository.lockOwed(tx, business.id, accountId);
      if (owedPaise === null) throw new AppError('credit_account_not_found');
      if (owedPaise === 0) throw new AppError('nothing_owed');
      if (outOfRange) throw new AppError('due_date_out_of_range');
      await ledger.deferDue(tx, { businessId: business.id, accountId, dueOn: body.dueOn, now });
    });
    const account = await credit.viewForBusiness(db, business.id, accountId);
    assert(account, 'the credit account whose due date just moved exists');
    return { creditAccount: account };
  }

  /** The "To collect" card: accounts with anything overdue, largest first. */
  async function toCollect(userId: string): Promise<ToCollect> {
    const business = await businesses.findOwn(userId);
    if (!business) return { overdue: toWireAmount(paise(0)), customers: 0, accounts: [] };
    const answer = await repository.toCollect(db, business.id, indiaDay(clock()));
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
  async function reminderDraft(userId: string, accountId: string, origin: string): Promise<ReminderDraft> {
    const business = await businesses.findOwn(userId);
    const source = business ? await repository.reminderSource(db, business.id, accountId) : null;
    if (!business || !source) throw new AppError('credit_account_not_found');
    if (source.owedPaise === 0 || source.nextDueOn === null) throw new AppError('nothing_owed');
    const language = source.language ?? defaultLanguage;
    const text = reminderText({
      shopName: source.businessName, owedPaise: source.owedPaise, dueOn: source.nextDueOn,
      overdue: source.nextDueOn < indiaDay(clock()), link: `${origin}/accounts/${business.id}`,
    }, language);
    const phone = source.phone ?? '';
    return {
      text, whatsappUrl: whatsappUrl(phone, text), smsUrl: smsUrl(phone, text),
      lastRemindedAt: source.lastRemindedAt?.toISOString() ?? null, language,
    };
  }

  /**
   * Records that the merchant is sending a reminder, at most remindersPerAccountPerDayMax
   * an India day per account; the web app opens WhatsApp or SMS only once this answered.
   * The account's row is locked before today's reminders are counted, so concurrent
   * reminders to one account count one after another and never pass the limit together.
   */
  async function recordReminder(userId: string, accountId: string, body: ReminderBody) {
    const business = await businesses.requireApproved(userId);
    const sentAt = clock();
    const today = indiaDay(sentAt);
    await inTransaction(db, async (tx) => {
      if (await repository.lockOwed(tx, business.id, accountId) === null) throw new AppError('credit_account_not_found');
      const sentToday = await repository.remindersSince(tx, accountId, indiaDayStart(today));
      if (sentToday >= remindersPerAccountPerDayMax) {
        const retryAfterSeconds = Math.ceil((indiaDayStart(addDays(today, 1)).getTime() - sentAt.getTime()) / 1000);
        throw new AppError('reminder_limit', { remindersMax: remindersPerAccountPerDayMax, retryAfterSeconds });
      }
      await repository.recordReminder(tx, {
        id: randomUUID(), businessId: business.id, creditAccountId: accountId, channel: body.channel, sentAt,
      });
      await ledger.markReminded(tx, { businessId: business.id, accountId, at: sentAt });
    });
    return { lastRemindedAt: sentAt.toISOString() };
  }

  return { moveDueDate, toCollect, reminderDraft, recordReminder };
}

export type DuesService = ReturnType<typeof createDuesService>;
