/**
 * The charge form (docs/product.md#sms-approval): an amount greater than 0 with at most 2
 * decimals and an optional note, checked again by the server (common/schemas/invitations.ts).
 * Before the code is sent the merchant sees what the SMS will say: the amount, the shop's
 * fee on it and the total, computed with the shared integer formula the server charges by.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { feeFor, paise, parsePercent, parseRupees, toWireAmount, type Paise } from '@common/money';
import type { IssueCatalogue } from '@/lib/form-issues';

/** A typed amount in paise when it is one greater than 0; else null. People type '.5' for fifty paise. */
export function typedPaise(text: string): Paise | null {
  const trimmed = text.trim();
  const value = parseRupees(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  return value !== null && value > 0 ? value : null;
}

export const chargeSchema = z.object({
  amount: z.string().check(z.refine((text) => typedPaise(text) !== null, 'invalidAmount')),
  note: z.string(),
});
export type ChargeValues = z.infer<typeof chargeSchema>;

export const emptyChargeValues: ChargeValues = { amount: '', note: '' };

export const chargeIssues = () =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
  }) satisfies IssueCatalogue<string>;

/** What the charge sends, for valid values: the note only when one was typed. */
export function toChargeBody(values: ChargeValues): { amount: string; note?: string } {
  const note = values.note.trim();
  return { amount: toWireAmount(typedPaise(values.amount) ?? paise(0)), ...(note ? { note } : {}) };
}

export interface ChargeFigures {
  amount: Paise;
  fee: Paise;
  total: Paise;
}

/** The amount, the fee at the shop's rate ("2.00", a percent) and their total; null without an amount or a rate. */
export function chargeFigures(typedAmount: string, feePercent: string | undefined): ChargeFigures | null {
  const amount = typedPaise(typedAmount);
  const rate = feePercent === undefined ? null : parsePercent(feePercent);
  if (amount === null || rate === null) return null;
  const fee = feeFor(amount, rate);
  return { amount, fee, total: paise(amount + fee) };
}
