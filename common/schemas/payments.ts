/** Request bodies of the QR code, payment, history and repayment calls (spec §7). */
import * as z from 'zod/mini';
import {
  qrDataLengthMax, qrDescriptionLengthMax, qrExpiryMinutesMax, qrExpiryMinutesMin,
} from '../limits';
import { validationMessages as messages } from './messages';
import { positiveAmount } from './money';
import { withoutBidiControls } from './text';

const qrData = z.string(messages.qrDataMissing).check(
  z.trim(),
  z.minLength(1, messages.qrDataMissing),
  z.maxLength(qrDataLengthMax, messages.qrDataTooLong),
);

export const generateQrBody = z.object({
  expirationMinutes: z.optional(z.number(messages.qrExpiryWhole).check(
    z.int(messages.qrExpiryWhole),
    z.minimum(qrExpiryMinutesMin, messages.qrExpiryRange),
    z.maximum(qrExpiryMinutesMax, messages.qrExpiryRange),
  )),
  amount: z.optional(z.nullable(positiveAmount(messages.qrAmountFormat))),
  // Customers read it before they pay.
  description: z.optional(z.nullable(z.string(messages.qrDescriptionNotText).check(
    z.trim(), z.maxLength(qrDescriptionLengthMax, messages.qrDescriptionTooLong), withoutBidiControls(),
  ))),
});

export const validateQrBody = z.object({ qrData });

export const processPaymentBody = z.object({
  qrData,
  pin: z.string(messages.pinFormat).check(z.regex(/^\d{4}$/, messages.pinFormat)),
  amount: z.optional(z.nullable(positiveAmount(messages.paymentAmountFormat))),
});

export const repaymentBody = z.object({
  amount: positiveAmount(messages.repaymentAmountFormat),
});

export const historyQuery = z.object({
  limit: z.optional(z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, messages.historyLimitRange)),
    z.transform(Number),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, messages.historyCursorInvalid))),
  businessId: z.optional(z.uuid(messages.historyBusinessId)),
});

/** `GET /api/qr/business?active=`: `true` lists only active codes; absent or `false`, all. */
export const qrListQuery = z.object({
  active: z.optional(z.enum(['true', 'false'], messages.qrListActive)),
});

export type GenerateQrBody = z.infer<typeof generateQrBody>;
export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;
export type RepaymentBody = z.infer<typeof repaymentBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;
