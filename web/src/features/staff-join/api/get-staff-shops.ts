import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/api-client';
import { queryOptionsFor } from '@/lib/api-request';

/** A shop the staff account works at, with the person's role there. */
export type StaffShop = Answer<'GET /api/staff/shops'>['shops'][number];

const staffShops = queryOptionsFor('GET /api/staff/shops', {});
export const staffShopsQueryKey = staffShops.queryKey;

/** The shops a staff account works at, for the shop picker and the header's "Switch shop". */
export function useStaffShops({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...staffShops, enabled });
}
