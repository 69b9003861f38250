import { render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailySeries } from '@/features/admin/analytics-series';
import { formatCompactRupees, rupeeAxisStepsPaise } from '@/features/admin/format';
import { chartOptions, DailyChart } from './daily-chart';

const names = { day: 'Date', volume: 'Volume', fees: 'Fees' };

/** A text uPlot wrote on the canvas, with the alignment it wrote it in. */
interface Written {
  text: string;
  align: CanvasTextAlign;
}

/**
 * jsdom draws nothing: this 2D context keeps every text uPlot writes, with the alignment set
 * at that moment, and does nothing for the rest. uPlot writes the left axis's labels
 * right-aligned, the right axis's left-aligned and the days centred.
 */
function recordingContext(written: Written[]): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { textAlign: 'start' };
  const methods: Record<string, unknown> = {
    fillText: (text: string) => written.push({ text, align: state.textAlign as CanvasTextAlign }),
    measureText: (text: string) => ({ width: text.length * 6 }),
    createLinearGradient: () => ({ addColorStop: () => {} }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) => (key in methods ? methods[key as string] : key in target ? target[key] : () => {}),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** Path2D, which jsdom lacks: uPlot builds its lines and bars in it, and nothing here draws them. */
class Path2DStub {
  moveTo() {}
  lineTo() {}
  rect() {}
  arc() {}
  closePath() {}
  addPath() {}
  bezierCurveTo() {}
}

let written: Written[];

beforeEach(() => {
  written = [];
  vi.stubGlobal('Path2D', Path2DStub);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => recordingContext(written)) as never);
  // The Analytics card's column on a 390 px phone.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(326);
});

afterEach(() => vi.restoreAllMocks());

/** Draws the chart of `series` with uPlot itself and reads back the labels of its three axes. */
async function axisLabels(series: DailySeries) {
  render(createElement(DailyChart, { series, names, label: 'Volume and fees per day' }));
  await waitFor(() => expect(written.length).toBeGreaterThan(0));
  const on = (align: CanvasTextAlign) => written.filter((text) => text.align === align).map(({ text }) => text);
  return { volume: on('right'), fees: on('left'), days: on('center') };
}

const days = (count: number) => Array.from({ length: count }, (_, index) => `2025-03-${String(11 + index).padStart(2, '0')}`);

/**
 * The rupees a compact label stands for ("₹1.5K" is 1,500), read without floating point;
 * throws for a label that is not a rupee figure or not a whole number of rupees ("₹0.75").
 */
function rupeesOf(label: string): number {
  const match = /^₹(\d+)(?:\.(\d+))?(K|L|Cr)?$/.exec(label);
  if (!match) throw new Error(`"${label}" is not a rupee label`);
  const [, whole, fraction = '', unit] = match;
  const zeros = unit ? { K: 3, L: 5, Cr: 7 }[unit as 'K' | 'L' | 'Cr'] : 0;
  if (fraction.length > zeros) throw new Error(`"${label}" is not a whole number of rupees`);
  return Number(whole! + fraction.padEnd(zeros, '0'));
}

describe('the volume and fees chart, as uPlot draws it', () => {
  it('labels a day of 75 paise in whole rupees, where ticks 20 paise apart would say ₹0, ₹0, ₹1, ₹1, ₹1', async () => {
    const labels = await axisLabels({ days: days(2), volumePaise: [0, 75], feesPaise: [0, 2], payments: [0, 1] });
    expect(labels.volume).toEqual(['₹0', '₹1']);
    expect(labels.fees).toEqual(['₹0', '₹1']);
    expect(labels.days).toEqual(['11 Mar', '12 Mar']);
  });

  it('labels larger figures in Indian units, a whole number of rupees apart', async () => {
    const labels = await axisLabels({
      days: days(3), volumePaise: [125_000, 15_000_000, 400_050], feesPaise: [2_500, 300_001, 8_001], payments: [3, 40, 7],
    });
    expect(labels.volume).toEqual(['₹0', '₹50K', '₹1L', '₹1.5L']);
    expect(labels.fees).toEqual(['₹0', '₹1K', '₹2K', '₹3K']);
    for (const axis of [labels.volume, labels.fees]) {
      const rupees = axis.map(rupeesOf);
      // Evenly apart, from ₹0: no two ticks that round to one label.
      expect(rupees.map((value, index) => value - index * rupees[1]!)).toEqual(rupees.map(() => 0));
    }
  });

  it('keeps whole rupees when a day has a few paise more than a round figure', async () => {
    const labels = await axisLabels({ days: days(2), volumePaise: [999, 1_001], feesPaise: [1, 3], payments: [1, 1] });
    // Each a whole number of rupees (rupeesOf throws for paise).
    for (const label of [...labels.volume, ...labels.fees]) rupeesOf(label);
    expect(new Set(labels.volume).size, `${labels.volume.join(', ')}: no label twice`).toBe(labels.volume.length);
    expect(new Set(labels.fees).size, `${labels.fees.join(', ')}: no label twice`).toBe(labels.fees.length);
  });
});

describe('the money axes', () => {
  const [, volumeAxis, feesAxis] = chartOptions({ series: { days: [], volumePaise: [], feesPaise: [], payments: [] }, names, label: '' }, 360, false).axes!;

  it('step a whole number of rupees apart, from ₹1', () => {
    for (const axis of [volumeAxis!, feesAxis!]) expect(axis.incrs).toBe(rupeeAxisStepsPaise);
    expect(rupeeAxisStepsPaise.slice(0, 7)).toEqual([100, 200, 500, 1_000, 2_000, 5_000, 10_000]);
    expect(rupeeAxisStepsPaise.every((step) => step % 100 === 0)).toBe(true);
  });

  it('write uPlot’s floating-point sums as the whole rupees they are', () => {
    const values = feesAxis!.values as (self: unknown, splits: number[]) => string[];
    expect(values(null, [0, 2_000.000_000_1, 4_000.000_000_2])).toEqual(['₹0', '₹20', '₹40']);
  });
});

describe('formatCompactRupees', () => {
  it('writes whole rupees in thousands, lakhs and crores, never paise', () => {
    expect([0, 50, 149, 50_000, 150_000, 12_500_000, 123_456_789, 1_000_000_000].map(formatCompactRupees))
      .toEqual(['₹0', '₹1', '₹1', '₹500', '₹1.5K', '₹1.25L', '₹12.35L', '₹1Cr']);
  });
});
