import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QrValidation } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { paidReceiptLines, paidRow } from '@/test/receipts';
import { expectToast } from '@/test/toast';
import { ScanQrOverlay } from './scan-qr-overlay';

// The camera is replaced by a button that "reads" a code, as in payment-screen.test.tsx.
vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: ({ onDetected, ignoreText }: { onDetected: (text: string) => void; ignoreText?: string }) => (
    <button type="button" onClick={() => scannedCode !== ignoreText && onDetected(scannedCode)}>
      Simulate scan
    </button>
  ),
}));

const scannedCode = 'https://khata.example/pay/AbCdEfGhIjKlMnOpQrStUv';

const dynamicCode: QrValidation = {
  qrCode: { isDynamic: true, description: null },
  business: { id: 'b1', name: 'Kumar Kirana', feePercent: '2.00' },
  payment: { amount: '1250.00', fee: '25.00' },
  creditAccount: { currentBalance: '5000.00' },
};

function setup() {
  const calls = stubFetch({
    'POST /api/qr/validate': () => json(200, dynamicCode),
    'POST /api/payments/process': () => json(201, { transaction: paidRow }),
  });
  const user = userEvent.setup();
  renderWithApp(<ScanQrOverlay open onOpenChange={() => {}} />);
  return { calls, user };
}

const button = (name: string) => screen.getByRole('button', { name });

/** Pays the code the camera reads and waits for the success screen. */
async function pay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to PIN' }));
  await user.type(await screen.findByLabelText('PIN'), '4829');
  await user.click(button('Pay Now'));
  await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
  return screen.findByRole('region', { name: 'Payment Successful' });
}

/** The value the success screen shows for a label (its <dt> and <dd>). */
function figure(success: HTMLElement, label: string): string | null {
  return within(success).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  delete (navigator as { share?: unknown }).share;
});

describe('the success screen after paying', () => {
  it("follows 'Payment Successful' with the amount, the shop, the total with fee, the time and the short reference", async () => {
    const { user } = setup();
    const success = await pay(user);
    const heading = within(success).getByRole('heading', { name: 'Payment Successful' });
    // The payment's button is gone: the focus is on the heading, which a screen reader reads out.
    await waitFor(() => expect(heading).toHaveFocus());
    // The tick is for the eye; its words are the heading's.
    const tick = success.querySelector('svg')!.closest('[aria-hidden="true"]');
    expect(tick).not.toBeNull();
    expect(within(success).getByText('₹1,250.00')).toBeInTheDocument();
    expect(within(success).getByText('to Kumar Kirana')).toBeInTheDocument();
    expect(figure(success, 'Total with fee')).toBe('₹1,275.00');
    expect(figure(success, 'Date and time')).toMatch(/^12 Jan 2025, 3:45\s?pm$/i);
    expect(figure(success, 'Reference')).toBe('9F3A-1C07');
    expect(within(success).queryByText(paidRow.id)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan another code' })).not.toBeInTheDocument();
  });

  it('returns with Done straight to the live camera, which passes over the code just paid', async () => {
    const { user, calls } = setup();
    await pay(user);
    await user.click(button('Done'));
    expect(screen.queryByRole('region', { name: 'Payment Successful' })).not.toBeInTheDocument();
    // No second confirmation: the scan step itself, its camera on, takes the focus from Done.
    expect(screen.getByRole('form', { name: 'Scan QR code' })).toHaveFocus();
    expect(screen.getByText("Point your camera at the merchant's QR code.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan another code' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment done. Ready for the next one?')).not.toBeInTheDocument();
    // The code just paid is still in front of the camera: it is not read again.
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Continue to PIN' })).not.toBeInTheDocument();
  });

  it('shares the receipt of the payment through the share sheet, from the payment itself', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const { user, calls } = setup();
    const success = await pay(user);
    await user.click(within(success).getByRole('button', { name: 'Share receipt' }));
    expect(share).toHaveBeenCalledTimes(1);
    const [shared] = share.mock.calls[0] as unknown as [{ title: string; text: string }];
    expect(shared.title).toBe('Khata receipt');
    expect(shared.text.split('\n')).toEqual(paidReceiptLines);
    // Nothing is fetched for it: the payment's answer is its ledger row.
    expect(calls.map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`))
      .toEqual(['POST /api/qr/validate', 'POST /api/payments/process']);
    // Sharing leaves the success screen as it was.
    expect(within(success).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('offers the receipt as a WhatsApp message where there is no share sheet', async () => {
    const { user } = setup();
    const success = await pay(user);
    expect('share' in navigator).toBe(false);
    expect(within(success).queryByRole('button', { name: 'Share receipt' })).not.toBeInTheDocument();
    const link = within(success).getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')!.split('\n')).toEqual(paidReceiptLines);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
