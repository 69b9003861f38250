/**
 * The phone and code steps' toasts, word for word from docs/product.md (#validation, #messages). Functions, not
 * constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const phoneIssues = () =>
  ({
    invalidPhone: { title: t`Invalid Phone Number`, description: t`Please enter a valid 10-digit phone number` },
  }) as const satisfies IssueCatalogue<string>;

export const otpIssues = () =>
  ({
    invalidOtp: { title: t`Invalid OTP`, description: t`Please enter the 6-digit OTP` },
  }) as const satisfies IssueCatalogue<string>;

export const sendOtpFailedDefault = () => t`Please try again`;
export const verifyOtpFailedDefault = () => t`Please check your OTP and try again`;
