import { useQuery } from '@tanstack/react-query';
import type { QrCodeView } from '@common/api-types';

export const activeQrCodesQueryKey = ['/api/qr/business?active=true'] as const;

/** The merchant's QR codes that can still be paid, newest first. */
export function useActiveQrCodes() {
  return useQuery<{ qrCodes: QrCodeView[] }>({ queryKey: activeQrCodesQueryKey });
}
