/**
 * The rules a consent code shares, for a charge and for a sign-up at the counter
 * (docs/product.md#sms-approval): smsCodeDigits random digits, kept only as an HMAC under the
 * OTP key, and who may be sent a new one. Whether a code typed is right, wrong, used, void or
 * expired is the database's rule (khata_code_outcome in server/ledger/functions/khata_rules.sql).
 */
import { createHmac, randomInt } from 'node:crypto';
import { smsCodeDigits, smsCodesPerNumberPerHour, smsWrongCodesPerDayMax } from '@common/limits';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import * as repository from './charges.repository';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** What a code approves: a charge or a sign-up. Each HMAC names it, so one's code never matches the other's. */
export type CodeKind = 'charge' | 'enrol';

/** smsCodeDigits digits, each as likely as any other. */
export const newCode = (): string => String(randomInt(0, 10 ** smsCodeDigits)).padStart(smsCodeDigits, '0');

/** The HMAC kept of a code: keyed with the OTP key, bound to what it approves and to its row. */
export const codeHash = (key: Buffer, kind: CodeKind, id: string, code: string): string =>
  createHmac('sha256', key).update(`${kind}:${id}:${code}`).digest('hex');

/** Whole seconds from `now` until `at` (at least 1), as Retry-After says it. */
const secondsUntil = (at: number, now: Date): number => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * Refuses a new code from `sender.businessId` to `sender.phone`, before it is written and
 * sent. Takes the phone's lock to the end of the caller's transaction, which then writes its
 * code, so two requests never pass a limit together.
 *
 * - smsWrongCodesPerDayMax wrong codes typed for the shop's codes to the number sent in the
 *   last 24 hours: 429 sms_codes_blocked until the first of those codes is a day old. Tries
 *   are counted, not void codes, so a shop's guesses at one number stay a few dozen a day
 *   however many codes it starts and lets expire.
 * - smsCodesPerNumberPerHour codes in the last hour: 429 sms_codes_limit until the oldest of
 *   them is an hour old. A charge counts every shop's codes to the number: its merchant
 *   knows the customer has Khata. A sign-up counts only its own shop's, since a shop may start
 *   one to any number, and a refusal caused by other shops' codes would tell it the number
 *   has Khata elsewhere, and since when.
 */
export async function refuseNewCode(
  tx: Executor, sender: { kind: CodeKind; businessId: string; phone: string }, now: Date,
): Promise<void> {
  await repository.lockPhoneCodes(tx, sender.phone);
  const wrong = await repository.wrongCodesSince(tx, sender.businessId, sender.phone, new Date(now.getTime() - dayMs));
  if (wrong.count >= smsWrongCodesPerDayMax) {
    throw new AppError('sms_codes_blocked', { retryAfterSeconds: secondsUntil(wrong.first!.getTime() + dayMs, now) });
  }
  const from = sender.kind === 'charge' ? null : sender.businessId;
  const sent = await repository.codesSince(tx, sender.phone, from, new Date(now.getTime() - hourMs));
  if (sent.count >= smsCodesPerNumberPerHour) {
    throw new AppError('sms_codes_limit', {
      limit: smsCodesPerNumberPerHour, retryAfterSeconds: secondsUntil(sent.first!.getTime() + hourMs, now),
    });
  }
}
