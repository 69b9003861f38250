import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, UserView } from '@common/api/types';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { CustomerApp } from './customer-app';

vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: () => <p>Camera preview</p>,
}));
vi.mock('qrcode', () => {
  const qrCode = { toCanvas: async () => {}, toDataURL: async () => 'data:image/png;base64,' };
  return { default: qrCode, ...qrCode };
});

const user: UserView = { id: 'u1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };
const account: CustomerCreditAccount = {
  id: 'a1', businessId: 'b1', business: { businessName: 'Kumar Kirana' },
  currentBalance: '3750.00', creditLimit: '5000.00', owed: '1250.00',
  overdue: '0.00', nextDueOn: '2999-04-12', nextDueAmount: '1250.00', upiId: null, remindersOptedOut: false,
};

function setup() {
  let balance = '3750.00';
  const calls = stubFetch({
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [{ ...account, currentBalance: balance }] }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    'GET /api/customer/qr': () =>
      json(200, { qrData: '{"paymentHandle":"k7q2m9xa@khata"}', paymentHandle: 'k7q2m9xa@khata', name: 'Asha Rao', phoneNumber: '+919876543210' }),
  });
  const events = userEvent.setup();
  renderWithApp(<CustomerApp user={user} />);
  return { calls, user: events, setBalance: (value: string) => (balance = value) };
}

describe('customer app', () => {
  it('refetches the credit accounts and the history with Refresh', async () => {
    const { user: events, calls, setBalance } = setup();
    expect(await screen.findByText('₹3,750.00')).toBeInTheDocument();
    expect(await screen.findByText('No Transactions Yet')).toBeInTheDocument();
    setBalance('2500.00');
    await events.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('₹2,500.00')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/credit-accounts/customer')).toHaveLength(2);
    await waitFor(() => expect(callsTo(calls, 'GET /api/transactions/customer?limit=15')).toHaveLength(2));
  });

  it('opens the Scan QR Code overlay from the bottom bar and closes it', async () => {
    const { user: events } = setup();
    await events.click(screen.getByRole('button', { name: 'Scan QR' }));
    const overlay = await screen.findByRole('dialog', { name: 'Scan QR Code' });
    expect(await within(overlay).findByText('Camera preview')).toBeInTheDocument();
    await events.click(within(overlay).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the Scan QR Code overlay from Quick Actions', async () => {
    const { user: events } = setup();
    await events.click(screen.getByRole('button', { name: 'Scan QR Make Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Scan QR Code' })).toBeInTheDocument();
  });

  it('opens My Payment Code from Quick Actions and only then fetches it', async () => {
    const { user: events, calls } = setup();
    await screen.findByText('₹3,750.00');
    expect(callsTo(calls, 'GET /api/customer/qr')).toHaveLength(0);
    await events.click(screen.getByRole('button', { name: 'My Code Receive Payment' }));
    const sheet = await screen.findByRole('dialog', { name: 'My Payment Code' });
    expect(await within(sheet).findByText('k7q2m9xa@khata')).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/customer/qr')).toHaveLength(1);
  });
});
