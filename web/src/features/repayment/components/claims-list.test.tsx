import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RepaymentClaim } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { ClaimsList } from './claims-list';

const claimsUrl = 'GET /api/credit-accounts/acc-kumar/repayment-claims';

function claim(overrides: Partial<RepaymentClaim>): RepaymentClaim {
  return {
    id: 'claim-1', creditAccountId: 'acc-kumar', businessId: 'biz-kumar', businessName: 'Kumar Kirana',
    customerId: 'c1', customerName: 'Asha Rao', amount: '500.00', upiReference: null, status: 'pending',
    confirmedAmount: null, declineReason: null, transactionId: null, createdAt: '2025-03-20T05:00:00.000Z', decidedAt: null,
    ...overrides,
  };
}

const claims: RepaymentClaim[] = [
  claim({ id: 'c-pending', amount: '250.00', upiReference: '412345678901' }),
  claim({
    id: 'c-partly', amount: '1000.00', status: 'confirmed', confirmedAmount: '800.00', upiReference: '512345678901',
    transactionId: 't9', decidedAt: '2025-03-19T06:00:00.000Z', createdAt: '2025-03-19T05:00:00.000Z',
  }),
  claim({ id: 'c-whole', amount: '300.00', status: 'confirmed', confirmedAmount: '300.00', transactionId: 't8', createdAt: '2025-03-18T05:00:00.000Z' }),
  claim({
    id: 'c-declined', amount: '700.00', status: 'declined', declineReason: 'No such payment in my bank account',
    upiReference: '612345678901', createdAt: '2025-03-17T05:00:00.000Z',
  }),
];

function setup(answer = () => json(200, { claims })) {
  const calls = stubFetch({ [claimsUrl]: answer });
  renderWithApp(<ClaimsList accountId="acc-kumar" />);
  return { calls };
}

const rows = async () => within(await screen.findByRole('list', { name: 'UPI repayments' })).getAllByRole('listitem');

describe('the claims list', () => {
  it('shows each claim’s amount, reference, India time and status, newest first', async () => {
    const { calls } = setup();
    const [pending, partly, whole, declined] = await rows();
    expect(screen.getByRole('heading', { name: 'UPI repayments' })).toBeInTheDocument();
    expect(pending).toHaveTextContent('₹250.00');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('20 Mar 2025, 10:30 am');
    expect(pending).toHaveTextContent('UPI reference 412345678901');
    expect(whole).toHaveTextContent('No UPI reference');
    expect(partly).toHaveTextContent('Confirmed');
    expect(declined).toHaveTextContent('Declined');
    expect(callsTo(calls, claimsUrl)).toHaveLength(1);
  });

  it('shows the confirmed amount only when the shop confirmed less than claimed', async () => {
    setup();
    const [, partly, whole] = await rows();
    expect(partly).toHaveTextContent('The shop confirmed ₹800.00.');
    expect(whole).not.toHaveTextContent('The shop confirmed');
  });

  it('shows the merchant’s reason for a declined claim', async () => {
    setup();
    const declined = (await rows())[3]!;
    expect(declined).toHaveTextContent('Declined: No such payment in my bank account');
    expect(within(declined).getByText('Declined').closest('[data-variant]')).toHaveAttribute('data-variant', 'danger');
  });

  it('shows nothing for an account without claims', async () => {
    const { calls } = setup(() => json(200, { claims: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, claimsUrl)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'UPI repayments' })).not.toBeInTheDocument();
  });

  it('says so when the claims cannot be loaded', async () => {
    setup(() => apiError(500, 'Internal error', 'internal'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your UPI repayments could not be loaded.');
  });
});
