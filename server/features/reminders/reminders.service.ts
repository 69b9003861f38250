/**
 * Reminder SMS that go by themselves (docs/product.md#automatic-reminders): the shop's
 * schedule, sent by whichever process holds the scheduler's lease; "Send to all overdue";
 * each account's SMS; the merchant's exclusion and the customer's opt-out; and the short
 * link in each SMS. Every reminder is queued in one transaction per account, under the
 * account's lock: the 3 reminders a day per account (manual ones count too) and the shop's
 * daily SMS limit are checked there, and the SMS row's dedupe key makes each occasion one SMS
 * however many processes try. The SMS service (server/sms/sms.service.ts) sends them.
 */
import { randomUUID } from 'node:crypto';
import type {
  AccountSmsReminders, ReminderBatch, ReminderBatchPreview, ReminderLinkTarget, ReminderSchedule, SmsReminderKind,
} from '@common/api/types';
import { defaultLanguage, type Language } from '@common/languages';
import {
  reminderHourDefault, reminderHourMin, reminderLeaseSeconds, reminderLinkCodeLength, reminderLinkTtlDays, reminderQuietHour, remindersPerAccountPerDayMax,
  smsHistoryListMax,
} from '@common/limits';
import { toWireAmount } from '@common/money';
import type { ReminderExclusionBody, ReminderOptOutBody, ReminderScheduleBody } from '@common/schemas/reminders';
import type { Actor } from '../../actor';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, indiaDay, indiaDayStart, indiaHour, secondsToIndiaMidnight } from '../../india-days';
import type { Ledger } from '../../ledger/ledger';
import type { ReminderSmsVariables } from '../../sms/provider';
import type { SmsService } from '../../sms/sms.service';
import { smsAmount, smsVariable } from '../../sms/templates';
import { isShortCode, newShortCode } from '../../short-codes';
import type { AuditService } from '../audit/audit.service';
import { changeDetails } from '../audit/change-details';
import type { BusinessService } from '../businesses/businesses.service';
import * as dues from '../dues/dues.repository';
import { formatDueDate } from '../dues/reminder-text';
import { releaseLease, takeLease } from './lease';
import * as repository from './reminders.repository';
import type { ReminderFacts } from './reminders.repository';

/** The scheduler's lease in job_leases. */
export const reminderLeaseName = 'reminders';

/** Where a link points when no request says so and PUBLIC_URL is unset (development). */
const developmentOrigin = 'http://localhost:5000';

const daySeconds = 24 * 3600;

/** Why an overdue account gets no reminder now; the preview counts each. */
type SkipReason = 'optedOut' | 'excluded' | 'noPhone' | 'accountLimit';

function skipReason(facts: ReminderFacts): SkipReason | null {
  if (facts.optedOut) return 'optedOut';
  if (facts.excluded) return 'excluded';
  if (facts.phone === null) return 'noPhone';
  if (facts.remindersToday >= remindersPerAccountPerDayMax) return 'accountLimit';
  return null;
}

/** Why a reminder goes, and its key: one SMS per account and key, ever. */
interface Occasion { kind: SmsReminderKind; dedupeKey: string }

/** Says which occasion a reminder to the (locked) account is for now, or null when none is due. */
type OccasionOf = (tx: Executor, facts: ReminderFacts & { nextDueOn: string }, today: string) => Promise<Occasion | null>;

type Outcome = 'queued' | 'skipped' | 'shop_limit';

export function createReminderService(deps: {
  db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; sms: SmsService; audit: AuditService; publicUrl: string | undefined;
}) {
  const { db, clock, ledger, businesses, sms, audit, publicUrl } = deps;
  /** This process's name on the scheduler's lease. */
  const holder = randomUUID();
  const scheduledOrigin = publicUrl ?? developmentOrigin;

  const variablesOf = (shop: string, facts: ReminderFacts & { nextDueOn: string }, language: Language, link: string): ReminderSmsVariables => ({
    shop: smsVariable(shop), owed: smsAmount(facts.owedPaise, language), overdue: smsAmount(facts.overduePaise, language),
    due_date: formatDueDate(facts.nextDueOn, language), link,
  });

  /**
   * Queues one reminder to one account, in one transaction under the account's lock:
   * skipped when the account no longer qualifies, has had its reminders for the day or
   * already has this occasion's SMS; 'shop_limit' once the shop has sent its SMS for the day.
   * The link and the reminders row are written only with the SMS, as is what `alongside`
   * writes (a batch's own rows).
   */
  async function enqueueOne(
    shop: { id: string; name: string }, accountId: string, batchId: string | null, occasionOf: OccasionOf, origin: string,
    alongside?: (tx: Executor) => Promise<void>,
  ): Promise<Outcome> {
    const now = clock();
    const today = indiaDay(now);
    return inTransaction(db, async (tx) => {
      if (await dues.lockOwed(tx, shop.id, accountId) === null) return 'skipped';
      const facts = await repository.reminderFacts(tx, shop.id, accountId, today, indiaDayStart(today));
      if (!facts || facts.owedPaise <= 0 || facts.nextDueOn === null || skipReason(facts) !== null) return 'skipped';
      const due = { ...facts, nextDueOn: facts.nextDueOn };
      const occasion = await occasionOf(tx, due, today);
      if (!occasion) return 'skipped';
      await repository.lockShopReminders(tx, shop.id);
      if (await sms.remindersSentToday(tx, shop.id) >= sms.dailyLimitPerShop) return 'shop_limit';
      const code = newShortCode(reminderLinkCodeLength);
      const language = facts.language ?? defaultLanguage;
      const smsId = await sms.enqueueReminder(tx, {
        businessId: shop.id, creditAccountId: accountId, batchId, kind: occasion.kind, dedupeKey: occasion.dedupeKey,
        to: facts.phone!, language, variables: variablesOf(shop.name, due, language, `${origin}/r/${code}`),
      });
      // Already sent for this occasion (another process, or before a restart): nothing is written.
      if (smsId === null) return 'skipped';
      await repository.insertLink(tx, {
        code, creditAccountId: accountId, customerId: facts.customerId, businessId: shop.id,
        createdAt: now, expiresAt: addSeconds(now, reminderLinkTtlDays * daySeconds),
      });
      await dues.recordReminder(tx, { id: randomUUID(), businessId: shop.id, creditAccountId: accountId, channel: 'sms', sentAt: now });
      await ledger.markReminded(tx, { businessId: shop.id, accountId, at: now });
      await alongside?.(tx);
      return 'queued';
    });
  }

  // -------------------------------------------------------------------------------------
  // The schedule.

  const scheduledOccasion = (schedule: repository.ScheduleRow): OccasionOf => async (tx, facts, today) => {
    if (schedule.overdueEveryDays !== null && facts.nextDueOn < today) {
      // Every N days: none in the N - 1 India days before today, nor today.
      const since = indiaDayStart(addDays(today, 1 - schedule.overdueEveryDays));
      if (await repository.overdueSmsSince(tx, facts.creditAccountId, since) > 0) return null;
      return { kind: 'overdue', dedupeKey: `overdue:${today}` };
    }
    if (schedule.beforeDueDays !== null && facts.nextDueOn === addDays(today, schedule.beforeDueDays)) {
      return { kind: 'before_due', dedupeKey: `before_due:${facts.nextDueOn}` };
    }
    return null;
  };

  /** The shop's scheduled reminders due now, up to its daily limit. */
  async function enqueueForShop(schedule: repository.DueSchedule, today: string): Promise<number> {
    const accountIds = await repository.dueAccounts(db, {
      businessId: schedule.businessId, today, overdueEveryDays: schedule.overdueEveryDays, beforeDueDays: schedule.beforeDueDays,
      overdueSince: indiaDayStart(addDays(today, 1 - (schedule.overdueEveryDays ?? 1))), dayStart: indiaDayStart(today),
      perAccountMax: remindersPerAccountPerDayMax, limit: sms.dailyLimitPerShop,
    });
    if (accountIds.length === 0) return 0;
    if (await sms.remindersSentToday(db, schedule.businessId) >= sms.dailyLimitPerShop) return 0;
    const shop = { id: schedule.businessId, name: schedule.businessName };
    const occasionOf = scheduledOccasion(schedule);
    let queued = 0;
    for (const accountId of accountIds) {
      const outcome = await enqueueOne(shop, accountId, null, occasionOf, scheduledOrigin);
      if (outcome === 'shop_limit') break;
      if (outcome === 'queued') queued += 1;
    }
    return queued;
  }

  /** Whether reminders may go at `at`: from the earliest schedule hour to before the quiet hour, India time. */
  const inSendingHours = (at: Date) => indiaHour(at) >= reminderHourMin && indiaHour(at) < reminderQuietHour;

  /**
   * Queues every scheduled reminder due now, shop by shop, while this process holds the
   * lease (renewed as it goes, so a long run keeps it), and never at or after the quiet hour.
   */
  async function enqueueScheduled(): Promise<number> {
    const started = clock();
    if (!inSendingHours(started)) return 0;
    const today = indiaDay(started);
    let renewedAt = started.getTime();
    let queued = 0;
    for (const schedule of await repository.dueSchedules(db, indiaHour(started))) {
      const now = clock();
      if (!inSendingHours(now) || indiaDay(now) !== today) break;
      if (now.getTime() - renewedAt >= (reminderLeaseSeconds / 2) * 1000) {
        if (!await takeLease(db, { name: reminderLeaseName, holder, now, seconds: reminderLeaseSeconds })) break;
        renewedAt = now.getTime();
      }
      queued += await enqueueForShop(schedule, today);
    }
    return queued;
  }

  /**
   * One round of the scheduler (every reminderTickMs in each process): the process holding
   * the lease queues the scheduled reminders due; then every process sends what is queued
   * (the SMS service claims each SMS for one sender alone).
   */
  async function tick(): Promise<{ queued: number; leased: boolean }> {
    const leased = await takeLease(db, { name: reminderLeaseName, holder, now: clock(), seconds: reminderLeaseSeconds });
    const queued = leased ? await enqueueScheduled() : 0;
    await sms.drain();
    return { queued, leased };
  }

  /** Gives the scheduler's lease up when this process stops, so another takes it at once. */
  async function stop(): Promise<void> {
    await releaseLease(db, reminderLeaseName, holder);
  }

  // -------------------------------------------------------------------------------------
  // Settings.

  async function scheduleView(businessId: string): Promise<ReminderSchedule> {
    const schedule = await repository.findSchedule(db, businessId);
    return {
      overdueEveryDays: schedule?.overdueEveryDays ?? null,
      beforeDueDays: schedule?.beforeDueDays ?? null,
      hour: schedule?.hour ?? reminderHourDefault,
      dailyLimit: sms.dailyLimitPerShop,
      sentToday: await sms.remindersSentToday(db, businessId),
    };
  }

  const settings = (actor: Actor): Promise<ReminderSchedule> => scheduleView(actor.businessId);

  /** Saves the shop's schedule; what changed goes to the audit log in the same transaction. */
  async function saveSettings(actor: Actor, body: ReminderScheduleBody): Promise<ReminderSchedule> {
    const business = await businesses.requireApproved(actor);
    await inTransaction(db, async (tx) => {
      const before = await repository.lockSchedule(tx, business.id);
      const after: repository.ScheduleRow = { overdueEveryDays: body.overdueEveryDays, beforeDueDays: body.beforeDueDays, hour: body.hour };
      await repository.saveSchedule(tx, { businessId: business.id, ...after, updatedAt: clock() });
      // Each changed setting's old and new value (overdueEveryDaysFrom/To, …; a setting turned off: '').
      const details = changeDetails(before ?? { overdueEveryDays: null, beforeDueDays: null, hour: reminderHourDefault }, after);
      if (Object.keys(details).length > 0) await audit.record(tx, actor, { action: 'reminder_settings_changed', details });
    });
    return scheduleView(business.id);
  }

  // -------------------------------------------------------------------------------------
  // "Send to all overdue".

  /** What "Send to all overdue" would send now; the link in each text is a sample of the real one's shape. */
  async function preview(actor: Actor, origin: string): Promise<ReminderBatchPreview> {
    const business = await businesses.findById(actor.businessId);
    if (!business) throw new AppError('business_not_found');
    const today = indiaDay(clock());
    const dailyLimit = sms.dailyLimitPerShop;
    const sentToday = await sms.remindersSentToday(db, business.id);
    const skipped = { optedOut: 0, excluded: 0, noPhone: 0, accountLimit: 0, shopLimit: 0 };
    const messages: ReminderBatchPreview['messages'] = [];
    const sampleLink = `${origin}/r/${newShortCode(reminderLinkCodeLength)}`;
    for (const facts of await repository.overdueAccounts(db, business.id, today, indiaDayStart(today))) {
      const reason = skipReason(facts);
      if (reason !== null) skipped[reason] += 1;
      else if (messages.length >= dailyLimit - sentToday) skipped.shopLimit += 1;
      else {
        const language = facts.language ?? defaultLanguage;
        const due = { ...facts, nextDueOn: facts.nextDueOn! };
        messages.push({
          creditAccountId: facts.creditAccountId, customerName: facts.customerName, language,
          owed: toWireAmount(facts.owedPaise), overdue: toWireAmount(facts.overduePaise),
          text: sms.reminderText(language, variablesOf(business.businessName, due, language, sampleLink)),
        });
      }
    }
    return { count: messages.length, skipped, dailyLimit, sentToday, messages };
  }

  const shopLimitError = (now: Date) =>
    new AppError('sms_daily_limit', { limit: sms.dailyLimitPerShop, retryAfterSeconds: secondsToIndiaMidnight(now) });

  /**
   * Queues a reminder to every overdue account that may get one, largest overdue first, until
   * the shop's daily limit; the SMS go in the background. Refused with 429 when the shop has
   * no SMS left today and 409 when no one could be sent one (no batch is left behind). The
   * batch is one line of the audit log, with its count: the batch's row and that line are
   * written with its first SMS, and each later SMS raises the count in its own transaction,
   * so whatever stops the batch midway, the line counts exactly the SMS it queued.
   */
  async function sendToAllOverdue(actor: Actor, origin: string): Promise<ReminderBatch> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    if (await sms.remindersSentToday(db, business.id) >= sms.dailyLimitPerShop) throw shopLimitError(now);
    const today = indiaDay(now);
    const batchId = randomUUID();
    const bulk: OccasionOf = async (_tx, facts, day) => (facts.nextDueOn < day ? { kind: 'bulk', dedupeKey: `bulk:${batchId}` } : null);
    const shop = { id: business.id, name: business.businessName };
    /** SMS queued and committed; a transaction retried (inTransaction) runs `countIn` again with the same count. */
    let queued = 0;
    let lineId = '';
    const countIn = async (tx: Executor) => {
      if (queued === 0) {
        await repository.insertBatch(tx, { id: batchId, businessId: business.id, createdAt: now });
        lineId = await audit.record(tx, actor, { action: 'reminders_sent', details: { count: '1' } });
      } else {
        await audit.recount(tx, lineId, queued + 1);
      }
    };
    let stoppedByLimit = false;
    for (const facts of await repository.overdueAccounts(db, business.id, today, indiaDayStart(today))) {
      if (skipReason(facts) !== null) continue;
      const outcome = await enqueueOne(shop, facts.creditAccountId, batchId, bulk, origin, countIn);
      if (outcome === 'shop_limit') { stoppedByLimit = true; break; }
      if (outcome === 'queued') queued += 1;
    }
    if (queued === 0) throw stoppedByLimit ? shopLimitError(now) : new AppError('nothing_to_remind');
    // Sent after the answer; what this misses (a failure, a stop) the next tick sends.
    void sms.drain().catch(() => undefined);
    return batchView(business.id, batchId);
  }

  async function batchView(businessId: string, batchId: string): Promise<ReminderBatch> {
    const batch = await repository.findBatch(db, businessId, batchId);
    if (!batch) throw new AppError('reminder_batch_not_found');
    const messages = await repository.batchMessages(db, batchId);
    const counted = (...statuses: string[]) => messages.filter((message) => statuses.includes(message.status)).length;
    return {
      id: batch.id,
      createdAt: batch.createdAt.toISOString(),
      total: messages.length,
      queued: counted('queued', 'sending'),
      sent: counted('sent'),
      delivered: counted('delivered'),
      failed: counted('failed'),
      messages: messages.map((message) => ({
        creditAccountId: message.creditAccountId!, customerName: message.customerName, status: message.status, attempts: message.attempts,
      })),
    };
  }

  /** A batch's progress; another shop's is not found. */
  const batch = (actor: Actor, batchId: string): Promise<ReminderBatch> => batchView(actor.businessId, batchId);

  // -------------------------------------------------------------------------------------
  // One account.

  /** The account's reminder SMS, newest first, and whether it gets any. */
  async function accountReminders(actor: Actor, accountId: string): Promise<AccountSmsReminders> {
    if (!await repository.isBusinessAccount(db, actor.businessId, accountId)) throw new AppError('credit_account_not_found');
    const messages = await repository.accountSms(db, accountId, smsHistoryListMax);
    return {
      ...await repository.preferences(db, accountId),
      messages: messages.map((message) => ({
        id: message.id,
        creditAccountId: message.creditAccountId!,
        kind: message.kind!,
        status: message.status,
        attempts: message.attempts,
        createdAt: message.createdAt.toISOString(),
        sentAt: message.sentAt?.toISOString() ?? null,
        deliveredAt: message.deliveredAt?.toISOString() ?? null,
        error: message.error,
      })),
    };
  }

  /** A person at the shop leaves a customer out of automatic and bulk reminders, or lets them back in. */
  async function setExclusion(actor: Actor, accountId: string, body: ReminderExclusionBody) {
    const business = await businesses.requireApproved(actor);
    return inTransaction(db, async (tx) => {
      const customerName = await repository.accountCustomerName(tx, business.id, accountId);
      if (customerName === null) throw new AppError('credit_account_not_found');
      const preferences = await repository.setExcluded(tx, { creditAccountId: accountId, businessId: business.id }, body.excluded ? clock() : null);
      await audit.record(tx, actor, {
        action: 'reminder_exclusion_changed', subject: customerName, details: { excluded: String(body.excluded) },
      });
      return preferences;
    });
  }

  /** The customer stops (or allows again) reminder SMS about one of their accounts. */
  async function setOptOut(customerId: string, accountId: string, body: ReminderOptOutBody) {
    const businessId = await repository.customerAccountBusiness(db, customerId, accountId);
    if (businessId === null) throw new AppError('credit_account_not_found');
    return repository.setOptedOut(db, { creditAccountId: accountId, businessId }, body.optedOut ? clock() : null);
  }

  /**
   * Where a reminder's link leads the signed-in customer. An unknown code, an expired one
   * and another customer's all answer the same, so codes cannot be probed.
   */
  async function resolveLink(customerId: string, code: string): Promise<ReminderLinkTarget> {
    const target = isShortCode(code, reminderLinkCodeLength) ? await repository.findLiveLink(db, code, customerId, clock()) : null;
    if (!target) throw new AppError('reminder_link_not_found');
    return target;
  }

  return {
    tick, stop, settings, saveSettings, preview, sendToAllOverdue, batch, accountReminders, setExclusion, setOptOut, resolveLink,
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
