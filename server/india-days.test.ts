import { describe, expect, it } from 'vitest';
import { addDays, indiaDay, indiaDayEnd, indiaDayStart, indiaMinute, monthToDate } from './india-days';

describe('India days', () => {
  it('turns at 18:30 UTC', () => {
    expect(indiaDay(new Date('2026-10-31T18:29:59.999Z'))).toBe('2026-10-31');
    expect(indiaDay(new Date('2026-10-31T18:30:00.000Z'))).toBe('2026-11-01');
    expect(indiaDay(new Date('2026-10-31T18:40:00Z'))).toBe('2026-11-01');
    expect(indiaDayStart('2026-11-01').toISOString()).toBe('2026-10-31T18:30:00.000Z');
  });

  it("ends a day where the next one begins, and shows an instant to India's minute", () => {
    expect(indiaDayEnd('2026-11-30').toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(indiaDayEnd('2026-12-31').toISOString()).toBe(indiaDayStart('2027-01-01').toISOString());
    expect(indiaMinute(new Date('2026-11-22T10:00:59Z'))).toBe('2026-11-22 15:30');
    expect(indiaMinute(new Date('2026-10-31T18:29:00Z'))).toBe('2026-10-31 23:59');
    expect(indiaMinute(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11-01 00:00');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-22', -6)).toBe('2026-11-16');
  });

  it.each([
    ['2026-11-15T12:00:00Z', '2026-11-01', '2026-11-15', '2026-10-01', '2026-10-15'],
    // Today's day of the month is capped at last month's length.
    ['2027-03-31T06:00:00Z', '2027-03-01', '2027-03-31', '2027-02-01', '2027-02-28'],
    ['2028-03-30T06:00:00Z', '2028-03-01', '2028-03-30', '2028-02-01', '2028-02-29'],
    ['2026-12-31T06:00:00Z', '2026-12-01', '2026-12-31', '2026-11-01', '2026-11-30'],
    // January compares with December of the year before; the month turns at India midnight.
    ['2026-12-31T18:30:00Z', '2027-01-01', '2027-01-01', '2026-12-01', '2026-12-01'],
  ])('at %s this month is %s..%s and last month %s..%s', (now, currentFrom, currentTo, previousFrom, previousTo) => {
    expect(monthToDate(new Date(now))).toEqual({
      current: { from: currentFrom, to: currentTo }, previous: { from: previousFrom, to: previousTo },
    });
  });
});
