import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimEventData, InvitationEventData, LedgerEventData, ReportEventData } from '@common/schemas/events';
import { useLedgerEvents, useLedgerStream } from './use-ledger-events';
import { LiveUpdatesStatus } from '@/components/ui/live-updates-status';
import { i18n } from '@/i18n/i18n';

class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  static created = 0;
  listeners = new Map<string, (event?: { lastEventId: string; data?: string }) => void>();
  closed = false;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string, readonly init?: EventSourceInit) {
    FakeEventSource.last = this;
    FakeEventSource.created += 1;
  }
  addEventListener(type: string, listener: () => void) { this.listeners.set(type, listener); }
  removeEventListener(type: string) { this.listeners.delete(type); }
  close() { this.closed = true; }
  emit(type: string, lastEventId?: string) { this.listeners.get(type)?.(lastEventId ? { lastEventId } : undefined); }
  /** An event as the server sends it: an id (but for `business`) and JSON data. */
  send(type: string, lastEventId: string, data: unknown) { this.listeners.get(type)?.({ lastEventId, data: JSON.stringify(data) }); }
  /** What a browser does when a stream drops: it stays CONNECTING and reconnects by itself. */
  drop() { this.readyState = 0; this.onerror?.(); }
  /** What a browser does when the server refuses the stream (429): close for good. */
  refuse() { this.readyState = FakeEventSource.CLOSED; this.onerror?.(); }
  open() { this.readyState = 1; this.onopen?.(); }
}

afterEach(() => vi.unstubAllGlobals());

// What the shells pass in (from their features' query keys).
const merchantLedgerQueries = [
  '/api/transactions/business', '/api/business/stats', '/api/credit-accounts/business', '/api/qr/business?active=true',
];
const customerLedgerQueries = ['/api/credit-accounts/customer', '/api/transactions/customer'];

function Probe({ prefixes }: { prefixes: readonly string[] }) {
  const paused = useLedgerEvents(prefixes);
  // The status speaks through Lingui, as in the app (AppProviders).
  return (
    <I18nProvider i18n={i18n}>
      <LiveUpdatesStatus paused={paused} />
    </I18nProvider>
  );
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

  it('refetches once per ledger id: a replayed event already seen changes nothing', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}><Probe prefixes={customerLedgerQueries} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.emit('ledger', '0197a000-0000-7000-8000-000000000001');
    source.emit('ledger', '0197a000-0000-7000-8000-000000000001');
    source.emit('ledger', '0197a000-0000-7000-8000-000000000002');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('says "Live updates paused" when the stream is refused, retries, and clears when it is back', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const client = new QueryClient();
      const spy = vi.spyOn(client, 'invalidateQueries');
      render(<QueryClientProvider client={client}><Probe prefixes={merchantLedgerQueries} /></QueryClientProvider>);
      const refused = FakeEventSource.last!;
      const createdBefore = FakeEventSource.created;
      act(() => refused.refuse());
      expect(screen.getByRole('status')).toHaveTextContent('Live updates paused');
      act(() => { vi.advanceTimersByTime(4_999); });
      expect(FakeEventSource.created).toBe(createdBefore);
      act(() => { vi.advanceTimersByTime(1); });
      expect(FakeEventSource.created).toBe(createdBefore + 1);
      // Refused again: the wait doubles.
      act(() => FakeEventSource.last!.refuse());
      act(() => { vi.advanceTimersByTime(9_999); });
      expect(FakeEventSource.created).toBe(createdBefore + 1);
      act(() => { vi.advanceTimersByTime(1); });
      const retried = FakeEventSource.last!;
      expect(retried).not.toBe(refused);
      expect(screen.getByRole('status')).toHaveTextContent('Live updates paused');
      act(() => retried.open());
      expect(screen.getByRole('status')).toHaveTextContent(/^$/);
      // What landed during the pause was never sent: the screen refetches once.
      expect(spy).toHaveBeenCalledTimes(1);
      retried.emit('ledger', '0197a000-0000-7000-8000-000000000003');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

const row = (transactionId: string, change: Partial<LedgerEventData> = {}): LedgerEventData => ({
  transactionId, type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Ravi Stores', createdAt: '2025-03-04T09:30:00.000Z', ...change,
});

function StreamProbe({ onLedger }: { onLedger: (event: LedgerEventData) => void }) {
  const state = useLedgerStream(merchantLedgerQueries, { onLedger, accountQueryPrefixes: ['/api/auth/me'] });
  return <p data-testid="state">{state}</p>;
}

describe('useLedgerStream', () => {
  it("hands each new row's figures over once, across a dropped stream's replay", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const received: LedgerEventData[] = [];
    render(<QueryClientProvider client={new QueryClient()}><StreamProbe onLedger={(event) => received.push(event)} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    act(() => source.open());
    const first = row('0197a000-0000-7000-8000-000000000011');
    source.send('ledger', first.transactionId, first);
    act(() => source.drop());
    act(() => source.open());
    // The Last-Event-ID replay starts a margin earlier: the first row comes again, then the missed one.
    const missed = row('0197a000-0000-7000-8000-000000000012', { type: 'repayment', amount: '99.50', customerName: 'Meena Iyer' });
    source.send('ledger', first.transactionId, first);
    source.send('ledger', missed.transactionId, missed);
    source.send('ledger', missed.transactionId, missed);
    expect(received).toEqual([first, missed]);
  });

  it('skips a row whose data is not the promised JSON, but still refetches', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: LedgerEventData[] = [];
    render(<QueryClientProvider client={client}><StreamProbe onLedger={(event) => received.push(event)} /></QueryClientProvider>);
    FakeEventSource.last!.listeners.get('ledger')!({ lastEventId: '0197a000-0000-7000-8000-000000000013', data: 'not json' });
    expect(received).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('skips a row that does not fit its schema, without failing, and still refetches', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: LedgerEventData[] = [];
    render(<QueryClientProvider client={client}><StreamProbe onLedger={(event) => received.push(event)} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    const id = (n: number) => `0197a000-0000-7000-8000-00000000002${n}`;
    source.send('ledger', id(1), { ...row(id(1)), type: 'bonus' });
    source.send('ledger', id(2), { ...row(id(2)), customerName: null });
    const { fee: _fee, ...withoutFee } = row(id(3));
    source.send('ledger', id(3), withoutFee);
    source.send('ledger', id(4), [row(id(4))]);
    expect(received).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(4);
    // A field the stream adds later is no reason to drop the row.
    source.send('ledger', id(5), { ...row(id(5)), note: 'new' });
    expect(received).toEqual([row(id(5))]);
  });

  it('says connecting, live, reconnecting while the browser retries by itself, and paused when refused', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    render(<QueryClientProvider client={new QueryClient()}><StreamProbe onLedger={() => {}} /></QueryClientProvider>);
    const state = screen.getByTestId('state');
    expect(state).toHaveTextContent('connecting');
    const source = FakeEventSource.last!;
    act(() => source.open());
    expect(state).toHaveTextContent('live');
    act(() => source.drop());
    expect(state).toHaveTextContent('reconnecting');
    act(() => source.open());
    expect(state).toHaveTextContent('live');
    act(() => source.refuse());
    expect(state).toHaveTextContent('paused');
  });

  it("refetches the current user on a business decision and after a break, not on a first open", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}><StreamProbe onLedger={() => {}} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    const refetchedMe = () => spy.mock.calls.filter(([filters]) =>
      (filters as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean }).predicate({ queryKey: ['/api/auth/me'] })).length;
    act(() => source.open());
    expect(refetchedMe()).toBe(0);
    source.send('business', '', { status: 'approved' });
    expect(refetchedMe()).toBe(1);
    act(() => source.drop());
    act(() => source.open());
    expect(refetchedMe()).toBe(2);
    // A ledger row refetches the lists, not the user.
    source.send('ledger', '0197a000-0000-7000-8000-000000000014', row('0197a000-0000-7000-8000-000000000014'));
    expect(refetchedMe()).toBe(2);
  });
});

describe('useLedgerStream: repayment claims', () => {
  const claim = (status: ClaimEventData['status'], claimId = 'claim-1'): ClaimEventData => ({
    claimId, creditAccountId: 'acc-1', businessId: 'biz-1', status, amount: '250.00', customerName: 'Asha Rao', businessName: 'Ravi Stores',
  });
  const claimQueries = ['/api/business/repayment-claims', '/api/business/to-collect'];

  function ClaimProbe({ onClaim, claimPrefixes = claimQueries }: { onClaim: (event: ClaimEventData) => void; claimPrefixes?: string[] }) {
    useLedgerStream(merchantLedgerQueries, { claimQueryPrefixes: claimPrefixes, onClaim });
    return null;
  }

  it('refetches the claim queries and hands each claim over once per status, across a replay', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: ClaimEventData[] = [];
    render(<QueryClientProvider client={client}><ClaimProbe onClaim={(event) => received.push(event)} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.send('claim', 'e1', claim('pending'));
    expect(spy).toHaveBeenCalledTimes(1);
    const { predicate } = spy.mock.calls[0]![0] as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['/api/business/repayment-claims?status=pending'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/business/to-collect'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/transactions/business'] })).toBe(false);
    // The same news again (a replay under another event id) is skipped; the confirmation is news.
    source.send('claim', 'e2', claim('pending'));
    source.send('claim', 'e3', claim('confirmed'));
    expect(received).toEqual([claim('pending'), claim('confirmed')]);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('ignores claim news when the shell names no queries for it, and data that is not a claim', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: ClaimEventData[] = [];
    const { unmount } = render(<QueryClientProvider client={client}><ClaimProbe claimPrefixes={[]} onClaim={(event) => received.push(event)} /></QueryClientProvider>);
    FakeEventSource.last!.send('claim', 'e1', claim('pending'));
    expect(spy).not.toHaveBeenCalled();
    unmount();
    render(<QueryClientProvider client={client}><ClaimProbe onClaim={(event) => received.push(event)} /></QueryClientProvider>);
    FakeEventSource.last!.send('claim', 'e2', { claimId: 'claim-2', status: 'lost', amount: '1.00' });
    expect(received).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('useLedgerStream: payment reports', () => {
  const report = (status: ReportEventData['status'], reportId = 'report-1'): ReportEventData => ({
    reportId, transactionId: 'tx-1', businessId: 'biz-1', status, reason: 'wrong_amount', froze: false, amount: '250.00',
    customerName: 'Asha Rao', businessName: 'Ravi Stores',
  });
  const reportQueries = ['/api/business/payment-reports'];

  function ReportProbe({ onReport, reportPrefixes = reportQueries }: { onReport: (event: ReportEventData) => void; reportPrefixes?: string[] }) {
    useLedgerStream(merchantLedgerQueries, { reportQueryPrefixes: reportPrefixes, onReport });
    return null;
  }

  it('refetches the report queries and hands each report over once per status, across a replay', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: ReportEventData[] = [];
    render(<QueryClientProvider client={client}><ReportProbe onReport={(event) => received.push(event)} /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.send('report', 'e1', report('open'));
    expect(spy).toHaveBeenCalledTimes(1);
    const { predicate } = spy.mock.calls[0]![0] as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['/api/business/payment-reports?status=open'] })).toBe(true);
    expect(predicate({ queryKey: ['/api/transactions/business'] })).toBe(false);
    source.send('report', 'e2', report('open'));
    source.send('report', 'e3', report('declined'));
    expect(received).toEqual([report('open'), report('declined')]);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('ignores report news when the shell names no queries for it, and data that is not a report', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const received: ReportEventData[] = [];
    const { unmount } = render(<QueryClientProvider client={client}><ReportProbe reportPrefixes={[]} onReport={(event) => received.push(event)} /></QueryClientProvider>);
    FakeEventSource.last!.send('report', 'e1', report('open'));
    expect(spy).not.toHaveBeenCalled();
    unmount();
    render(<QueryClientProvider client={client}><ReportProbe onReport={(event) => received.push(event)} /></QueryClientProvider>);
    FakeEventSource.last!.send('report', 'e2', { reportId: 'report-2', status: 'lost' });
    expect(received).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('useLedgerStream: invitations', () => {
  const invitation = (status: InvitationEventData['status'], invitationId = 'inv-1'): InvitationEventData => ({
    invitationId, businessId: 'biz-1', status,
  });
  const invitationQueries = ['/api/customer/invitations', '/api/credit-accounts/customer'];

  function InvitationProbe({ prefixes = invitationQueries }: { prefixes?: string[] }) {
    useLedgerStream(customerLedgerQueries, { invitationQueryPrefixes: prefixes });
    return null;
  }

  const predicatesOf = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.map(([filters]) => (filters as { predicate: (q: { queryKey: unknown[] }) => boolean }).predicate);

  it('refetches the invitation queries, and only those, once per invitation and status across a replay', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}><InvitationProbe /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.send('invitation', 'e1', invitation('pending'));
    expect(spy).toHaveBeenCalledTimes(1);
    const [predicate] = predicatesOf(spy);
    expect(predicate!({ queryKey: ['/api/customer/invitations'] })).toBe(true);
    expect(predicate!({ queryKey: ['/api/credit-accounts/customer'] })).toBe(true);
    expect(predicate!({ queryKey: ['/api/transactions/customer'] })).toBe(false);
    source.send('invitation', 'e2', invitation('pending'));
    expect(spy).toHaveBeenCalledTimes(1);
    source.send('invitation', 'e3', invitation('accepted'));
    source.send('invitation', 'e4', invitation('pending', 'inv-2'));
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('refetches the invitation queries once the stream is back after a break', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    render(<QueryClientProvider client={client}><InvitationProbe /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.open();
    expect(spy).not.toHaveBeenCalled();
    source.drop();
    source.open();
    expect(predicatesOf(spy).some((predicate) => predicate({ queryKey: ['/api/customer/invitations'] }))).toBe(true);
  });

  it('ignores invitation news when the shell names no queries for it; data that is not an invitation still refetches', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = render(<QueryClientProvider client={client}><InvitationProbe prefixes={[]} /></QueryClientProvider>);
    FakeEventSource.last!.send('invitation', 'e1', invitation('pending'));
    expect(spy).not.toHaveBeenCalled();
    unmount();
    render(<QueryClientProvider client={client}><InvitationProbe /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    source.send('invitation', 'e2', { invitationId: 'inv-2', status: 'lost' });
    expect(spy).toHaveBeenCalledTimes(1);
    // Named by its event id then: the same event replayed is refetched once.
    source.send('invitation', 'e2', { invitationId: 'inv-2', status: 'lost' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('useLedgerStream: the session ended by the server', () => {
  function SignedOutProbe({ onSignedOut }: { onSignedOut?: () => void }) {
    useLedgerStream(merchantLedgerQueries, { onSignedOut });
    return null;
  }

  it('tells the shell on signed_out and closes the stream for good, refetching nothing', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const client = new QueryClient();
      const spy = vi.spyOn(client, 'invalidateQueries');
      const onSignedOut = vi.fn();
      render(<QueryClientProvider client={client}><SignedOutProbe onSignedOut={onSignedOut} /></QueryClientProvider>);
      const source = FakeEventSource.last!;
      act(() => source.open());
      const created = FakeEventSource.created;
      act(() => source.send('signed_out', '', {}));
      expect(onSignedOut).toHaveBeenCalledTimes(1);
      expect(source.closed).toBe(true);
      act(() => { vi.advanceTimersByTime(60_000); });
      expect(FakeEventSource.created).toBe(created);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores signed_out when the shell does not listen, still closing the stream', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    render(<QueryClientProvider client={new QueryClient()}><SignedOutProbe /></QueryClientProvider>);
    const source = FakeEventSource.last!;
    act(() => source.send('signed_out', '', {}));
    expect(source.closed).toBe(true);
  });
});

describe('the events schemas, kept out of the first download', () => {
  it('opens the stream before they load, and an event that comes first waits for them, in order', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    // A fresh module: no schemas loaded yet, and no home usable (lib/after-usable.ts).
    vi.resetModules();
    const fresh = await import('./use-ledger-events');
    const received: LedgerEventData[] = [];
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    function FreshProbe() {
      fresh.useLedgerStream(merchantLedgerQueries, { onLedger: (event) => received.push(event) });
      return null;
    }
    const created = FakeEventSource.created;
    render(<QueryClientProvider client={client}><FreshProbe /></QueryClientProvider>);
    // At once, not after the schemas.
    expect(FakeEventSource.created).toBe(created + 1);
    const source = FakeEventSource.last!;
    const first = row('0197a000-0000-7000-8000-000000000031');
    const second = row('0197a000-0000-7000-8000-000000000032', { amount: '12.00' });
    source.send('ledger', first.transactionId, first);
    source.send('ledger', second.transactionId, second);
    source.send('ledger', first.transactionId, first);
    expect(received).toEqual([]);
    await vi.waitFor(() => expect(received).toEqual([first, second]));
    expect(spy).toHaveBeenCalledTimes(2);
    // From then on at once.
    const third = row('0197a000-0000-7000-8000-000000000033');
    source.send('ledger', third.transactionId, third);
    expect(received).toEqual([first, second, third]);
  });
});
