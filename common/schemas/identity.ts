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

/** +91 followed by 10 digits, the first 6–9 (design.md §5). */
export const phoneNumberPattern = /^\+91[6-9]\d{9}$/;

export const phoneNumber = z.string().check(
  z.regex(phoneNumberPattern, 'Phone number must be +91 followed by a 10-digit mobile number'),
);
export const pin = z.string().check(z.regex(/^\d{4}$/, 'PIN must be exactly 4 digits'));
export const otp = z.string().check(z.regex(/^\d{6}$/, 'OTP must be exactly 6 digits'));
export const otpPurpose = z.enum(['registration', 'pin_reset'], 'Purpose must be registration or pin_reset');

const requiredText = (label: string, max: number) =>
  z.string(`${label} is required`).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const email = z.pipe(
  z.string('E-mail is required').check(z.trim(), z.toLowerCase(), z.maxLength(emailLengthMax, 'E-mail is too long')),
  z.email('Enter a valid e-mail address'),
);

export const otpSendBody = z.object({ phoneNumber, purpose: otpPurpose });

/** A language Khata speaks (common/languages.ts). */
export const language = z.enum(languages, 'Language must be en, hi or ta');
/** POST /api/auth/language: the signed-in user's choice, which follows them to other phones. */
export const languageBody = z.object({ language });
export const otpVerifyBody = z.object({ phoneNumber, otp, purpose: otpPurpose });

export const customerRegisterBody = z.object({
  phoneNumber,
  name: requiredText('Name', nameLengthMax),
  pin,
});

export const businessRegisterBody = z.object({
  phoneNumber,
  name: requiredText('Contact name', nameLengthMax),
  businessName: requiredText('Business name', businessTextLengthMax),
  businessType: requiredText('Business type', businessTextLengthMax),
  email,
  address: requiredText('Business address', addressLengthMax),
  pin,
});

export const customerLoginBody = z.object({ phoneNumber, pin });
export const emailLoginBody = z.object({ email, pin });

export const changePinBody = z.object({ currentPin: pin, newPin: pin, confirmPin: pin });

/** Resetting a forgotten PIN with the proof of an OTP sent to the registered phone. */
export const resetPinBody = z.object({
  phoneNumber,
  role: z.enum(['customer', 'business'], 'Role must be customer or business'),
  newPin: pin,
  confirmPin: pin,
});

/** An admin lifting a PIN lock: the identifier as people type it at sign-in. */
export const unlockBody = z.object({
  role: z.enum(['customer', 'business', 'admin'], 'Role must be customer, business or admin'),
  identifier: z.string('Enter the phone number or e-mail').check(
    z.trim(), z.toLowerCase(), z.minLength(1, 'Enter the phone number or e-mail'), z.maxLength(254, 'The identifier is too long'),
  ),
});

export type OtpSendBody = z.infer<typeof otpSendBody>;
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;
export type CustomerRegisterBody = z.infer<typeof customerRegisterBody>;
export type BusinessRegisterBody = z.infer<typeof businessRegisterBody>;
export type CustomerLoginBody = z.infer<typeof customerLoginBody>;
export type EmailLoginBody = z.infer<typeof emailLoginBody>;
export type ChangePinBody = z.infer<typeof changePinBody>;
export type ResetPinBody = z.infer<typeof resetPinBody>;
export type UnlockBody = z.infer<typeof unlockBody>;
