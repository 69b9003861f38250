import { describe, expect, it } from 'vitest';
import { monthTrend } from './trend';

const change = (percent: string) => ({ kind: 'change', percent });

describe('monthTrend', () => {
  it('says nothing when neither month has anything', () => {
    expect(monthTrend(0, 0)).toBeNull();
  });

  it('says new when last month had nothing', () => {
    expect(monthTrend(1, 0)).toEqual({ kind: 'new' });
    expect(monthTrend(123_456, 0)).toEqual({ kind: 'new' });
  });

  it.each([
    // Whole percent from 10 % up, either way.
    [112, 100, '+12'], [200, 100, '+100'], [0, 100, '-100'], [90, 100, '-10'], [110, 100, '+10'],
    [1125, 1000, '+13'], [875, 1000, '-13'], [1124, 1000, '+12'], [3000, 1000, '+200'],
    // One decimal below 10 %, even when it is a whole number.
    [1035, 1000, '+3.5'], [965, 1000, '-3.5'], [105, 100, '+5.0'], [1099, 1000, '+9.9'], [901, 1000, '-9.9'],
    // Half away from zero at the second decimal: 3.45 → 3.5, −3.45 → −3.5, 3.44 → 3.4.
    [10_345, 10_000, '+3.5'], [9_655, 10_000, '-3.5'], [10_344, 10_000, '+3.4'],
    // Precision is chosen before rounding: 9.95 % is below 10 %, so one decimal, 10.0.
    [10_995, 10_000, '+10.0'], [9_005, 10_000, '-10.0'], [10_994, 10_000, '+9.9'],
    // 10.5 % is whole-percent precision and rounds half away from zero to 11.
    [1105, 1000, '+11'], [895, 1000, '-11'],
    // Zero when equal, or when the change rounds to 0.0.
    [100, 100, '0'], [10_004, 10_000, '0'], [9_996, 10_000, '0'], [10_005, 10_000, '+0.1'], [9_995, 10_000, '-0.1'],
    // Thirds: 33.33… % and 3.333… %.
    [4, 3, '+33'], [31, 30, '+3.3'], [2, 3, '-33'],
  ])('%d after %d is %s', (current, previous, percent) => {
    expect(monthTrend(current, previous)).toEqual(change(percent));
  });

  it('stays exact where a float would drift', () => {
    // 1.15 × 100 is 114.99999999999999 in floating point; the change is exactly +15 %.
    expect(monthTrend(115, 100)).toEqual(change('+15'));
    // Amounts near the largest safe integer: +0.05 % exactly, which rounds to +0.1.
    const previous = 2_000_000_000_000_000;
    expect(monthTrend(previous + 1_000_000_000_000, previous)).toEqual(change('+0.1'));
    expect(monthTrend(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1)).toEqual(change('0'));
  });

  it('refuses what is not a non-negative integer', () => {
    expect(() => monthTrend(-1, 5)).toThrow();
    expect(() => monthTrend(1.5, 5)).toThrow();
  });
});
