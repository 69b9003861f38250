/**
 * The Generate QR Code form (docs/product.md#validation): an optional amount greater than 0 (empty means a
 * static code), an optional trimmed description and an expiry in minutes.
 */
import * as z from 'zod/mini';
import {
  qrExpiryMinutesDefault,
  qrExpiryMinutesMax,
  qrExpiryMinutesMin,
} from '@common/limits';
import { parseRupees, toWireAmount } from '@common/money';
import type { GenerateQrRequest } from './api/generate-qr-code';

const amountIsValid = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return true;
  const value = parseRupees(trimmed);
  return value !== null && value > 0;
};

export const generateQrSchema = z.object({
  amount: z.string().check(z.refine(amountIsValid, 'invalidAmount')),
  description: z.string(),
  expirationMinutes: z.string(),
});
export type GenerateQrValues = z.infer<typeof generateQrSchema>;

export const emptyGenerateQrValues: GenerateQrValues = {
  amount: '',
  description: '',
  expirationMinutes: String(qrExpiryMinutesDefault),
};

/** Whole minutes from 1 to 1440; 15 when the text is not a number. */
export function expiryMinutes(text: string): number {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value)) return qrExpiryMinutesDefault;
  return Math.min(qrExpiryMinutesMax, Math.max(qrExpiryMinutesMin, Math.round(value)));
}

/** The request body for valid form values: amount and description only when given. */
export function toGenerateQrRequest(values: GenerateQrValues): GenerateQrRequest {
  const body: GenerateQrRequest = { expirationMinutes: expiryMinutes(values.expirationMinutes) };
  const amount = parseRupees(values.amount.trim());
  if (amount !== null && amount > 0) body.amount = toWireAmount(amount);
  const description = values.description.trim();
  if (description) body.description = description;
  return body;
}
