import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomerCreditAccount } from '@common/api/types';
import { errorStatus } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { customerCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { customerInvitationsQueryKey } from './get-customer-invitations';

/** The offer answered leaves the list at once; the rest of the list is as it was. */
function dropOffer(queryClient: QueryClient, invitationId: string) {
  queryClient.setQueryData(customerInvitationsQueryKey, (data) => data && {
    invitations: data.invitations.filter((invitation) => invitation.id !== invitationId),
  });
}

/**
 * The new account joins the customer's accounts, so the home and its account screen show it
 * at once; the accounts are asked for again too, since a request already on its way (the
 * link page's, right after sign-in) was answered without it.
 */
function addAccount(queryClient: QueryClient, account: CustomerCreditAccount) {
  queryClient.setQueryData(customerCreditAccountsQueryKey, (data) => data && {
    creditAccounts: [...data.creditAccounts.filter((known) => known.id !== account.id), account],
  });
  void queryClient.invalidateQueries({ queryKey: customerCreditAccountsQueryKey });
}

/**
 * A refusal as gone or no longer open (404, 409) means the offers on screen are behind: the
 * shop withdrew it, it expired, or another device answered first.
 */
function refetchWhenStale(queryClient: QueryClient, error: unknown) {
  const status = errorStatus(error);
  if (status === 404 || status === 409) void queryClient.invalidateQueries({ queryKey: customerInvitationsQueryKey });
}

/**
 * Accepts a shop's offer: the server opens the credit account and answers with it. Writes
 * the account and the offer's end into the cache itself (nothing else changed), so the home
 * and the link page agree at once.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => request('POST /api/customer/invitations/:id/accept', { params: { id: invitationId } }),
    onSuccess: ({ creditAccount }, invitationId) => {
      dropOffer(queryClient, invitationId);
      addAccount(queryClient, creditAccount);
    },
    onError: (error) => refetchWhenStale(queryClient, error),
  });
}

/** Declines a shop's offer; the shop sees it declined and may invite the number again. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => request('POST /api/customer/invitations/:id/decline', { params: { id: invitationId } }),
    onSuccess: (_answer, invitationId) => dropOffer(queryClient, invitationId),
    onError: (error) => refetchWhenStale(queryClient, error),
  });
}
