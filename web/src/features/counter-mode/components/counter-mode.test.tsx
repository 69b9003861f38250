import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrCodeView } from '@common/api/types';
import type { LedgerEventData } from '@common/schemas/events';
import type { LiveState } from '@/lib/use-ledger-events';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { CounterMode } from './counter-mode';
import { expectNoSavedPassword } from '../test-fixtures';

// jsdom has no canvas: the drawing library is replaced, recording what it is asked to draw.
const drawn = vi.hoisted(() => ({ canvases: [] as { text: string; width: number }[] }));
vi.mock('qrcode', () => ({
  toCanvas: async (_canvas: HTMLCanvasElement, text: string, options: { width: number }) => {
    drawn.canvases.push({ text, width: options.width });
  },
}));

const now = new Date('2025-03-04T09:00:00.000Z');
const minuteMs = 60_000;

const staticCode = (id: string, minutesLeft: number, change: Partial<QrCodeView> = {}): QrCodeView => ({
  id, qrData: `https://khata.example/pay/${id}`, amount: null, description: null, isDynamic: false,
  feePercent: '2.00', createdAt: now.toISOString(), expiresAt: new Date(Date.now() + minutesLeft * minuteMs).toISOString(),
  status: 'active', ...change,
});

const payment = (id: string, change: Partial<LedgerEventData> = {}): LedgerEventData => ({
  transactionId: id, type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Ravi Stores', createdAt: '2025-03-04T09:30:00.000Z', ...change,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  drawn.canvases = [];
});
afterEach(() => {
  vi.useRealTimers();
});

interface Setup {
  /** What to render in place of a CounterMode of the other options. */
  ui?: ReactElement;
  listed?: QrCodeView[];
  exit?: (call: RecordedCall) => Response;
  liveState?: LiveState;
  payments?: LedgerEventData[];
}

const merchantUser = { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' };
const fullSession = () => json(200, { sessionToken: 'full-token', user: merchantUser });

function setup({ ui, listed = [], exit = fullSession, liveState = 'live', payments = [] }: Setup = {}) {
  let made = 0;
  window.localStorage.setItem('sessionToken', 'counter-token');
  const calls = stubFetch({
    'GET /api/qr/business?active=true': () => json(200, { qrCodes: listed }),
    'POST /api/qr/generate': () => json(201, staticCode(`made-${++made}`, 1440)),
    'POST /api/auth/counter/exit': exit,
    'GET /api/auth/me': () => json(200, { user: merchantUser, business: null, language: null }),
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderWithApp(ui ?? <CounterMode shopName="Ravi Stores" payments={payments} liveState={liveState} />);
  return { calls, user, view };
}

describe('counter mode', () => {
  it("shows the shop and a new static code at the longest expiry when none is listed", async () => {
    const { calls } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Counter mode' });
    expect(within(dialog).getByText('Ravi Stores')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Payment QR code for Ravi Stores' })).toBeInTheDocument();
    await waitFor(() => expect(drawn.canvases.at(-1)?.text).toBe('https://khata.example/pay/made-1'));
    expect(callsTo(calls, 'POST /api/qr/generate').map((call) => call.body)).toEqual([{ expirationMinutes: 1440 }]);
  });

  it('reuses a listed static code with more than 10 minutes left, the longest-lived one', async () => {
    const { calls } = setup({
      listed: [
        staticCode('dynamic', 600, { isDynamic: true, amount: '100.00' }),
        staticCode('short', 10),
        staticCode('long', 300),
        staticCode('middle', 200),
      ],
    });
    await waitFor(() => expect(drawn.canvases.at(-1)?.text).toBe('https://khata.example/pay/long'));
    expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(0);
  });

  it('replaces the code 10 minutes before it expires, not earlier', async () => {
    const { calls } = setup({ listed: [staticCode('listed', 30)] });
    await waitFor(() => expect(drawn.canvases.at(-1)?.text).toBe('https://khata.example/pay/listed'));
    await act(() => vi.advanceTimersByTimeAsync(20 * minuteMs - 1_000));
    expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(1));
    await waitFor(() => expect(drawn.canvases.at(-1)?.text).toBe('https://khata.example/pay/made-1'));
  });

  it('draws the code as large as the screen allows', async () => {
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal('innerHeight', 844);
    setup({ listed: [staticCode('listed', 300)] });
    await waitFor(() => expect(drawn.canvases.at(-1)?.width).toBe(342));
  });

  it('lists the latest payments with amount, customer and time', () => {
    setup({ payments: [payment('t2', { amount: '99.50', customerName: 'Vikram' }), payment('t1')] });
    const list = screen.getByRole('region', { name: 'Latest payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Vikram');
    expect(items[0]).toHaveTextContent('₹99.50');
    expect(items[1]).toHaveTextContent('Asha Rao');
    expect(items[1]).toHaveTextContent('₹250.00');
  });

  it('says Reconnecting… while the stream is down', () => {
    setup({ liveState: 'reconnecting' });
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it("holds Reconnecting…'s line while live, so the notice moves nothing, and announces it when it comes", () => {
    let turnTo: (state: LiveState) => void = () => {};
    function Counter() {
      const [liveState, setLiveState] = useState<LiveState>('live');
      turnTo = setLiveState;
      return <CounterMode shopName="Ravi Stores" payments={[]} liveState={liveState} />;
    }
    setup({ ui: <Counter /> });
    const dialog = screen.getByRole('dialog', { name: 'Counter mode' });
    const status = within(dialog).getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    // An invisible copy of the text, hidden from screen readers, holds the line's box in the notice's own cell.
    const held = within(dialog).getByText('Reconnecting…');
    expect(held).toHaveClass('invisible');
    expect(held).toHaveAttribute('aria-hidden', 'true');
    expect(held.parentElement).toBe(status.parentElement);
    expect(status.parentElement).toHaveClass('grid');
    const exit = screen.getByRole('button', { name: 'Exit counter mode' });
    // The notice lies beside Exit, under the shop's name, not above the row that holds Exit.
    expect(status.closest('div.flex')).toBe(exit.parentElement);
    const elements = dialog.querySelectorAll('*').length;

    act(() => turnTo('reconnecting'));
    // The same live region says it, in the same box as its copy; nothing was added or taken away.
    expect(within(dialog).getByRole('status')).toBe(status);
    expect(status).toHaveTextContent(/^Reconnecting…$/);
    const boxClasses = (element: HTMLElement) =>
      element.className.split(' ').filter((name) => name !== 'invisible' && !/^(dark:)?(bg|text)-amber-/.test(name)).sort();
    expect(boxClasses(status)).toEqual(boxClasses(held));
    expect(held).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit counter mode' })).toBe(exit);
    expect(dialog.querySelectorAll('*')).toHaveLength(elements);
    act(() => turnTo('paused'));
    expect(status).toHaveTextContent(/^Reconnecting…$/);
    act(() => turnTo('live'));
    expect(status).toHaveTextContent(/^$/);
    expect(held).toBeInTheDocument();
  });

  it('does not leave on Escape, and a wrong PIN shows the server message and stays in counter mode', async () => {
    const { user, calls, view } = setup({ exit: () => apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect') });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Counter mode' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit counter mode' }));
    await user.type(screen.getByLabelText("Enter your PIN or an owner's PIN"), '1111');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect PIN. 4 attempts left.');
    expect(callsTo(calls, 'POST /api/auth/counter/exit').map((call) => call.body)).toEqual([{ pin: '1111' }]);
    expect(callsTo(calls, 'POST /api/auth/confirm-pin')).toHaveLength(0);
    expect(screen.getByLabelText("Enter your PIN or an owner's PIN")).toHaveValue('');
    expect(window.localStorage.getItem('sessionToken')).toBe('counter-token');
    expect(view.client.getQueryData(['/api/auth/me'])).toBeUndefined();
    expect(screen.getByRole('dialog', { name: 'Counter mode' })).toBeInTheDocument();
  });

  it("shows the lock's message when the counter's exit is locked", async () => {
    const { user } = setup({ exit: () => apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked') });
    await user.click(screen.getByRole('button', { name: 'Exit counter mode' }));
    await user.type(screen.getByLabelText("Enter your PIN or an owner's PIN"), '1111');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong PINs. Try again in 15 minutes.');
  });

  it("leaves with the right PIN: the full session's token replaces the counter's and the user is asked again", async () => {
    const { user, calls, view } = setup();
    view.client.setQueryData(['/api/auth/me'], { user: { ...merchantUser, role: 'counter', phone: null, email: null }, business: null, language: null });
    await user.click(screen.getByRole('button', { name: 'Exit counter mode' }));
    await user.type(screen.getByLabelText("Enter your PIN or an owner's PIN"), '4829');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(1));
    expect(callsTo(calls, 'POST /api/auth/counter/exit')[0]!.headers.get('Authorization')).toBe('Bearer counter-token');
    expect(window.localStorage.getItem('sessionToken')).toBe('full-token');
    expect(callsTo(calls, 'GET /api/auth/me')[0]!.headers.get('Authorization')).toBe('Bearer full-token');
    await waitFor(() => expect(view.client.getQueryData<{ user: { role: string } }>(['/api/auth/me'])?.user.role).toBe('business'));
  });

  it('offers no saved password and no show-PIN button in the exit PIN field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Exit counter mode' }));
    const field = screen.getByLabelText("Enter your PIN or an owner's PIN");
    expectNoSavedPassword(field);
    expect(screen.queryByRole('button', { name: 'Show PIN' })).not.toBeInTheDocument();
    expect(field.closest('form')).toHaveAttribute('autocomplete', 'off');
  });

  it('keeps the screen awake while open and lets go when closed', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    try {
      const { view } = setup();
      expect(request).toHaveBeenCalledWith('screen');
      await act(() => Promise.resolve());
      view.unmount();
      expect(release).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });
});
