import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/**
 * jsdom lays nothing out: the list's widths and each tab's place are given here, as a
 * 360 px phone in Tamil has them (four tabs, 418 px of them in a 312 px list).
 */
const listWidthPx = 312;
const tabWidthsPx = [106, 125, 78, 109];

function layOut(scrollLeftPx = 0) {
  const list = screen.getByRole('tablist');
  // As a browser does, no further than the list's end.
  const scrollTo = vi.fn(({ left }: ScrollToOptions) => {
    list.scrollLeft = Math.min(left ?? 0, list.scrollWidth - list.clientWidth);
  });
  const scrollBy = vi.fn();
  Object.defineProperties(list, {
    clientWidth: { configurable: true, value: listWidthPx },
    scrollWidth: { configurable: true, value: tabWidthsPx.reduce((sum, width) => sum + width, 0) },
    scrollTo: { configurable: true, value: scrollTo },
    scrollBy: { configurable: true, value: scrollBy },
  });
  list.scrollLeft = scrollLeftPx;
  let offsetLeft = 0;
  screen.getAllByRole('tab').forEach((tab, index) => {
    Object.defineProperties(tab, {
      offsetLeft: { configurable: true, value: offsetLeft },
      offsetWidth: { configurable: true, value: tabWidthsPx[index] },
    });
    offsetLeft += tabWidthsPx[index]!;
  });
  return { list, scrollTo, scrollBy };
}

function FourTabs() {
  return (
    <Tabs defaultValue="dashboard">
      <TabsList aria-label="Sections">
        <TabsTrigger value="dashboard">டாஷ்போர்டு</TabsTrigger>
        <TabsTrigger value="qr-codes">QR குறியீடுகள்</TabsTrigger>
        <TabsTrigger value="history">வரலாறு</TabsTrigger>
        <TabsTrigger value="settings">அமைப்புகள்</TabsTrigger>
      </TabsList>
      <TabsContent value="dashboard">Dashboard</TabsContent>
      <TabsContent value="qr-codes">QR Codes</TabsContent>
      <TabsContent value="history">History</TabsContent>
      <TabsContent value="settings">Settings</TabsContent>
    </Tabs>
  );
}

const edgeArrow = (side: 'start' | 'end') => document.querySelector<HTMLElement>(`[data-edge-arrow="${side}"]`);

/** Waits for the arrow on `side`: aria-hidden, so found by its mark rather than by role. */
const arrowOn = (side: 'start' | 'end') => waitFor(() => {
  const arrow = edgeArrow(side);
  if (!arrow) throw new Error(`no arrow on the ${side} edge`);
  return arrow;
});

describe('TabsList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps its tabs on one row that scrolls, with an arrow on the edge that hides tabs', async () => {
    const { container } = render(<FourTabs />);
    const { list, scrollBy } = layOut();
    fireEvent.scroll(list);
    const endArrow = await arrowOn('end');
    expect(edgeArrow('start'), 'nothing is hidden before the first tab').toBeNull();
    expect(list.className).toContain('overflow-x-auto');
    expect(list.className).not.toContain('flex-wrap');

    await userEvent.click(endArrow);
    expect(scrollBy).toHaveBeenCalledWith({ left: listWidthPx * 0.7, behavior: 'smooth' });

    // Scrolled to its end, the list's start hides tabs instead.
    list.scrollLeft = 418 - listWidthPx;
    fireEvent.scroll(list);
    await arrowOn('start');
    expect(edgeArrow('end')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('hides the arrows from the keyboard and from screen readers, which reach every tab', async () => {
    render(<FourTabs />);
    const { list } = layOut();
    fireEvent.scroll(list);
    const arrow = await arrowOn('end');
    expect(arrow.getAttribute('aria-hidden')).toBe('true');
    expect(arrow.tabIndex).toBe(-1);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'டாஷ்போர்டு', 'QR குறியீடுகள்', 'வரலாறு', 'அமைப்புகள்',
    ]);
  });

  it('scrolls a tab chosen past the edge fully into view, clear of the arrow', async () => {
    render(<FourTabs />);
    const { list, scrollTo } = layOut();
    fireEvent.scroll(list);
    // The arrow as drawn: the room kept beside a tab must be all of it.
    const arrowPx = parseFloat((await arrowOn('end')).style.width);
    expect(arrowPx).toBe(40);

    await userEvent.click(screen.getByRole('tab', { name: 'அமைப்புகள்' }));
    expect(screen.getByRole('tab', { name: 'அமைப்புகள்' }).getAttribute('aria-selected')).toBe('true');
    // Its right edge (418 px) and the arrow's width, less the list's width.
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 418 + arrowPx - listWidthPx, behavior: 'smooth' });

    // Scrolled to the end, the second tab (from 106 px) lies under the start's arrow: its
    // left edge comes out beyond the arrow.
    fireEvent.scroll(list);
    expect(parseFloat((await arrowOn('start')).style.width)).toBe(arrowPx);
    await userEvent.click(screen.getByRole('tab', { name: 'QR குறியீடுகள்' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 106 - arrowPx, behavior: 'smooth' });

    await userEvent.click(screen.getByRole('tab', { name: 'டாஷ்போர்டு' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('shows no arrow when every tab fits', async () => {
    render(<FourTabs />);
    const list = screen.getByRole('tablist');
    Object.defineProperties(list, {
      clientWidth: { configurable: true, value: 500 },
      scrollWidth: { configurable: true, value: 500 },
    });
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(edgeArrow('start')).toBeNull();
    expect(edgeArrow('end')).toBeNull();
  });
});
