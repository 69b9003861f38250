/**
 * A payment started while Khata cannot be reached is refused on screen before
 * any request, and nothing is kept to be sent when the connection returns.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QrValidation } from '@common/api/types';
import { reportReachable, reportUnreachable } from '@/lib/connection';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ScanQrOverlay } from './components/scan-qr-overlay';

vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: () => null,
}));

const code = 'https://khata.example/pay/AbCdEfGhIjKlMnOpQrStUv';
const staticCode: QrValidation = {
  qrCode: { isDynamic: false, description: 'Counter 2' },
  business: { id: 'b1', name: 'Kumar Kirana', feePercent: '2.50' },
  creditAccount: { currentBalance: '1000.00' },
};

function setup() {
  const calls = stubFetch({
    'POST /api/qr/validate': () => json(200, staticCode),
    'POST /api/payments/process': () => json(201, {}),
  });
  const user = userEvent.setup();
  renderWithApp(<ScanQrOverlay open onOpenChange={() => {}} />);
  return { user, calls };
}

async function pasteCode(user: ReturnType<typeof userEvent.setup>) {
  const manual = screen.queryByRole('button', { name: 'Enter code manually' });
  if (manual) await user.click(manual);
  fireEvent.change(screen.getByLabelText('QR Code Data'), { target: { value: code } });
}

describe('paying while offline', () => {
  it("says \"You're offline. Connect to pay.\" and sends nothing, then or after the connection returns", async () => {
    const { user, calls } = setup();
    act(() => reportUnreachable());
    await pasteCode(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await expectToast("You're offline", 'Connect to pay.');
    expect(screen.queryByRole('button', { name: 'Continue to PIN' })).not.toBeInTheDocument();
    act(() => reportReachable());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.startsWith('/api/qr/') || call.url.startsWith('/api/payments'))).toEqual([]);
  });

  it('refuses Pay Now when the connection went after the code was checked, and sends nothing when it returns', async () => {
    const { user, calls } = setup();
    await pasteCode(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Amount (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Continue to PIN' }));
    await user.type(await screen.findByLabelText('PIN'), '4829');
    act(() => reportUnreachable());
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await expectToast("You're offline", 'Connect to pay.');
    act(() => reportReachable());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/qr/validate']);
  });

  it('checks the code again once the connection is back', async () => {
    const { user, calls } = setup();
    act(() => reportUnreachable());
    await pasteCode(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await expectToast("You're offline", 'Connect to pay.');
    act(() => reportReachable());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Continue to PIN' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/qr/validate']);
  });
});
