import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessStats } from '@common/api/types';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { StatCards } from './stat-cards';

type Trend = BusinessStats['trend'];

function renderCards(trend: Trend) {
  const stats: BusinessStats = { totalRevenue: '123456.00', customers: 3, creditIssued: '4500.50', transactions: 17, refunds: 0, trend };
  stubFetch({ 'GET /api/business/stats': () => json(200, { stats }) });
  renderWithApp(<StatCards />);
}

const trend = (revenue: [string, string], transactions: [number, number] = [0, 0]): Trend => ({
  revenue: { current: revenue[0], previous: revenue[1] },
  transactions: { current: transactions[0], previous: transactions[1] },
});

/** The card's note under its figure: the paragraph after the value, if any. */
async function noteOf(label: string): Promise<HTMLElement | null> {
  const card = screen.getByRole('group', { name: label });
  await within(screen.getByRole('group', { name: 'Total Revenue' })).findByText('₹1,23,456.00');
  // A card with a trend keeps an empty, hidden line while it has none: no note.
  const lines = card.querySelectorAll('p:not([aria-hidden="true"])');
  return lines.length > 2 ? (lines[2] as HTMLElement) : null;
}

describe('the stat cards’ month-over-month notes', () => {
  it('shows a rise in whole percent, in green, on revenue and transactions', async () => {
    renderCards(trend(['1120.00', '1000.00'], [12, 10]));
    const revenue = await noteOf('Total Revenue');
    expect(revenue).toHaveTextContent(/^\+12% this month$/);
    expect(revenue).toHaveClass('text-emerald-700');
    const transactions = await noteOf('Transactions');
    expect(transactions).toHaveTextContent(/^\+20% this month$/);
    expect(transactions).toHaveClass('text-emerald-700');
  });

  it('shows a fall below 10 % with one decimal, in red', async () => {
    renderCards(trend(['965.00', '1000.00'], [7, 10]));
    const revenue = await noteOf('Total Revenue');
    expect(revenue).toHaveTextContent(/^-3\.5% this month$/);
    expect(revenue).toHaveClass('text-red-700');
    expect(await noteOf('Transactions')).toHaveTextContent(/^-30% this month$/);
  });

  it('counts paise exactly: one paisa over ₹1,000.00 rounds to 0%, in grey', async () => {
    renderCards(trend(['1000.01', '1000.00'], [10, 10]));
    const revenue = await noteOf('Total Revenue');
    expect(revenue).toHaveTextContent(/^0% this month$/);
    expect(revenue).toHaveClass('text-slate-500');
    expect(await noteOf('Transactions')).toHaveTextContent(/^0% this month$/);
  });

  it('says New this month, in grey, when last month had nothing', async () => {
    renderCards(trend(['250.00', '0.00'], [1, 0]));
    const revenue = await noteOf('Total Revenue');
    expect(revenue).toHaveTextContent(/^New this month$/);
    expect(revenue).toHaveClass('text-slate-500');
    expect(await noteOf('Transactions')).toHaveTextContent(/^New this month$/);
  });

  it('shows no note when neither month has any payment, and none on the other cards', async () => {
    renderCards(trend(['0.00', '0.00'], [0, 0]));
    expect(await noteOf('Total Revenue')).toBeNull();
    expect(await noteOf('Transactions')).toBeNull();
    expect(await noteOf('Customers')).toBeNull();
    expect(await noteOf('Credit Issued')).toBeNull();
    expect(screen.queryByText(/this month/)).not.toBeInTheDocument();
    // The trend's line stays, empty, so the cards keep their height as the figures arrive.
    const revenueLines = screen.getByRole('group', { name: 'Total Revenue' }).querySelectorAll('p');
    expect(revenueLines).toHaveLength(3);
    expect(revenueLines[2]).toHaveAttribute('aria-hidden', 'true');
    expect(revenueLines[2]!.textContent).toBe('\u00a0');
  });

  it('keeps the card layout: label, figure, note', async () => {
    renderCards(trend(['1120.00', '1000.00'], [12, 10]));
    const card = screen.getByRole('group', { name: 'Total Revenue' });
    await within(card).findByText('₹1,23,456.00');
    expect([...card.querySelectorAll('p')].map((line) => line.textContent)).toEqual(['Total Revenue', '₹1,23,456.00', '+12% this month']);
  });
});
