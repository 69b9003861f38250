import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction } from '@common/schemas/staff';
import type { Answer } from '@/lib/api-client';
import { request, urlOf } from '@/lib/api-request';

/** One line of the shop's audit log: who, with their role then, did what, about whom. */
export type AuditEntry = Answer<'GET /api/business/audit'>['entries'][number];

/** The log's filters, each left out when not chosen: India days, one person, one action. */
export interface AuditFilters {
  from?: string;
  to?: string;
  memberId?: string;
  action?: AuditAction;
}

/** The filters as the query sends them, in one order, so equal filters make equal keys. */
export const auditQueryOf = ({ from, to, memberId, action }: AuditFilters): AuditFilters => ({ from, to, memberId, action });

/**
 * The log, newest first, a page at a time from the server's cursor. Asked again on each
 * opening: every action at the shop, on any phone, adds a line.
 */
export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  const query = auditQueryOf(filters);
  return useInfiniteQuery({
    queryKey: [urlOf('GET /api/business/audit', { query })],
    queryFn: ({ pageParam }) => request('GET /api/business/audit', { query: { ...query, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    refetchOnMount: 'always',
  });
}
