import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryOptionsFor, request } from '@/lib/api-request';

export const smsApprovalQuery = queryOptionsFor('GET /api/customer/sms-approval', {});

/** Whether the customer lets shops charge them with a code sent by SMS (docs/product.md#sms-approval). */
export function useSmsApproval() {
  return useQuery(smsApprovalQuery);
}

/** Turns approval by SMS code on or off; the answer is the switch's new state, nothing else changed. */
export function useSetSmsApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => request('POST /api/customer/sms-approval', { body: { enabled } }),
    onSuccess: (answer) => queryClient.setQueryData(smsApprovalQuery.queryKey, answer),
  });
}
