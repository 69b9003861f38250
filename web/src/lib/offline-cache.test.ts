import { describe, expect, it, vi } from 'vitest';
import { sessionIdleTtlSeconds } from '@common/limits';
import {
  forgetOfflineView, offlineViewOfStoredSession, readOfflineView, saveOfflineView, sessionMark, type CustomerOfflineView,
  type ShopOfflineView,
} from './offline-cache';
import { clearSessionToken, setSessionToken } from './session';

const readAt = '2025-11-27T13:10:00.000Z';
const now = Date.parse(readAt) + 60_000;

const ashaView = (token: string): CustomerOfflineView => ({
  kind: 'customer',
  userId: 'u-asha',
  name: 'Asha Rao',
  session: sessionMark(token),
  accounts: {
    readAt,
    items: [{ businessName: 'Kumar Kirana', owed: '1249.90', available: '3750.10', creditLimit: '5000.00', overdue: '0.00', nextDueOn: null }],
  },
});

describe('the figures kept for offline', () => {
  it('are read back for the session that kept them', () => {
    setSessionToken('tok-asha');
    saveOfflineView(ashaView('tok-asha'));
    expect(offlineViewOfStoredSession(now)).toEqual(ashaView('tok-asha'));
  });

  it("are not shown for another session: another sign-in on the phone, or nobody signed in", () => {
    saveOfflineView(ashaView('tok-asha'));
    setSessionToken('tok-vijay');
    expect(offlineViewOfStoredSession(now)).toBeNull();
    clearSessionToken();
    expect(offlineViewOfStoredSession(now)).toBeNull();
    // Still there for readOfflineView: the writer replaces it once Vijay's figures arrive.
    expect(readOfflineView()?.userId).toBe('u-asha');
  });

  it('are not shown once older than a session may stay idle', () => {
    setSessionToken('tok-asha');
    saveOfflineView(ashaView('tok-asha'));
    const idleEnd = Date.parse(readAt) + sessionIdleTtlSeconds * 1000;
    expect(offlineViewOfStoredSession(idleEnd)).not.toBeNull();
    expect(offlineViewOfStoredSession(idleEnd + 1)).toBeNull();
  });

  it('judge the session by its newest part, and drop alone a part older than a session may stay idle', () => {
    setSessionToken('tok-asha');
    const idleMs = sessionIdleTtlSeconds * 1000;
    // The accounts were last read eight days ago; the history a minute ago, so the session lives.
    const accountsReadAt = new Date(now - idleMs - 24 * 60 * 60 * 1000).toISOString();
    const history = { readAt, items: [{ id: 't1', type: 'payment', name: 'Kumar Kirana', totalAmount: '102.00', createdAt: readAt }] };
    const view = ashaView('tok-asha');
    saveOfflineView({ ...view, accounts: { ...view.accounts!, readAt: accountsReadAt }, history });
    const { accounts: _stale, ...fresh } = view;
    const shown = offlineViewOfStoredSession(now);
    expect(shown).toEqual({ ...fresh, history });
    expect(shown).not.toHaveProperty('accounts');
    // The kept entry itself is left as it was: the writer replaces it.
    expect(readOfflineView()).toHaveProperty('accounts.readAt', accountsReadAt);
    // Once the newest part, too, is older than that, the session has ended: nothing.
    const historyIdleEnd = Date.parse(readAt) + idleMs;
    expect(offlineViewOfStoredSession(historyIdleEnd)).toEqual({ ...fresh, history });
    expect(offlineViewOfStoredSession(historyIdleEnd + 1)).toBeNull();
  });

  it("drop a shop's stale parts the same way", () => {
    setSessionToken('tok-ravi');
    const stale = new Date(now - sessionIdleTtlSeconds * 1000 - 1).toISOString();
    const shop: ShopOfflineView = {
      kind: 'shop', userId: 'u-ravi', name: 'Ravi Stores', session: sessionMark('tok-ravi'), shopId: 'biz1',
      toCollect: { readAt: stale, items: { overdue: '1225.00', customers: 1 } },
      customers: { readAt, items: [{ customerName: 'Meena Iyer', owed: '1225.00', overdue: '1225.00', nextDueOn: null }] },
      history: { readAt: stale, items: [] },
    };
    saveOfflineView(shop);
    const { toCollect: _dues, history: _history, ...fresh } = shop;
    expect(offlineViewOfStoredSession(now)).toStrictEqual(fresh);
  });

  it('ignore an entry of another shape or one that does not parse', () => {
    setSessionToken('tok-asha');
    window.localStorage.setItem('khata.offlineView', '{"version":1,"view":');
    expect(offlineViewOfStoredSession(now)).toBeNull();
    window.localStorage.setItem('khata.offlineView', JSON.stringify({ version: 2, view: ashaView('tok-asha') }));
    expect(offlineViewOfStoredSession(now)).toBeNull();
    window.localStorage.setItem('khata.offlineView', JSON.stringify({ version: 1, view: { ...ashaView('tok-asha'), accounts: { items: [] } } }));
    expect(offlineViewOfStoredSession(now)).toBeNull();
  });

  it('name their session by a digest, never by the token', () => {
    setSessionToken('tok-asha-0123456789abcdef');
    saveOfflineView(ashaView('tok-asha-0123456789abcdef'));
    const stored = window.localStorage.getItem('khata.offlineView')!;
    expect(stored).not.toContain('tok-asha');
    expect(sessionMark('tok-asha-0123456789abcdef')).not.toBe(sessionMark('tok-asha-0123456789abcdeg'));
  });

  it('are removed by forgetOfflineView', () => {
    setSessionToken('tok-asha');
    saveOfflineView(ashaView('tok-asha'));
    forgetOfflineView();
    expect(window.localStorage.getItem('khata.offlineView')).toBeNull();
  });

  it('keep nothing when storage refuses, without failing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(() => saveOfflineView(ashaView('tok-asha'))).not.toThrow();
    } finally {
      setItem.mockRestore();
    }
    expect(readOfflineView()).toBeNull();
  });
});
