import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, RepaymentClaim } from '@common/api/types';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { kumarAccount } from '@/test/credit-accounts';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { DuesPanel } from './dues-panel';

const qrCode = vi.hoisted(() => ({ toCanvas: vi.fn(async () => {}) }));
vi.mock('qrcode', () => ({ default: qrCode, ...qrCode }));

const account = kumarAccount;

const claimUrl = 'POST /api/credit-accounts/acc-kumar/repayment-claims';
const intentFor = (amount: string) =>
  `upi://pay?pa=kumar.kirana@okaxis&pn=Kumar%20%26%20Sons%20Kirana&am=${amount}&cu=INR&tn=Khata%20repayment`;

function claim(overrides: Partial<RepaymentClaim> = {}): RepaymentClaim {
  return {
    id: 'claim-1', creditAccountId: 'acc-kumar', businessId: account.businessId, businessName: 'Kumar & Sons Kirana',
    customerId: 'c1', customerName: 'Asha Rao', amount: '1249.90', upiReference: null, status: 'pending',
    confirmedAmount: null, declineReason: null, transactionId: null, createdAt: '2025-03-20T05:00:00.000Z', decidedAt: null,
    ...overrides,
  };
}

function setup(overrides: Partial<CustomerCreditAccount> = {}, handlers: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch({ [claimUrl]: (call) => json(201, { claim: claim(call.body as Partial<RepaymentClaim>) }), ...handlers });
  const user = userEvent.setup();
  renderWithApp(<DuesPanel account={{ ...account, ...overrides }} />);
  return { calls, user };
}

const dues = () => screen.getByRole('region', { name: 'Dues' });

async function openPayBack(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(dues()).getByRole('button', { name: 'Pay back' }));
  return screen.findByRole('dialog', { name: 'Pay back Kumar & Sons Kirana' });
}

beforeEach(() => {
  qrCode.toCanvas.mockClear();
});

describe('the dues panel', () => {
  it('shows the next part due with its date, and no Overdue badge', () => {
    setup();
    expect(dues()).toHaveTextContent('₹749.90 due on 12 Apr 2999');
    expect(within(dues()).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('shows the overdue amount with an Overdue badge, from the oldest unpaid due date', () => {
    setup({ overdue: '500.00', nextDueOn: '2025-03-12', nextDueAmount: '500.00' });
    expect(within(dues()).getByText('Overdue')).toBeInTheDocument();
    expect(dues()).toHaveTextContent('₹500.00 overdue since 12 Mar 2025');
    // A past date is the overdue part, never "due on".
    expect(dues()).not.toHaveTextContent('due on');
  });

  it('says to pay the shop directly when it has no UPI ID, and offers no Pay back', () => {
    setup({ upiId: null });
    expect(dues()).toHaveTextContent('Kumar & Sons Kirana has not added a UPI ID yet. Pay the shop directly.');
    expect(within(dues()).queryByRole('button', { name: 'Pay back' })).not.toBeInTheDocument();
  });

  it('offers nothing to pay back when nothing is owed', () => {
    setup({ owed: '0.00', currentBalance: '5000.00', nextDueOn: null, nextDueAmount: '0.00' });
    expect(dues()).toHaveTextContent('Nothing is owed here.');
    expect(within(dues()).queryByRole('button', { name: 'Pay back' })).not.toBeInTheDocument();
    expect(dues()).not.toHaveTextContent('UPI ID');
  });
});

describe('Pay back', () => {
  it('offers the whole amount owed by a UPI app button, a QR of the same intent and the UPI ID', async () => {
    const { user } = setup();
    const sheet = await openPayBack(user);
    expect(within(sheet).getByLabelText('Amount (₹)')).toHaveValue('1249.90');

    const button = within(sheet).getByRole('link', { name: 'Pay with UPI app' });
    expect(button).toHaveAttribute('href', intentFor('1249.90'));
    const parameters = new URLSearchParams(button.getAttribute('href')!.slice('upi://pay?'.length));
    expect(Object.fromEntries(parameters)).toEqual({
      pa: 'kumar.kirana@okaxis', pn: 'Kumar & Sons Kirana', am: '1249.90', cu: 'INR', tn: 'Khata repayment',
    });

    const qr = within(sheet).getByRole('img', { name: 'UPI QR code to pay ₹1,249.90 to Kumar & Sons Kirana' });
    await waitFor(() => expect(qrCode.toCanvas).toHaveBeenCalled());
    expect(qrCode.toCanvas).toHaveBeenLastCalledWith(qr, intentFor('1249.90'), expect.any(Object));
    expect(within(sheet).getByText('kumar.kirana@okaxis')).toBeInTheDocument();
  });

  it('follows a smaller amount in the button and the QR alike', async () => {
    const { user } = setup();
    const sheet = await openPayBack(user);
    const amount = within(sheet).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(sheet).getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', intentFor('500.00'));
    const qr = within(sheet).getByRole('img', { name: 'UPI QR code to pay ₹500.00 to Kumar & Sons Kirana' });
    await waitFor(() => expect(qrCode.toCanvas).toHaveBeenLastCalledWith(qr, intentFor('500.00'), expect.any(Object)));
  });

  it('refuses an amount above what is owed, and one of 0, with a message and no way to pay', async () => {
    const { user, calls } = setup();
    const sheet = await openPayBack(user);
    const amount = within(sheet).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '1249.91');
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Repayment cannot be more than what is owed (₹1,249.90)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).queryByRole('link', { name: 'Pay with UPI app' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('img')).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '0');
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Please enter a valid amount greater than 0');
    expect(within(sheet).queryByRole('link', { name: 'Pay with UPI app' })).not.toBeInTheDocument();
    expect(callsTo(calls, claimUrl)).toHaveLength(0);
  });

  it('copies the UPI ID', async () => {
    const { user } = setup();
    const sheet = await openPayBack(user);
    await user.click(within(sheet).getByRole('button', { name: 'Copy UPI ID kumar.kirana@okaxis' }));
    await expectToast('Copied!', 'UPI ID copied to clipboard');
    expect(await navigator.clipboard.readText()).toBe('kumar.kirana@okaxis');
  });

  it('claims the amount with a 12-digit reference after "I have paid", then waits for the shop', async () => {
    const { user, calls } = setup();
    const sheet = await openPayBack(user);
    const amount = within(sheet).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '1000.5');
    await user.click(within(sheet).getByRole('button', { name: 'I have paid' }));

    const reference = await within(sheet).findByLabelText('UPI reference (optional)');
    await user.type(reference, '12345');
    await user.click(within(sheet).getByRole('button', { name: 'Send to Kumar & Sons Kirana' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('UPI reference is 12 digits');
    expect(callsTo(calls, claimUrl)).toHaveLength(0);

    await user.clear(reference);
    await user.type(reference, '412345678901');
    await user.click(within(sheet).getByRole('button', { name: 'Send to Kumar & Sons Kirana' }));
    expect(await within(sheet).findByText('Waiting for Kumar & Sons Kirana to confirm')).toBeInTheDocument();
    expect(callsTo(calls, claimUrl).map((call) => call.body)).toEqual([{ amount: 1000.5, upiReference: '412345678901' }]);
  });

  it('claims without a reference, the whole amount by default', async () => {
    const { user, calls } = setup();
    const sheet = await openPayBack(user);
    await user.click(within(sheet).getByRole('button', { name: 'I have paid' }));
    await user.click(await within(sheet).findByRole('button', { name: 'Send to Kumar & Sons Kirana' }));
    expect(await within(sheet).findByText('Waiting for Kumar & Sons Kirana to confirm')).toBeInTheDocument();
    expect(callsTo(calls, claimUrl).map((call) => call.body)).toEqual([{ amount: 1249.9 }]);
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in its words and stays on the claim', async () => {
    const { user } = setup({}, {
      [claimUrl]: () => apiError(409, 'This UPI reference has already been claimed', 'upi_reference_claimed'),
    });
    const sheet = await openPayBack(user);
    await user.click(within(sheet).getByRole('button', { name: 'I have paid' }));
    await user.type(await within(sheet).findByLabelText('UPI reference (optional)'), '412345678901');
    await user.click(within(sheet).getByRole('button', { name: 'Send to Kumar & Sons Kirana' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('This UPI reference has already been claimed');
    expect(within(sheet).queryByText('Waiting for Kumar & Sons Kirana to confirm')).not.toBeInTheDocument();
  });
});

describe('Pay back on arrival (a reminder’s link)', () => {
  function arrive(overrides: Partial<CustomerCreditAccount> = {}) {
    stubFetch({});
    renderWithApp(<DuesPanel account={{ ...account, ...overrides }} payBackOnArrival />);
  }

  it('opens the sheet at once, ready with the whole amount owed', async () => {
    arrive();
    const sheet = await screen.findByRole('dialog', { name: 'Pay back Kumar & Sons Kirana' });
    expect(within(sheet).getByLabelText('Amount (₹)')).toHaveValue('1249.90');
    expect(within(sheet).getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', intentFor('1249.90'));
  });

  it.each([
    ['the shop has no UPI ID', { upiId: null }],
    ['nothing is owed', { owed: '0.00', currentBalance: '5000.00', nextDueOn: null, nextDueAmount: '0.00' }],
  ])('opens nothing when %s', async (_, overrides) => {
    arrive(overrides);
    expect(await screen.findByRole('region', { name: 'Dues' })).toBeInTheDocument();
    // Neither the sheet nor the frame shown while its code loads.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
