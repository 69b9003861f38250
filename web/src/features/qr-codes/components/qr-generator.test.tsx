import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrCodeView } from '@common/api/types';
import { reportReachable, reportUnreachable } from '@/lib/connection';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { QrGenerator } from './qr-generator';

// jsdom has no canvas: the drawing library is replaced, recording what it is asked to draw.
const drawn = vi.hoisted(() => ({ canvases: [] as string[], dataUrls: [] as { text: string; width: number }[] }));
vi.mock('qrcode', () => ({
  toCanvas: async (_canvas: HTMLCanvasElement, text: string) => {
    drawn.canvases.push(text);
  },
  toDataURL: async (text: string, options: { width: number }) => {
    drawn.dataUrls.push({ text, width: options.width });
    return 'data:image/png;base64,AAAA';
  },
}));

const now = new Date('2025-03-04T09:00:00.000Z');

const code = (id: string, change: Partial<QrCodeView> = {}): QrCodeView => ({
  id, qrData: `https://khata.example/pay/${id}`, amount: '250.00', description: 'Groceries', isDynamic: true,
  feePercent: '2.00', createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
  status: 'active', ...change,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  drawn.canvases = [];
  drawn.dataUrls = [];
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(generate: (call: RecordedCall) => Response = () => json(201, code('9f8e7d6c-aaaa-bbbb-cccc-000000000001'))) {
  const calls = stubFetch({
    'POST /api/qr/generate': generate,
    'GET /api/qr/business?active=true': () =>
      json(200, {
        qrCodes: [
          code('1a2b3c4d-0000-0000-0000-000000000001'),
          code('1a2b3c4d-0000-0000-0000-000000000002', { amount: null, isDynamic: false, description: null, expiresAt: new Date(now.getTime() + 90 * 60_000).toISOString() }),
          code('1a2b3c4d-0000-0000-0000-000000000003', { amount: '75.00', status: 'paid' }),
          code('1a2b3c4d-0000-0000-0000-000000000004', { amount: '80.00', expiresAt: new Date(now.getTime() - 60_000).toISOString() }),
        ],
      }),
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithApp(<QrGenerator open onOpenChange={() => {}} />);
  return { user, calls };
}

const generateButton = () => screen.getByRole('button', { name: 'Generate QR Code' });

describe('QR generator', () => {
  it('is a full-screen dialog with a close button and the form fields', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'QR Code Generator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (₹)')).toHaveAttribute('step', '0.01');
    const expiry = screen.getByLabelText('Expiration (minutes)');
    expect(expiry).toHaveValue(15);
    expect(expiry).toHaveAttribute('min', '1');
    expect(expiry).toHaveAttribute('max', '1440');
  });

  it.each(['0', '-3', '1.234'])('refuses the amount %s', async (amount) => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Amount (₹)'), amount);
    await user.click(generateButton());
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(0);
  });

  it('says under the amount that it is not valid, after its hint, and nothing once it is corrected or emptied', async () => {
    const { user, calls } = setup();
    const amount = screen.getByLabelText('Amount (₹)');
    await user.type(amount, '0');
    await user.click(generateButton());
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    expect(amount).toHaveAttribute('aria-describedby', 'qr-amount-hint qr-amount-error');
    await user.type(amount, '5');
    expectNoFieldError(amount);
    await user.clear(amount);
    expectNoFieldError(amount);
    expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(0);
  });

  it('generates a static code with only the expiry, falling back to 15 minutes', async () => {
    const { user, calls } = setup(() => json(201, code('9f8e7d6c-0000', { amount: null, isDynamic: false, description: null })));
    await user.clear(screen.getByLabelText('Expiration (minutes)'));
    await user.type(screen.getByLabelText('Description'), '   ');
    await user.click(generateButton());
    await expectToast('QR Code Generated');
    expect(callsTo(calls, 'POST /api/qr/generate')[0]!.body).toEqual({ expirationMinutes: 15 });
    const shown = screen.getByRole('region', { name: 'New QR Code' });
    expect(within(shown).getByText('Customer enters amount')).toBeInTheDocument();
  });

  it('generates a dynamic code, shows it large and refreshes the list', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Amount (₹)'), '250');
    await user.type(screen.getByLabelText('Description'), '  Groceries  ');
    await user.clear(screen.getByLabelText('Expiration (minutes)'));
    await user.type(screen.getByLabelText('Expiration (minutes)'), '30');
    await user.click(generateButton());
    await expectToast('QR Code Generated');
    expect(callsTo(calls, 'POST /api/qr/generate')[0]!.body).toEqual({
      expirationMinutes: 30,
      amount: '250.00',
      description: 'Groceries',
    });
    const shown = screen.getByRole('region', { name: 'New QR Code' });
    expect(within(shown).getByText('₹250.00')).toBeInTheDocument();
    expect(within(shown).getByText('Groceries')).toBeInTheDocument();
    expect(within(shown).getByText('Expires at 2:45 pm (15m left)')).toBeInTheDocument();
    await waitFor(() => expect(drawn.canvases).toContain('https://khata.example/pay/9f8e7d6c-aaaa-bbbb-cccc-000000000001'));
    await waitFor(() => expect(callsTo(calls, 'GET /api/qr/business?active=true')).toHaveLength(2));
  });

  it("shows the server's message when generation fails, or the default", async () => {
    let answer = () => apiError(403, 'Your business is not approved yet', 'not_approved');
    const { user } = setup(() => answer());
    await user.click(generateButton());
    await expectToast('Generation Failed', 'Your business is not approved yet');
    answer = () => new Response('', { status: 502 });
    await user.click(generateButton());
    await expectToast('Generation Failed', 'Failed to generate QR code');
  });

  it('refuses at once while offline: no code is asked for, now or when the connection returns', async () => {
    const { user, calls } = setup();
    // The list's answer comes first (an answer means online).
    await screen.findByRole('article', { name: 'QR code ₹75.00' });
    act(() => reportUnreachable());
    await user.click(generateButton());
    await expectToast("You're offline", 'Connect to make a new QR code.');
    act(() => reportReachable());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(callsTo(calls, 'POST /api/qr/generate')).toHaveLength(0);
  });

  it('lists recent codes with amount, time left and status', async () => {
    setup();
    const grid = screen.getByRole('region', { name: 'Recent QR Codes' });
    const dynamic = await within(grid).findByRole('article', { name: 'QR code ₹250.00' });
    expect(within(dynamic).getByText('15m')).toBeInTheDocument();
    expect(within(dynamic).getByText('Groceries')).toBeInTheDocument();
    const staticCode = within(grid).getByRole('article', { name: 'QR code Any amount' });
    expect(within(staticCode).getByText('1h 30m')).toBeInTheDocument();
    expect(within(within(grid).getByRole('article', { name: 'QR code ₹75.00' })).getByText('Paid')).toBeInTheDocument();
    expect(within(within(grid).getByRole('article', { name: 'QR code ₹80.00' })).getByText('Expired')).toBeInTheDocument();
  });

  it('counts down every 30 seconds', async () => {
    setup();
    const grid = screen.getByRole('region', { name: 'Recent QR Codes' });
    const dynamic = await within(grid).findByRole('article', { name: 'QR code ₹250.00' });
    expect(within(dynamic).getByText('15m')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(within(dynamic).getByText('10m')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(within(dynamic).getByText('Expired')).toBeInTheDocument();
  });

  it('downloads a 500 px PNG named after the code', async () => {
    const { user } = setup();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const grid = screen.getByRole('region', { name: 'Recent QR Codes' });
    const dynamic = await within(grid).findByRole('article', { name: 'QR code ₹250.00' });
    await user.click(within(dynamic).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toEqual(['khata-qr-1a2b3c4d.png data:image/png;base64,AAAA']));
    expect(drawn.dataUrls).toEqual([{ text: 'https://khata.example/pay/1a2b3c4d-0000-0000-0000-000000000001', width: 500 }]);
    click.mockRestore();
  });
});
