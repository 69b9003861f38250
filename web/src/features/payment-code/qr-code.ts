/**
 * The `qrcode` library, loaded on first use so it stays out of the first download. It is a
 * CommonJS package, so the functions sit on the default export or on the namespace
 * depending on the bundler's interop.
 */
type QrCodeModule = typeof import('qrcode');

export async function loadQrCode(): Promise<QrCodeModule> {
  const loaded = (await import('qrcode')) as QrCodeModule & { default?: QrCodeModule };
  return loaded.default ?? loaded;
}
