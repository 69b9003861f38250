import { describe, expect, it } from 'vitest';
import { formatCompactRupees, rupeeAxisStepsPaise } from '@/features/admin/format';
import { chartOptions } from './daily-chart';

const series = { days: ['2025-03-11', '2025-03-12'], volumePaise: [0, 75], feesPaise: [0, 2], payments: [0, 1] };
const names = { day: 'Date', volume: 'Volume', fees: 'Fees' };

/**
 * The ticks uPlot draws on a scale from 0 to `topPaise`: the first of the axis's steps that
 * leaves at least `gapPx` between ticks on an axis `heightPx` tall, from 0 up.
 */
function ticksOf(steps: number[], topPaise: number, heightPx = 160, gapPx = 30): number[] {
  const step = steps.find((candidate) => (heightPx * candidate) / topPaise >= gapPx)!;
  return Array.from({ length: Math.floor(topPaise / step) + 1 }, (_, index) => index * step);
}

describe('the volume and fees chart', () => {
  const options = chartOptions({ series, names, label: 'Volume and fees per day' }, 360, false);
  const [, volumeAxis, feesAxis] = options.axes!;

  it('steps its money axes a whole number of rupees apart, from ₹1', () => {
    for (const axis of [volumeAxis!, feesAxis!]) {
      expect(axis.incrs).toBe(rupeeAxisStepsPaise);
    }
    expect(rupeeAxisStepsPaise.slice(0, 7)).toEqual([100, 200, 500, 1_000, 2_000, 5_000, 10_000]);
    expect(rupeeAxisStepsPaise.every((step) => step % 100 === 0)).toBe(true);
  });

  it('labels a day of 75 paise, where a finer axis would say ₹0.2, in whole rupees', () => {
    // The scale reaches 110% of its largest figure (at least ₹1).
    const ticks = ticksOf(rupeeAxisStepsPaise, 110);
    const values = volumeAxis!.values as (self: unknown, splits: number[]) => string[];
    expect(values(null, ticks)).toEqual(['₹0', '₹1']);
  });

  it('labels larger figures in Indian units, each tick exact', () => {
    const values = feesAxis!.values as (self: unknown, splits: number[]) => string[];
    expect(values(null, ticksOf(rupeeAxisStepsPaise, 400_050 * 1.1))).toEqual(['₹0', '₹1K', '₹2K', '₹3K', '₹4K']);
    expect(values(null, ticksOf(rupeeAxisStepsPaise, 15_000_000 * 1.1))).toEqual(['₹0', '₹50K', '₹1L', '₹1.5L']);
    // uPlot's sums in floating point come back as whole rupees.
    expect(values(null, [0, 2_000.000_000_1, 4_000.000_000_2])).toEqual(['₹0', '₹20', '₹40']);
  });
});

describe('formatCompactRupees', () => {
  it('writes whole rupees in thousands, lakhs and crores, never paise', () => {
    expect([0, 50, 149, 50_000, 150_000, 12_500_000, 123_456_789, 1_000_000_000].map(formatCompactRupees))
      .toEqual(['₹0', '₹1', '₹1', '₹500', '₹1.5K', '₹1.25L', '₹12.35L', '₹1Cr']);
  });
});
