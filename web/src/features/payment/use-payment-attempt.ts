/**
 * One payment attempt: its Idempotency-Key and what it pays. Retrying the same code and
 * amount (after a network failure, say) sends the same key, so the server never charges
 * twice; any other payment gets a fresh key (docs/product.md#payments). An attempt whose outcome is
 * unknown is resent by itself for a while, and is never reported as failed.
 */
import { useEffect, useRef, useState } from 'react';
import type { TransactionView } from '@common/api/types';
import { idempotencyTtlSeconds, paymentNotConfirmedToastMs } from '@common/limits';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useProcessPayment, type ProcessPaymentRequest } from '@/features/payment/api/process-payment';
import {
  paidToText, paymentFailedDefault, paymentFailedTitle, paymentNotConfirmed, paymentSuccessTitle,
} from '@/features/payment/messages';
import { PaymentNotConfirmedError } from '@/features/payment/resend-payment';

interface Attempt {
  key: string;
  qrData: string;
  amount: string | null;
}

/**
 * The attempt whose outcome stayed unknown, kept for this tab (sessionStorage): paying the
 * same code and amount again, even after closing the payment screen or reloading, resends
 * its key, so a payment that did go through is answered, not charged again.
 */
const unconfirmedStorageKey = 'khata.unconfirmedPayment';

function rememberUnconfirmed(attempt: Attempt) {
  try {
    sessionStorage.setItem(unconfirmedStorageKey, JSON.stringify({ ...attempt, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the key lives as long as the screen.
  }
}

function unconfirmedFor(qrData: string, amount: string | null): Attempt | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(unconfirmedStorageKey) ?? 'null') as (Attempt & { at: number }) | null;
    // The server keeps an answer for idempotencyTtlSeconds; an older key would not be recognised.
    if (!stored || Date.now() - stored.at > idempotencyTtlSeconds * 1000) return null;
    return stored.qrData === qrData && stored.amount === amount ? { key: stored.key, qrData, amount } : null;
  } catch {
    return null;
  }
}

function forgetUnconfirmed(attempt: Attempt) {
  try {
    if (unconfirmedFor(attempt.qrData, attempt.amount)?.key === attempt.key) sessionStorage.removeItem(unconfirmedStorageKey);
  } catch {
    // Nothing stored.
  }
}

interface PayOutcome {
  /** With the new ledger row, which the success screen shows and shares as the receipt. */
  onPaid: (transaction: TransactionView) => void;
  onFailed: () => void;
}

export function usePaymentAttempt() {
  const attempt = useRef<Attempt | null>(null);
  const processPayment = useProcessPayment();
  /** Set while a payment is being sent or resent: a second submit meanwhile sends nothing. */
  const sending = useRef<AbortController | null>(null);
  /** True once the first try's outcome was unknown, until the resends end. */
  const [checking, setChecking] = useState(false);

  // Leaving the screen stops the resends; an unconfirmed attempt's key stays in this tab.
  useEffect(() => () => sending.current?.abort(), []);

  /** Keeps the key of an unfinished attempt for the same code and amount. */
  const prepare = (qrData: string, amount: string | null) => {
    const current = attempt.current;
    if (!current || current.qrData !== qrData || current.amount !== amount) {
      attempt.current = unconfirmedFor(qrData, amount) ?? { key: newIdempotencyKey(), qrData, amount };
    }
  };

  /** Sends the prepared attempt; false when nothing was prepared or a payment is still in flight. */
  const pay = (pin: string, businessName: string, outcome: PayOutcome): boolean => {
    const current = attempt.current;
    if (!current || sending.current) return false;
    const body: ProcessPaymentRequest = { qrData: current.qrData, pin };
    if (current.amount !== null) body.amount = current.amount;
    const controller = new AbortController();
    sending.current = controller;
    processPayment.mutate(
      { body, idempotencyKey: current.key, resend: { signal: controller.signal, onChecking: () => setChecking(true) } },
      {
        onSettled: () => {
          sending.current = null;
          setChecking(false);
        },
        onSuccess: ({ transaction }) => {
          attempt.current = null;
          forgetUnconfirmed(current);
          toast({ title: paymentSuccessTitle(), description: paidToText(formatWireRupees(transaction.amount), businessName) });
          outcome.onPaid(transaction);
        },
        onError: (error) => {
          // The attempt (and its key) is kept: paying again from this screen resends it.
          if (error instanceof PaymentNotConfirmedError) {
            rememberUnconfirmed(current);
            toast({ ...paymentNotConfirmed(), durationMs: paymentNotConfirmedToastMs });
          } else {
            toast({ variant: 'destructive', title: paymentFailedTitle(), description: serverMessage(error) ?? paymentFailedDefault() });
          }
          outcome.onFailed();
        },
      },
    );
    return true;
  };

  return { prepare, pay, checking };
}
