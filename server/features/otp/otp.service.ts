/**
 * One-time codes for phone verification: 6 digits from the CSPRNG, stored as an HMAC,
 * bound to phone and purpose, 5 minutes, 5 tries, single use, 30 s between sends and
 * 5 sends an hour (docs/product.md#otp). A right code leaves a single-use proof that the
 * registration call (or a PIN reset, or a staff invitation's acceptance) consumes.
 */
import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  otpDigits, otpProofEmailConflictsMax, otpProofTtlSeconds, otpResendGapSeconds, otpSendsPerHourMax, otpTtlSeconds,
  otpVerifyAttemptsMax,
} from '@common/limits';
import { defaultLanguage, type Language } from '@common/languages';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { SmsService } from '../../sms/sms.service';
import { hashToken, newToken } from '../../tokens';
import * as repository from './otp.repository';

/** What a code proves the phone for: registering, resetting a PIN, or accepting a shop's staff invitation. */
export type OtpPurpose = 'registration' | 'pin_reset' | 'staff_invitation';

type VerifyOutcome =
  | { kind: 'verified'; proofToken: string }
  | { kind: 'refused'; error: AppError };

/** A uniformly random code of `otpDigits` digits: randomInt draws from the CSPRNG without modulo bias. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** otpDigits)).padStart(otpDigits, '0');
}

/**
 * The OTP HMAC key, derived from the PIN pepper with HKDF under a fixed label, so the
 * pepper itself keys only PIN hashes and an OTP hash says nothing about it.
 */
export function deriveOtpKey(pepper: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'khata', 'khata otp v1', 32));
}

/** Compares two hex HMACs in constant time. */
function sameHash(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

export function createOtpService(deps: { db: Db; clock: Clock; sms: Pick<SmsService, 'sendOtp'>; secret: Buffer }) {
  const { db, clock, sms, secret } = deps;

  const hashCode = (phone: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`otp:${phone}:${purpose}:${code}`).digest('hex');

  /**
   * Sends a code in the user's language: one just picked on the phone (`chosen`),
   * else for a PIN reset the one saved on the account, else the browser's (Accept-Language,
   * which the web app sets to the language it speaks), else English.
   *
   * The code is saved pending (counted, not usable) under the phone's lock, then sent; only
   * once a vendor has taken it does it become the phone's open code. When every vendor fails
   * it is deleted, so the attempt neither counts against the limits nor leaves a code, and the
   * refusal (503 sms_unavailable) goes to the caller.
   */
  async function send(phone: string, purpose: OtpPurpose, languages: { chosen?: Language; browser?: Language } = {}) {
    const code = newOtpCode();
    const id = randomUUID();
    const saved = await inTransaction(db, async (tx) => {
      const now = clock();
      await repository.lockPhone(tx, phone);
      const history = await repository.sendHistory(tx, phone, addSeconds(now, -3600));
      if (history.lastSentAt) {
        const waitSeconds = Math.ceil(otpResendGapSeconds - (now.getTime() - history.lastSentAt.getTime()) / 1000);
        if (waitSeconds > 0) {
          throw new AppError('otp_resend_too_soon', { waitSeconds });
        }
      }
      if (history.sends >= otpSendsPerHourMax) {
        throw new AppError('otp_hourly_limit');
      }
      await repository.insertPendingCode(tx, {
        id, phone, purpose, codeHash: hashCode(phone, purpose, code), createdAt: now, expiresAt: addSeconds(now, otpTtlSeconds),
      });
      return purpose === 'pin_reset' ? repository.savedLanguage(tx, phone) : undefined;
    });
    let delivery: { developmentOtp?: string };
    try {
      delivery = await sms.sendOtp(phone, code, languages.chosen ?? saved ?? languages.browser ?? defaultLanguage);
    } catch (error) {
      await inTransaction(db, async (tx) => {
        await repository.lockPhone(tx, phone);
        await repository.discardCode(tx, id);
      });
      throw error;
    }
    await inTransaction(db, async (tx) => {
      await repository.lockPhone(tx, phone);
      await repository.openCode(tx, { id, phone, purpose }, clock());
    });
    return { expiresInSeconds: otpTtlSeconds, developmentOtp: delivery.developmentOtp };
  }

  /** Checks a code; on success returns the proof token to set as a cookie. */
  async function verify(phone: string, purpose: OtpPurpose, code: string): Promise<string> {
    // A wrong try must be counted even though the call fails, so the transaction
    // returns its outcome and the refusal is thrown after it commits.
    const outcome = await inTransaction<VerifyOutcome>(db, async (tx) => {
      const now = clock();
      await repository.lockPhone(tx, phone);
      const open = await repository.latestOpenCode(tx, phone, purpose);
      if (!open || open.expiresAt <= now) {
        return { kind: 'refused', error: new AppError('otp_expired') };
      }
      if (open.attempts >= otpVerifyAttemptsMax) {
        return { kind: 'refused', error: new AppError('otp_attempts_exceeded') };
      }
      if (!sameHash(open.codeHash, hashCode(phone, purpose, code))) {
        const attempts = await repository.countWrongAttempt(tx, open.id);
        const left = otpVerifyAttemptsMax - attempts;
        return {
          kind: 'refused',
          error: left > 0
            ? new AppError('otp_invalid', { attemptsLeft: left })
            : new AppError('otp_attempts_exceeded'),
        };
      }
      await repository.consumeCode(tx, open.id, now);
      const proofToken = newToken();
      await repository.insertProof(tx, {
        tokenHash: hashToken(proofToken), phone, purpose, expiresAt: addSeconds(now, otpProofTtlSeconds),
      });
      return { kind: 'verified', proofToken };
    });
    if (outcome.kind === 'refused') throw outcome.error;
    return outcome.proofToken;
  }

  function proofMissing(purpose: OtpPurpose): AppError {
    return new AppError('otp_proof_missing', { purpose });
  }

  /**
   * Refuses the request unless it carries a live proof for this phone and purpose, without
   * using it up. Registration asks this before anything else, so a caller without a proof
   * learns nothing about which phones and e-mails have accounts.
   */
  async function requireProof(proofToken: string | undefined, phone: string, purpose: OtpPurpose): Promise<void> {
    const live = proofToken !== undefined && await repository.isLiveProof(db, hashToken(proofToken), phone, purpose, clock());
    if (!live) throw proofMissing(purpose);
  }

  /**
   * The phone a live proof of this purpose was made for, without using it up, or the refusal
   * of a request without one: a staff invitation's proof lists the phone's invitations first,
   * then one acceptance or refusal uses it up.
   */
  async function provenPhone(proofToken: string | undefined, purpose: OtpPurpose): Promise<string> {
    const phone = proofToken === undefined ? null : await repository.liveProofPhone(db, hashToken(proofToken), purpose, clock());
    if (phone === null) throw proofMissing(purpose);
    return phone;
  }

  /** Uses up the proof inside the caller's transaction, or refuses the request. */
  async function consumeProof(tx: Executor, proofToken: string | undefined, phone: string, purpose: OtpPurpose) {
    const consumed = proofToken !== undefined
      && await repository.consumeProof(tx, hashToken(proofToken), phone, purpose, clock());
    if (!consumed) throw proofMissing(purpose);
  }

  /**
   * A registration on this proof was refused because the e-mail is taken. A proof allows
   * only a few such refusals, so it cannot be used to test a list of e-mails.
   */
  async function countEmailConflict(proofToken: string): Promise<void> {
    await repository.countEmailConflict(db, hashToken(proofToken), otpProofEmailConflictsMax, clock());
  }

  return { send, verify, requireProof, provenPhone, consumeProof, countEmailConflict };
}

export type OtpService = ReturnType<typeof createOtpService>;
