import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@common/api/types';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { resetAlertPreferencesForTests } from '@/features/payment-alerts/preferences';
import { resetSoundForTests } from '@/features/payment-alerts/sound-unlock';
import { fakeAudio, fakeSpeech } from '@/features/payment-alerts/test-fixtures';
import { CounterApp } from './counter-app';

vi.mock('qrcode', () => ({ toCanvas: async () => {} }));

class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: { lastEventId: string; data: string }) => void>();
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) { FakeEventSource.last = this; }
  addEventListener(type: string, listener: (event: { lastEventId: string; data: string }) => void) { this.listeners.set(type, listener); }
  removeEventListener(type: string) { this.listeners.delete(type); }
  close() {}
  send(type: string, lastEventId: string, data: unknown) { this.listeners.get(type)?.({ lastEventId, data: JSON.stringify(data) }); }
}

const counter: MeResponse = {
  user: { id: 'counter-1', role: 'counter', name: 'Ravi Stores', phone: null, email: null }, language: null, business: null, shop: null,
};

const ledgerRow = (transactionId: string, change: Record<string, unknown> = {}) => ({
  transactionId, type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Ravi Stores', createdAt: '2025-03-04T09:30:00.000Z', ...change,
});

function renderCounter() {
  vi.stubGlobal('EventSource', FakeEventSource);
  const calls = stubFetch({
    'GET /api/qr/business?active=true': () => json(200, { qrCodes: [] }),
    'POST /api/qr/generate': () => json(201, {
      id: 'q1', qrData: 'https://khata.example/pay/q1', amount: null, description: null, isDynamic: false, feePercent: '2.00',
      createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 1440 * 60_000).toISOString(), status: 'active',
    }),
  });
  renderWithApp(<CounterApp me={counter} />);
  return { calls, source: FakeEventSource.last! };
}

beforeEach(() => {
  resetAlertPreferencesForTests();
  resetSoundForTests();
});

describe("the counter's app", () => {
  it("shows the shop's name from the counter's user and follows the shop's events", () => {
    const { source } = renderCounter();
    expect(within(screen.getByRole('dialog', { name: 'Counter mode' })).getByText('Ravi Stores')).toBeInTheDocument();
    expect(source.url).toBe('/api/events');
  });

  it('lists and says each payment once, with no toast over the counter; a repayment stays silent', async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const { source, calls } = renderCounter();
    const list = screen.getByRole('region', { name: 'Latest payments' });
    act(() => source.send('ledger', 't-1', ledgerRow('t-1', { amount: '75.50', customerName: 'Vikram' })));
    act(() => source.send('ledger', 't-1', ledgerRow('t-1', { amount: '75.50', customerName: 'Vikram' })));
    act(() => source.send('ledger', 't-2', ledgerRow('t-2', { type: 'repayment', amount: '40.00' })));
    expect(await within(list).findByText('₹75.50')).toBeInTheDocument();
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹75.50 on Khata']));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    const allowed = new Set(['GET /api/qr/business?active=true', 'POST /api/qr/generate']);
    expect(calls.filter((call) => !allowed.has(`${call.method} ${call.url}`))).toEqual([]);
  });

  it('acts on the first tap, on Exit: the sound bar keeps its box and says "Sound on"', async () => {
    fakeAudio('suspended');
    const user = userEvent.setup();
    renderCounter();
    const dialog = screen.getByRole('dialog', { name: 'Counter mode' });
    const bar = within(dialog).getByRole('button', { name: 'Turn on sound' }).parentElement!;
    await user.click(within(dialog).getByRole('button', { name: 'Exit counter mode' }));
    expect(within(dialog).getByRole('form', { name: 'Exit counter mode' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Enter your PIN or an owner's PIN")).toBeInTheDocument();
    // The tap allowed sound; the bar stays, so nothing under it moved.
    expect(within(dialog).queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
    expect(bar).toBeInTheDocument();
    expect(within(bar).getByRole('status')).toHaveTextContent('Sound on');
  });

  it("shows the shop's name whole, wrapping, never cut with an ellipsis", () => {
    renderCounter();
    const name = within(screen.getByRole('dialog', { name: 'Counter mode' })).getByText('Ravi Stores');
    expect(name).not.toHaveClass('truncate');
    expect(name).toHaveClass('[overflow-wrap:anywhere]');
    // Its column, beside Exit, takes the room left and may shrink below the longest word.
    expect(name.parentElement).toHaveClass('min-w-0', 'flex-1');
  });
});
