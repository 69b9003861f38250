/**
 * The customer payment screen (spec §2, §4, §5): scan → confirm → pin → processing, and
 * back to scan, cleared, after a successful payment.
 */
import { useEffect, useRef, useState } from 'react';
import type { QrValidation } from '@common/api-types';
import { toWireAmount } from '@common/money';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { errorStatus, serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { pinPattern } from '@/lib/patterns';
import { useProcessPayment, type ProcessPaymentRequest } from '@/features/payment/api/process-payment';
import { useValidateQr } from '@/features/payment/api/validate-qr';
import { newIdempotencyKey } from '@/features/payment/idempotency-key';
import {
  paidToText,
  paymentFailedDefault,
  paymentFailedTitle,
  paymentMessages,
  paymentSuccessTitle,
  processingText,
  validationErrorDefault,
  validationErrorTitle,
  validationFailedDefault,
  validationFailedTitle,
} from '@/features/payment/messages';
import { paymentFigures } from '@/features/payment/payment-figures';
import { ConfirmStep } from './confirm-step';
import { PinStep } from './pin-step';
import { ScanStep, type ScanMode } from './scan-step';

type Step = 'scan' | 'confirm' | 'pin' | 'processing';

/**
 * One payment attempt: its Idempotency-Key and what it pays. Retrying the same code and
 * amount (after a network failure, say) sends the same key, so the server never charges
 * twice; any other payment gets a fresh key (design.md §6).
 */
interface Attempt {
  key: string;
  qrData: string;
  amount: string | null;
}

interface PaymentScreenProps {
  /** A code to validate straight away, e.g. from a /pay/<token> link. */
  initialQrData?: string;
}

export function PaymentScreen({ initialQrData }: PaymentScreenProps) {
  const [step, setStep] = useState<Step>('scan');
  const [mode, setMode] = useState<ScanMode>(initialQrData ? 'manual' : 'camera');
  // After a payment the camera waits for a tap: the code just paid is usually still in
  // front of it, and reading it again would replace 'Payment Successful' with a refusal.
  const [cameraArmed, setCameraArmed] = useState(true);
  const [qrData, setQrData] = useState(initialQrData ?? '');
  const [validation, setValidation] = useState<QrValidation | null>(null);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const attempt = useRef<Attempt | null>(null);
  const validate = useValidateQr();
  const pay = useProcessPayment();

  const runValidation = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', ...paymentMessages.noQrCode });
      return;
    }
    validate.mutate(
      { qrData: trimmed },
      {
        onSuccess: (result) => {
          setValidation(result);
          setAmount('');
          setPin('');
          setStep('confirm');
        },
        onError: (error) => {
          const status = errorStatus(error);
          // A refusal (4xx) carries the server's reason; anything else is a failed request.
          if (status !== null && status >= 400 && status < 500) {
            toast({
              variant: 'destructive',
              title: validationFailedTitle,
              description: serverMessage(error) ?? validationFailedDefault,
            });
          } else {
            toast({ variant: 'destructive', title: validationErrorTitle, description: validationErrorDefault });
          }
        },
      },
    );
  };

  // A payment link opens straight on its confirm step. The ref keeps StrictMode's second
  // effect run from validating twice.
  const autoValidated = useRef(false);
  useEffect(() => {
    if (initialQrData && !autoValidated.current) {
      autoValidated.current = true;
      runValidation(initialQrData);
    }
    // Runs once, for the code the screen was opened with.
  }, []);

  const resetToScan = () => {
    setStep('scan');
    setQrData('');
    setValidation(null);
    setAmount('');
    setPin('');
  };

  if (step === 'processing') {
    return (
      <div className="flex flex-col items-center justify-center gap-2 py-20 text-center">
        <Spinner label={processingText} />
        <h3 className="sr-only">Processing Payment</h3>
      </div>
    );
  }

  if (step === 'scan' || !validation) {
    return (
      <ScanStep
        mode={mode}
        onModeChange={setMode}
        cameraArmed={cameraArmed}
        onArmCamera={() => setCameraArmed(true)}
        qrData={qrData}
        onQrDataChange={setQrData}
        onDetected={(text) => {
          setQrData(text);
          runValidation(text);
        }}
        onContinue={() => runValidation(qrData)}
        validating={validate.isPending}
      />
    );
  }

  const figures = paymentFigures(validation, amount);
  const isStatic = !validation.qrCode.isDynamic;

  const continueToPin = () => {
    if (isStatic && (figures.amountPaise === null || figures.amountPaise <= 0)) {
      toast({ variant: 'destructive', ...paymentMessages.invalidAmount });
      return;
    }
    if (!figures.canContinue) return;
    const wireAmount = isStatic && figures.amountPaise !== null ? toWireAmount(figures.amountPaise) : null;
    const code = qrData.trim();
    const current = attempt.current;
    if (!current || current.qrData !== code || current.amount !== wireAmount) {
      attempt.current = { key: newIdempotencyKey(), qrData: code, amount: wireAmount };
    }
    setPin('');
    setStep('pin');
  };

  const payNow = () => {
    const current = attempt.current;
    if (!pinPattern.test(pin)) {
      toast({ variant: 'destructive', ...paymentMessages.pinRequired });
      return;
    }
    if (!current) return;
    const body: ProcessPaymentRequest = { qrData: current.qrData, pin };
    if (current.amount !== null) body.amount = current.amount;
    const businessName = validation.business.name;
    setStep('processing');
    pay.mutate(
      { body, idempotencyKey: current.key },
      {
        onSuccess: ({ transaction }) => {
          attempt.current = null;
          setCameraArmed(false);
          toast({
            title: paymentSuccessTitle,
            description: paidToText(formatWireRupees(transaction.amount), businessName),
          });
          resetToScan();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: paymentFailedTitle,
            description: serverMessage(error) ?? paymentFailedDefault,
          });
          setPin('');
          setStep('confirm');
        },
      },
    );
  };

  if (step === 'pin') {
    return (
      <PinStep
        businessName={validation.business.name}
        total={figures.total}
        pin={pin}
        onPinChange={setPin}
        onBack={() => setStep('confirm')}
        onPay={payNow}
      />
    );
  }

  return (
    <ConfirmStep
      validation={validation}
      figures={figures}
      amount={amount}
      onAmountChange={setAmount}
      onBack={() => {
        setValidation(null);
        setStep('scan');
      }}
      onContinue={continueToPin}
    />
  );
}
