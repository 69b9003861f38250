/** The payment screen's toasts, word for word from the spec (§5, §8). */
import { formatError } from '@common/format-error';
import type { ToastMessage } from '@/components/ui/toast-store';

export const paymentMessages = {
  noQrCode: { title: 'No QR Code', description: 'Please scan or enter a QR code first' },
  invalidAmount: { title: 'Invalid Amount', description: 'Please enter a valid amount' },
  pinRequired: { title: 'PIN Required', description: 'Please enter your PIN to continue' },
} as const satisfies Record<string, ToastMessage>;

export const validationFailedTitle = 'Validation Failed';
export const validationFailedDefault = 'Unable to validate QR code';
export const validationErrorTitle = 'Validation Error';
export const validationErrorDefault = 'Failed to validate QR code';
export const paymentFailedTitle = 'Payment Failed';
export const paymentFailedDefault = 'Payment could not be processed';
export const paymentSuccessTitle = 'Payment Successful';
export const processingText = 'Please wait while we process your payment...';

/**
 * 'Insufficient balance. You need ₹12.50 more.' from the shortfall already formatted: the
 * catalogue's own sentence, the one the server refuses a payment with.
 */
export const insufficientBalanceText = (shortfall: string) => formatError('insufficient_credit', { shortfall });

/** '₹1,250.00 paid to Kumar Kirana'. */
export const paidToText = (amount: string, businessName: string) => `${amount} paid to ${businessName}`;
