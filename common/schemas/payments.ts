/** Request bodies of the QR code, payment, history and repayment calls (docs/api.md). */
import * as z from 'zod/mini';
import {
  qrDataLengthMax, qrDescriptionLengthMax, qrExpiryMinutesMax, qrExpiryMinutesMin,
} from '../limits';
import { refusal } from './messages';
import { positiveAmount } from './money';
import { withoutBidiControls } from './text';

const qrData = z.string(refusal('qr_data_missing')).check(
  z.trim(),
  z.minLength(1, refusal('qr_data_missing')),
  z.maxLength(qrDataLengthMax, refusal('qr_data_too_long')),
);

export const generateQrBody = z.object({
  expirationMinutes: z.optional(z.number(refusal('qr_expiry_whole')).check(
    z.int(refusal('qr_expiry_whole')),
    z.minimum(qrExpiryMinutesMin, refusal('qr_expiry_range')),
    z.maximum(qrExpiryMinutesMax, refusal('qr_expiry_range')),
  )),
  amount: z.optional(z.nullable(positiveAmount(refusal('qr_amount_format')))),
  // Customers read it before they pay.
  description: z.optional(z.nullable(z.string(refusal('qr_description_not_text')).check(
    z.trim(), z.maxLength(qrDescriptionLengthMax, refusal('qr_description_too_long')), withoutBidiControls(),
  ))),
});

export const validateQrBody = z.object({ qrData });

export const processPaymentBody = z.object({
  qrData,
  pin: z.string(refusal('pin_format')).check(z.regex(/^\d{4}$/, refusal('pin_format'))),
  amount: z.optional(z.nullable(positiveAmount(refusal('payment_amount_format')))),
});

export const repaymentBody = z.object({
  amount: positiveAmount(refusal('repayment_amount_format')),
});

export const historyQuery = z.object({
  limit: z.optional(z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, refusal('history_limit_range'))),
    z.transform(Number),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, refusal('cursor_invalid')))),
  businessId: z.optional(z.uuid(refusal('history_business_id'))),
});

/** `GET /api/qr/business?active=`: `true` lists only active codes; absent or `false`, all. */
export const qrListQuery = z.object({
  active: z.optional(z.enum(['true', 'false'], refusal('qr_list_active'))),
});

export type GenerateQrBody = z.infer<typeof generateQrBody>;
export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;
export type RepaymentBody = z.infer<typeof repaymentBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;
