import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerLedgerQueries, merchantLedgerQueries, useLedgerEvents } from './use-ledger-events';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, () => void>();
  closed = false;
  constructor(readonly url: string, readonly init?: EventSourceInit) { FakeEventSource.last = this; }
  addEventListener(type: string, listener: () => void) { this.listeners.set(type, listener); }
  removeEventListener(type: string) { this.listeners.delete(type); }
  close() { this.closed = true; }
  emit(type: string) { this.listeners.get(type)?.(); }
}

afterEach(() => vi.unstubAllGlobals());

function Probe({ prefixes }: { prefixes: readonly string[] }) {
  useLedgerEvents(prefixes);
  return null;
}

describe('useLedgerEvents', () => {
  it("refetches the merchant's lists when a ledger event arrives, and only those", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = render(<QueryClientProvider client={client}><Probe prefixes={merchantLedgerQueries} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');
    expect(source.init).toEqual({ withCredentials: true });
    source.emit('ledger');
    expect(spy).toHaveBeenCalledTimes(1);
    const { predicate } = spy.mock.calls[0]![0] as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['/api/transactions/business', 'pages'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/business/stats'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/auth/me'] })).toBe(false);
    unmount();
    expect(source.closed).toBe(true);
  });

  it("refetches the customer's accounts and history", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}><Probe prefixes={customerLedgerQueries} /></QueryClientProvider>);
    FakeEventSource.last!.emit('ledger');
    const { predicate } = spy.mock.calls[0]![0] as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['/api/credit-accounts/customer'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/transactions/customer', null] })).toBe(true);
    expect(predicate({ queryKey: ['/api/customer/qr'] })).toBe(false);
  });
});
