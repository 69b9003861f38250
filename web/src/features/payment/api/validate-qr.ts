import { useMutation } from '@tanstack/react-query';
import type { QrValidation } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';

export function useValidateQr() {
  return useMutation({
    mutationFn: (body: { qrData: string }) => apiRequest<QrValidation>('POST', '/api/qr/validate', body),
  });
}
