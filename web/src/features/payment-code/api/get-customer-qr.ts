import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const customerQr = queryOptionsFor('GET /api/customer/qr', {});

/** The customer's own payment code; fetched only while the sheet is open. */
export function useCustomerQr({ enabled }: { enabled: boolean }) {
  return useQuery({ ...customerQr, enabled });
}
