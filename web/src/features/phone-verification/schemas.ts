/** The phone and code steps' form rules (docs/product.md#validation); the server checks them again. */
import * as z from 'zod/mini';
import { otpPattern, phoneDigitsPattern } from '@/lib/patterns';

export const phoneSchema = z.object({
  phone: z.string().check(z.regex(phoneDigitsPattern, 'invalidPhone')),
});
export type PhoneValues = z.infer<typeof phoneSchema>;

export const otpSchema = z.object({
  otp: z.string().check(z.regex(otpPattern, 'invalidOtp')),
});
export type OtpValues = z.infer<typeof otpSchema>;
