/**
 * The one map from "this changed" to the queries it makes stale. Features name the change
 * (a mutation's `meta.changed`, see lib/changes.ts) and own their query keys; only the app
 * sees every feature, so only it can say who reads what a change touched. Mutations are
 * followed through the query client's mutation cache (`staleAfterMutations`); the shells
 * hand the live-update stream the lists of its own events.
 *
 * A query is stale when the first part of its key starts with one of the listed prefixes:
 * every key here is an API path, and one prefix covers each view of a list (recent, paged,
 * per account, per range).
 */
import type { MutationCacheConfig, QueryClient } from '@tanstack/react-query';
import type { Change } from '@/lib/changes';
import { errorStatus } from '@/lib/api-client';
import { adminQueryPrefix } from '@/features/admin/api/admin-queries';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { businessStatsQueryKey } from '@/features/business/api/get-business-stats';
import { businessCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-business-credit-accounts';
import { customerCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { businessInvitationsQueryKey } from '@/features/invitations/api/get-business-invitations';
import { customerInvitationsQueryKey } from '@/features/invitation-offers/api/get-customer-invitations';
import { toCollectQueryKey } from '@/features/dues/api/get-to-collect';
import { PaymentNotConfirmedError } from '@/features/payment/resend-payment';
import { businessReportsUrl } from '@/features/payment-reports/api/get-payment-reports';
import { activeQrCodesQueryKey } from '@/features/qr-codes/api/get-active-qr-codes';
import { transactionQueryPrefix } from '@/features/receipt/api/get-transaction';
import { repaymentClaimsQueryPrefix } from '@/features/repayment/api/get-repayment-claims';
import { businessClaimsUrl } from '@/features/repayment-claims/api/get-repayment-claims';
import { statementQueryPrefix } from '@/features/statements/api/get-statement';
import { businessTransactionsUrl } from '@/features/transactions/api/get-business-transactions';
import { customerTransactionsQueryKey } from '@/features/transactions/api/get-customer-transactions';

export interface Staleness {
  /** Prefixes of the first part of the query keys made stale. */
  queries: readonly string[];
  /**
   * Whether the mutation (and so its caller's own onSuccess, a toast, a closing dialog)
   * waits for the refetch. Not when the toast must come first: a confirmed claim's card
   * leaves the list as it refetches.
   */
  wait: boolean;
  /** A refusal that still means the screen is out of date (someone decided first, an unknown outcome). */
  alsoAfter?: (error: unknown) => boolean;
}

/** What a change to a customer's credit line touches on the merchant's side. */
const merchantCredit = [businessCreditAccountsQueryKey[0], businessStatsQueryKey[0], toCollectQueryKey[0]];
const always = () => true;
/** What a refund or a reversal touches: the ledger, the balances and totals, an open statement. */
const merchantLedger = [businessTransactionsUrl, ...merchantCredit, statementQueryPrefix];
/** A refusal by the rules or as already done (422, 409): someone else's refund or repayment came first. */
const refusedAsStale = (error: unknown) => errorStatus(error) === 409 || errorStatus(error) === 422;
/** A refusal as already done or already there (409). */
const refusedAsTaken = (error: unknown) => errorStatus(error) === 409;

export const staleQueries = {
  // A new account takes the place of a pending invitation to its number. A 409 (the account
  // is there already, or a counter sign-up's code was used by a Confirm whose answer was lost)
  // means the list on screen is behind.
  'credit-account-created': { queries: [...merchantCredit, businessInvitationsQueryKey[0]], wait: true, alsoAfter: refusedAsTaken },
  'credit-limit-changed': { queries: merchantCredit, wait: true },
  'due-date-moved': { queries: merchantCredit, wait: true },
  // The reminder dialog's own note is set from the answer (record-reminder.ts).
  'reminder-sent': { queries: merchantCredit, wait: false },
  'repayment-recorded': { queries: [...merchantCredit, businessTransactionsUrl], wait: true },
  // A claim refused as already decided is stale on screen too.
  'claim-confirmed': { queries: [businessClaimsUrl, ...merchantCredit, businessTransactionsUrl], wait: false, alsoAfter: always },
  'claim-declined': { queries: [businessClaimsUrl], wait: true, alsoAfter: always },
  'claim-made': { queries: [repaymentClaimsQueryPrefix], wait: true },
  // A refund answering a report closes it; any refund changes a reported payment's refundable amount.
  'refund-made': { queries: [...merchantLedger, businessReportsUrl], wait: true, alsoAfter: refusedAsStale },
  'repayment-reversed': { queries: merchantLedger, wait: true, alsoAfter: refusedAsStale },
  // A report refused as already answered is stale on screen too.
  'report-declined': { queries: [businessReportsUrl], wait: true, alsoAfter: always },
  // The reported row's report state, in the history and on its receipt. A refusal (already
  // reported) means the row on screen is stale too. Not waited for: the refetched row drops
  // its "Report a problem" button, and the dialog with it, while its answer is still shown.
  'payment-reported': { queries: [customerTransactionsQueryKey[0], transactionQueryPrefix], wait: false, alsoAfter: always },
  'qr-code-generated': { queries: [activeQrCodesQueryKey[0]], wait: true },
  // An unconfirmed payment may have been made: the history the customer is asked to check must be fresh.
  'payment-made': {
    queries: [customerCreditAccountsQueryKey[0], customerTransactionsQueryKey[0]],
    wait: false,
    alsoAfter: (error) => error instanceof PaymentNotConfirmedError,
  },
  // A 409 means another admin decided first: the lists and counts shown are stale.
  'businesses-decided': { queries: [adminQueryPrefix], wait: false, alsoAfter: always },
  'business-terms-changed': { queries: [adminQueryPrefix], wait: false },
  // A 409 (already invited, or already a customer) means the list on screen is behind another device.
  'invitation-sent': { queries: [businessInvitationsQueryKey[0]], wait: true, alsoAfter: refusedAsTaken },
  // Refused as gone or no longer open: the customer answered first, and the row must show it.
  'invitation-cancelled': { queries: [businessInvitationsQueryKey[0]], wait: true, alsoAfter: always },
  // A payment, as a customer's own is (the stream brings its row too); a code already used
  // may mean the payment went through on an answer that was lost.
  'sms-charge-paid': { queries: merchantLedger, wait: false, alsoAfter: refusedAsTaken },
  // A customer's payment (or the merchant's own repayment elsewhere): the ledger, the totals,
  // the balances, used codes, an open statement and what is overdue.
  // A refund made on another device changes what is left to refund of a reported payment.
  'merchant-ledger-row': {
    queries: [...merchantLedger, activeQrCodesQueryKey[0], businessReportsUrl],
    wait: false,
  },
  // At the counter, whose session may read nothing else: a payment may use up one of the shop's codes.
  'counter-ledger-row': { queries: [activeQrCodesQueryKey[0]], wait: false },
  // A customer's claim made, or one answered on another device: the claims, and once confirmed, what is owed.
  'merchant-claim-news': { queries: [businessClaimsUrl, ...merchantCredit], wait: false },
  // A customer's report made, or one answered on another device (its refund comes as a ledger row).
  'merchant-report-news': { queries: [businessReportsUrl], wait: false },
  // A merchant's repayment, refund or reversal, or a payment elsewhere: the balances, the
  // history, an open receipt (a refund changes its payment's) and an open statement.
  'customer-ledger-row': {
    queries: [customerCreditAccountsQueryKey[0], customerTransactionsQueryKey[0], transactionQueryPrefix, statementQueryPrefix],
    wait: false,
  },
  // A merchant confirming or declining the customer's claim: the claims, and the dues with them.
  'customer-claim-news': { queries: [repaymentClaimsQueryPrefix, customerCreditAccountsQueryKey[0]], wait: false },
  // The merchant refunding or declining the customer's report: the row's report state, on its receipt too.
  'customer-report-news': { queries: [customerTransactionsQueryKey[0], transactionQueryPrefix], wait: false },
  // An admin's decision changes the merchant's banner and actions.
  'own-business-decided': { queries: [currentUserQueryKey[0]], wait: false },
  // An invited customer accepting (the Invited row becomes their account) or declining.
  'merchant-invitation-news': { queries: [businessInvitationsQueryKey[0], ...merchantCredit], wait: false },
  // A shop offering the customer credit, or withdrawing the offer: the offers on the home. An
  // offer accepted on another device: My Merchants gains its account.
  'customer-invitation-news': { queries: [customerInvitationsQueryKey[0], customerCreditAccountsQueryKey[0]], wait: false },
} as const satisfies Record<Change, Staleness>;

/** Marks the queries a change made stale and refetches the ones on screen. */
export function refetchStale(queryClient: QueryClient, change: Change): Promise<void> {
  const { queries } = staleQueries[change];
  return queryClient.invalidateQueries({
    predicate: (query) => queries.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
}

function afterChange(queryClient: QueryClient, change: Change): Promise<void> | undefined {
  const refetch = refetchStale(queryClient, change);
  return staleQueries[change].wait ? refetch : undefined;
}

/** The query client's mutation cache follows each mutation's `meta.changed` through the map. */
export const staleAfterMutations: MutationCacheConfig = {
  onSuccess: (_data, _variables, _context, mutation, { client }) => {
    const change = mutation.meta?.changed;
    return change && afterChange(client, change);
  },
  onError: (error, _variables, _context, mutation, { client }) => {
    const change = mutation.meta?.changed;
    const entry: Staleness | undefined = change && staleQueries[change];
    return change && entry?.alsoAfter?.(error) ? afterChange(client, change) : undefined;
  },
};

/** The prefixes the live-update stream refetches for one of its events. */
export const staleQueryPrefixes = (change: Change): readonly string[] => staleQueries[change].queries;
