import { describe, expect, it } from 'vitest';
import { dailySeries, smsDailySeries } from './analytics-series';

const day = (date: string, volume: string, fees: string, payments: number) => ({ date, volume, fees, payments });

describe('dailySeries', () => {
  it('fills the days the server left out with zeros, in order, across a month end', () => {
    const series = dailySeries({
      from: '2025-02-27', to: '2025-03-02',
      daily: [day('2025-03-01', '10.05', '0.20', 1), day('2025-02-27', '1234.50', '24.69', 2)],
    });
    expect(series).toEqual({
      days: ['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'],
      volumePaise: [123450, 0, 1005, 0],
      feesPaise: [2469, 0, 20, 0],
      payments: [2, 0, 1, 0],
    });
  });

  it('keeps a day outside the named range rather than dropping its figures', () => {
    const series = dailySeries({ from: '2025-03-01', to: '2025-03-01', daily: [day('2025-03-03', '5.00', '0.10', 1)] });
    expect(series.days).toEqual(['2025-03-01', '2025-03-03']);
    expect(series.volumePaise).toEqual([0, 500]);
  });

  it('shows only the server’s days when the range is not two calendar days', () => {
    const series = dailySeries({ from: 'soon', to: '2025-03-01', daily: [day('2025-03-01', '5.00', '0.10', 1)] });
    expect(series.days).toEqual(['2025-03-01']);
  });
});

describe('smsDailySeries', () => {
  it('fills the days without SMS with zeros, in order, across a month end', () => {
    const series = smsDailySeries({
      from: '2025-02-27', to: '2025-03-02',
      daily: [{ date: '2025-03-01', sent: 9, delivered: 7, failed: 1 }, { date: '2025-02-27', sent: 3, delivered: 3, failed: 0 }],
    });
    expect(series).toEqual({
      days: ['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'],
      sent: [3, 0, 9, 0],
      delivered: [3, 0, 7, 0],
      failed: [0, 0, 1, 0],
    });
  });
});
