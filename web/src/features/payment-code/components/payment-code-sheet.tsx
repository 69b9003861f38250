import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerQr } from '@common/api/types';
import { customerQrScreenPx } from '@common/limits';
import { Button } from '@/components/ui/button';
import { QrCodeCanvas } from '@/components/ui/qr-code-canvas';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerQr } from '@/features/payment-code/api/get-customer-qr';
import { copyHandle, download, share } from '@/features/payment-code/code-actions';

interface PaymentCodeSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "My Payment Code" (docs/product.md#customer-app): the code a merchant scans to give this customer credit. */
export function PaymentCodeSheet({ open, onOpenChange }: PaymentCodeSheetProps) {
  const { t } = useLingui();
  const code = useCustomerQr({ enabled: open });
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t`My Payment Code`}>
      {code.isPending ? (
        <Spinner className="py-16" />
      ) : code.isError || !code.data ? (
        <div role="alert" className="py-10 text-center">
          <p className="font-medium"><Trans>Failed to load payment code</Trans></p>
          <Button variant="secondary" className="mt-4" onClick={() => void code.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <PaymentCode code={code.data} />
      )}
    </Sheet>
  );
}

function PaymentCode({ code }: { code: CustomerQr }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col items-center">
      <div className="rounded-3xl border border-slate-200 bg-white p-3 dark:border-slate-700">
        <QrCodeCanvas
          data={code.qrData}
          widthPx={customerQrScreenPx}
          label={t`Your payment QR code`}
          size="fit"
          className="rounded-2xl bg-white"
          fallback={
            <p role="alert" className="flex aspect-square w-full max-w-[280px] items-center justify-center rounded-2xl bg-slate-100 p-6 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <Trans>The code could not be drawn. Share your Payment ID instead.</Trans>
            </p>
          }
        />
      </div>
      <dl className="mt-5 w-full divide-y divide-slate-100 rounded-2xl bg-slate-50 dark:divide-slate-800 dark:bg-slate-800/60">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Payment ID</Trans></dt>
          <dd className="min-w-0 text-right font-mono text-sm font-semibold wrap-anywhere">{code.paymentHandle}</dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Name</Trans></dt>
          <dd className="min-w-0 text-right text-sm font-medium wrap-break-word">{code.name}</dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Phone Number</Trans></dt>
          <dd className="text-sm font-medium">{code.phoneNumber}</dd>
        </div>
      </dl>
      <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">
        <Trans>Show this code to a merchant to link your credit account. They can also type your Payment ID.</Trans>
      </p>
      <div className="mt-5 flex w-full flex-wrap gap-2">
        <Button variant="secondary" className="grow basis-0 px-3 whitespace-nowrap" onClick={() => void copyHandle(code.paymentHandle)}>
          <Trans>Copy ID</Trans>
        </Button>
        <Button variant="secondary" className="grow basis-0 px-3 whitespace-nowrap" onClick={() => void share(code)}>
          <Trans>Share</Trans>
        </Button>
        <Button variant="secondary" className="grow basis-0 px-3 whitespace-nowrap" onClick={() => void download(code.qrData)}>
          <Trans>Download</Trans>
        </Button>
      </div>
    </div>
  );
}
