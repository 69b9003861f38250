import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  BusinessCreditAccount,
  BusinessProfile,
  MeResponse,
  TransactionView,
} from '@common/api/types';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ownerShop } from '@/test/shops';
import { MerchantApp } from './merchant-app';

vi.mock('@/features/scanner/components/qr-scanner', () => ({ QrScanner: () => <p>Camera</p> }));

const profile = (change: Partial<BusinessProfile> = {}): MeResponse => ({
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  shop: ownerShop(),
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
    address: '12 MG Road', status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
    description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z', ...change,
  },
});

const account: BusinessCreditAccount = {
  id: '0b6c8a52-7d1e-4f3a-9c2b-5e8f1a2b3c4d', customerId: 'c1', customerName: 'Asha Rao',
  paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210', creditLimit: '5000.00',
  currentBalance: '3775.00', owed: '1225.00', createdAt: '2025-01-02T00:00:00.000Z',
  overdue: '0.00', nextDueOn: '2025-02-01', dueMoved: false, lastRemindedAt: null, language: 'en',
};

const transaction = (id: string, change: Partial<TransactionView> = {}): TransactionView => ({
  id, type: 'payment', amount: '1200.00', fee: '24.00', totalAmount: '1224.00', status: 'completed',
  createdAt: '2025-03-04T09:30:00.000Z', businessId: 'biz1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '3775.00', originalId: null, reason: null, refunded: '0.00',
  refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, report: null, bySmsCode: false, by: null, ...change,
});

const stats = {
  totalRevenue: '123456.00', customers: 3, creditIssued: '4500.50', transactions: 17, refunds: 0,
  trend: { revenue: { current: '11200.00', previous: '10000.00' }, transactions: { current: 12, previous: 12 } },
};

type Handlers = Record<string, (call: RecordedCall) => Response>;

function renderMerchant(me: MeResponse = profile(), more: Handlers = {}) {
  const calls = stubFetch({
    'GET /api/business/stats': () => json(200, { stats }),
    'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [account] }),
    'GET /api/transactions/business?limit=5': () => json(200, { transactions: [transaction('t1')], nextCursor: null }),
    'GET /api/qr/business?active=true': () => json(200, { qrCodes: [] }),
    ...more,
  });
  const user = userEvent.setup();
  renderWithApp(<MerchantApp me={me} />);
  return { calls, user };
}

describe('merchant dashboard', () => {
  it('shows the stat cards, with this month against the last on revenue and transactions', async () => {
    renderMerchant();
    const revenue = screen.getByRole('group', { name: 'Total Revenue' });
    expect(await within(revenue).findByText('₹1,23,456.00')).toBeInTheDocument();
    expect(within(revenue).getByText('+12% this month')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Customers' })).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Credit Issued' })).getByText('₹4,500.50')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Transactions' })).getByText('17')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Transactions' })).getByText('0% this month')).toBeInTheDocument();
  });

  it('shows Pending Approval and disables the actions until approved', async () => {
    renderMerchant(profile({ status: 'pending' }));
    expect(screen.getByRole('heading', { name: 'Pending Approval' })).toBeInTheDocument();
    expect(screen.getByText(/under review by an admin/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Customer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View Transactions' })).toBeEnabled();
  });

  it('shows the rejection and its reason', () => {
    renderMerchant(profile({ status: 'rejected', rejectionReason: 'The address could not be verified' }));
    expect(screen.getByRole('heading', { name: 'Application Rejected' })).toBeInTheDocument();
    expect(screen.getByText('The address could not be verified')).toBeInTheDocument();
    expect(screen.queryByText('Pending Approval')).not.toBeInTheDocument();
  });

  it('has no banner once approved', () => {
    renderMerchant();
    expect(screen.queryByRole('heading', { name: 'Pending Approval' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Customer' })).toBeEnabled();
  });

  it('lists each customer with handle, phone, limit, owed and available', async () => {
    renderMerchant();
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(within(card).getByText('k7q2m9xa@khata')).toBeInTheDocument();
    expect(within(card).getByText('+919876543210')).toBeInTheDocument();
    expect(within(card).getByText('₹5,000.00')).toBeInTheDocument();
    expect(within(card).getByText('₹1,225.00')).toBeInTheDocument();
    expect(within(card).getByText('₹3,775.00')).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    renderMerchant(profile(), {
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
      'GET /api/transactions/business?limit=5': () => json(200, { transactions: [], nextCursor: null }),
    });
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('shows recent payments with amount, fee, total and a primary completed badge', async () => {
    renderMerchant();
    const recent = screen.getByRole('region', { name: 'Recent Payments' });
    const entry = await within(recent).findByRole('article', { name: 'Payment Asha Rao' });
    expect(within(entry).getByText('₹1,200.00')).toBeInTheDocument();
    expect(within(entry).getByText('₹24.00')).toBeInTheDocument();
    expect(within(entry).getByText('₹1,224.00')).toBeInTheDocument();
    expect(within(entry).getByText('4 Mar 2025, 3:00 pm')).toBeInTheDocument();
    expect(within(entry).getByText('Completed')).toHaveAttribute('data-variant', 'primary');
  });

  it('opens the Add Credit Account sheet from Create Customer', async () => {
    const { user } = renderMerchant();
    await user.click(screen.getByRole('button', { name: 'Create Customer' }));
    expect(await screen.findByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
  });

  it('opens the QR generator from Generate QR Code', async () => {
    const { user } = renderMerchant();
    await user.click(screen.getByRole('button', { name: 'Generate QR Code' }));
    expect(await screen.findByRole('dialog', { name: 'QR Code Generator' })).toBeInTheDocument();
  });

  it('goes to History from View Transactions and from View All', async () => {
    const { user } = renderMerchant(profile(), {
      'GET /api/transactions/business': () => json(200, { transactions: [], nextCursor: null }),
    });
    await user.click(screen.getByRole('button', { name: 'View Transactions' }));
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    await user.click(screen.getByRole('button', { name: 'View All' }));
    expect(screen.getByRole('heading', { name: 'All Transactions' })).toBeInTheDocument();
  });
});

describe('change limit and record repayment', () => {
  it('changes a limit with 2 decimals and says so', async () => {
    const url = `POST /api/business/credit-accounts/${account.id}/limit`;
    const { user, calls } = renderMerchant(profile(), { [url]: () => json(200, { creditAccount: account }) });
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Change Limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Limit' });
    const input = within(dialog).getByLabelText('New Credit Limit (₹)');
    expect(input).toHaveAttribute('step', '100');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Update Limit' }));
    await expectToast('Invalid Credit Limit', 'Please enter a valid credit limit amount');
    await user.clear(input);
    await user.type(input, '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Update Limit' }));
    await expectToast('Credit Limit Updated');
    expect(callsTo(calls, url)).toHaveLength(1);
    expect(callsTo(calls, url)[0]!.body).toEqual({ creditLimit: '8000.00' });
    await waitFor(() => expect(callsTo(calls, 'GET /api/credit-accounts/business')).toHaveLength(2));
  });

  it("shows the server's message when a limit is refused", async () => {
    const url = `POST /api/business/credit-accounts/${account.id}/limit`;
    const { user } = renderMerchant(profile(), {
      [url]: () => apiError(422, 'The credit limit cannot be more than ₹50,000.00', 'limit_above_max'),
    });
    await user.click(await screen.findByRole('button', { name: 'Change Limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Limit' });
    await user.clear(within(dialog).getByLabelText('New Credit Limit (₹)'));
    await user.type(within(dialog).getByLabelText('New Credit Limit (₹)'), '90000');
    await user.click(within(dialog).getByRole('button', { name: 'Update Limit' }));
    const shown = await expectToast('Failed to Update Credit Limit', 'The credit limit cannot be more than ₹50,000.00');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
  });

  it('records a repayment up to what is owed and refreshes accounts, stats and history', async () => {
    const url = `POST /api/business/credit-accounts/${account.id}/repayment`;
    const { user, calls } = renderMerchant(profile(), {
      [url]: () => json(201, { transaction: transaction('r1', { type: 'repayment' }), creditAccount: account }),
    });
    await user.click(await screen.findByRole('button', { name: 'Record Repayment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Repayment' });
    const input = within(dialog).getByLabelText('Amount Received (₹)');
    expect(input).toHaveAttribute('step', '0.01');
    await user.type(input, '1225.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    await expectToast('Invalid Amount', 'Repayment cannot be more than what the customer owes');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expect(callsTo(calls, url)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    await expectToast('Repayment Recorded', '₹500.50 received from Asha Rao');
    expect(callsTo(calls, url)[0]!.body).toEqual({ amount: '500.50' });
    await waitFor(() => expect(callsTo(calls, 'GET /api/business/stats')).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, 'GET /api/transactions/business?limit=5')).toHaveLength(2));
    expect(callsTo(calls, 'GET /api/credit-accounts/business')).toHaveLength(2);
  });

  it('says Repayment Failed with the server message', async () => {
    const url = `POST /api/business/credit-accounts/${account.id}/repayment`;
    const { user } = renderMerchant(profile(), {
      [url]: () => apiError(422, 'The repayment is more than the customer owes', 'repayment_above_owed'),
    });
    await user.click(await screen.findByRole('button', { name: 'Record Repayment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Repayment' });
    await user.type(within(dialog).getByLabelText('Amount Received (₹)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Record Repayment' }));
    await expectToast('Repayment Failed', 'The repayment is more than the customer owes');
  });
});

describe('merchant tabs', () => {
  it('shows all transactions with badges and loads more pages', async () => {
    const { user, calls } = renderMerchant(profile(), {
      'GET /api/transactions/business': () =>
        json(200, {
          transactions: [transaction('t1'), transaction('t2', { type: 'repayment', fee: '0.00', amount: '300.00', totalAmount: '300.00', status: 'reversed' })],
          nextCursor: 'cursor-1',
        }),
      'GET /api/transactions/business?cursor=cursor-1': () =>
        json(200, { transactions: [transaction('t3', { customerName: 'Vikram Singh' })], nextCursor: null }),
    });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'All Transactions' });
    const repayment = await within(history).findByRole('article', { name: 'Repayment Asha Rao' });
    expect(within(repayment).getByText('Reversed')).toHaveAttribute('data-variant', 'secondary');
    expect(within(within(history).getByRole('article', { name: 'Payment Asha Rao' })).getByText('Completed'))
      .toHaveAttribute('data-variant', 'primary');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(history).findByRole('article', { name: 'Payment Vikram Singh' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/transactions/business?cursor=cursor-1')).toHaveLength(1);
  });

  it('offers Refund and Reverse on the History rows that may have them, and a refund refetches the history', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const payment = transaction('t1', { refundableUntil: later });
    const { user, calls } = renderMerchant(profile(), {
      'GET /api/transactions/business': () =>
        json(200, {
          transactions: [
            payment,
            transaction('t2', { type: 'repayment', fee: '0.00', amount: '300.00', totalAmount: '300.00', reversibleUntil: later }),
            transaction('t3', { customerName: 'Vikram Singh' }),
          ],
          nextCursor: null,
        }),
      'POST /api/business/transactions/t1/refund': () => json(201, {
        transaction: transaction('r1', { type: 'refund', amount: '1200.00', fee: '24.00', totalAmount: '1224.00', originalId: 't1' }),
        payment: { ...payment, refunded: '1200.00', refundedFee: '24.00', refundableUntil: null },
        creditAccount: { ...account, owed: '1.00' },
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'All Transactions' });
    const paid = await within(history).findByRole('article', { name: 'Payment Asha Rao' });
    expect(within(within(history).getByRole('article', { name: 'Repayment Asha Rao' })).getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    expect(within(within(history).getByRole('article', { name: 'Payment Vikram Singh' })).queryByRole('button')).not.toBeInTheDocument();
    const asked = () => callsTo(calls, 'GET /api/transactions/business').length;
    const before = asked();
    await user.click(within(paid).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Returned');
    await user.type(within(dialog).getByLabelText('PIN'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expectToast('Refund recorded', '₹1,200.00 refunded to Asha Rao');
    expect(asked()).toBeGreaterThan(before);
  });

  it('disables QR generation until approved, with a note', async () => {
    const { user } = renderMerchant(profile({ status: 'pending' }));
    await user.click(screen.getByRole('tab', { name: 'QR Codes' }));
    expect(await screen.findByRole('button', { name: 'Generate New QR Code' })).toBeDisabled();
    expect(screen.getByText('QR code generation is available after admin approval.')).toBeInTheDocument();
  });

  it('shows the business settings and one Logout', async () => {
    const { user } = renderMerchant();
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await screen.findByText('Business Name', { selector: 'dt' });
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Business Name')).toHaveTextContent('Ravi Stores');
    expect(value('Business Type')).toHaveTextContent('Retail');
    expect(value('Email')).toHaveTextContent('ravi@example.com');
    expect(value('Status')).toHaveTextContent('Approved');
    expect(value('Fee Rate')).toHaveTextContent('2.00%');
    expect(value('Max Credit Limit')).toHaveTextContent('₹50,000.00');
    await waitFor(() => expect(value('Active Customers')).toHaveTextContent('3'));
    expect(value('Total Credit Issued')).toHaveTextContent('₹4,500.50');
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
  });
});
