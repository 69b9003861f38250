/**
 * Keeps the signed-in person's last known figures for offline (lib/offline-cache.ts) from
 * the answers the screens fetched anyway: it listens to the query cache and, a moment after
 * a watched answer arrives (one write for a burst of them), stores what the cache holds.
 * It never asks the server anything. Only a customer's or a shop's figures are kept; a
 * counter, an admin or nobody signed in removes them at once.
 */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  BusinessCreditAccount, CustomerCreditAccount, MeResponse, ToCollect, TransactionPage, TransactionView,
} from '@common/api/types';
import { parseRupees } from '@common/money';
import { historyPageSize } from '@common/limits';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { customerCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { businessCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-business-credit-accounts';
import { toCollectQueryKey } from '@/features/dues/api/get-to-collect';
import { customerTransactionsKey } from '@/features/transactions/api/get-customer-transactions';
import { recentBusinessTransactionsQuery } from '@/features/transactions/api/get-business-transactions';
import {
  forgetOfflineView, offlineAccountsMax, partTimes, readOfflineView, saveOfflineView, sessionMark, setFiguresReadAt,
  withoutStaleParts, type OfflineAccount, type OfflineCustomer, type OfflinePart, type OfflineRow, type OfflineView,
} from '@/lib/offline-cache';
import { getSessionToken } from '@/lib/session';

/** How long after an answer its figures are stored: a screen's answers arrive together. */
export const offlineViewWriteDelayMs = 1_000;

const customerHistoryKey = customerTransactionsKey(null);
const recentPaymentsKey = recentBusinessTransactionsQuery.queryKey;

/** The queries whose answers the offline figures are made of (their keys' first part). */
const watchedPrefixes: ReadonlySet<unknown> = new Set([
  currentUserQueryKey[0], customerCreditAccountsQueryKey[0], customerHistoryKey[0], businessCreditAccountsQueryKey[0],
  toCollectQueryKey[0], recentPaymentsKey[0],
]);

/** Whom figures may be kept for: a customer, or a person of a shop that is picked. */
const keepsFigures = (me: MeResponse | null | undefined): me is MeResponse =>
  me?.user.role === 'customer' || ((me?.user.role === 'business' || me?.user.role === 'staff') && shopIdOf(me) !== null);

const shopIdOf = (me: MeResponse): string | null => me.shop?.businessId ?? me.business?.id ?? null;

const byOwedFirst = <T extends { owed: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => (parseRupees(b.owed) ?? 0) - (parseRupees(a.owed) ?? 0));

const rowsOf = (list: readonly TransactionView[], name: (row: TransactionView) => string): OfflineRow[] =>
  list.map((row) => ({ id: row.id, type: row.type, name: name(row), totalAmount: row.totalAmount, createdAt: row.createdAt }));

const customerAccounts = ({ creditAccounts }: { creditAccounts: CustomerCreditAccount[] }): OfflineAccount[] =>
  creditAccounts.slice(0, offlineAccountsMax).map((account) => ({
    businessName: account.business.businessName,
    owed: account.owed,
    available: account.currentBalance,
    creditLimit: account.creditLimit,
    overdue: account.overdue,
    nextDueOn: account.nextDueOn,
  }));

const shopCustomers = ({ creditAccounts }: { creditAccounts: BusinessCreditAccount[] }): OfflineCustomer[] =>
  byOwedFirst(creditAccounts).slice(0, offlineAccountsMax).map(({ customerName, owed, overdue, nextDueOn }) =>
    ({ customerName, owed, overdue, nextDueOn }));

const customerHistory = (data: InfiniteData<TransactionPage>): OfflineRow[] =>
  rowsOf(data.pages.flatMap((page) => page.transactions).slice(0, historyPageSize), (row) => row.business.businessName);

/**
 * What the cache holds now for `me`'s offline view, each part with the time its answer
 * came; a part the cache no longer holds (a screen not open since) is kept from `previous`
 * when that was the same person's, session's and shop's.
 */
export function offlineViewFrom(queryClient: QueryClient, me: MeResponse, session: string, previous: OfflineView | null): OfflineView {
  const part = <T, P>(key: QueryKey, pick: (data: T) => P): OfflinePart<P> | undefined => {
    const state = queryClient.getQueryState<T>(key);
    if (state?.status !== 'success' || state.data === undefined) return undefined;
    return { readAt: new Date(state.dataUpdatedAt).toISOString(), items: pick(state.data) };
  };
  const kept = previous?.userId === me.user.id && previous.session === session ? previous : null;

  if (me.user.role === 'customer') {
    const same = kept?.kind === 'customer' ? kept : null;
    return {
      kind: 'customer',
      userId: me.user.id,
      name: me.user.name,
      session,
      accounts: part(customerCreditAccountsQueryKey, customerAccounts) ?? same?.accounts,
      history: part(customerHistoryKey, customerHistory) ?? same?.history,
    };
  }
  const shopId = shopIdOf(me)!;
  const same = kept?.kind === 'shop' && kept.shopId === shopId ? kept : null;
  return {
    kind: 'shop',
    userId: me.user.id,
    name: me.business?.businessName ?? me.shop?.businessName ?? me.user.name,
    session,
    shopId,
    toCollect: part(toCollectQueryKey, ({ overdue, customers }: ToCollect) => ({ overdue, customers })) ?? same?.toCollect,
    customers: part(businessCreditAccountsQueryKey, shopCustomers) ?? same?.customers,
    history: part(recentPaymentsKey, (data: TransactionPage) => rowsOf(data.transactions, (row) => row.customerName)) ?? same?.history,
  };
}

/** The queries of the parts kept for `me`: a customer's or a shop's. */
const partKeys = (me: MeResponse): readonly QueryKey[] =>
  me.user.role === 'customer'
    ? [customerCreditAccountsQueryKey, customerHistoryKey]
    : [toCollectQueryKey, businessCreditAccountsQueryKey, recentPaymentsKey];

/**
 * When the oldest of the figures on screen was read: of the parts' queries, those a
 * mounted screen follows (an observer). A part kept from earlier, or one cached for a screen
 * since closed, is not what the person is looking at. Null when none is on screen.
 */
function shownReadAt(queryClient: QueryClient, me: MeResponse): string | null {
  const times = partKeys(me).flatMap((queryKey) => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    return query && query.getObserversCount() > 0 && query.state.status === 'success' ? [query.state.dataUpdatedAt] : [];
  });
  return times.length > 0 ? new Date(Math.min(...times)).toISOString() : null;
}

/** Says, for the offline banner, when the figures on screen were read (none for one who keeps none). */
function showFiguresReadAt(queryClient: QueryClient): void {
  const me = queryClient.getQueryData<MeResponse | null>(currentUserQueryKey);
  if (me === undefined) return;
  setFiguresReadAt(keepsFigures(me) && getSessionToken() ? shownReadAt(queryClient, me) : null);
}

/** Stores what the cache holds now for the signed-in person, or removes what was kept. */
export function writeOfflineView(queryClient: QueryClient): void {
  const me = queryClient.getQueryData<MeResponse | null>(currentUserQueryKey);
  // Not known yet (signing in, or the cache was just cleared): nothing to say either way.
  if (me === undefined) return;
  const token = getSessionToken();
  if (!keepsFigures(me) || !token) {
    forgetOfflineView();
    return;
  }
  // A part kept from a screen not opened for longer than a session may stay idle goes.
  const view = withoutStaleParts(offlineViewFrom(queryClient, me, sessionMark(token), readOfflineView()), Date.now());
  if (partTimes(view).length === 0) return;
  saveOfflineView(view);
  setFiguresReadAt(shownReadAt(queryClient, me));
}

/**
 * Listens to `queryClient` for as long as the app runs; returns the way to stop. A signed
 * out or changed current user (a session the server ended says null) is acted on at once;
 * figures are written `delayMs` after the first answer of a burst. A screen opening or
 * closing changes at once the time the banner gives, the oldest of the figures on screen.
 */
export function watchOfflineView(queryClient: QueryClient, delayMs = offlineViewWriteDelayMs): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    writeOfflineView(queryClient);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!watchedPrefixes.has(event.query.queryKey[0])) return;
    // A screen opened or closed: the banner dates what is on screen now.
    if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed') {
      showFiguresReadAt(queryClient);
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] === currentUserQueryKey[0]) {
      const me = event.action.data as MeResponse | null;
      if (!keepsFigures(me)) {
        write();
        return;
      }
      // Another person's or another shop's figures go at once, not after the delay.
      const kept = readOfflineView();
      if (kept && (kept.userId !== me.user.id || (kept.kind === 'shop' && kept.shopId !== shopIdOf(me)))) forgetOfflineView();
    }
    timer ??= setTimeout(write, delayMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
