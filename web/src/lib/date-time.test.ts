import { describe, expect, it } from 'vitest';
import { formatIndiaDate, formatIndiaDateTime, formatIndiaDay, formatIndiaTime, indiaDateOf } from './date-time';

describe('date-time', () => {
  it('shows a UTC timestamp in India time, with am/pm', () => {
    // 10:15 UTC is 3:45 in the afternoon in India; 20:00 UTC is already the next day there.
    expect(formatIndiaDateTime('2025-01-12T10:15:00.000Z')).toMatch(/^12 Jan 2025, 3:45\s?pm$/i);
    expect(formatIndiaDateTime('2025-03-11T20:00:00.000Z')).toMatch(/^12 Mar 2025, 1:30\s?am$/i);
    expect(formatIndiaDate('2025-03-11T20:00:00.000Z')).toBe('12 Mar 2025');
    expect(formatIndiaTime('2025-03-11T20:00:00.000Z')).toMatch(/^1:30\s?am$/i);
  });

  it('names the month in the chosen language, with Western digits', () => {
    expect(formatIndiaDate('2025-03-11T20:00:00.000Z', 'hi')).toBe('12 मार्च 2025');
    expect(formatIndiaDate('2025-01-12T10:15:00.000Z', 'ta')).toMatch(/^12 ஜன\.?,? 2025$/);
    expect(formatIndiaDateTime('2025-01-12T10:15:00.000Z', 'hi')).toMatch(/^12 जन॰ 2025, 3:45\s?pm$/i);
    expect(formatIndiaDateTime('2025-01-12T10:15:00.000Z', 'ta')).toContain('3:45');
  });

  it('shows text that is not a timestamp as it came, never throwing', () => {
    for (const text of ['not a date', '', '2025-13-45T99:00:00Z']) {
      expect(formatIndiaDateTime(text)).toBe(text);
      expect(formatIndiaDate(text)).toBe(text);
      expect(formatIndiaDate(text, 'ta')).toBe(text);
    }
  });

  it('gives the calendar day in India, which starts at 18:30 UTC the evening before', () => {
    expect(indiaDateOf(new Date('2025-03-11T18:29:59.999Z'))).toBe('2025-03-11');
    expect(indiaDateOf(new Date('2025-03-11T18:30:00.000Z'))).toBe('2025-03-12');
    expect(indiaDateOf(new Date('2024-12-31T20:00:00.000Z'))).toBe('2025-01-01');
  });

  it('writes an India calendar day as formatIndiaDate does, and anything else as it came', () => {
    expect(formatIndiaDay('2025-03-12')).toBe('12 Mar 2025');
    expect(formatIndiaDay('2025-03-01', 'hi')).toBe('1 मार्च 2025');
    expect(formatIndiaDay('12/03/2025')).toBe('12/03/2025');
  });
});
