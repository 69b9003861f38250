/** Request bodies of the QR code, payment, history and repayment calls (spec §7). */
import * as z from 'zod/mini';
import {
  historyPageSizeMax, qrDataLengthMax, qrDescriptionLengthMax, qrExpiryMinutesMax, qrExpiryMinutesMin,
} from '../limits';
import { positiveAmount } from './money';

const qrData = z.string('Please scan or enter a QR code first').check(
  z.trim(),
  z.minLength(1, 'Please scan or enter a QR code first'),
  z.maxLength(qrDataLengthMax, 'This is not a Khata payment code'),
);

export const generateQrBody = z.object({
  expirationMinutes: z.optional(z.number('Expiry must be a whole number of minutes').check(
    z.int('Expiry must be a whole number of minutes'),
    z.minimum(qrExpiryMinutesMin, `Expiry must be from ${qrExpiryMinutesMin} to ${qrExpiryMinutesMax} minutes`),
    z.maximum(qrExpiryMinutesMax, `Expiry must be from ${qrExpiryMinutesMin} to ${qrExpiryMinutesMax} minutes`),
  )),
  amount: z.optional(z.nullable(positiveAmount('Please enter a valid amount greater than 0'))),
  description: z.optional(z.nullable(z.string('Description must be text').check(
    z.trim(), z.maxLength(qrDescriptionLengthMax, `Description must be at most ${qrDescriptionLengthMax} characters`),
  ))),
});

export const validateQrBody = z.object({ qrData });

export const processPaymentBody = z.object({
  qrData,
  pin: z.string('PIN must be exactly 4 digits').check(z.regex(/^\d{4}$/, 'PIN must be exactly 4 digits')),
  amount: z.optional(z.nullable(positiveAmount('Please enter a valid amount'))),
});

export const repaymentBody = z.object({
  amount: positiveAmount('Repayment must be an amount greater than 0 with at most 2 decimals'),
});

export const historyQuery = z.object({
  limit: z.optional(z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, `Limit must be a number from 1 to ${historyPageSizeMax}`)),
    z.transform(Number),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid'))),
  businessId: z.optional(z.uuid('businessId must be a business id')),
});

/** `GET /api/qr/business?active=`: `true` lists only active codes; absent or `false`, all. */
export const qrListQuery = z.object({
  active: z.optional(z.enum(['true', 'false'], 'active must be true or false')),
});

export type GenerateQrBody = z.infer<typeof generateQrBody>;
export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;
export type RepaymentBody = z.infer<typeof repaymentBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;
