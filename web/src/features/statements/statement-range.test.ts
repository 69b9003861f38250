import { describe, expect, it } from 'vitest';
import { indiaToday, isValidRange, lastMonth, rangeFor, thisMonth } from './statement-range';

describe('statement ranges', () => {
  it('counts today in India: 19:00 UTC on 31 March is already 1 April there', () => {
    expect(indiaToday(new Date('2025-03-31T18:29:00.000Z'))).toBe('2025-03-31');
    expect(indiaToday(new Date('2025-03-31T18:30:00.000Z'))).toBe('2025-04-01');
    expect(indiaToday(new Date('2025-03-31T19:00:00.000Z'))).toBe('2025-04-01');
  });

  it('takes this month from its 1st to today', () => {
    expect(thisMonth('2025-03-12')).toEqual({ from: '2025-03-01', to: '2025-03-12' });
    expect(thisMonth('2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
  });

  it('takes the whole of last month, across a year end and a leap February', () => {
    expect(lastMonth('2025-03-12')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(lastMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(lastMonth('2025-01-05')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(lastMonth('2025-05-31')).toEqual({ from: '2025-04-01', to: '2025-04-30' });
  });

  it('keeps the custom days and refuses a start after the end or a missing day', () => {
    const custom = { from: '2025-01-10', to: '2025-02-03' };
    expect(rangeFor('custom', '2025-03-12', custom)).toBe(custom);
    expect(rangeFor('last-month', '2025-03-12', custom)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(isValidRange(custom)).toBe(true);
    expect(isValidRange({ from: '2025-02-03', to: '2025-02-03' })).toBe(true);
    expect(isValidRange({ from: '2025-02-04', to: '2025-02-03' })).toBe(false);
    expect(isValidRange({ from: '', to: '2025-02-03' })).toBe(false);
  });
});
