import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QrValidation, TransactionView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
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

const paid: TransactionView = {
  id: '0194f1c2-7b3d-7e21-9a4f-0c8e9f3a1c07', type: 'payment', amount: '1250.00', fee: '25.00', totalAmount: '1275.00',
  status: 'completed', createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1',
  business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '3725.00', ...untouchedRow,
};

function setup() {
  const calls = stubFetch({
    'POST /api/qr/validate': () => json(200, dynamicCode),
    'POST /api/payments/process': () => json(201, { transaction: paid }),
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

/** The receipt's text as it is shared, with the shop's address and phone and the short reference. */
const receiptLines = [
  'Khata receipt',
  'Shop: Kumar Kirana',
  'Address: 12 MG Road, Pune',
  'Phone: +919876543210',
  'Type: Payment',
  'Amount: ₹1,250.00',
  'Fee: ₹25.00',
  'Total: ₹1,275.00',
  expect.stringMatching(/^Date and time: 12 Jan 2025, 3:45\s?pm$/i),
  'Reference: 9F3A-1C07',
  'Available credit after this payment: ₹3,725.00',
];

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
    expect(within(success).queryByText(paid.id)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan another code' })).not.toBeInTheDocument();
  });

  it('returns with Done to the scan step, cleared, where the camera waits for a tap', async () => {
    const { user, calls } = setup();
    await pay(user);
    await user.click(button('Done'));
    expect(screen.queryByRole('region', { name: 'Payment Successful' })).not.toBeInTheDocument();
    // The code just paid is still in front of the camera: it is read again only when asked.
    const scanAnother = button('Scan another code');
    expect(scanAnother).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Simulate scan' })).not.toBeInTheDocument();
    await user.click(scanAnother);
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(await screen.findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(2);
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
    expect(shared.text.split('\n')).toEqual(receiptLines);
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
    expect(href.searchParams.get('text')!.split('\n')).toEqual(receiptLines);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
