/**
 * The payment screen's state (docs/product.md#payments): scan → confirm → pin → processing, then
 * after a successful payment the success screen, its inputs already cleared, and Done straight
 * back to a live scan step.
 */
import { useEffect, useRef, useState } from 'react';
import type { QrValidation, TransactionView } from '@common/api/types';
import { toWireAmount } from '@common/money';
import { toast } from '@/lib/toast-store';
import { isOffline } from '@/lib/connection';
import { pinPattern } from '@/lib/patterns';
import { paymentMessages } from '@/features/payment/messages';
import { paymentFigures } from '@/features/payment/payment-figures';
import { usePaymentAttempt } from '@/features/payment/use-payment-attempt';
import { useQrCheck } from '@/features/payment/use-qr-check';
import { useScanState } from '@/features/payment/use-scan-state';

export type PaymentStep = 'scan' | 'confirm' | 'pin' | 'processing' | 'success';

export function usePaymentFlow(initialQrData?: string) {
  const [step, setStep] = useState<PaymentStep>('scan');
  const scan = useScanState(initialQrData);
  const [validation, setValidation] = useState<QrValidation | null>(null);
  const [amount, setAmountText] = useState('');
  /** The amount field says what is wrong with it: after a Continue or on leaving the field, until it is right. */
  const [amountErrorShown, setAmountErrorShown] = useState(false);
  const [pin, setPin] = useState('');
  /** The ledger row of the payment just made, which the success screen shows. */
  const [paid, setPaid] = useState<TransactionView | null>(null);
  /** Set by Done: the scan step takes the focus from the button that went away with the success screen. */
  const [scanFocused, setScanFocused] = useState(false);
  const attempt = usePaymentAttempt();
  const qr = useQrCheck((result) => {
    setPaid(null);
    setScanFocused(false);
    setValidation(result);
    setAmountText('');
    setAmountErrorShown(false);
    setPin('');
    setStep('confirm');
  });
  useValidateOnce(initialQrData, qr.check);
  const figures = validation && paymentFigures(validation, amount);
  const isStatic = validation !== null && !validation.qrCode.isDynamic;
  const amountValid = (typed: string) => {
    const typedFigures = validation && paymentFigures(validation, typed);
    return typedFigures !== null && typedFigures.amountPaise !== null && typedFigures.amountPaise > 0;
  };
  const amountInvalid = isStatic && !amountValid(amount);

  const setAmount = (typed: string) => {
    setAmountText(typed);
    // Shown once, the error goes as soon as the amount is right, not before.
    if (amountErrorShown && amountValid(typed)) setAmountErrorShown(false);
  };

  const continueToPin = () => {
    if (!validation || !figures) return;
    if (amountInvalid) {
      setAmountErrorShown(true);
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
        setPaid(transaction);
        scan.reset(scan.qrData);
        setValidation(null);
        setAmountText('');
        setAmountErrorShown(false);
        setPin('');
        setStep('success');
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
    /** Whether the amount field shows its error now. */
    amountError: amountErrorShown && amountInvalid,
    /** Leaving the amount field with something typed that is no amount shows its error. */
    leaveAmount: () => {
      if (amount.trim() !== '' && amountInvalid) setAmountErrorShown(true);
    },
    /** The payment's outcome was unknown and it is being resent. */
    checkingPayment: attempt.checking,
    /** The payment just made, while the success screen shows it. */
    paid,
    /** Whether the scan step takes the focus when it shows: after Done. */
    scanFocused,
    /**
     * Done on the success screen: back to the scan step, cleared since the payment, its camera
     * live at once; the code just paid, often still in view, is passed over (`useScanState`).
     */
    done: () => {
      setPaid(null);
      setScanFocused(true);
      setStep('scan');
    },
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
