/** The wizard's toasts, word for word from the spec (§5, §8). Order is check order. */
import { weakPinMessage } from '@common/errors';
import type { IssueCatalogue } from '@/lib/form-issues';

export const phoneIssues = {
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid 10-digit phone number' },
} as const satisfies IssueCatalogue<string>;

export const otpIssues = {
  invalidOtp: { title: 'Invalid OTP', description: 'Please enter the 6-digit OTP' },
} as const satisfies IssueCatalogue<string>;

export const detailsIssues = {
  missingFields: { title: 'Missing Information', description: 'Please fill in all required fields' },
  missingBusiness: { title: 'Missing Business Information', description: 'Please fill in all business details' },
  invalidPin: { title: 'Invalid PIN', description: 'PIN must be exactly 4 digits' },
  pinMismatch: { title: "PINs don't match" },
  weakPin: { title: 'Invalid PIN', description: weakPinMessage },
} as const satisfies IssueCatalogue<string>;

export const defaults = {
  sendOtpFailed: 'Please try again',
  verifyOtpFailed: 'Please check your OTP and try again',
  registrationFailed: 'Please try again',
};
