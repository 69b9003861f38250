import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerQr } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { PaymentCodeSheet } from './payment-code-sheet';

const qrCode = vi.hoisted(() => ({
  toCanvas: vi.fn(async () => {}),
  toDataURL: vi.fn(async () => 'data:image/png;base64,cG5n'),
}));
vi.mock('qrcode', () => ({ default: qrCode, ...qrCode }));

const code: CustomerQr = {
  qrData: '{"paymentHandle":"k7q2m9xa@khata","name":"Asha Rao"}',
  paymentHandle: 'k7q2m9xa@khata',
  name: 'Asha Rao',
  phoneNumber: '+919876543210',
};

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open code
      </button>
      <PaymentCodeSheet open={open} onOpenChange={setOpen} />
    </>
  );
}

function setup(answer: () => Response = () => json(200, code)) {
  const calls = stubFetch({ 'GET /api/customer/qr': answer });
  const user = userEvent.setup();
  renderWithApp(<Harness />);
  return { calls, user };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open code' }));
  return screen.findByRole('dialog', { name: 'My Payment Code' });
}

beforeEach(() => {
  qrCode.toCanvas.mockClear();
  qrCode.toDataURL.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
});

describe('My Payment Code sheet', () => {
  it('fetches the code only once the sheet opens, and shows it', async () => {
    const { calls, user } = setup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, 'GET /api/customer/qr')).toHaveLength(0);

    await open(user);
    expect(await screen.findByText('k7q2m9xa@khata')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/customer/qr')).toHaveLength(1);
    expect(screen.getByText('Payment ID')).toBeInTheDocument();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByText(/Show this code to a merchant to link your credit account/)).toBeInTheDocument();
  });

  it('draws the QR data on a 280px canvas', async () => {
    const { user } = setup();
    await open(user);
    const canvas = await screen.findByRole('img', { name: 'Your payment QR code' });
    await waitFor(() => expect(qrCode.toCanvas).toHaveBeenCalled());
    expect(qrCode.toCanvas).toHaveBeenCalledWith(canvas, code.qrData, expect.objectContaining({ width: 280 }));
  });

  it("says 'Failed to load payment code' when the code cannot be loaded", async () => {
    const { user } = setup(() => apiError(500, 'Internal error', 'internal'));
    await open(user);
    expect(await screen.findByText('Failed to load payment code')).toBeInTheDocument();
  });

  it("copies the Payment ID and says 'Copied!'", async () => {
    const { user } = setup();
    await open(user);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy ID' }));
    await expectToast('Copied!');
    expect(writeText).toHaveBeenCalledWith('k7q2m9xa@khata');
  });

  it('shares with the system share sheet where there is one', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const { user } = setup();
    await open(user);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'My Khata Payment Code',
      text: expect.stringContaining('k7q2m9xa@khata'),
    });
  });

  it("copies instead of sharing where there is no share sheet, saying 'Copied!'", async () => {
    const { user } = setup();
    await open(user);
    expect('share' in navigator).toBe(false);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await expectToast('Copied!');
    expect(writeText).toHaveBeenCalledWith('k7q2m9xa@khata');
  });

  it('downloads a 500px PNG named khata-payment-code.png', async () => {
    const { user } = setup();
    await open(user);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(qrCode.toDataURL).toHaveBeenCalledWith(code.qrData, expect.objectContaining({ width: 500 }));
    expect(clicked[0]!.download).toBe('khata-payment-code.png');
    expect(clicked[0]!.href).toBe('data:image/png;base64,cG5n');
  });
});
