/**
 * Ledger events: when a payment or repayment lands, the merchant's and the customer's open
 * screens refresh. The signal travels through PostgreSQL LISTEN/NOTIFY (PGlite has it too),
 * never through this process's memory alone, so a payment handled by one process reaches
 * a merchant connected to another.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';

export const ledgerChannel = 'khata_ledger';

export interface LedgerEvent { businessId: string; customerId: string }
type Subscriber = (event: LedgerEvent) => void;

export function createEventService(deps: { db: Db }) {
  const { db } = deps;
  const subscribers = new Map<string, Set<Subscriber>>();
  let stopListening: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    const [businessId, customerId] = payload.split(':');
    if (!businessId || !customerId) return;
    const event = { businessId, customerId };
    for (const key of [`business:${businessId}`, `customer:${customerId}`]) {
      for (const subscriber of subscribers.get(key) ?? []) subscriber(event);
    }
  }

  /** Starts listening once, on a connection of its own (pg) or the embedded database. */
  async function start(): Promise<void> {
    if (stopListening) return;
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof pg.Pool) {
      const listener = new pg.Client(client.options);
      listener.on('notification', (message) => dispatch(message.payload ?? ''));
      // A lost listening connection only delays screen refreshes; requests are unaffected.
      listener.on('error', () => {});
      await listener.connect();
      await listener.query(`listen ${ledgerChannel}`);
      stopListening = async () => { await listener.end().catch(() => {}); };
    } else {
      const unlisten = await client.listen(ledgerChannel, dispatch);
      stopListening = async () => { await unlisten().catch(() => {}); };
    }
  }

  async function stop(): Promise<void> {
    await stopListening?.();
    stopListening = null;
  }

  /** Announces a change of the ledger; inside a transaction it is sent only on commit. */
  async function publish(executor: Pick<Db, 'execute'>, event: LedgerEvent): Promise<void> {
    await executor.execute(sql`select pg_notify(${ledgerChannel}, ${`${event.businessId}:${event.customerId}`})`);
  }

  /** Calls `subscriber` for events of one business or one customer; returns the unsubscribe. */
  function subscribe(key: `business:${string}` | `customer:${string}`, subscriber: Subscriber): () => void {
    const set = subscribers.get(key) ?? new Set();
    set.add(subscriber);
    subscribers.set(key, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) subscribers.delete(key);
    };
  }

  return { start, stop, publish, subscribe };
}

export type EventService = ReturnType<typeof createEventService>;
