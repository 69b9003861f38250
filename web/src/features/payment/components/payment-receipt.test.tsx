import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QrValidation, TransactionView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
import { expectToast } from '@/test/toast';
import { ScanQrOverlay } from './scan-qr-overlay';

// The camera is replaced by a button that "reads" a code, as in payment-screen.test.tsx.
vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: ({ onDetected }: { onDetected: (text: string) => void }) => (
    <button type="button" onClick={() => onDetected(scannedCode)}>
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
  id: '7f3c2a10-5b9e-4d21-9a4f-0c8e6d1b2a33', type: 'payment', amount: '1250.00', fee: '25.00', totalAmount: '1275.00',
  status: 'completed', createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1', business: { businessName: 'Kumar Kirana' },
  customerName: 'Asha Rao', description: null, availableCredit: '3725.00', ...untouchedRow,
};

function setup() {
  const calls = stubFetch({
    'POST /api/qr/validate': () => json(200, dynamicCode),
    'POST /api/payments/process': () => json(201, { transaction: paid }),
    [`GET /api/transactions/${paid.id}`]: () => json(200, { transaction: paid }),
  });
  const user = userEvent.setup();
  renderWithApp(<ScanQrOverlay open onOpenChange={() => {}} />);
  return { calls, user };
}

const button = (name: string) => screen.getByRole('button', { name });

async function pay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to PIN' }));
  await user.type(await screen.findByLabelText('PIN'), '4829');
  await user.click(button('Pay Now'));
  await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
}

describe('the receipt after paying', () => {
  it('is not offered before a payment', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Simulate scan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View receipt' })).not.toBeInTheDocument();
  });

  it("after 'Payment Successful' opens the receipt of the payment just made, fetched by its id", async () => {
    const { calls, user } = setup();
    await pay(user);
    // The success screen's own buttons stay.
    expect(button('Scan another code')).toBeInTheDocument();
    await user.click(button('View receipt'));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(receipt).findByText('Available credit after this payment')).toBeInTheDocument();
    const figure = (label: string) => within(receipt).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Shop')).toBe('Kumar Kirana');
    expect(figure('Total')).toBe('₹1,275.00');
    expect(figure('Transaction ID')).toBe(paid.id);
    expect(figure('Available credit after this payment')).toBe('₹3,725.00');
    expect(callsTo(calls, `GET /api/transactions/${paid.id}`)).toHaveLength(1);

    // Closing the receipt leaves the payment screen as it was, with the receipt still offered.
    await user.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Scan QR Code' })).toBeInTheDocument();
    expect(button('View receipt')).toBeInTheDocument();
  });

  it('is no longer offered once the next code is read', async () => {
    const { user } = setup();
    await pay(user);
    await user.click(button('Scan another code'));
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    await screen.findByRole('button', { name: 'Continue to PIN' });
    expect(screen.queryByRole('button', { name: 'View receipt' })).not.toBeInTheDocument();
  });
});
