/**
 * The payment screen's toasts, word for word from docs/product.md (#validation, #messages). Functions, not
 * constants: each call reads the text in the language the app speaks at that moment.
 */
import { t } from '@lingui/core/macro';
import { formatError } from '@common/format-error';
import type { ToastMessage } from '@/lib/toast-store';

export const paymentMessages = {
  noQrCode: () => ({ title: t`No QR Code`, description: t`Please scan or enter a QR code first` }),
  invalidAmount: () => ({ title: t`Invalid Amount`, description: t`Please enter a valid amount` }),
  pinRequired: () => ({ title: t`PIN Required`, description: t`Please enter your PIN to continue` }),
  /** A payment started while Khata cannot be reached is refused at once, and nothing is kept to send later. */
  offline: () => ({ title: t`You're offline`, description: t`Connect to pay.` }),
} as const satisfies Record<string, () => ToastMessage>;

export const validationFailedTitle = () => t`Validation Failed`;
export const validationFailedDefault = () => t`Unable to validate QR code`;
export const validationErrorTitle = () => t`Validation Error`;
export const validationErrorDefault = () => t`Failed to validate QR code`;
export const paymentFailedTitle = () => t`Payment Failed`;
export const paymentFailedDefault = () => t`Payment could not be processed`;
export const paymentSuccessTitle = () => t`Payment Successful`;
export const processingText = () => t`Please wait while we process your payment...`;
/** Shown while a payment whose outcome is unknown is resent with the same key. */
export const checkingPaymentText = () => t`Checking your payment…`;
/**
 * After paymentOutcomeCheckSeconds without an answer: the payment may have been made, so it
 * is never called failed. Paying again from the same screen resends the same key.
 */
export const paymentNotConfirmed = (): ToastMessage => ({
  title: t`Payment not confirmed yet`,
  description: t`We could not reach Khata to confirm this payment. Check your transactions before paying again: paying again with the same code is safe.`,
});

/**
 * 'Insufficient balance. You need ₹12.50 more.' from the shortfall already formatted: the
 * catalogue's own sentence, the one the server refuses a payment with.
 */
export const insufficientBalanceText = (shortfall: string) => formatError('insufficient_credit', { shortfall });

/** '₹1,250.00 paid to Kumar Kirana'. */
export const paidToText = (amount: string, businessName: string) => t`${amount} paid to ${businessName}`;
