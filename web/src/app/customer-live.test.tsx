import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, UserView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { CustomerApp } from './customer-app';

vi.mock('@/features/scanner/components/qr-scanner', () => ({ QrScanner: () => null }));
vi.mock('qrcode', () => {
  const qrCode = { toCanvas: async () => {}, toDataURL: async () => 'data:image/png;base64,' };
  return { default: qrCode, ...qrCode };
});

class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: { lastEventId: string; data: string }) => void>();
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) { FakeEventSource.last = this; }
  addEventListener(type: string, listener: (event: { lastEventId: string; data: string }) => void) { this.listeners.set(type, listener); }
  removeEventListener(type: string) { this.listeners.delete(type); }
  close() {}
  send(type: string, lastEventId: string, data: unknown) { this.listeners.get(type)?.({ lastEventId, data: JSON.stringify(data) }); }
}

afterEach(() => vi.unstubAllGlobals());

const user: UserView = { id: 'u1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };
const account: CustomerCreditAccount = {
  id: 'a1', businessId: 'b1', business: { businessName: 'Kumar Kirana' }, currentBalance: '3750.00', creditLimit: '5000.00',
  owed: '1250.00', overdue: '0.00', nextDueOn: '2999-04-12', nextDueAmount: '1250.00', upiId: null, remindersOptedOut: false,
};

const ledgerRow = (transactionId: string, change: Record<string, unknown> = {}) => ({
  transactionId, type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Kumar Kirana', createdAt: '2025-03-04T09:30:00.000Z', originalId: 'p1', ...change,
});

const reportNews = (status: 'open' | 'refunded' | 'declined') => ({
  reportId: 'r1', transactionId: 'p1', businessId: 'b1', status, reason: 'wrong_amount', froze: false, amount: '2500.00',
  customerName: 'Asha Rao', businessName: 'Kumar Kirana',
});

function renderCustomer(more: Record<string, () => Response> = {}) {
  vi.stubGlobal('EventSource', FakeEventSource);
  const calls = stubFetch({
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [account] }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    ...more,
  });
  renderWithApp(<CustomerApp user={user} />);
  return { calls, source: FakeEventSource.last! };
}

const asked = (calls: ReturnType<typeof renderCustomer>['calls'], route: string) => callsTo(calls, route).length;

describe("the customer's live updates", () => {
  it('says a refund arriving from the shop, and refreshes the balances and the history', async () => {
    const { calls, source } = renderCustomer();
    await waitFor(() => expect(asked(calls, 'GET /api/transactions/customer?limit=15')).toBe(1));
    act(() => source.send('ledger', 'rf-1', ledgerRow('rf-1')));
    await expectToast('Refund received', '₹250.00 from Kumar Kirana');
    await waitFor(() => expect(asked(calls, 'GET /api/credit-accounts/customer')).toBe(2));
    await waitFor(() => expect(asked(calls, 'GET /api/transactions/customer?limit=15')).toBe(2));
  });

  it('says a reversed repayment, which adds to what is owed again', async () => {
    const { source } = renderCustomer();
    act(() => source.send('ledger', 'rv-1', ledgerRow('rv-1', { type: 'reversal', amount: '500.00', fee: '0.00', totalAmount: '500.00' })));
    await expectToast('Repayment reversed', 'Kumar Kirana reversed a repayment of ₹500.00: you owe it again.');
  });

  it("says nothing of the customer's own payment or the shop's repayment, and a refund only once", async () => {
    const { source } = renderCustomer();
    act(() => source.send('ledger', 'p-1', ledgerRow('p-1', { type: 'payment', originalId: null })));
    act(() => source.send('ledger', 'r-1', ledgerRow('r-1', { type: 'repayment', originalId: null })));
    act(() => source.send('ledger', 'rf-1', ledgerRow('rf-1')));
    act(() => source.send('ledger', 'rf-1', ledgerRow('rf-1')));
    await expectToast('Refund received', '₹250.00 from Kumar Kirana');
    expect(screen.getAllByText('Refund received')).toHaveLength(1);
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
  });

  it("refreshes the history when the shop answers a report, and says a decline", async () => {
    const { calls, source } = renderCustomer();
    await waitFor(() => expect(asked(calls, 'GET /api/transactions/customer?limit=15')).toBe(1));
    act(() => source.send('report', 'e-1', reportNews('refunded')));
    await waitFor(() => expect(asked(calls, 'GET /api/transactions/customer?limit=15')).toBe(2));
    // A refund's answer is said by the refund's own row.
    expect(screen.queryByText('Report declined')).not.toBeInTheDocument();
    act(() => source.send('report', 'e-2', reportNews('declined')));
    await expectToast('Report declined', 'Kumar Kirana declined your report on the ₹2,500.00 payment.');
    await waitFor(() => expect(asked(calls, 'GET /api/transactions/customer?limit=15')).toBe(3));
  });

  it('shows a shop’s offer as it arrives, and takes it away when the shop withdraws it', async () => {
    const offer = {
      id: 'inv-1', businessId: 'b2', businessName: 'Ravi Stores', creditLimit: '2000.00',
      createdAt: '2025-03-04T09:30:00.000Z', expiresAt: '2025-04-03T09:30:00.000Z',
    };
    let offers: (typeof offer)[] = [];
    const { calls, source } = renderCustomer({ 'GET /api/customer/invitations': () => json(200, { invitations: offers }) });
    await waitFor(() => expect(asked(calls, 'GET /api/customer/invitations')).toBe(1));
    offers = [offer];
    act(() => source.send('invitation', 'e-1', { invitationId: 'inv-1', businessId: 'b2', status: 'pending' }));
    expect(await screen.findByText('Ravi Stores offers you credit of ₹2,000.00')).toBeInTheDocument();
    offers = [];
    act(() => source.send('invitation', 'e-2', { invitationId: 'inv-1', businessId: 'b2', status: 'cancelled' }));
    await waitFor(() => expect(screen.queryByText('Ravi Stores offers you credit of ₹2,000.00')).not.toBeInTheDocument());
    expect(asked(calls, 'GET /api/customer/invitations')).toBe(3);
  });
});
