import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionIdleTtlSeconds } from '@common/limits';
import type {
  BusinessCreditAccount, CustomerCreditAccount, MeResponse, TransactionPage, TransactionView, UserView,
} from '@common/api/types';
import { currentUserQuery } from '@/features/auth/api/fetch-current-user';
import { customerCreditAccountsQuery } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { customerTransactionsOptions } from '@/features/transactions/api/get-customer-transactions';
import { recentBusinessTransactionsQuery } from '@/features/transactions/api/get-business-transactions';
import { queryOptionsFor } from '@/lib/api-request';
import {
  offlineViewOfStoredSession, readOfflineView, saveOfflineView, sessionMark, setFiguresReadAt, useFiguresReadAt,
} from '@/lib/offline-cache';
import { setSessionToken } from '@/lib/session';
import { json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { untouchedRow } from '@/test/ledger-rows';
import { ownerShop } from '@/test/shops';
import { createAppQueryClient } from './query-client';
import { offlineViewWriteDelayMs, watchOfflineView } from './offline-view-writer';

const storageKey = 'khata.offlineView';
const asha: UserView = { id: 'u-asha', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };
const vijay: UserView = { id: 'u-vijay', role: 'customer', name: 'Vijay Kumar', phone: '+919876543211', email: null };
const meAs = (user: UserView, change: Partial<MeResponse> = {}): MeResponse => ({ user, business: null, shop: null, language: 'en', ...change });

const account = (businessName: string, change: Partial<CustomerCreditAccount> = {}): CustomerCreditAccount => ({
  id: `a-${businessName}`, businessId: `b-${businessName}`, business: { businessName }, currentBalance: '3750.10',
  creditLimit: '5000.00', owed: '1249.90', overdue: '0.00', nextDueOn: '2025-12-05', nextDueAmount: '1249.90', upiId: null,
  remindersOptedOut: false, ...change,
});

const row = (id: string, change: Partial<TransactionView> = {}): TransactionView => ({
  id, type: 'payment', amount: '100.00', fee: '2.00', totalAmount: '102.00', status: 'completed',
  createdAt: '2025-11-27T12:00:00.000Z', businessId: 'b-Kumar Kirana',
  business: { businessName: 'Kumar Kirana', address: '4 Anna Salai', phone: null }, customerName: 'Asha Rao',
  description: null, availableCredit: '3750.10', ...untouchedRow, ...change,
});

const page = (transactions: TransactionView[]): TransactionPage => ({ transactions, nextCursor: null });

/** 27 Nov 2025, 6:40 pm in India. */
const readAt = new Date('2025-11-27T13:10:00.000Z');

function stubServer(me: MeResponse | null, more: Record<string, (call: RecordedCall) => Response> = {}) {
  return stubFetch({
    'GET /api/auth/me': () => (me ? json(200, me) : json(401, { error: 'Unauthorized', code: 'unauthorized', key: 'unauthorized', params: {} })),
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [account('Kumar Kirana'), account('Sharma Medicals', { owed: '0.00', currentBalance: '1000.00', creditLimit: '1000.00', nextDueOn: null })] }),
    'GET /api/transactions/customer?limit=15': () => json(200, page([row('t1'), row('t2', { type: 'repayment', totalAmount: '500.00' })])),
    ...more,
  });
}

let stop = () => {};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(readAt);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  setFiguresReadAt(null);
});

function watched() {
  const client = createAppQueryClient();
  stop = watchOfflineView(client);
  return client;
}

/** A screen following `observer`'s query; returns the way to close it. */
function onScreen(observer: { subscribe: (listener: () => void) => () => void }): () => void {
  let close = () => {};
  act(() => {
    close = observer.subscribe(() => {});
  });
  return close;
}

async function signedInCustomerHome(me = meAs(asha), token = 'tok-asha') {
  setSessionToken(token);
  const calls = stubServer(me);
  const client = watched();
  await client.fetchQuery(currentUserQuery);
  await client.fetchQuery(customerCreditAccountsQuery);
  await client.fetchInfiniteQuery(customerTransactionsOptions(null));
  return { client, calls };
}

describe('the offline figures writer', () => {
  it("keeps the customer's accounts and recent history a moment after the answers, for that user and session, with the time read", async () => {
    const { calls } = await signedInCustomerHome();
    // One write for the burst of answers, a moment later.
    expect(window.localStorage.getItem(storageKey)).toBeNull();
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    expect(readOfflineView()).toEqual({
      kind: 'customer',
      userId: 'u-asha',
      name: 'Asha Rao',
      session: sessionMark('tok-asha'),
      accounts: {
        readAt: readAt.toISOString(),
        items: [
          { businessName: 'Kumar Kirana', owed: '1249.90', available: '3750.10', creditLimit: '5000.00', overdue: '0.00', nextDueOn: '2025-12-05' },
          { businessName: 'Sharma Medicals', owed: '0.00', available: '1000.00', creditLimit: '1000.00', overdue: '0.00', nextDueOn: null },
        ],
      },
      history: {
        readAt: readAt.toISOString(),
        items: [
          { id: 't1', type: 'payment', name: 'Kumar Kirana', totalAmount: '102.00', createdAt: '2025-11-27T12:00:00.000Z' },
          { id: 't2', type: 'repayment', name: 'Kumar Kirana', totalAmount: '500.00', createdAt: '2025-11-27T12:00:00.000Z' },
        ],
      },
    });
    // Nothing but the screens' own requests: the writer asks the server nothing.
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me', '/api/credit-accounts/customer', '/api/transactions/customer?limit=15']);
    // Never the token itself.
    expect(window.localStorage.getItem(storageKey)).not.toContain('tok-asha');
  });

  it('updates the kept figures when a screen fetches again, keeping a part the cache no longer holds', async () => {
    const { client } = await signedInCustomerHome();
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    // The history filtered to a shop drops the unfiltered list; the accounts are fetched again later.
    client.removeQueries({ queryKey: customerTransactionsOptions(null).queryKey });
    vi.setSystemTime(new Date(readAt.getTime() + 60_000));
    await client.refetchQueries({ queryKey: customerCreditAccountsQuery.queryKey });
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    const kept = readOfflineView();
    expect(kept?.kind === 'customer' && kept.accounts?.readAt).toBe('2025-11-27T13:11:00.000Z');
    expect(kept?.history?.readAt).toBe(readAt.toISOString());
    expect(kept?.history?.items.map((item) => item.id)).toEqual(['t1', 't2']);
  });

  it('removes the figures at once when the server says the session ended (the current user is null)', async () => {
    const { client } = await signedInCustomerHome();
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    expect(readOfflineView()).not.toBeNull();
    stubServer(null);
    await client.refetchQueries({ queryKey: currentUserQuery.queryKey });
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it("drops another user's figures as soon as a new sign-in's user is known, and keeps only the new user's", async () => {
    await signedInCustomerHome();
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    stop();
    // Vijay signs in on the same phone: his session's figures only.
    setSessionToken('tok-vijay');
    expect(offlineViewOfStoredSession(readAt.getTime())).toBeNull();
    stubServer(meAs(vijay));
    const client = watched();
    await client.fetchQuery(currentUserQuery);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
    await client.fetchQuery(customerCreditAccountsQuery);
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    expect(readOfflineView()).toMatchObject({ userId: 'u-vijay', name: 'Vijay Kumar', session: sessionMark('tok-vijay') });
    expect(readOfflineView()?.history).toBeUndefined();
  });

  it('never writes for a counter session, and removes what the shop kept before it', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify({ version: 1, view: { kind: 'shop', userId: 'u-ravi', name: 'Ravi Stores', session: 'x', shopId: 'biz1' } }));
    setSessionToken('tok-counter');
    const counter = meAs({ id: 'u-counter', role: 'counter', name: 'Ravi Stores', phone: null, email: null });
    stubServer(counter, { 'GET /api/qr/static': () => json(200, {}) });
    const client = watched();
    await client.fetchQuery(currentUserQuery);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
    // Whatever else the counter's cache holds, nothing is written.
    client.setQueryData(customerCreditAccountsQuery.queryKey, { creditAccounts: [account('Kumar Kirana')] });
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs * 5);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it("keeps a shop's dues, its customers' balances (most owed first, no phones) and the dashboard's recent payments", async () => {
    setSessionToken('tok-ravi');
    const ravi: UserView = { id: 'u-ravi', role: 'business', name: 'Ravi Kumar', phone: null, email: 'ravi@example.com' };
    const business = {
      id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com', address: '12 MG Road',
      status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00', description: null, rejectionReason: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    } as const;
    const customer = (customerName: string, owed: string, overdue = '0.00'): BusinessCreditAccount => ({
      id: `acc-${customerName}`, customerId: `c-${customerName}`, customerName, paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210',
      creditLimit: '5000.00', currentBalance: '0.00', owed, createdAt: '2025-01-02T00:00:00.000Z', overdue, nextDueOn: '2025-11-20',
      dueMoved: false, lastRemindedAt: null, language: 'en',
    });
    stubServer(meAs(ravi, { business, shop: ownerShop() }), {
      'GET /api/business/to-collect': () => json(200, { overdue: '1225.00', customers: 1, accounts: [] }),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [customer('Asha Rao', '300.00'), customer('Meena Iyer', '1225.00', '1225.00')] }),
      'GET /api/transactions/business?limit=5': () => json(200, page([row('t9', { customerName: 'Meena Iyer', totalAmount: '250.00' })])),
    });
    const client = watched();
    await client.fetchQuery(currentUserQuery);
    await client.fetchQuery(queryOptionsFor('GET /api/business/to-collect', {}));
    await client.fetchQuery(queryOptionsFor('GET /api/credit-accounts/business', {}));
    await client.fetchQuery(recentBusinessTransactionsQuery);
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    const at = readAt.toISOString();
    expect(readOfflineView()).toEqual({
      kind: 'shop', userId: 'u-ravi', name: 'Ravi Stores', session: sessionMark('tok-ravi'), shopId: 'biz1',
      toCollect: { readAt: at, items: { overdue: '1225.00', customers: 1 } },
      customers: {
        readAt: at,
        items: [
          { customerName: 'Meena Iyer', owed: '1225.00', overdue: '1225.00', nextDueOn: '2025-11-20' },
          { customerName: 'Asha Rao', owed: '300.00', overdue: '0.00', nextDueOn: '2025-11-20' },
        ],
      },
      history: { readAt: at, items: [{ id: 't9', type: 'payment', name: 'Meena Iyer', totalAmount: '250.00', createdAt: '2025-11-27T12:00:00.000Z' }] },
    });
    expect(window.localStorage.getItem(storageKey)).not.toContain('+919876543210');
  });

  it('dates the banner by the oldest figures on screen, not by a part kept from a screen not open', async () => {
    setSessionToken('tok-asha');
    stubServer(meAs(asha));
    const client = watched();
    await client.fetchQuery(currentUserQuery);
    await client.fetchQuery(customerCreditAccountsQuery);
    // The history is read two minutes after the accounts.
    const historyReadAt = new Date(readAt.getTime() + 2 * 60_000);
    vi.setSystemTime(historyReadAt);
    await client.fetchInfiniteQuery(customerTransactionsOptions(null));
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    expect(readOfflineView()).toMatchObject({ accounts: { readAt: readAt.toISOString() }, history: { readAt: historyReadAt.toISOString() } });
    const banner = renderHook(() => useFiguresReadAt());
    // No screen shows either: nothing to date.
    expect(banner.result.current).toBeNull();

    // The history tab: its time, not the accounts' kept from the home screen.
    const history = new InfiniteQueryObserver(client, { ...customerTransactionsOptions(null), refetchOnMount: false });
    const closeHistory = onScreen(history);
    expect(banner.result.current).toBe(historyReadAt.toISOString());
    // The accounts on screen as well: the older of the two.
    const accounts = new QueryObserver(client, { ...customerCreditAccountsQuery, refetchOnMount: false });
    const closeAccounts = onScreen(accounts);
    expect(banner.result.current).toBe(readAt.toISOString());
    act(() => closeAccounts());
    expect(banner.result.current).toBe(historyReadAt.toISOString());
    act(() => closeHistory());
    expect(banner.result.current).toBeNull();
  });

  it('drops a kept part older than a session may stay idle when it writes the figures again', async () => {
    setSessionToken('tok-asha');
    const eightDaysAgo = new Date(readAt.getTime() - sessionIdleTtlSeconds * 1000 - 24 * 60 * 60 * 1000).toISOString();
    const accounts = { readAt: eightDaysAgo, items: [] };
    saveOfflineView({ kind: 'customer', userId: 'u-asha', name: 'Asha Rao', session: sessionMark('tok-asha'), accounts });
    stubServer(meAs(asha));
    const client = watched();
    await client.fetchQuery(currentUserQuery);
    await client.fetchInfiniteQuery(customerTransactionsOptions(null));
    await vi.advanceTimersByTimeAsync(offlineViewWriteDelayMs);
    const kept = readOfflineView();
    expect(kept?.history?.readAt).toBe(readAt.toISOString());
    expect(kept).not.toHaveProperty('accounts');
  });
});
