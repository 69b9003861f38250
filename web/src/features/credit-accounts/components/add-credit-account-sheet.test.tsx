import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { AddCreditAccountSheet } from './add-credit-account-sheet';

// The camera is replaced by buttons that "scan" a given text; the scanner has its own tests.
vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: ({ onDetected }: { onDetected: (text: string) => void }) => (
    <div>
      <button type="button" onClick={() => onDetected('https://example.com/pay/abc')}>
        Scan a merchant code
      </button>
      <button type="button" onClick={() => onDetected('{"paymentHandle":"k7q2m9xa@khata","name":"Asha Rao"}')}>
        Scan a customer code
      </button>
      <button type="button" onClick={() => onDetected('{"name":"Asha Rao"}')}>
        Scan JSON without a handle
      </button>
    </div>
  ),
}));

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <AddCreditAccountSheet open={open} onOpenChange={setOpen} />
    </>
  );
}

const created = () =>
  json(201, { customerName: 'Asha Rao', creditAccount: { id: 'acc1' } });

function setup(answer: (call: RecordedCall) => Response = created) {
  const calls = stubFetch({ 'POST /api/business/create-credit-account': answer });
  const user = userEvent.setup();
  const rendered = renderWithApp(<Harness />);
  // The lists are in the cache as the dashboard would have them.
  rendered.client.setQueryData(['/api/credit-accounts/business'], { creditAccounts: [] });
  rendered.client.setQueryData(['/api/business/stats'], { stats: {} });
  return { user, calls, ...rendered };
}

const submit = () => screen.getByRole('button', { name: 'Create Credit Account' });

describe('Add Credit Account sheet', () => {
  it('is a dialog with Enter Handle and Scan QR tabs and an example handle', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Enter Handle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Scan QR' })).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Handle')).toHaveAttribute('placeholder', 'k7q2m9xa@khata');
    const limit = screen.getByLabelText('Credit Limit (₹)');
    expect(limit).toHaveAttribute('type', 'number');
    expect(limit).toHaveAttribute('min', '0');
    expect(limit).toHaveAttribute('step', '100');
  });

  it('asks for the payment handle first', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Payment Handle Required', 'Please scan QR or enter customer payment handle');
    await user.type(screen.getByLabelText('Payment Handle'), '   ');
    await user.click(submit());
    await expectToast('Payment Handle Required', 'Please scan QR or enter customer payment handle');
    expect(calls).toHaveLength(0);
  });

  it.each(['', '0', '-5', '12.345'])('refuses the credit limit "%s"', async (limit) => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    if (limit) await user.type(screen.getByLabelText('Credit Limit (₹)'), limit);
    await user.click(submit());
    await expectToast('Invalid Credit Limit', 'Please enter a valid credit limit amount');
    expect(calls).toHaveLength(0);
  });

  it('sends the limit with 2 decimals, says so, refreshes the lists, closes and resets', async () => {
    const { user, calls, client } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), ' k7q2m9xa@khata ');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Credit Account Created', 'Successfully assigned the limit to the customer');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toEqual({
      paymentHandle: 'k7q2m9xa@khata',
      creditLimit: '5000.00',
    });
    // Nothing shows the lists here, so they are marked for refetch rather than refetched.
    await waitFor(() => expect(client.getQueryState(['/api/credit-accounts/business'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['/api/business/stats'])?.isInvalidated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    expect(screen.getByLabelText('Payment Handle')).toHaveValue('');
    expect(screen.getByLabelText('Credit Limit (₹)')).toHaveValue(null);
  });

  it('keeps paise exactly: 1250.5 is sent as "1250.50"', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '1250.5');
    await user.click(submit());
    await expectToast('Credit Account Created');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toMatchObject({ creditLimit: '1250.50' });
  });

  it("shows the server's message on failure and keeps the sheet open", async () => {
    const { user } = setup(() => apiError(409, 'This customer already has a credit account with you', 'conflict'));
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Failed to Create Credit Account', 'This customer already has a credit account with you');
    expect(screen.getByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
  });

  it('falls back to the default text when the server gives none', async () => {
    const { user } = setup(() => new Response('', { status: 500 }));
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Failed to Create Credit Account', 'Please check the details and try again');
  });

  it('refuses a scanned code that is not JSON with a paymentHandle', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Scan QR' }));
    await user.click(screen.getByRole('button', { name: 'Scan a merchant code' }));
    await expectToast('Invalid QR Code', 'Please scan a valid customer QR code.');
    await user.click(screen.getByRole('button', { name: 'Scan JSON without a handle' }));
    await expectToast('Invalid QR Code', 'Please scan a valid customer QR code.');
    expect(screen.getByRole('tab', { name: 'Scan QR' })).toHaveAttribute('aria-selected', 'true');
  });

  it("fills the handle from a customer's code and shows their name", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('tab', { name: 'Scan QR' }));
    await user.click(screen.getByRole('button', { name: 'Scan a customer code' }));
    expect(screen.getByRole('tab', { name: 'Enter Handle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Payment Handle')).toHaveValue('k7q2m9xa@khata');
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '2000');
    await user.click(submit());
    await expectToast('Credit Account Created');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toEqual({
      paymentHandle: 'k7q2m9xa@khata',
      creditLimit: '2000.00',
    });
  });
});
