import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminAnalytics } from '@common/api/types';
import type { DailySeries, SmsDailySeries } from '@/features/admin/analytics-series';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { analytics, smsUsage, urls } from '@/features/admin/test-fixtures';
import { AnalyticsTab } from './analytics-tab';

// jsdom has no canvas to draw on: the chart is replaced by a stand-in that keeps what it
// was given (Chromium draws the real one in e2e/analytics.test.ts). Its table is the real one.
const drawn: DailySeries[] = [];
vi.mock('./daily-chart', () => ({
  DailyChart: ({ series, label }: { series: DailySeries; label: string }) => {
    drawn.push(series);
    return <div role="img" aria-label={label} />;
  },
}));
const smsDrawn: SmsDailySeries[] = [];
vi.mock('./sms-daily-chart', () => ({
  SmsDailyChart: ({ series, label }: { series: SmsDailySeries; label: string }) => {
    smsDrawn.push(series);
    return <div role="img" aria-label={label} />;
  },
}));

type Answers = Partial<Record<7 | 30 | 90, () => Response>>;

function setup(answers: Answers = {}, smsAnswers: Answers = {}) {
  const calls = stubFetch({
    [urls.analytics(7)]: answers[7] ?? (() => json(200, { analytics: analytics({ days: 7 }) })),
    [urls.analytics(30)]: answers[30] ?? (() => json(200, { analytics: analytics({ days: 30 }) })),
    [urls.analytics(90)]: answers[90] ?? (() => json(200, { analytics: analytics({ days: 90 }) })),
    [urls.smsUsage(7)]: smsAnswers[7] ?? (() => json(200, smsUsage({ days: 7 }))),
    [urls.smsUsage(30)]: smsAnswers[30] ?? (() => json(200, smsUsage({ days: 30 }))),
    [urls.smsUsage(90)]: smsAnswers[90] ?? (() => json(200, smsUsage({ days: 90 }))),
  });
  const user = userEvent.setup();
  renderWithApp(<AnalyticsTab />);
  return { calls, user };
}

const answer = (overrides: Partial<AdminAnalytics>) => () => json(200, { analytics: analytics(overrides) });

/** The texts of a table row's header and data cells, in order. */
const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

/** The figure shown under `label` in the headline list. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('Admin analytics', () => {
  it('asks for the last 30 days first and shows the headline figures', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await screen.findByText('Active merchants');
    expect(callsTo(calls, urls.analytics(30))).toHaveLength(1);
    expect(figure('Payments')).toHaveTextContent('5');
    expect(figure('Volume')).toHaveTextContent('₹4,000.50');
    expect(figure('Fees')).toHaveTextContent('₹80.01');
    expect(figure('Active merchants')).toHaveTextContent('2');
    expect(figure('Active customers')).toHaveTextContent('4');
    expect(figure('New customers')).toHaveTextContent('6');
    expect(figure('New businesses')).toHaveTextContent('3');
    expect(screen.getByText('6 Mar 2025 – 12 Mar 2025')).toBeInTheDocument();
  });

  it('switches the period with the radio buttons, by click or arrow key', async () => {
    const { calls, user } = setup({ 7: answer({ totals: { payments: 2, volume: '1500.00', fees: '30.00', refunds: 0, refunded: '0.00' } }) });
    await screen.findByText('Active merchants');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await vi.waitFor(() => expect(figure('Volume')).toHaveTextContent('₹1,500.00'));
    expect(figure('Payments')).toHaveTextContent('2');
    expect(callsTo(calls, urls.analytics(7))).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    await vi.waitFor(() => expect(callsTo(calls, urls.analytics(90))).toHaveLength(1));
    // The period already seen is not asked for again.
    expect(callsTo(calls, urls.analytics(30))).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
  });

  it('draws every day of the period and gives the same figures as a table', async () => {
    const { user } = setup();
    const chart = await screen.findByRole('img', { name: 'Volume and fees per day' });
    expect(chart).toBeInTheDocument();
    expect(drawn.at(-1)).toEqual({
      days: ['2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12'],
      volumePaise: [0, 0, 0, 0, 150000, 0, 250050],
      feesPaise: [0, 0, 0, 0, 3000, 0, 5001],
      payments: [0, 0, 0, 0, 2, 0, 3],
    });

    await user.click(within(screen.getByRole('region', { name: 'Volume and fees per day' })).getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'Volume and fees per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cellTexts)).toEqual([
      ['Date', 'Payments', 'Volume', 'Fees'],
      ['6 Mar 2025', '0', '₹0.00', '₹0.00'],
      ['7 Mar 2025', '0', '₹0.00', '₹0.00'],
      ['8 Mar 2025', '0', '₹0.00', '₹0.00'],
      ['9 Mar 2025', '0', '₹0.00', '₹0.00'],
      ['10 Mar 2025', '2', '₹1,500.00', '₹30.00'],
      ['11 Mar 2025', '0', '₹0.00', '₹0.00'],
      ['12 Mar 2025', '3', '₹2,500.50', '₹50.01'],
    ]);
  });

  it('shows the approval funnel and the median time to decision', async () => {
    setup();
    const funnel = await screen.findByRole('table', { name: 'Approval funnel' });
    const rows = within(funnel).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['Applied3', 'Approved1', 'Rejected1', 'Pending1']);
    expect(screen.getByText('Median time to decision').nextElementSibling).toHaveTextContent('5.5 hours');
  });

  it('gives a long median in days, and a dash before any decision', async () => {
    const { user } = setup({
      30: answer({ approvals: { applied: 2, approved: 2, rejected: 0, pending: 0, medianHoursToDecision: 78 } }),
      7: answer({ approvals: { applied: 1, approved: 0, rejected: 0, pending: 1, medianHoursToDecision: null } }),
    });
    await screen.findByText('Median time to decision');
    expect(screen.getByText('Median time to decision').nextElementSibling).toHaveTextContent('3.3 days');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await vi.waitFor(() => expect(screen.getByText('Median time to decision').nextElementSibling).toHaveTextContent('—'));
  });

  it('lists the top merchants by volume, and says when there were no payments', async () => {
    const { user } = setup({ 7: answer({ topMerchants: [] }) });
    const table = await screen.findByRole('table', { name: 'Top merchants by volume' });
    const rows = within(table).getAllByRole('row').map(cellTexts);
    expect(rows).toEqual([
      ['Business', 'Volume', 'Payments'],
      ['Chai Point', '₹2,500.50', '3'],
      ['Patel Sweets', '₹1,500.00', '2'],
    ]);
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(await screen.findByText('No payments in this period')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top merchants by volume' })).not.toBeInTheDocument();
  });

  it('counts the refunds beside the totals, with the amount refunded beneath', async () => {
    setup({ 30: answer({ totals: { payments: 5, volume: '3750.50', fees: '75.01', refunds: 2, refunded: '250.00' } }) });
    await screen.findByText('Active merchants');
    const refunds = figure('Refunds');
    expect(refunds).toHaveTextContent('2');
    expect(refunds?.nextElementSibling).toHaveTextContent('₹250.00');
    // Volume and fees come net of refunds from the server, and are shown as they come.
    expect(figure('Volume')).toHaveTextContent('₹3,750.50');
    expect(figure('Payments')).toHaveTextContent('5');
  });

  it('shows the reports open over 7 days with the oldest one\'s date, and none without a date', async () => {
    const { user } = setup({
      30: answer({ reports: { openOverWeek: 3, oldestOpenAt: '2025-02-20T10:00:00.000Z' } }),
    });
    await screen.findByText('Reports open over 7 days');
    const open = figure('Reports open over 7 days');
    expect(open).toHaveTextContent('3');
    expect(open?.nextElementSibling).toHaveTextContent('oldest since 20 Feb 2025');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await vi.waitFor(() => expect(figure('Reports open over 7 days')).toHaveTextContent('0'));
    expect(screen.queryByText(/oldest since/)).not.toBeInTheDocument();
  });

  it('shows the credit granted against the credit owed', async () => {
    setup();
    await screen.findByText('Credit granted');
    expect(screen.getByText('Credit granted').nextElementSibling).toHaveTextContent('₹1,00,000.00');
    expect(screen.getByText('Credit owed').nextElementSibling).toHaveTextContent('₹25,000.00');
  });

  it('shows a spinner while loading, then a failed load with a Retry', async () => {
    let fail = true;
    const { user } = setup({
      30: () => (fail ? apiError(500, 'Internal error', 'internal') : json(200, { analytics: analytics() })),
    });
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the analytics.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Active merchants')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Admin analytics: SMS', () => {
  const sms = () => screen.getByRole('region', { name: 'SMS' });
  const smsFigure = (label: string) => within(sms()).getByText(label, { selector: 'dt' }).nextElementSibling;

  it('counts the SMS of the period by purpose, and the failed ones', async () => {
    const { calls } = setup();
    await within(await screen.findByRole('region', { name: 'SMS' })).findByText('OTP SMS');
    expect(smsFigure('OTP SMS')).toHaveTextContent('12');
    expect(smsFigure('Reminder SMS')).toHaveTextContent('1,548');
    expect(smsFigure('Failed')).toHaveTextContent('32');
    expect(callsTo(calls, urls.smsUsage(30))).toHaveLength(1);
  });

  it('draws the SMS sent per day, delivered and failed, with the same figures as a table', async () => {
    const { user } = setup();
    const chart = await screen.findByRole('img', { name: 'SMS sent per day' });
    expect(chart).toBeInTheDocument();
    expect(smsDrawn.at(-1)).toEqual({
      days: ['2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12'],
      sent: [0, 0, 0, 0, 1520, 0, 40],
      delivered: [0, 0, 0, 0, 1490, 0, 31],
      failed: [0, 0, 0, 0, 30, 0, 2],
    });
    await user.click(within(sms()).getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'SMS sent per day' });
    expect(within(table).getAllByRole('row').map(cellTexts)).toEqual([
      ['Date', 'Sent', 'Delivered', 'Failed'],
      ['6 Mar 2025', '0', '0', '0'],
      ['7 Mar 2025', '0', '0', '0'],
      ['8 Mar 2025', '0', '0', '0'],
      ['9 Mar 2025', '0', '0', '0'],
      ['10 Mar 2025', '1,520', '1,490', '30'],
      ['11 Mar 2025', '0', '0', '0'],
      ['12 Mar 2025', '40', '31', '2'],
    ]);
    await expectNoAxeViolations();
  });

  it('lists the shops sending most SMS, and says when none sent any', async () => {
    const { user, calls } = setup({}, { 7: () => json(200, smsUsage({ topShops: [] })) });
    const table = await screen.findByRole('table', { name: 'Shops sending most SMS' });
    expect(within(table).getAllByRole('row').map(cellTexts)).toEqual([
      ['Business', 'Reminder SMS'],
      ['Chai Point', '1,200'],
      ['Patel Sweets', '348'],
    ]);
    // The tab's period is the SMS figures' period too.
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(await within(sms()).findByText('No reminder SMS in this period')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Shops sending most SMS' })).not.toBeInTheDocument();
    expect(callsTo(calls, urls.smsUsage(7))).toHaveLength(1);
  });

  it('shows a failed load of the SMS figures with a Retry, beside the rest of the analytics', async () => {
    let fail = true;
    const { user } = setup({}, { 30: () => (fail ? apiError(500, 'Internal error', 'internal') : json(200, smsUsage())) });
    const alert = await within(await screen.findByRole('region', { name: 'SMS' })).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the SMS figures.');
    expect(await screen.findByText('Active merchants')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(sms()).findByText('OTP SMS')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
