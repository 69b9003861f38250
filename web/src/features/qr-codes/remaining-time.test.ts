import { describe, expect, it } from 'vitest';
import { formatRemaining } from './remaining-time';

const now = new Date('2025-03-04T09:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
const minute = 60_000;

describe('formatRemaining', () => {
  it('says Expired at and after the expiry', () => {
    expect(formatRemaining(after(0), now)).toBe('Expired');
    expect(formatRemaining(after(-5 * minute), now)).toBe('Expired');
  });

  it('shows minutes under an hour, rounded up', () => {
    expect(formatRemaining(after(15 * minute), now)).toBe('15m');
    expect(formatRemaining(after(14 * minute + 1), now)).toBe('15m');
    expect(formatRemaining(after(30_000), now)).toBe('1m');
    expect(formatRemaining(after(59 * minute), now)).toBe('59m');
  });

  it('shows hours and minutes from an hour up', () => {
    expect(formatRemaining(after(60 * minute), now)).toBe('1h 0m');
    expect(formatRemaining(after(90 * minute), now)).toBe('1h 30m');
    expect(formatRemaining(after(1440 * minute), now)).toBe('24h 0m');
  });

  it('accepts a Date and a timestamp', () => {
    expect(formatRemaining(new Date(now.getTime() + 5 * minute), now.getTime())).toBe('5m');
  });

  it('says Expired for an unreadable date', () => {
    expect(formatRemaining('not a date', now)).toBe('Expired');
  });
});
