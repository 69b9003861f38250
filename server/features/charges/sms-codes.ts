/**
 * The rules a consent code shares, for a charge and for a sign-up at the counter
 * (docs/product.md#sms-approval): six random digits, kept only as an HMAC under the OTP key,
 * valid smsCodeTtlSeconds, void after smsCodeAttemptsMax wrong tries, and at most
 * smsCodesPerNumberPerHour of them to one number in any hour.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { smsCodeAttemptsMax, smsCodesPerNumberPerHour } from '@common/limits';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import * as repository from './charges.repository';

const hourMs = 60 * 60 * 1000;

/** What a code approves: a charge or a sign-up. Each HMAC names it, so one's code never matches the other's. */
export type CodeKind = 'charge' | 'enrol';

/** Six digits, each as likely as any other. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The HMAC kept of a code: keyed with the OTP key, bound to what it approves and to its row. */
export const codeHash = (key: Buffer, kind: CodeKind, id: string, code: string): string =>
  createHmac('sha256', key).update(`${kind}:${id}:${code}`).digest('hex');

/** Whether `code` is the one whose HMAC is `stored`, compared in constant time. */
export function codeMatches(key: Buffer, kind: CodeKind, id: string, code: string, stored: string): boolean {
  const given = Buffer.from(codeHash(key, kind, id, code), 'hex');
  const kept = Buffer.from(stored, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** Wrong tries a code still has. */
export const attemptsLeft = (attempts: number): number => Math.max(0, smsCodeAttemptsMax - attempts);

/**
 * Refuses a new code to `phone` once it was sent smsCodesPerNumberPerHour of them in the last
 * hour (429, Retry-After until the oldest of them is an hour old). Takes the phone's lock to
 * the end of the caller's transaction, which then writes its code: two shops never pass the
 * limit together.
 */
export async function refuseAboveHourlyCodes(tx: Executor, phone: string, now: Date): Promise<void> {
  await repository.lockPhoneCodes(tx, phone);
  const sent = await repository.codesSince(tx, phone, new Date(now.getTime() - hourMs));
  if (sent.count < smsCodesPerNumberPerHour) return;
  const freeAt = (sent.oldest?.getTime() ?? now.getTime()) + hourMs;
  throw new AppError('sms_codes_limit', {
    limit: smsCodesPerNumberPerHour, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  });
}
