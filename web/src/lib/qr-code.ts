/**
 * The `qrcode` library, fetched on first use so it stays out of the first download, and
 * shared by every screen that draws a code (the customer's payment code, the merchant's QR
 * codes, the UPI pay-back code). It is a CommonJS package, so its functions sit on the
 * default export or on the namespace depending on the bundler's interop. A failed chunk
 * download is forgotten, so the next call tries again.
 */
type QrCodeModule = typeof import('qrcode');
let qrCodeModule: Promise<QrCodeModule> | null = null;

export function loadQrCode(): Promise<QrCodeModule> {
  qrCodeModule ??= import('qrcode').then(
    // `in`, not reading `.default`: a test's stand-in module without a default throws on the read.
    (loaded) => ('toCanvas' in loaded ? loaded : (loaded as { default: QrCodeModule }).default),
    (error: unknown) => {
      qrCodeModule = null;
      throw error;
    },
  );
  return qrCodeModule;
}
