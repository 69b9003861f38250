/**
 * The payment screen's state (docs/product.md#payments): scan → confirm → pin → processing, and
 * back to scan, cleared, after a successful payment.
 */
import { useEffect, useRef, useState } from 'react';
import type { QrValidation } from '@common/api/types';
import { toWireAmount } from '@common/money';
import { toast } from '@/lib/toast-store';
import { isOffline } from '@/lib/connection';
import { pinPattern } from '@/lib/patterns';
import { paymentMessages } from '@/features/payment/messages';
import { paymentFigures } from '@/features/payment/payment-figures';
import { usePaymentAttempt } from '@/features/payment/use-payment-attempt';
import { useQrCheck } from '@/features/payment/use-qr-check';
import { useScanState } from '@/features/payment/use-scan-state';

export type PaymentStep = 'scan' | 'confirm' | 'pin' | 'processing';

export function usePaymentFlow(initialQrData?: string) {
  const [step, setStep] = useState<PaymentStep>('scan');
  const scan = useScanState(initialQrData);
  const [validation, setValidation] = useState<QrValidation | null>(null);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  /** The ledger row of the payment just made, whose receipt the screen offers until the next code. */
  const [paidTransactionId, setPaidTransactionId] = useState<string | null>(null);
  const attempt = usePaymentAttempt();
  const qr = useQrCheck((result) => {
    setPaidTransactionId(null);
    setValidation(result);
    setAmount('');
    setPin('');
    setStep('confirm');
  });
  useValidateOnce(initialQrData, qr.check);
  const figures = validation && paymentFigures(validation, amount);

  const continueToPin = () => {
    if (!validation || !figures) return;
    const isStatic = !validation.qrCode.isDynamic;
    if (isStatic && (figures.amountPaise === null || figures.amountPaise <= 0)) {
      toast({ variant: 'destructive', ...paymentMessages.invalidAmount() });
      return;
    }
    if (!figures.canContinue) return;
    attempt.prepare(scan.qrData.trim(), isStatic && figures.amountPaise !== null ? toWireAmount(figures.amountPaise) : null);
    setPin('');
    setStep('pin');
  };

  const payNow = () => {
    if (!pinPattern.test(pin)) {
      toast({ variant: 'destructive', ...paymentMessages.pinRequired() });
      return;
    }
    // Offline since the code was checked: refused here, nothing kept to send later.
    // A payment already sent whose outcome is unknown is still resent by the attempt itself.
    if (isOffline()) {
      toast({ variant: 'destructive', ...paymentMessages.offline() });
      return;
    }
    const sent = attempt.pay(pin, validation?.business.name ?? '', {
      onPaid: (transaction) => {
        setPaidTransactionId(transaction.id);
        scan.reset();
        setValidation(null);
        setAmount('');
        setPin('');
        setStep('scan');
      },
      onFailed: () => {
        setPin('');
        setStep('confirm');
      },
    });
    if (sent) setStep('processing');
  };

  const backToScan = () => {
    setValidation(null);
    setStep('scan');
  };

  return {
    step,
    scan: { ...scan, onDetected: (text: string) => scan.detected(text, qr.check), check: qr.check, checking: qr.checking },
    validation, figures, amount, setAmount, pin, setPin, continueToPin, payNow, backToScan,
    /** The payment's outcome was unknown and it is being resent. */
    checkingPayment: attempt.checking,
    paidTransactionId,
    backToConfirm: () => setStep('confirm'),
  };
}

/** A payment link opens straight on its confirm step; the ref keeps StrictMode from checking twice. */
function useValidateOnce(qrData: string | undefined, check: (text: string) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (qrData && !done.current) {
      done.current = true;
      check(qrData);
    }
    // Runs once, for the code the screen was opened with.
  }, []);
}
