/**
 * Every SMS Khata sends goes through here, and each leaves a row in sms_messages: a one-time
 * code is sent at once (the caller waits for it) and recorded with the vendor's answer, never
 * with its code; a reminder or an invitation is queued in the caller's transaction and sent
 * later by `drain`, which any process may run: a row is claimed before it is sent, so none
 * goes twice, and one left half-sent by a crash is never sent again (it is marked failed).
 * The vendors' delivery reports move each row on (docs/operations.md, "SMS").
 *
 * Vendor statuses, as recorded here:
 * - Twilio: queued, accepted, scheduled, sending and sent mean the vendor has it: 'sent' (an
 *   SMS is 'sent' from the moment the vendor's API took it). delivered and read: 'delivered'.
 *   undelivered, failed and canceled: 'failed'. Anything else (an inbound status) is ignored.
 * - MSG91 (delivery webhook, its status codes or words): 1 / DELIVERED: 'delivered';
 *   2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked number (or those words): 'failed';
 *   any other code: 'sent'.
 * A failed reminder or invitation with tries left is queued again for the next drain (one
 * retry); a failed code is never resent (the person asks for a new one).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SmsUsage } from '@common/api/types';
import type { Language } from '@common/languages';
import {
  invitationsPerNumberPerDay, reminderHourMin, reminderQuietHour, smsReminderAttemptsMax, smsSendingStaleSeconds, smsUnavailableRetryAfterSeconds,
} from '@common/limits';
import type { SmsReminderKind, SmsStatus } from '@common/schemas/reminders';
import type { Clock } from '../clock';
import { assert } from '../assert';
import type { Db, Executor } from '../db/client';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { addDays, indiaDay, indiaDayStart, indiaHour } from '../india-days';
import { SmsSendError, type ReminderSmsVariables, type SmsMessage, type SmsProvider, type SmsSent, type SmsTemplate } from './provider';
import * as repository from './sms.repository';
import { smsText } from './templates';
import { verifyTwilioSignature, type TwilioParams } from './twilio-signature';

/** Queued SMS one sender claims and sends at once, side by side. */
const drainBatchRows = 10;
/** How long a delivery report that overtook its send waits before its second look. */
const earlyReportWaitMs = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The shops the admin's SMS figures list. */
const topShopsCount = 5;
/** A vendor's error text is kept this short. */
const errorLengthMax = 300;

export interface ReminderToQueue {
  businessId: string;
  creditAccountId: string;
  batchId: string | null;
  kind: SmsReminderKind;
  /** 'overdue:<India day>', 'before_due:<due date>' or 'bulk:<batch id>'. */
  dedupeKey: string;
  to: string;
  language: Language;
  variables: ReminderSmsVariables;
}

/** A shop's invitation SMS (template 'invite'): nothing in it is secret, so its variables are stored. */
export interface InviteToQueue {
  businessId: string;
  to: string;
  language: Language;
  variables: { shop: string; limit: string; link: string };
}

/** A shop's invitation to a person to work there (template 'staff_invite'): stored with its variables, as an invitation is. */
export interface StaffInviteToQueue {
  businessId: string;
  to: string;
  language: Language;
  variables: { shop: string; role: string; link: string };
}

type ReportStatus = Extract<SmsStatus, 'sent' | 'delivered' | 'failed'>;

const twilioStatuses: Record<string, ReportStatus> = {
  queued: 'sent', accepted: 'sent', scheduled: 'sent', sending: 'sent', sent: 'sent',
  delivered: 'delivered', read: 'delivered',
  undelivered: 'failed', failed: 'failed', canceled: 'failed',
};

const msg91Codes: Record<string, ReportStatus> = { 1: 'delivered', 2: 'failed', 9: 'failed', 16: 'failed', 17: 'failed', 25: 'failed' };
const msg91Words: Record<string, ReportStatus> = {
  delivered: 'delivered', failed: 'failed', rejected: 'failed', ndnc: 'failed', blocked: 'failed', undelivered: 'failed',
};

/** `table[key]`, for the table's own keys alone: a vendor's "constructor" is no status. */
const lookup = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** One delivery report out of MSG91's webhook body. */
interface Msg91Report { requestId: string; status: ReportStatus; error: string | null }

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** MSG91's status of one report: its code, else its word, else its description's word. */
function msg91Status(status: string | undefined, description: string | undefined): ReportStatus {
  const word = (value: string | undefined) => (value === undefined ? undefined : lookup(msg91Words, value.trim().toLowerCase()));
  return (status !== undefined ? lookup(msg91Codes, status.trim()) : undefined) ?? word(status) ?? word(description) ?? 'sent';
}

function parseMsg91Report(item: Record<string, unknown>, requestId: unknown): Msg91Report | null {
  const id = text(requestId);
  if (!id) return null;
  const status = msg91Status(text(item.status), text(item.desc));
  const reason = [item.failedReason, item.failureReason, item.desc, item.status].map(text).find((value) => value && value.trim());
  return { requestId: id, status, error: status === 'failed' ? `MSG91: ${reason ?? 'failed'}`.slice(0, errorLengthMax) : null };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The reports in a body of MSG91's delivery webhook: version 2 (form-encoded, `data` holding a
 * JSON array of requests, each with its `report` array), version 3 and the newer webhook (one
 * flat JSON report with `requestId`). Anything else holds none.
 */
export function msg91Reports(body: Record<string, unknown>): Msg91Report[] {
  if (typeof body.data === 'string') {
    let requests: unknown;
    try { requests = JSON.parse(body.data); } catch { return []; }
    if (!Array.isArray(requests)) return [];
    return requests.filter(isObject).flatMap((request) => (Array.isArray(request.report) ? request.report : [])
      .filter(isObject).map((item) => parseMsg91Report(item, request.requestId)))
      .filter((report): report is Msg91Report => report !== null);
  }
  const report = parseMsg91Report(body, body.requestId);
  return report ? [report] : [];
}

/** Equal secrets, compared in constant time whatever their lengths. */
function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export function createSmsService(deps: {
  db: Db;
  clock: Clock;
  provider: SmsProvider;
  dailyLimitPerShop: number;
  twilioAuthToken: string | undefined;
  msg91WebhookToken: string | undefined;
}) {
  const { db, clock, provider, dailyLimitPerShop, twilioAuthToken, msg91WebhookToken } = deps;

  /** Why a send failed, in the vendor's words, with `secret` (an OTP) cut out if a vendor echoed it. */
  function failure(error: unknown, secret?: string) {
    let words = error instanceof Error ? error.message : String(error);
    if (secret) words = words.split(secret).join('…');
    return { provider: error instanceof SmsSendError ? error.provider : provider.name, error: words.slice(0, errorLengthMax) };
  }

  /**
   * Sends `message` now, through the vendor and its fallback, and records it either way:
   * its variables only when it carries no `secret` (a code is never stored, and is cut out of
   * a vendor's words). When every vendor failed, refuses with 503 sms_unavailable and its
   * Retry-After. Anything else thrown is a bug, and stays one (a 500).
   */
  async function sendAtOnce(
    message: SmsMessage, record: { purpose: repository.NewSentMessage['purpose']; businessId: string | null; secret?: string },
  ): Promise<SmsSent> {
    const row = {
      id: uuidv7(clock().getTime()), purpose: record.purpose, businessId: record.businessId, toPhone: message.to,
      language: message.language, template: message.template, variables: record.secret === undefined ? { ...message.variables } : null,
    };
    let sent: SmsSent;
    try {
      sent = await provider.send(message);
    } catch (error) {
      await repository.insertSentMessage(db, {
        ...row, ...failure(error, record.secret), status: 'failed', providerMessageId: null, at: clock(),
      });
      if (!(error instanceof SmsSendError)) throw error;
      throw new AppError('sms_unavailable', { retryAfterSeconds: smsUnavailableRetryAfterSeconds });
    }
    await repository.insertSentMessage(db, {
      ...row, status: 'sent', provider: sent.provider, providerMessageId: sent.providerMessageId, error: null, at: clock(),
    });
    return sent;
  }

  /** Sends a sign-in code now (purpose 'otp', recorded without its code); the development provider hands it back. */
  async function sendOtp(phone: string, code: string, language: Language): Promise<{ developmentOtp?: string }> {
    const message: SmsMessage = { to: phone, language, template: 'otp', variables: { otp: code } };
    const sent = await sendAtOnce(message, { purpose: 'otp', businessId: null, secret: code });
    return sent.developmentOtp ? { developmentOtp: sent.developmentOtp } : {};
  }

  /**
   * Sends a shop's message now: the code that approves a charge or a sign-up at the counter
   * (`secret`: that code, so the row keeps no variables). Refuses with 503 sms_unavailable as
   * sendOtp does; no code ever comes back, even from the development provider, since the
   * merchant who asked for it must never see it.
   */
  async function sendNow(
    message: SmsMessage, record: { purpose: 'charge' | 'enrol'; businessId: string; secret?: string },
  ): Promise<void> {
    assert(record.purpose === message.template, `an SMS for ${record.purpose} goes with its own template, not ${message.template}`);
    await sendAtOnce(message, record);
  }

  /**
   * Queues a reminder in the caller's transaction; `drain` sends it. Returns its id, or null
   * when the account already has a reminder under this dedupe key (nothing is written).
   */
  async function enqueueReminder(tx: Executor, reminder: ReminderToQueue): Promise<string | null> {
    const now = clock();
    const id = uuidv7(now.getTime());
    const inserted = await repository.insertReminder(tx, {
      id, businessId: reminder.businessId, creditAccountId: reminder.creditAccountId, batchId: reminder.batchId, kind: reminder.kind,
      dedupeKey: reminder.dedupeKey, toPhone: reminder.to, language: reminder.language, variables: { ...reminder.variables }, at: now,
    });
    return inserted ? id : null;
  }

  /**
   * Queues an invitation's SMS in the caller's transaction; `drain` sends it at any hour, with
   * the queue's one retry. Nothing waits on a vendor in the merchant's request, so its answer
   * and its time are the same whether the SMS goes or is held back, and whether a vendor is up.
   */
  async function enqueueInvite(tx: Executor, invite: InviteToQueue): Promise<void> {
    await queueInvite(tx, 'invite', invite);
  }

  /** Queues a shop's invitation to a person to work there, as a customer's invitation is queued. */
  async function enqueueStaffInvite(tx: Executor, invite: StaffInviteToQueue): Promise<void> {
    await queueInvite(tx, 'staff_invite', invite);
  }

  async function queueInvite(tx: Executor, purpose: repository.InvitePurpose, invite: InviteToQueue | StaffInviteToQueue) {
    const now = clock();
    await repository.insertInvite(tx, purpose, {
      id: uuidv7(now.getTime()), businessId: invite.businessId, toPhone: invite.to, language: invite.language,
      variables: { ...invite.variables }, at: now,
    });
  }

  /**
   * Whether a shop's invitation to the number (a customer's or a person's to work there) may
   * have its SMS: fewer than invitationsPerNumberPerDay invitation SMS of either kind queued to
   * it since India midnight by any shop. Takes the number's lock to the end of the caller's
   * transaction, in which the caller then queues the SMS, so two invitations never pass the
   * limit together. Past it, the caller holds the SMS back and answers as it would have.
   */
  async function mayInvite(tx: Executor, phone: string): Promise<boolean> {
    await repository.lockNumberInvites(tx, phone);
    return await repository.invitesToNumberSince(tx, phone, indiaDayStart(indiaDay(clock()))) < invitationsPerNumberPerDay;
  }

  /** Reminder SMS the shop has queued since India midnight, whatever became of them. */
  const remindersSentToday = (executor: Executor, businessId: string) =>
    repository.remindersSince(executor, businessId, indiaDayStart(indiaDay(clock())));

  const reminderText = (language: Language, variables: ReminderSmsVariables) =>
    smsText({ template: 'reminder', language, variables: { ...variables } });

  /** Sends one claimed SMS and records the outcome; true when a vendor took it. */
  async function sendClaimed(row: repository.ClaimedMessage): Promise<boolean> {
    const message: SmsMessage = {
      to: row.toPhone, language: row.language, template: row.template as SmsTemplate, variables: row.variables ?? {},
    };
    let sent: SmsSent;
    try {
      sent = await provider.send(message);
    } catch (error) {
      await repository.markFailed(db, row.id, failure(error), smsReminderAttemptsMax, clock());
      return false;
    }
    await repository.markSent(db, row.id, sent, clock());
    return true;
  }

  let draining: Promise<number> = Promise.resolve(0);

  /**
   * Sends what is queued, a few at a time, until nothing is left that this round has not
   * tried: a failure queued again for its retry waits for the next round. Returns how many
   * a vendor took. First it marks failed what a crash left 'sending', and takes back the
   * reminders that should no longer go (opted out, left out, paid, or a day old); outside
   * 09:00–21:00 India time only "Send to all overdue" and invitations go, the schedule's SMS wait.
   */
  function drain(): Promise<number> {
    // One drain at a time in a process: a second call waits for the running one and then
    // looks again, so its caller knows that what was queued before it has been tried.
    const previous = draining;
    const next = previous.then(drainOnce, drainOnce);
    draining = next.catch(() => 0);
    return next;
  }

  async function drainOnce(): Promise<number> {
    const tried: string[] = [];
    let sent = 0;
    const started = clock();
    await repository.failInterrupted(db, new Date(started.getTime() - smsSendingStaleSeconds * 1000), started);
    await repository.withdrawQueued(db, started, indiaDayStart(indiaDay(started)));
    // Scheduled reminders, their retries too, go only in the sending hours; the merchant's own
    // "Send to all overdue" and invitations go when they send them.
    const scheduledToo = indiaHour(started) >= reminderHourMin && indiaHour(started) < reminderQuietHour;
    for (;;) {
      const claimed = await repository.claimQueued(db, drainBatchRows, tried, clock(), { scheduledToo });
      if (claimed.length === 0) return sent;
      tried.push(...claimed.map((row) => row.id));
      const outcomes = await Promise.all(claimed.map(sendClaimed));
      sent += outcomes.filter(Boolean).length;
    }
  }

  /** A vendor's word on one SMS; returns how many rows it changed (0 or 1). */
  const recordDelivery = (provider: string, providerMessageId: string, status: ReportStatus, error?: string) =>
    repository.applyDelivery(db, { provider, providerMessageId, status, error: error ?? null }, smsReminderAttemptsMax, clock());

  /**
   * A vendor's report as it arrives: it can overtake our record of the send (the vendor's id
   * is written just after its API answered), so a report that matches nothing while some SMS
   * is being sent is looked at once more a moment later.
   */
  async function recordReport(provider: string, providerMessageId: string, status: ReportStatus, error?: string) {
    if (await recordDelivery(provider, providerMessageId, status, error) > 0) return;
    // Only an SMS being sent now can be one whose id is not written yet: then the second look
    // waits a moment; else it is at once (the id may have been written since the first).
    if (await repository.anySending(db)) await sleep(earlyReportWaitMs);
    await recordDelivery(provider, providerMessageId, status, error);
  }

  /**
   * Refuses a Twilio status callback that Twilio did not sign: no auth token configured, no
   * X-Twilio-Signature, or one that is not the HMAC of `url` and these parameters.
   */
  function checkTwilioSignature(url: string, params: unknown, signature: string | undefined): void {
    const signed = twilioAuthToken !== undefined && isObject(params)
      && Object.values(params).every((value) => typeof value === 'string')
      && verifyTwilioSignature(twilioAuthToken, url, params as TwilioParams, signature);
    if (!signed) throw new AppError('sms_callback_forbidden');
  }

  /** Twilio's StatusCallback, once its signature is checked. */
  async function twilioReport(params: { MessageSid: string; MessageStatus: string; ErrorCode?: unknown }): Promise<void> {
    const status = lookup(twilioStatuses, params.MessageStatus.toLowerCase());
    if (!status) return;
    const code = text(params.ErrorCode);
    const error = status === 'failed' ? `Twilio: ${params.MessageStatus}${code ? ` (error ${code})` : ''}` : undefined;
    await recordReport('twilio', params.MessageSid, status, error);
  }

  /** Refuses a call to MSG91's webhook URL without its secret token, as if there were no such URL. */
  function checkMsg91Token(token: string): void {
    if (msg91WebhookToken === undefined || !sameSecret(msg91WebhookToken, token)) throw new AppError('sms_callback_not_found');
  }

  /** MSG91's delivery webhook, once its token is checked: every report in it. */
  async function msg91Report(body: Record<string, unknown>): Promise<void> {
    for (const report of msg91Reports(body)) {
      await recordReport('msg91', report.requestId, report.status, report.error ?? undefined);
    }
  }

  /** The admin's SMS figures over the last `days` India days, today included. */
  async function usage(days: number): Promise<SmsUsage> {
    const today = indiaDay(clock());
    const from = addDays(today, 1 - days);
    const start = indiaDayStart(from);
    const byDay = new Map((await repository.usageByDay(db, start)).map((row) => [row.day, row]));
    const daily = [];
    for (let day = from; day <= today; day = addDays(day, 1)) {
      const row = byDay.get(day);
      daily.push({ date: day, sent: row?.sent ?? 0, delivered: row?.delivered ?? 0, failed: row?.failed ?? 0 });
    }
    return {
      days, from, to: today, daily,
      totals: await repository.usageTotals(db, start),
      topShops: await repository.topShops(db, start, topShopsCount),
    };
  }

  return {
    sendOtp, sendNow, enqueueReminder, enqueueInvite, enqueueStaffInvite, mayInvite, remindersSentToday, dailyLimitPerShop, reminderText, drain, recordDelivery,
    checkTwilioSignature, twilioReport, checkMsg91Token, msg91Report, usage,
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
