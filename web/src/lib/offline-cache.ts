/**
 * The signed-in person's last known figures, kept on the phone so that offline Khata still
 * shows them, read-only and with the time they were read (docs/product.md#offline). One
 * entry in local storage, for one user and the session that read it: a customer's credit
 * accounts and recent history, or a shop's dues, customers' balances and recent payments,
 * trimmed to what the offline view shows (no phone numbers, handles or ids of people). The
 * app writes it from answers it fetched anyway (app/offline-view-writer.ts), never a
 * counter session's; a sign-out, a session the server ended and another sign-in remove it.
 */
import { useSyncExternalStore } from 'react';
import { sessionIdleTtlSeconds } from '@common/limits';
import { forgetOfflineFigures, getSessionToken, offlineViewKey as storageKey } from './session';

/** Bumped when the entry's shape changes: an older one is then ignored, not misread. */
const entryVersion = 1;
/** A shop's customers or a customer's shops kept: the most owed first, enough to read offline. */
export const offlineAccountsMax = 50;

/** A part of the figures and when the server answered it. */
export interface OfflinePart<T> {
  readAt: string;
  items: T;
}

/** A credit account as the customer sees it; amounts are wire strings ("1250.00"). */
export interface OfflineAccount {
  businessName: string;
  owed: string;
  available: string;
  creditLimit: string;
  overdue: string;
  nextDueOn: string | null;
}

/** A customer's balance as the shop sees it. */
export interface OfflineCustomer {
  customerName: string;
  owed: string;
  overdue: string;
  nextDueOn: string | null;
}

/** A ledger row: `name` is the other side (the shop for a customer, the customer for a shop). */
export interface OfflineRow {
  id: string;
  type: string;
  name: string;
  totalAmount: string;
  createdAt: string;
}

interface OfflineViewOf {
  userId: string;
  /** The name the app greets the person by (the shop's name for a shop). */
  name: string;
  /** A digest of the session token that read it (sessionMark): shown for that session only. */
  session: string;
  history?: OfflinePart<OfflineRow[]>;
}

export interface CustomerOfflineView extends OfflineViewOf {
  kind: 'customer';
  accounts?: OfflinePart<OfflineAccount[]>;
}

export interface ShopOfflineView extends OfflineViewOf {
  kind: 'shop';
  shopId: string;
  toCollect?: OfflinePart<{ overdue: string; customers: number }>;
  customers?: OfflinePart<OfflineCustomer[]>;
}

export type OfflineView = CustomerOfflineView | ShopOfflineView;

/**
 * A short digest of a session token (cyrb53), so the entry names the session that read it
 * without holding anything that could be used as one: 53 bits cannot be turned back into a
 * token, and a new sign-in's token no longer matches.
 */
export function sessionMark(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The names of a view's parts, by its kind. */
const partNames = { customer: ['accounts', 'history'], shop: ['toCollect', 'customers', 'history'] } as const;

const partsOf = (view: OfflineView): unknown[] =>
  partNames[view.kind].map((name) => (view as unknown as Record<string, unknown>)[name]);

/** Every part's time, oldest first. */
export function partTimes(view: OfflineView): string[] {
  return partsOf(view).flatMap((part) => (part ? [(part as OfflinePart<unknown>).readAt] : [])).sort();
}

const isPart = (part: unknown): boolean =>
  part === undefined || (typeof part === 'object' && part !== null && typeof (part as OfflinePart<unknown>).readAt === 'string');

/** The stored entry, or null when there is none, it cannot be read or it is of another shape. */
export function readOfflineView(): OfflineView | null {
  let entry: unknown;
  try {
    const text = window.localStorage.getItem(storageKey);
    if (text === null) return null;
    entry = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof entry !== 'object' || entry === null) return null;
  const { version, view } = entry as { version?: unknown; view?: OfflineView };
  if (version !== entryVersion || typeof view !== 'object' || view === null) return null;
  if (typeof view.userId !== 'string' || typeof view.session !== 'string' || typeof view.name !== 'string') return null;
  if (!Object.hasOwn(partNames, view.kind) || !partsOf(view).every(isPart)) return null;
  return view;
}

/** Whether a part read at `readAt` is older than a session may stay idle (an unreadable time is). */
const isStale = (readAt: string, now: number): boolean => !(now - Date.parse(readAt) <= sessionIdleTtlSeconds * 1000);

/**
 * `view` without the parts read longer ago than a session may stay idle: a screen not
 * opened for that long says too little about today to be shown as the last known figures.
 */
export function withoutStaleParts<V extends OfflineView>(view: V, now: number): V {
  const kept: Record<string, unknown> = { ...view };
  for (const name of partNames[view.kind]) {
    const part = kept[name] as OfflinePart<unknown> | undefined;
    if (part && isStale(part.readAt, now)) delete kept[name];
  }
  return kept as V;
}

/**
 * The stored figures of the session this phone is signed in to, if any: none without a
 * stored session and none read by another session (another person signed in since). The
 * session is judged by its newest part: read longer ago than a session may stay idle, that
 * session has ended by now. Each older part of a live session is dropped alone.
 */
export function offlineViewOfStoredSession(now = Date.now()): OfflineView | null {
  const token = getSessionToken();
  const view = readOfflineView();
  if (!token || !view || view.session !== sessionMark(token)) return null;
  const newest = partTimes(view).at(-1);
  if (!newest || isStale(newest, now)) return null;
  return withoutStaleParts(view, now);
}

/** Keeps `view` in place of whatever was kept; refused storage keeps nothing. */
export function saveOfflineView(view: OfflineView): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify({ version: entryVersion, view }));
  } catch {
    // Full or blocked: offline shows the plain notice, as before.
  }
}

/** Removes the kept figures: a sign-out, a session that ended, a counter session. */
export function forgetOfflineView(): void {
  setFiguresReadAt(null);
  forgetOfflineFigures();
}

/*
 * When the figures the open app shows were read, for the offline banner to say: set by the
 * writer from the parts on screen (the oldest of them), null when nothing is kept (signed
 * out, an admin, a counter) or none of them is on screen.
 */
let figuresReadAt: string | null = null;
const listeners = new Set<() => void>();

export function setFiguresReadAt(at: string | null): void {
  if (at === figuresReadAt) return;
  figuresReadAt = at;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the figures the open app shows were read (the oldest part on screen), or null. */
export const useFiguresReadAt = (): string | null => useSyncExternalStore(subscribe, () => figuresReadAt);
