import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QrCodeView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { activeQrCodesQueryKey } from './get-active-qr-codes';

/** The request as sent: amount (a rupee string) only for a dynamic code. */
export interface GenerateQrRequest {
  expirationMinutes: number;
  amount?: string;
  description?: string;
}

export function useGenerateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateQrRequest) => apiRequest<QrCodeView>('POST', '/api/qr/generate', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activeQrCodesQueryKey }),
  });
}
