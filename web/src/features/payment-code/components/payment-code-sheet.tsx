import type { CustomerQr } from '@common/api-types';
import { customerQrDownloadPx, customerQrScreenPx } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useCustomerQr } from '@/features/payment-code/api/get-customer-qr';
import { loadQrCode } from '@/features/payment-code/qr-code';
import { QrCanvas } from './qr-canvas';

interface PaymentCodeSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const paymentCodeFileName = 'khata-payment-code.png';

/** "My Payment Code" (spec §2): the code a merchant scans to give this customer credit. */
export function PaymentCodeSheet({ open, onOpenChange }: PaymentCodeSheetProps) {
  const code = useCustomerQr({ enabled: open });
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="My Payment Code">
      {code.isPending ? (
        <Spinner className="py-16" />
      ) : code.isError || !code.data ? (
        <div role="alert" className="py-10 text-center">
          <p className="font-medium">Failed to load payment code</p>
          <Button variant="secondary" className="mt-4" onClick={() => void code.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PaymentCode code={code.data} />
      )}
    </Sheet>
  );
}

async function copyHandle(paymentHandle: string) {
  try {
    await navigator.clipboard.writeText(paymentHandle);
    toast({ title: 'Copied!', description: 'Payment ID copied to clipboard' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: `Your Payment ID is ${paymentHandle}` });
  }
}

async function share(code: CustomerQr) {
  if (typeof navigator.share !== 'function') {
    await copyHandle(code.paymentHandle);
    return;
  }
  try {
    await navigator.share({
      title: 'My Khata Payment Code',
      text: `Add me on Khata with my Payment ID: ${code.paymentHandle} (${code.name})`,
    });
  } catch (error) {
    // Closing the share sheet is not a failure; anything else falls back to copying.
    if (!(error instanceof DOMException && error.name === 'AbortError')) await copyHandle(code.paymentHandle);
  }
}

async function download(qrData: string) {
  try {
    const qrCode = await loadQrCode();
    const url = await qrCode.toDataURL(qrData, { width: customerQrDownloadPx, margin: 2 });
    const link = document.createElement('a');
    link.href = url;
    link.download = paymentCodeFileName;
    document.body.append(link);
    link.click();
    link.remove();
  } catch {
    toast({ variant: 'destructive', title: 'Download failed', description: 'Please try again' });
  }
}

function PaymentCode({ code }: { code: CustomerQr }) {
  return (
    <div className="flex flex-col items-center">
      <div className="rounded-3xl border border-slate-200 bg-white p-3 dark:border-slate-700">
        <QrCanvas data={code.qrData} widthPx={customerQrScreenPx} label="Your payment QR code" />
      </div>
      <dl className="mt-5 w-full divide-y divide-slate-100 rounded-2xl bg-slate-50 dark:divide-slate-800 dark:bg-slate-800/60">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400">Payment ID</dt>
          <dd className="truncate font-mono text-sm font-semibold">{code.paymentHandle}</dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400">Name</dt>
          <dd className="truncate text-sm font-medium">{code.name}</dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400">Phone Number</dt>
          <dd className="text-sm font-medium">{code.phoneNumber}</dd>
        </div>
      </dl>
      <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">
        Show this code to a merchant to link your credit account. They can also type your Payment ID.
      </p>
      <div className="mt-5 grid w-full grid-cols-3 gap-2">
        <Button variant="secondary" onClick={() => void copyHandle(code.paymentHandle)}>
          Copy ID
        </Button>
        <Button variant="secondary" onClick={() => void share(code)}>
          Share
        </Button>
        <Button variant="secondary" onClick={() => void download(code.qrData)}>
          Download
        </Button>
      </div>
    </div>
  );
}
