import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserView } from '@common/api/types';
import { AdminDashboard } from '@/app/admin-dashboard';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { adminBusiness, analytics, page, smsUsage, stats, urls } from '@/features/admin/test-fixtures';

// jsdom cannot draw on a canvas; analytics-tab.test.tsx and the e2e journey test the chart.
vi.mock('@/features/admin/components/daily-chart', () => ({ DailyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
vi.mock('@/features/admin/components/sms-daily-chart', () => ({ SmsDailyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const admin: UserView = { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' };

const chaiPoint = adminBusiness({ businessName: 'Chai Point' });

function setup(pendingBusinesses = 3) {
  let pending = pendingBusinesses;
  stubFetch({
    [urls.stats]: () => json(200, { stats: stats({ pendingBusinesses: pending }), recentBusinesses: [chaiPoint] }),
    [urls.decide]: () => {
      pending -= 1;
      return json(200, { success: true, updated: 1 });
    },
    [urls.pending]: () => json(200, page([chaiPoint])),
    [urls.all]: () => json(200, page([])),
    [urls.analytics(30)]: () => json(200, { analytics: analytics() }),
    [urls.smsUsage(30)]: () => json(200, smsUsage()),
  });
  const user = userEvent.setup();
  renderWithApp(<AdminDashboard user={admin} />);
  return { user };
}

const sections = () => screen.getByRole('tablist', { name: 'Admin sections' });

describe('Admin dashboard', () => {
  it('keeps the header and shows the four tabs, then Security, Overview first', async () => {
    setup();
    expect(screen.getByText('admin@khata.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    const tabs = within(sections()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', expect.stringMatching(/^Business Approvals/), 'All Businesses', 'Analytics', 'Security']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Recent Applications')).toBeInTheDocument();
  });

  it('shows the pending count on the Business Approvals tab', async () => {
    setup(3);
    const tab = await within(sections()).findByRole('tab', { name: 'Business Approvals 3 pending' });
    expect(within(tab).getByText('3')).toBeInTheDocument();
    // What the tab shows, the count included, is part of what it is called (WCAG 2.5.3).
    expect(within(tab).getByText('3')).not.toHaveAttribute('aria-hidden');
    expect(tab.textContent).toBe('Business Approvals 3');
  });

  it('updates the count after a decision', async () => {
    const { user } = setup(3);
    await user.click(await screen.findByRole('button', { name: 'Review Chai Point' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await within(sections()).findByRole('tab', { name: 'Business Approvals 2 pending' })).toBeInTheDocument();
  });

  it('shows no badge when nothing is pending', async () => {
    setup(0);
    await screen.findByText('Recent Applications');
    expect(within(sections()).getByRole('tab', { name: 'Business Approvals' })).toBeInTheDocument();
  });

  it('opens the approvals panel, All Businesses and Analytics', async () => {
    const { user } = setup();
    await user.click(within(sections()).getByRole('tab', { name: /Business Approvals/ }));
    expect(await screen.findByText('Chai Point')).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Applications by status' })).toBeInTheDocument();

    await user.click(within(sections()).getByRole('tab', { name: 'All Businesses' }));
    expect(await screen.findByText('No businesses yet')).toBeInTheDocument();

    await user.click(within(sections()).getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(await screen.findByRole('table', { name: 'Top merchants by volume' })).toHaveTextContent('Chai Point');
    expect(await screen.findByRole('table', { name: 'Shops sending most SMS' })).toHaveTextContent('Chai Point');
  });
});
