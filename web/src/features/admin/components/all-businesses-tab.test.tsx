import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { adminBusiness, page, urls } from '@/features/admin/test-fixtures';
import { AllBusinessesTab } from './all-businesses-tab';

type Handlers = Parameters<typeof stubFetch>[0];

const approved = adminBusiness({
  businessName: 'Patel Sweets',
  businessType: 'Retail',
  email: 'hello@patel.test',
  status: 'approved',
  transactionFeePercent: '2.00',
  maxCreditLimit: '150000.00',
  createdAt: '2025-03-11T20:00:00.000Z',
});
const pending = adminBusiness({ businessName: 'Chai Point', status: 'pending' });
const termsUrl = `POST /api/admin/businesses/${approved.id}/terms`;

function setup(handlers: Handlers = {}) {
  const calls = stubFetch({
    [urls.all]: () => json(200, page([approved, pending])),
    [termsUrl]: (call) => json(200, { business: { ...approved, ...(call.body as object) } }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithApp(<AllBusinessesTab />);
  return { user, calls };
}

describe('All businesses', () => {
  it('shows each business with its status, fee rate, max credit limit in rupees and creation date', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'All businesses' });
    const [first, second] = within(list).getAllByRole('listitem');
    for (const text of ['Patel Sweets', 'Retail', 'hello@patel.test', 'Approved', '2.00%', '₹1,50,000.00', '12 Mar 2025']) {
      expect(within(first!).getByText(text)).toBeInTheDocument();
    }
    expect(within(second!).getByText('Chai Point')).toBeInTheDocument();
    expect(within(second!).getByText('Pending')).toBeInTheDocument();
  });

  it('offers Edit Terms on approved businesses only', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'All businesses' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: 'Edit Terms of Patel Sweets' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are no businesses yet', async () => {
    setup({ [urls.all]: () => json(200, page([])) });
    expect(await screen.findByText('No businesses yet')).toBeInTheDocument();
  });

  it('edits the terms, says Terms Updated and refetches', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Terms of Patel Sweets' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Terms' });
    const fee = within(dialog).getByLabelText('Transaction Fee (%)');
    const limit = within(dialog).getByLabelText('Max Credit Limit (₹)');
    expect(fee).toHaveValue('2.00');
    expect(limit).toHaveValue('150000.00');
    await user.clear(fee);
    await user.type(fee, '1.5');
    await user.clear(limit);
    await user.type(limit, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Terms' }));
    await expectToast('Terms Updated', 'Patel Sweets: fee 1.50%, max credit limit ₹2,00,000.00');
    expect(callsTo(calls, termsUrl)[0]!.body).toEqual({ transactionFeePercent: '1.50', maxCreditLimit: '200000.00' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(calls, urls.all)).toHaveLength(2));
  });

  it('refuses a limit that is not an amount', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Terms of Patel Sweets' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Terms' });
    await user.clear(within(dialog).getByLabelText('Max Credit Limit (₹)'));
    await user.type(within(dialog).getByLabelText('Max Credit Limit (₹)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Terms' }));
    await expectToast('Invalid Credit Limit', 'Max credit limit must be an amount greater than 0 with at most 2 decimals');
    expect(callsTo(calls, termsUrl)).toHaveLength(0);
  });

  it("shows the server's message as Error when the terms are refused", async () => {
    const { user } = setup({ [termsUrl]: () => apiError(400, 'Fee must be a percent from 0 to 100 with at most 2 decimals') });
    await user.click(await screen.findByRole('button', { name: 'Edit Terms of Patel Sweets' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Terms' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Terms' }));
    await expectToast('Error', 'Fee must be a percent from 0 to 100 with at most 2 decimals');
    expect(screen.getByRole('dialog', { name: 'Edit Terms' })).toBeInTheDocument();
  });
});
