import { describe, expect, it } from 'vitest';
import { addDays, daysSinceReminder, dueDateRange, remindedLabel } from './dues';

// 23:00 in India on 10 March 2025 is 17:30 UTC.
const lateEvening = new Date('2025-03-10T17:30:00.000Z');

describe('dues on India days', () => {
  it('moves across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('lets a due date move from tomorrow to a year ahead, in India, late in the evening too', () => {
    expect(dueDateRange(lateEvening)).toEqual({ min: '2025-03-11', max: '2026-03-10' });
    // 00:30 in India on 11 March is still 10 March in UTC.
    expect(dueDateRange(new Date('2025-03-10T19:00:00.000Z'))).toEqual({ min: '2025-03-12', max: '2026-03-11' });
  });

  it('counts reminders by India day, not by 24 hours', () => {
    // 18:40 UTC on 9 March is 00:10 on 10 March in India: today.
    expect(daysSinceReminder('2025-03-09T18:40:00.000Z', lateEvening)).toBe(0);
    expect(remindedLabel('2025-03-09T18:40:00.000Z', lateEvening)).toBe('Reminded today');
    // 18:20 UTC on 9 March is 23:50 on 9 March in India: yesterday.
    expect(remindedLabel('2025-03-09T18:20:00.000Z', lateEvening)).toBe('Reminded 1 day ago');
    expect(remindedLabel('2025-03-07T05:00:00.000Z', lateEvening)).toBe('Reminded 3 days ago');
    expect(remindedLabel(null, lateEvening)).toBeNull();
  });
});
