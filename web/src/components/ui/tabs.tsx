/**
 * Tabs: Radix Tabs with the app's look, a pill list on one row. Where the tabs are wider
 * than the phone (Tamil's long words, the admin's five sections) the row scrolls sideways:
 * a clipped edge fades under an arrow that scrolls it, and the chosen tab comes into view.
 */
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

export const Tabs = TabsPrimitive.Root;

/** The edge's arrow's width, and so the room kept beside a tab brought into view: the arrow covers none of it. */
const edgeArrowPx = 40;

const scrollBehaviour = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/** Scrolls `list` the least that shows all of `tab`, clear of the edges' arrows. */
function reveal(list: HTMLElement | null, tab: Element | null, behavior: ScrollBehavior) {
  if (!list || !(tab instanceof HTMLElement) || list.scrollWidth <= list.clientWidth) return;
  const left = Math.max(0, tab.offsetLeft - edgeArrowPx);
  const right = tab.offsetLeft + tab.offsetWidth + edgeArrowPx - list.clientWidth;
  if (list.scrollLeft > left) list.scrollTo({ left, behavior });
  else if (list.scrollLeft < right) list.scrollTo({ left: right, behavior });
}

export function TabsList({ className = '', children, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const listRef = useRef<HTMLDivElement>(null);
  // Whether tabs lie beyond the list's start and end edges, out of sight.
  const [beyond, setBeyond] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setBeyond((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);
  // The chosen tab, whether a tap, the keyboard or the app (Dashboard's "View All") chose it.
  const shownTab = useRef<Element | null>(null);
  useEffect(() => {
    const active = listRef.current?.querySelector('[role=tab][data-state=active]') ?? null;
    if (active === shownTab.current) return;
    reveal(listRef.current, active, shownTab.current ? scrollBehaviour() : 'auto');
    shownTab.current = active;
  });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    // The list's width follows the screen's (a phone turned), its tabs' the language and a
    // count: the chosen tab stays in view.
    const resize = new ResizeObserver(() => {
      reveal(list, list.querySelector('[role=tab][data-state=active]'), 'auto');
      measure();
    });
    resize.observe(list);
    for (const tab of list.children) resize.observe(tab);
    return () => resize.disconnect();
  }, [measure]);
  const revealTab = (target: EventTarget) => reveal(listRef.current, (target as Element).closest('[role=tab]'), scrollBehaviour());
  const scrollOn = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: scrollBehaviour() });
  };
  return (
    <div className="relative">
      <TabsPrimitive.List
        ref={listRef}
        onScroll={measure}
        onFocus={(event) => revealTab(event.target)}
        onClick={(event) => revealTab(event.target)}
        className={`relative flex gap-1 overflow-x-auto overscroll-x-contain rounded-xl bg-slate-100 p-1 [scrollbar-width:none] dark:bg-slate-800 [&::-webkit-scrollbar]:hidden ${className}`}
        {...props}
      >
        {children}
      </TabsPrimitive.List>
      {/* For a finger or a mouse; the keyboard moves along the tabs with the arrow keys and
          a screen reader lists them all, so the arrows are hidden from both. */}
      {beyond.start && <EdgeArrow side="start" onPress={() => scrollOn(-1)} />}
      {beyond.end && <EdgeArrow side="end" onPress={() => scrollOn(1)} />}
    </div>
  );
}

function EdgeArrow({ side, onPress }: { side: 'start' | 'end'; onPress: () => void }) {
  /* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not text */
  const placement = side === 'start'
    ? 'left-0 justify-start rounded-l-xl bg-linear-to-r pl-1'
    : 'right-0 justify-end rounded-r-xl bg-linear-to-l pr-1';
  /* eslint-enable lingui/no-unlocalized-strings */
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-edge-arrow={side}
      onClick={onPress}
      style={{ width: edgeArrowPx }}
      className={`absolute inset-y-0 flex items-center text-slate-500 dark:text-slate-300 ${placement} from-slate-100 from-40% to-transparent dark:from-slate-800`}
    >
      {side === 'start' ? <ChevronLeftIcon className="h-4 w-4" /> : <ChevronRightIcon className="h-4 w-4" />}
    </button>
  );
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={`inline-flex h-9 flex-1 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:hover:text-slate-100 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-slate-100 ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={`mt-4 focus-visible:outline-none ${className}`} {...props} />;
}
