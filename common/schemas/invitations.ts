/**
 * Request bodies of the calls that reach customers without the app (docs/product.md#invitations,
 * docs/product.md#sms-approval): an invitation by phone, a sign-up at the counter, a purchase
 * approved by a code sent by SMS, and the customer's switch for that approval.
 */
import * as z from 'zod/mini';
import { chargeNoteLengthMax, nameLengthMax, smsCodeDigits } from '../limits';
import { language, phoneNumber } from './identity';
import { refusal } from './messages';
import { positiveAmount } from './money';
import { withoutBidiControls } from './text';

const name = z.string(refusal('name_required')).check(
  z.trim(), z.minLength(1, refusal('name_required')), z.maxLength(nameLengthMax, refusal('name_too_long')), withoutBidiControls(),
);

/**
 * A customer the merchant adds by name and phone: by invitation (POST /api/business/invitations)
 * or at the counter (POST /api/business/counter-customers). `language` is the SMS's; the web
 * sends the merchant's own by default.
 */
export const newCustomerBody = z.object({
  name,
  phoneNumber,
  creditLimit: positiveAmount(refusal('credit_limit_format')),
  language,
});

/** A purchase the customer approves with the code the SMS brings. */
export const chargeBody = z.object({
  amount: positiveAmount(refusal('charge_amount_format')),
  note: z.optional(z.nullable(z.string(refusal('charge_note_too_long')).check(
    z.trim(), z.maxLength(chargeNoteLengthMax, refusal('charge_note_too_long')), withoutBidiControls(),
  ))),
});

/** The code the customer read out, for a charge or a counter sign-up. */
export const smsCodeBody = z.object({
  code: z.string(refusal('sms_code_format')).check(z.regex(new RegExp(`^\\d{${smsCodeDigits}}$`), refusal('sms_code_format'))),
});

/** POST /api/customer/sms-approval: the customer's own switch. */
export const smsApprovalBody = z.object({ enabled: z.boolean(refusal('sms_approval_choice')) });

/** `/i/:code`, an invitation's short link. */
export const invitationLinkParams = z.object({ code: z.string() });

export type NewCustomerBody = z.infer<typeof newCustomerBody>;
export type ChargeBody = z.infer<typeof chargeBody>;
export type SmsCodeBody = z.infer<typeof smsCodeBody>;
export type SmsApprovalBody = z.infer<typeof smsApprovalBody>;
