/**
 * One payment attempt: its Idempotency-Key and what it pays. Retrying the same code and
 * amount (after a network failure, say) sends the same key, so the server never charges
 * twice; any other payment gets a fresh key (design.md §6).
 */
import { useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { useProcessPayment, type ProcessPaymentRequest } from '@/features/payment/api/process-payment';
import { newIdempotencyKey } from '@/features/payment/idempotency-key';
import { paidToText, paymentFailedDefault, paymentFailedTitle, paymentSuccessTitle } from '@/features/payment/messages';

interface Attempt {
  key: string;
  qrData: string;
  amount: string | null;
}

interface PayOutcome {
  onPaid: () => void;
  onFailed: () => void;
}

export function usePaymentAttempt() {
  const attempt = useRef<Attempt | null>(null);
  const processPayment = useProcessPayment();

  /** Keeps the key of an unfinished attempt for the same code and amount. */
  const prepare = (qrData: string, amount: string | null) => {
    const current = attempt.current;
    if (!current || current.qrData !== qrData || current.amount !== amount) {
      attempt.current = { key: newIdempotencyKey(), qrData, amount };
    }
  };

  /** Sends the prepared attempt; false when nothing was prepared. */
  const pay = (pin: string, businessName: string, outcome: PayOutcome): boolean => {
    const current = attempt.current;
    if (!current) return false;
    const body: ProcessPaymentRequest = { qrData: current.qrData, pin };
    if (current.amount !== null) body.amount = current.amount;
    processPayment.mutate(
      { body, idempotencyKey: current.key },
      {
        onSuccess: ({ transaction }) => {
          attempt.current = null;
          toast({ title: paymentSuccessTitle, description: paidToText(formatWireRupees(transaction.amount), businessName) });
          outcome.onPaid();
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: paymentFailedTitle, description: serverMessage(error) ?? paymentFailedDefault });
          outcome.onFailed();
        },
      },
    );
    return true;
  };

  return { prepare, pay };
}
