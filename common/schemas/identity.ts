/**
 * Request bodies of the identity calls (spec §7), shared by the server, which parses
 * them, and the web app, which sends them. Written with zod/mini to keep the client
 * bundle small.
 */
import * as z from 'zod/mini';
import { languages } from '../languages';
import {
  addressLengthMax, businessTextLengthMax, emailLengthMax, nameLengthMax,
} from '../limits';
import { validationMessages as messages, type ValidationMessage } from './messages';
import { withoutBidiControls } from './text';

/** +91 followed by 10 digits, the first 6–9 (design.md §5). */
export const phoneNumberPattern = /^\+91[6-9]\d{9}$/;

export const phoneNumber = z.string().check(
  z.regex(phoneNumberPattern, messages.phoneFormat),
);
export const pin = z.string().check(z.regex(/^\d{4}$/, messages.pinFormat));
export const otp = z.string().check(z.regex(/^\d{6}$/, messages.otpFormat));
export const otpPurpose = z.enum(['registration', 'pin_reset'], messages.otpPurpose);

/**
 * A text field that must not be blank, with its two messages from the catalogue. Each is
 * read by someone else (a merchant, a customer, the admin), so none carries bidi controls.
 */
const requiredText = (max: number, required: ValidationMessage, tooLong: ValidationMessage) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), withoutBidiControls());

export const email = z.pipe(
  z.string(messages.emailRequired).check(z.trim(), z.toLowerCase(), z.maxLength(emailLengthMax, messages.emailTooLong)),
  z.email(messages.emailFormat),
);

/** A language Khata speaks (common/languages.ts). */
export const language = z.enum(languages, messages.languageChoice);

/**
 * `language`: one the person picked on this phone and no account has been told of yet; it
 * wins over the account's saved language (the latest explicit choice, issue 13).
 */
export const otpSendBody = z.object({ phoneNumber, purpose: otpPurpose, language: z.optional(language) });
/** POST /api/auth/language: the signed-in user's choice, which follows them to other phones. */
export const languageBody = z.object({ language });
export const otpVerifyBody = z.object({ phoneNumber, otp, purpose: otpPurpose });

export const customerRegisterBody = z.object({
  phoneNumber,
  name: requiredText(nameLengthMax, messages.nameRequired, messages.nameTooLong),
  pin,
});

export const businessRegisterBody = z.object({
  phoneNumber,
  name: requiredText(nameLengthMax, messages.contactNameRequired, messages.contactNameTooLong),
  businessName: requiredText(businessTextLengthMax, messages.businessNameRequired, messages.businessNameTooLong),
  businessType: requiredText(businessTextLengthMax, messages.businessTypeRequired, messages.businessTypeTooLong),
  email,
  address: requiredText(addressLengthMax, messages.businessAddressRequired, messages.businessAddressTooLong),
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
  role: z.enum(['customer', 'business'], messages.resetRole),
  newPin: pin,
  confirmPin: pin,
});

/** An admin lifting a PIN lock: the identifier as people type it at sign-in. */
export const unlockBody = z.object({
  role: z.enum(['customer', 'business', 'admin'], messages.unlockRole),
  identifier: z.string(messages.unlockIdentifierRequired).check(
    z.trim(), z.toLowerCase(), z.minLength(1, messages.unlockIdentifierRequired), z.maxLength(254, messages.unlockIdentifierTooLong),
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
