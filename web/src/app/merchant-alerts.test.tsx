import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessProfile, MeResponse, TransactionView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ownerShop } from '@/test/shops';
import { resetAlertPreferencesForTests } from '@/features/payment-alerts/preferences';
import { resetSoundForTests } from '@/features/payment-alerts/sound-unlock';
import { fakeAudio, fakeSpeech } from '@/features/payment-alerts/test-fixtures';
import { MerchantApp } from './merchant-app';

vi.mock('qrcode', () => ({ toCanvas: async () => {} }));

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

const profile = (change: Partial<BusinessProfile> = {}): MeResponse => ({
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  shop: ownerShop(),
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
    address: '12 MG Road', status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
    description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z', ...change,
  },
});

const ledgerRow = (transactionId: string, change: Record<string, unknown> = {}) => ({
  transactionId, type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Ravi Stores', createdAt: '2025-03-04T09:30:00.000Z', ...change,
});

function renderMerchant(me: MeResponse = profile(), listed: TransactionView[] = [], pendingClaims: unknown[] = [], openReports: unknown[] = []) {
  vi.stubGlobal('EventSource', FakeEventSource);
  const calls = stubFetch({
    'GET /api/business/repayment-claims?status=pending': () => json(200, { claims: pendingClaims }),
    'GET /api/business/payment-reports?status=open': () => json(200, { reports: openReports }),
    'GET /api/business/stats': () => json(200, { stats: { totalRevenue: '0.00', customers: 0, creditIssued: '0.00', transactions: 0, refunds: 0 } }),
    'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
    'GET /api/transactions/business?limit=5': () => json(200, { transactions: listed, nextCursor: null }),
    'GET /api/qr/business?active=true': () => json(200, { qrCodes: [] }),
    'POST /api/qr/generate': () => json(201, {
      id: 'q1', qrData: 'https://khata.example/pay/q1', amount: null, description: null, isDynamic: false, feePercent: '2.00',
      createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 1440 * 60_000).toISOString(), status: 'active',
    }),
  });
  const user = userEvent.setup();
  renderWithApp(<MerchantApp me={me} />);
  return { user, source: FakeEventSource.last!, calls };
}

beforeEach(() => {
  resetAlertPreferencesForTests();
  resetSoundForTests();
});

describe('merchant payment alerts', () => {
  it('shows a toast and says each new payment once, a replay of it staying silent', async () => {
    const audio = fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const { source } = renderMerchant();
    act(() => source.send('ledger', 't-1', ledgerRow('t-1')));
    await expectToast('Payment received', '₹250.00 from Asha Rao');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata']));
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
    act(() => source.send('ledger', 't-1', ledgerRow('t-1')));
    act(() => source.send('ledger', 't-2', ledgerRow('t-2', { type: 'repayment', amount: '40.00' })));
    act(() => source.send('ledger', 't-3', ledgerRow('t-3', { amount: '60.00' })));
    // The repayment (the merchant's own doing) is neither shown nor said; the next payment is.
    await expectToast('Payment received', '₹60.00 from Asha Rao');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata', 'Received ₹60 on Khata']));
    expect(screen.queryByText('₹40.00 from Asha Rao')).not.toBeInTheDocument();
  });

  it('stays silent for a replayed row that was already listed when the page opened', async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const old: TransactionView = {
      id: 't-old', type: 'payment', amount: '300.00', fee: '6.00', totalAmount: '306.00', status: 'completed',
      createdAt: '2025-03-04T09:29:30.000Z', businessId: 'biz1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' },
      customerName: 'Asha Rao', description: null, availableCredit: '4700.00', originalId: null, reason: null, refunded: '0.00',
      refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, report: null, bySmsCode: false, by: null,
    };
    const { source } = renderMerchant(profile(), [old]);
    expect(await screen.findByText('₹300.00')).toBeInTheDocument();
    act(() => source.send('ledger', 't-old', ledgerRow('t-old', { amount: '300.00' })));
    act(() => source.send('ledger', 't-new', ledgerRow('t-new')));
    await expectToast('Payment received', '₹250.00 from Asha Rao');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata']));
  });

  it('asks for a tap with the Turn on sound bar while the browser holds sound back', async () => {
    fakeAudio('suspended');
    const { user } = renderMerchant();
    await user.click(await screen.findByRole('button', { name: 'Turn on sound' }));
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
  });

  it("opens counter mode from the dashboard by asking the merchant's PIN", async () => {
    const { user, calls } = renderMerchant();
    await user.click(screen.getByRole('button', { name: 'Counter mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start counter mode' });
    expect(within(dialog).getByLabelText('Enter your PIN')).toHaveValue('');
    expect(screen.queryByRole('dialog', { name: 'Counter mode' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('khata.counterMode')).toBeNull();
    expect(callsTo(calls, 'POST /api/auth/counter/enter')).toHaveLength(0);
  });

  it('offers no counter mode before approval', () => {
    renderMerchant(profile({ status: 'pending' }));
    expect(screen.queryByRole('button', { name: 'Counter mode' })).not.toBeInTheDocument();
  });

  it("shows, chimes and says a customer's new repayment claim, and refetches the claims", async () => {
    const audio = fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const { source, calls } = renderMerchant();
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/repayment-claims?status=pending')).toHaveLength(1));
    act(() => source.send('claim', 'e-1', claimNews('claim-1', 'pending')));
    await expectToast('Repayment claim', 'Asha Rao says they paid back ₹250.00');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Repayment claim of ₹250. Please check and confirm']));
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/repayment-claims?status=pending')).toHaveLength(2));
  });

  it('refetches what is overdue on a ledger row, and the claims, overdue, accounts and totals on claim news', async () => {
    const { source, calls } = renderMerchant();
    const asked = (route: string) => callsTo(calls, route).length;
    await waitFor(() => expect(asked('GET /api/business/to-collect')).toBe(1));
    act(() => source.send('ledger', 't-9', ledgerRow('t-9')));
    await waitFor(() => expect(asked('GET /api/business/to-collect')).toBe(2));
    const before = ['GET /api/business/repayment-claims?status=pending', 'GET /api/credit-accounts/business', 'GET /api/business/stats'].map(asked);
    act(() => source.send('claim', 'e-9', claimNews('claim-9', 'confirmed')));
    await waitFor(() => expect(asked('GET /api/business/to-collect')).toBe(3));
    await waitFor(() => expect(['GET /api/business/repayment-claims?status=pending', 'GET /api/credit-accounts/business', 'GET /api/business/stats'].map(asked))
      .toEqual(before.map((count) => count + 1)));
  });

  it('stays silent for a claim already waiting when the page opened, and for a decision', async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const waiting = {
      id: 'claim-old', creditAccountId: 'acc-1', businessId: 'biz1', businessName: 'Ravi Stores', customerId: 'c1',
      customerName: 'Asha Rao', amount: '300.00', upiReference: null, status: 'pending', confirmedAmount: null,
      declineReason: null, transactionId: null, createdAt: '2025-03-04T09:30:00.000Z', decidedAt: null,
    };
    const { source } = renderMerchant(profile(), [], [waiting]);
    expect(await screen.findByRole('article', { name: 'Asha Rao' })).toBeInTheDocument();
    act(() => source.send('claim', 'e-1', claimNews('claim-old', 'pending', '300.00')));
    act(() => source.send('claim', 'e-2', claimNews('claim-2', 'confirmed')));
    act(() => source.send('claim', 'e-3', claimNews('claim-3', 'pending', '40.00')));
    await expectToast('Repayment claim', 'Asha Rao says they paid back ₹40.00');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Repayment claim of ₹40. Please check and confirm']));
  });

  it("shows a customer's new report live, with a freeze, refetches the reports, and stays silent for one open at opening and for answers", async () => {
    const waiting = {
      id: 'report-old', transactionId: 'pay-old', creditAccountId: 'acc-1', reason: 'other', note: 'Never got the goods', froze: false,
      status: 'open', declineReason: null, refundTransactionId: null, createdAt: '2025-03-04T09:30:00.000Z', decidedAt: null,
      customerName: 'Asha Rao', businessName: 'Ravi Stores', paymentCreatedAt: '2025-03-04T09:00:00.000Z', amount: '300.00',
      fee: '6.00', totalAmount: '306.00', refundable: '300.00', refundedFee: '0.00',
    };
    const { source, calls } = renderMerchant(profile(), [], [], [waiting]);
    expect(await screen.findByRole('article', { name: 'Asha Rao · ₹300.00 · Other' })).toBeInTheDocument();
    const asked = () => callsTo(calls, 'GET /api/business/payment-reports?status=open').length;
    const before = asked();
    act(() => source.send('report', 'e-1', reportNews('report-old', 'open', { amount: '300.00', reason: 'other' })));
    act(() => source.send('report', 'e-2', reportNews('report-2', 'declined')));
    act(() => source.send('report', 'e-3', reportNews('report-3', 'open', { froze: true, reason: 'not_me' })));
    await expectToast('Payment problem reported', 'Vikram · ₹250.00 · Not me. They froze their Khata.');
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
    act(() => source.send('report', 'e-4', reportNews('report-4', 'open')));
    await expectToast('Payment problem reported', 'Vikram · ₹250.00 · Wrong amount');
  });
});

describe('invited customers, live', () => {
  it("turns an Invited row into the customer's account when the stream says they accepted", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const invited = {
      id: 'inv-1', name: 'Meena Iyer', phone: '+919123456780', creditLimit: '2500.00', language: 'ta', status: 'pending',
      link: 'https://khata.example/i/Zx9Yw8Vu7T', createdAt: '2025-03-12T04:30:00.000Z', expiresAt: '2025-04-11T04:30:00.000Z',
    };
    const meena = {
      id: 'acc-9', customerId: 'c-9', customerName: 'Meena Iyer', paymentHandle: 'm3n4@khata', phone: '+919123456780',
      creditLimit: '2500.00', currentBalance: '2500.00', owed: '0.00', createdAt: '2025-03-12T05:00:00.000Z', overdue: '0.00',
      nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'ta',
    };
    let accepted = false;
    stubFetch({
      'GET /api/business/repayment-claims?status=pending': () => json(200, { claims: [] }),
      'GET /api/business/payment-reports?status=open': () => json(200, { reports: [] }),
      'GET /api/business/stats': () => json(200, { stats: { totalRevenue: '0.00', customers: 0, creditIssued: '0.00', transactions: 0, refunds: 0 } }),
      'GET /api/transactions/business?limit=5': () => json(200, { transactions: [], nextCursor: null }),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: accepted ? [meena] : [] }),
      'GET /api/business/invitations': () => json(200, { invitations: accepted ? [] : [invited] }),
    });
    renderWithApp(<MerchantApp me={profile()} />);
    const row = await screen.findByRole('article', { name: 'Meena Iyer' });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    accepted = true;
    act(() => FakeEventSource.last!.send('invitation', 'e-1', { invitationId: 'inv-1', businessId: 'biz1', status: 'accepted' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Meena Iyer' })).getByText('m3n4@khata')).toBeInTheDocument());
    expect(screen.queryByText('Invited')).not.toBeInTheDocument();
  });
});

function reportNews(reportId: string, status: string, change: Record<string, unknown> = {}) {
  return {
    reportId, transactionId: `pay-${reportId}`, businessId: 'biz1', status, reason: 'wrong_amount', froze: false, amount: '250.00',
    customerName: 'Vikram', businessName: 'Ravi Stores', ...change,
  };
}

function claimNews(claimId: string, status: string, amount = '250.00') {
  return { claimId, creditAccountId: 'acc-1', businessId: 'biz1', status, amount, customerName: 'Asha Rao', businessName: 'Ravi Stores' };
}
