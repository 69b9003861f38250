/**
 * What the payment code sheet's buttons do: copy the Payment ID, share it, download the
 * code as a PNG. Apart from the sheet so their toasts read Lingui's `t` when a button is
 * pressed, in the language the app speaks then.
 */
import { t } from '@lingui/core/macro';
import type { CustomerQr } from '@common/api/types';
import { customerQrDownloadPx } from '@common/limits';
import { toast } from '@/lib/toast-store';
import { loadQrCode } from '@/lib/qr-code';

export const paymentCodeFileName = 'khata-payment-code.png';

export async function copyHandle(paymentHandle: string) {
  try {
    await navigator.clipboard.writeText(paymentHandle);
    toast({ title: t`Copied!`, description: t`Payment ID copied to clipboard` });
  } catch {
    toast({ variant: 'destructive', title: t`Copy failed`, description: t`Your Payment ID is ${paymentHandle}` });
  }
}

export async function share(code: CustomerQr) {
  if (typeof navigator.share !== 'function') {
    await copyHandle(code.paymentHandle);
    return;
  }
  const { paymentHandle, name } = code;
  try {
    await navigator.share({
      title: t`My Khata Payment Code`,
      text: t`Add me on Khata with my Payment ID: ${paymentHandle} (${name})`,
    });
  } catch (error) {
    // Closing the share sheet is not a failure; anything else falls back to copying.
    if (!(error instanceof DOMException && error.name === 'AbortError')) await copyHandle(code.paymentHandle);
  }
}

export async function download(qrData: string) {
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
    toast({ variant: 'destructive', title: t`Download failed`, description: t`Please try again` });
  }
}
