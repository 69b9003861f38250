/** Saving a merchant's QR code as a PNG, with the `qrcode` package loaded on first use. */
import { customerQrDownloadPx } from '@common/limits';
import { loadQrCode } from '@/lib/qr-code';

/** The file name of a downloaded code: khata-qr- and the first 8 characters of its id. */
export const downloadFileName = (qrCodeId: string): string => `khata-qr-${qrCodeId.slice(0, 8)}.png`;

/** Saves the code as a 500 px PNG (docs/product.md#limits). */
export async function downloadQrPng(qrCodeId: string, qrData: string): Promise<void> {
  const QRCode = await loadQrCode();
  const url = await QRCode.toDataURL(qrData, { width: customerQrDownloadPx, margin: 2, errorCorrectionLevel: 'M' });
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName(qrCodeId);
  document.body.append(link);
  link.click();
  link.remove();
}
