/**
 * Merchants' payment QR codes. The image carries `<PUBLIC_URL>/pay/<token>`, so a phone's
 * own camera opens the payment screen; the server reads only the token, whatever origin
 * the URL names, and takes amount, business and expiry from its own row (docs/product.md#qr-codes).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { QrCodeView } from '@common/api/types';
import { paymentPaiseMax, qrExpiryMinutesDefault, qrRecentCodesCount } from '@common/limits';
import { formatRupees, toWireAmount, toWirePercent } from '@common/money';
import type { GenerateQrBody } from '@common/schemas/payments';
import type { Actor } from '../../actor';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import type { qrCodes } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import * as repository from './qr.repository';

/** 16 random bytes: 22 base64url characters, unguessable. */
const tokenPattern = /^[A-Za-z0-9_-]{22}$/;

export type ResolvedQr = repository.PayableCode;

/** The token in a scanned or pasted code: a `/pay/<token>` URL of any origin, or the bare token. */
export function tokenFromQrData(qrData: string): string | null {
  const text = qrData.trim();
  if (tokenPattern.test(text)) return text;
  // The authority ends at the first '/', '?' or '#' and holds no user part, so a token
  // in the query or fragment ('https://host#/pay/…') is not a payment path.
  const match = /^https?:\/\/[^/?#@\\\s]+\/pay\/([A-Za-z0-9_-]{22})\/?(?:[?#]\S*)?$/.exec(text);
  return match?.[1] ?? null;
}

export function createQrService(deps: { db: Db; clock: Clock; businesses: BusinessService; audit: AuditService }) {
  const { db, clock, businesses, audit } = deps;

  const qrDataFor = (origin: string, token: string) => `${origin}/pay/${token}`;

  function view(row: typeof qrCodes.$inferSelect, origin: string, now: Date): QrCodeView {
    const isDynamic = row.amountPaise !== null;
    return {
      id: row.id,
      qrData: qrDataFor(origin, row.token),
      amount: row.amountPaise === null ? null : toWireAmount(row.amountPaise),
      description: row.description,
      isDynamic,
      feePercent: toWirePercent(row.feeBasisPoints),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      status: isDynamic && row.paidAt ? 'paid' : row.expiresAt <= now ? 'expired' : 'active',
    };
  }

  /** A new code of the actor's shop, with its audit line in the same transaction. */
  async function generate(actor: Actor, body: GenerateQrBody, origin: string): Promise<QrCodeView> {
    const business = await businesses.requireApproved(actor);
    // A dynamic code above the per-payment maximum could never be paid.
    if (body.amount != null && body.amount > paymentPaiseMax) {
      throw new AppError('amount_above_maximum', { maximum: formatRupees(paymentPaiseMax) });
    }
    const now = clock();
    const row = {
      id: randomUUID(),
      token: randomBytes(16).toString('base64url'),
      businessId: business.id,
      amountPaise: body.amount ?? null,
      description: body.description || null,
      feeBasisPoints: business.feeBasisPoints,
      createdAt: now,
      expiresAt: addSeconds(now, (body.expirationMinutes ?? qrExpiryMinutesDefault) * 60),
      paidAt: null,
    };
    await inTransaction(db, async (tx) => {
      await repository.insert(tx, row);
      await audit.record(tx, actor, {
        action: 'payment_code_created', amountPaise: row.amountPaise, details: row.description ? { description: row.description } : {},
      });
    });
    return view(row, origin, now);
  }

  async function listForBusiness(actor: Actor, options: { activeOnly: boolean }, origin: string): Promise<QrCodeView[]> {
    const now = clock();
    const rows = await repository.listForBusiness(db, actor.businessId, {
      activeAt: options.activeOnly ? now : undefined, limit: qrRecentCodesCount,
    });
    return rows.map((row) => view(row, origin, now));
  }

  /**
   * The code behind `qrData`, checked for use now by khata_payable_code, the SQL that
   * khata_pay runs too: known, not expired, its business approved, and (dynamic codes)
   * not yet paid.
   */
  async function resolvePayable(qrData: string): Promise<ResolvedQr> {
    const token = tokenFromQrData(qrData);
    if (!token) throw new AppError('qr_invalid');
    const code = await repository.payableCode(db, token, clock());
    if (code.refusal === 'qr_not_found') throw new AppError('qr_not_found');
    if (code.refusal === 'qr_already_used') throw new AppError('qr_already_used');
    if (code.refusal === 'qr_expired') throw new AppError('qr_expired');
    if (code.refusal === 'business_not_approved') throw new AppError('business_not_approved');
    return code;
  }

  return { generate, listForBusiness, resolvePayable };
}

export type QrService = ReturnType<typeof createQrService>;
