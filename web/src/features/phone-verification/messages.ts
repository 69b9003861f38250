/** The phone and code steps' toasts, word for word from the spec (§5, §8). */
import type { IssueCatalogue } from '@/lib/form-issues';

export const phoneIssues = {
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid 10-digit phone number' },
} as const satisfies IssueCatalogue<string>;

export const otpIssues = {
  invalidOtp: { title: 'Invalid OTP', description: 'Please enter the 6-digit OTP' },
} as const satisfies IssueCatalogue<string>;

export const defaults = {
  sendOtpFailed: 'Please try again',
  verifyOtpFailed: 'Please check your OTP and try again',
};
