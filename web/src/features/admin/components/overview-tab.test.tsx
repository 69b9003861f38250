import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { adminBusiness, stats, urls } from '@/features/admin/test-fixtures';
import { OverviewTab } from './overview-tab';

const recent = [
  adminBusiness({ businessName: 'Chai Point', businessType: 'Restaurant', status: 'pending', createdAt: '2025-03-11T20:00:00.000Z' }),
  adminBusiness({ businessName: 'Patel Sweets', businessType: 'Retail', status: 'approved', createdAt: '2025-03-10T05:00:00.000Z' }),
  adminBusiness({ businessName: 'Quick Cash Loans', businessType: 'Services', status: 'rejected', createdAt: '2025-03-09T05:00:00.000Z' }),
];

const counts = stats({
  pendingBusinesses: 3, approvedBusinesses: 12, rejectedBusinesses: 2, customers: 1520, creditAccounts: 48,
});

function setup(statsAnswer: () => Response = () => json(200, { stats: counts, recentBusinesses: recent })) {
  const calls = stubFetch({
    [urls.stats]: statsAnswer,
    [urls.decide]: () => json(200, { success: true, updated: 1 }),
  });
  const user = userEvent.setup();
  renderWithApp(<OverviewTab />);
  return { user, calls };
}

/** The number shown on the stat card labelled `label`. */
const statValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('Admin overview', () => {
  it('shows the counts from the server', async () => {
    setup();
    await screen.findByText('Recent Applications');
    expect(statValue('Pending')).toHaveTextContent('3');
    expect(statValue('Approved')).toHaveTextContent('12');
    expect(statValue('Rejected')).toHaveTextContent('2');
    expect(statValue('Customers')).toHaveTextContent('1,520');
    expect(statValue('Credit Accounts')).toHaveTextContent('48');
  });

  it('lists the recent applications with type, status and the date in India time', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Recent Applications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // 20:00 UTC on 11 March is already 12 March in India.
    expect(items[0]).toHaveTextContent('Chai Point');
    expect(items[0]).toHaveTextContent('Restaurant · 12 Mar 2025');
    expect(within(items[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Approved')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Rejected')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Review Chai Point' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are no applications yet', async () => {
    setup(() => json(200, { stats: stats(), recentBusinesses: [] }));
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
  });

  it('reviews a recent application without the approvals panel delay and refetches the counts', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Review Chai Point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Application' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Success', 'Business applications updated successfully');
    expect(callsTo(calls, urls.decide)[0]!.body).toEqual({ businessIds: [recent[0]!.id], action: 'approve' });
    expect(callsTo(calls, urls.stats).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed load with a Retry', async () => {
    let fail = true;
    const { user } = setup(() => (fail ? apiError(500, 'Internal error', 'internal') : json(200, { stats: counts, recentBusinesses: recent })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the overview.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Chai Point')).toBeInTheDocument();
  });
});
