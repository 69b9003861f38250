import { MutationObserver, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Change } from '@/lib/changes';
import { ApiError } from '@/lib/api-client';
import { PaymentNotConfirmedError } from '@/features/payment/resend-payment';
import { createAppQueryClient } from './query-client';
import { refetchStale } from './stale-queries';

/** One cached query per list a screen shows, keyed as its feature keys it. */
const cached = {
  merchantAccounts: ['/api/credit-accounts/business'],
  merchantStats: ['/api/business/stats'],
  toCollect: ['/api/business/to-collect'],
  recentLedger: ['/api/transactions/business?limit=5'],
  pagedLedger: ['/api/transactions/business', 'pages'],
  pendingClaims: ['/api/business/repayment-claims?status=pending'],
  openReports: ['/api/business/payment-reports?status=open'],
  settings: ['/api/business/settings'],
  activeCodes: ['/api/qr/business?active=true'],
  statement: ['/api/credit-accounts/statement', 'account-1', '2025-01-01', '2025-01-31'],
  customerAccounts: ['/api/credit-accounts/customer'],
  customerHistory: ['/api/transactions/customer', { businessId: null }],
  receipt: ['/api/transactions/:id', 't1'],
  customerClaims: ['/api/credit-accounts/repayment-claims', 'account-1'],
  otherAccountClaims: ['/api/credit-accounts/repayment-claims', 'account-2'],
  customerCode: ['/api/customer/qr'],
  currentUser: ['/api/auth/me'],
  adminStats: ['/api/admin/stats'],
  pendingBusinesses: ['/api/admin/businesses/pending'],
  invitations: ['/api/business/invitations'],
  customerOffers: ['/api/customer/invitations'],
} satisfies Record<string, QueryKey>;
type Cached = keyof typeof cached;

function seeded(): QueryClient {
  const client = createAppQueryClient();
  for (const key of Object.values(cached)) client.setQueryData(key, {});
  return client;
}

const staleOnes = (client: QueryClient): Cached[] =>
  (Object.keys(cached) as Cached[]).filter((name) => client.getQueryState(cached[name])?.isInvalidated);

/** Runs a mutation that names `change`, answering with `outcome`; resolves when the mutation settles. */
function mutate(client: QueryClient, change: Change, outcome: () => Promise<unknown> = async () => ({})) {
  const observer = new MutationObserver(client, { mutationFn: outcome, meta: { changed: change } });
  return observer.mutate().catch(() => undefined);
}

describe('what each change makes stale', () => {
  it.each<[Change, Cached[]]>([
    ['credit-account-created', ['merchantAccounts', 'merchantStats', 'toCollect', 'invitations']],
    ['credit-limit-changed', ['merchantAccounts', 'merchantStats', 'toCollect']],
    ['due-date-moved', ['merchantAccounts', 'merchantStats', 'toCollect']],
    ['reminder-sent', ['merchantAccounts', 'merchantStats', 'toCollect']],
    ['repayment-recorded', ['merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger']],
    ['claim-confirmed', ['merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger', 'pendingClaims']],
    ['claim-declined', ['pendingClaims']],
    ['claim-made', ['customerClaims', 'otherAccountClaims']],
    ['payment-reported', ['customerHistory', 'receipt']],
    ['refund-made', ['merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger', 'openReports', 'statement']],
    ['repayment-reversed', ['merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger', 'statement']],
    ['report-declined', ['openReports']],
    ['qr-code-generated', ['activeCodes']],
    ['payment-made', ['customerAccounts', 'customerHistory']],
    ['businesses-decided', ['adminStats', 'pendingBusinesses']],
    ['business-terms-changed', ['adminStats', 'pendingBusinesses']],
    ['invitation-sent', ['invitations']],
    ['invitation-cancelled', ['invitations']],
    ['sms-charge-paid', ['merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger', 'statement']],
  ])('%s: %j', async (change, expected) => {
    const client = seeded();
    await mutate(client, change);
    expect(staleOnes(client)).toEqual(expected);
  });

  it.each<[Change, Cached[]]>([
    ['merchant-ledger-row', [
      'merchantAccounts', 'merchantStats', 'toCollect', 'recentLedger', 'pagedLedger', 'openReports', 'activeCodes', 'statement',
    ]],
    ['merchant-claim-news', ['merchantAccounts', 'merchantStats', 'toCollect', 'pendingClaims']],
    ['merchant-report-news', ['openReports']],
    ['counter-ledger-row', ['activeCodes']],
    ['customer-ledger-row', ['statement', 'customerAccounts', 'customerHistory', 'receipt']],
    ['customer-claim-news', ['customerAccounts', 'customerClaims', 'otherAccountClaims']],
    ['customer-report-news', ['customerHistory', 'receipt']],
    ['own-business-decided', ['currentUser']],
    ['merchant-invitation-news', ['merchantAccounts', 'merchantStats', 'toCollect', 'invitations']],
    ['customer-invitation-news', ['customerAccounts', 'customerOffers']],
  ])('the live-update stream, %s: %j', async (change, expected) => {
    const client = seeded();
    await refetchStale(client, change);
    expect(staleOnes(client)).toEqual(expected);
  });

  it('a mutation that names no change makes nothing stale (saved settings come back as the answer)', async () => {
    const client = seeded();
    await new MutationObserver(client, { mutationFn: async () => ({}) }).mutate();
    expect(staleOnes(client)).toEqual([]);
  });
});

describe('after a refusal', () => {
  const refused = () => Promise.reject(new Error('refused'));

  it('refetches the claims after a refused answer, which may mean another device answered first', async () => {
    const client = seeded();
    await mutate(client, 'claim-declined', refused);
    expect(staleOnes(client)).toEqual(['pendingClaims']);
  });

  it('refetches the ledger after a refund refused by the rules (another refund came first), not after a wrong PIN', async () => {
    const tooMuch = seeded();
    await mutate(tooMuch, 'refund-made', () => Promise.reject(new ApiError(422, '{"error":"too much"}')));
    expect(staleOnes(tooMuch)).toContain('pagedLedger');
    const wrongPin = seeded();
    await mutate(wrongPin, 'refund-made', () => Promise.reject(new ApiError(403, '{"error":"wrong PIN"}')));
    expect(staleOnes(wrongPin)).toEqual([]);
  });

  it('refetches the invitations after one refused as already invited, not after a refused limit', async () => {
    const taken = seeded();
    await mutate(taken, 'invitation-sent', () => Promise.reject(new ApiError(409, '{"error":"already invited"}')));
    expect(staleOnes(taken)).toEqual(['invitations']);
    const tooHigh = seeded();
    await mutate(tooHigh, 'invitation-sent', () => Promise.reject(new ApiError(422, '{"error":"above the maximum"}')));
    expect(staleOnes(tooHigh)).toEqual([]);
  });

  it('refetches the accounts and invitations after a new account refused as taken (a code used by a lost answer), not after a wrong code', async () => {
    const used = seeded();
    await mutate(used, 'credit-account-created', () => Promise.reject(new ApiError(409, '{"error":"used"}')));
    expect(staleOnes(used)).toEqual(['merchantAccounts', 'merchantStats', 'toCollect', 'invitations']);
    const wrongCode = seeded();
    await mutate(wrongCode, 'credit-account-created', () => Promise.reject(new ApiError(400, '{"error":"incorrect"}')));
    expect(staleOnes(wrongCode)).toEqual([]);
  });

  it('refetches the invitations after a refused cancel: the customer answered first', async () => {
    const client = seeded();
    await mutate(client, 'invitation-cancelled', () => Promise.reject(new ApiError(409, '{"error":"no longer open"}')));
    expect(staleOnes(client)).toEqual(['invitations']);
  });

  it('refetches the ledger after a charge code refused as used (its payment may have gone through), not after a wrong code', async () => {
    const used = seeded();
    await mutate(used, 'sms-charge-paid', () => Promise.reject(new ApiError(409, '{"error":"used"}')));
    expect(staleOnes(used)).toContain('pagedLedger');
    const wrongCode = seeded();
    await mutate(wrongCode, 'sms-charge-paid', () => Promise.reject(new ApiError(400, '{"error":"incorrect"}')));
    expect(staleOnes(wrongCode)).toEqual([]);
  });

  it('refetches nothing after a refused limit change', async () => {
    const client = seeded();
    await mutate(client, 'credit-limit-changed', refused);
    expect(staleOnes(client)).toEqual([]);
  });

  it('refetches the balances and the history after a payment whose outcome is unknown, not after a refused one', async () => {
    const unknown = seeded();
    await mutate(unknown, 'payment-made', () => Promise.reject(new PaymentNotConfirmedError(new Error('timeout'))));
    expect(staleOnes(unknown)).toEqual(['customerAccounts', 'customerHistory']);
    const refusedPayment = seeded();
    await mutate(refusedPayment, 'payment-made', refused);
    expect(staleOnes(refusedPayment)).toEqual([]);
  });
});

describe('waiting for the refetch', () => {
  /** A shown merchant account list whose refetch answers only when `answer` is called. */
  function shownAccounts(client: QueryClient) {
    let answer = () => {};
    const observer = new QueryObserver(client, {
      queryKey: cached.merchantAccounts,
      queryFn: () => new Promise((resolve) => (answer = () => resolve({}))),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    return { answer: () => answer(), unsubscribe };
  }

  it("keeps a limit change pending until the list shown is refetched, so the caller's toast follows it", async () => {
    const client = seeded();
    const list = shownAccounts(client);
    let settled = false;
    const done = mutate(client, 'credit-limit-changed').then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    list.answer();
    await done;
    expect(settled).toBe(true);
    list.unsubscribe();
  });

  it("settles a confirmed claim at once: its card leaves as the list refetches, after the caller's toast", async () => {
    const client = seeded();
    const list = shownAccounts(client);
    await mutate(client, 'claim-confirmed');
    expect(staleOnes(client)).toContain('merchantAccounts');
    list.answer();
    list.unsubscribe();
  });
});
