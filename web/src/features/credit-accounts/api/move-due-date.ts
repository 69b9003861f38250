import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Moves an account's next due date later: `dueOn` is an India date, YYYY-MM-DD. */
export function useMoveDueDate() {
  return useMutation({
    mutationFn: ({ accountId, dueOn }: { accountId: string; dueOn: string }) =>
      request('POST /api/business/credit-accounts/:id/due-date', { params: { id: accountId }, body: { dueOn } }),
    meta: { changed: 'due-date-moved' },
  });
}
