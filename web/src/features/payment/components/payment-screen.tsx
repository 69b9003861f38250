/** The customer payment screen (docs/product.md#payments): one step at a time, driven by `usePaymentFlow`. */
import { Trans } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/spinner';
import { checkingPaymentText, processingText } from '@/features/payment/messages';
import { usePaymentFlow } from '@/features/payment/use-payment-flow';
import { ConfirmStep } from './confirm-step';
import { PaymentSuccess } from './payment-success';
import { PinStep } from './pin-step';
import { ScanStep } from './scan-step';

interface PaymentScreenProps {
  /** A code to validate straight away, e.g. from a /pay/<token> link. */
  initialQrData?: string;
}

export function PaymentScreen({ initialQrData }: PaymentScreenProps) {
  const flow = usePaymentFlow(initialQrData);
  const { step, scan, validation, figures } = flow;

  if (step === 'processing') {
    return (
      <div className="flex flex-col items-center justify-center gap-2 py-20 text-center">
        {/* A status region: a screen reader hears the label change to "Checking your payment…". */}
        <Spinner label={flow.checkingPayment ? checkingPaymentText() : processingText()} />
        <h3 className="sr-only"><Trans>Processing Payment</Trans></h3>
      </div>
    );
  }

  if (step === 'success' && flow.paid) {
    return <PaymentSuccess transaction={flow.paid} onDone={flow.done} />;
  }

  if (step === 'scan' || step === 'success' || !validation || !figures) {
    return (
      <ScanStep
        mode={scan.mode}
        onModeChange={scan.setMode}
        takeFocus={flow.scanFocused}
        ignoreText={scan.cameraRead}
        qrData={scan.qrData}
        onQrDataChange={scan.setQrData}
        onDetected={scan.onDetected}
        onContinue={() => scan.check(scan.qrData)}
        validating={scan.checking}
      />
    );
  }

  if (step === 'pin') {
    return (
      <PinStep
        businessName={validation.business.name}
        total={figures.total}
        pin={flow.pin}
        onPinChange={flow.setPin}
        onBack={flow.backToConfirm}
        onPay={flow.payNow}
      />
    );
  }

  return (
    <ConfirmStep
      validation={validation}
      figures={figures}
      amount={flow.amount}
      onAmountChange={flow.setAmount}
      amountError={flow.amountError}
      onAmountBlur={flow.leaveAmount}
      onBack={flow.backToScan}
      onContinue={flow.continueToPin}
    />
  );
}
