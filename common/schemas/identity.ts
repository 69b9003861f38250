/**
 * Request bodies of the identity calls, shared by the server, which parses
 * them, and the web app, which sends them. Written with zod/mini to keep the client
 * bundle small.
 */
import * as z from 'zod/mini';
import { languages } from '../languages';
import {
  addressLengthMax, businessTextLengthMax, emailLengthMax, nameLengthMax,
} from '../limits';
import type { InputErrorKey } from '../errors';
import { refusal } from './messages';
import { withoutBidiControls } from './text';

/** +91 followed by 10 digits, the first 6–9: an Indian mobile number (docs/product.md#validation). */
export const phoneNumberPattern = /^\+91[6-9]\d{9}$/;

export const phoneNumber = z.string().check(
  z.regex(phoneNumberPattern, refusal('phone_format')),
);
export const pin = z.string().check(z.regex(/^\d{4}$/, refusal('pin_format')));
export const otp = z.string().check(z.regex(/^\d{6}$/, refusal('otp_format')));
/** 'staff_invitation': a person accepting a shop's invitation to work there (docs/product.md#staff). */
export const otpPurpose = z.enum(['registration', 'pin_reset', 'staff_invitation'], refusal('otp_purpose'));

/**
 * A text field that must not be blank, with its two messages from the catalogue. Each is
 * read by someone else (a merchant, a customer, the admin), so none carries bidi controls.
 */
const requiredText = (max: number, required: InputErrorKey, tooLong: InputErrorKey) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), withoutBidiControls());

export const email = z.pipe(
  z.string(refusal('email_required')).check(z.trim(), z.toLowerCase(), z.maxLength(emailLengthMax, refusal('email_too_long'))),
  z.email(refusal('email_format')),
);

/** A language Khata speaks (common/languages.ts). */
export const language = z.enum(languages, refusal('language_choice'));

/**
 * `language`: one the person picked on this phone and no account has been told of yet; it
 * wins over the account's saved language, being the latest explicit choice.
 */
export const otpSendBody = z.object({ phoneNumber, purpose: otpPurpose, language: z.optional(language) });
/** POST /api/auth/language: the signed-in user's choice, which follows them to other phones. */
export const languageBody = z.object({ language });
export const otpVerifyBody = z.object({ phoneNumber, otp, purpose: otpPurpose });

export const customerRegisterBody = z.object({
  phoneNumber,
  name: requiredText(nameLengthMax, refusal('name_required'), refusal('name_too_long')),
  pin,
});

export const businessRegisterBody = z.object({
  phoneNumber,
  name: requiredText(nameLengthMax, refusal('contact_name_required'), refusal('contact_name_too_long')),
  businessName: requiredText(businessTextLengthMax, refusal('business_name_required'), refusal('business_name_too_long')),
  businessType: requiredText(businessTextLengthMax, refusal('business_type_required'), refusal('business_type_too_long')),
  email,
  address: requiredText(addressLengthMax, refusal('business_address_required'), refusal('business_address_too_long')),
  pin,
});

export const customerLoginBody = z.object({ phoneNumber, pin });
export const emailLoginBody = z.object({ email, pin });

export const changePinBody = z.object({ currentPin: pin, newPin: pin, confirmPin: pin });
/** The signed-in user's PIN, asked again: to enter or leave counter mode, and before changing the credit terms. */
export const confirmPinBody = z.object({ pin });

/** Resetting a forgotten PIN with the proof of an OTP sent to the registered phone. */
export const resetPinBody = z.object({
  phoneNumber,
  role: z.enum(['customer', 'business', 'staff'], refusal('reset_role')),
  newPin: pin,
  confirmPin: pin,
});

/** An admin lifting a PIN lock: the identifier as people type it at sign-in. */
export const unlockBody = z.object({
  role: z.enum(['customer', 'business', 'admin', 'staff'], refusal('unlock_role')),
  identifier: z.string(refusal('unlock_identifier_required')).check(
    z.trim(), z.toLowerCase(), z.minLength(1, refusal('unlock_identifier_required')), z.maxLength(254, refusal('unlock_identifier_too_long')),
  ),
});

export type OtpSendBody = z.infer<typeof otpSendBody>;
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;
export type CustomerRegisterBody = z.infer<typeof customerRegisterBody>;
export type BusinessRegisterBody = z.infer<typeof businessRegisterBody>;
export type CustomerLoginBody = z.infer<typeof customerLoginBody>;
export type EmailLoginBody = z.infer<typeof emailLoginBody>;
export type ChangePinBody = z.infer<typeof changePinBody>;
export type ConfirmPinBody = z.infer<typeof confirmPinBody>;
export type ResetPinBody = z.infer<typeof resetPinBody>;
export type UnlockBody = z.infer<typeof unlockBody>;
