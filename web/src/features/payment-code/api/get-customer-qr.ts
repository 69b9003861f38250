import { useQuery } from '@tanstack/react-query';
import type { CustomerQr } from '@common/api-types';

export const customerQrQueryKey = ['/api/customer/qr'] as const;

/** The customer's own payment code; fetched only while the sheet is open (spec §2). */
export function useCustomerQr({ enabled }: { enabled: boolean }) {
  return useQuery<CustomerQr>({ queryKey: customerQrQueryKey, enabled });
}
