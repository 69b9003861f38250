/**
 * What every screen of a language journey is checked for (docs/product.md#languages), on a
 * 360 px wide phone (a small Android; the journeys run at 390 px, and below the `sm`
 * breakpoint the narrower width is the stricter one): no English text from the
 * catalogues, nothing spilling out of its box, no name or label cut short, tabs on one row
 * and one-line labels on one line, `<html lang>` set, and a full-page screenshot at 360 px
 * in e2e/artifacts/languages/ to look at.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from '@common/languages';
import { forbiddenEnglishTexts } from './translations';

const screenshotsDir = fileURLToPath(new URL('./artifacts/languages', import.meta.url));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Everything a person sees or hears read out: visible text, labels, placeholders, titles. */
function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest('[hidden]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.join('\n');
  });
}

/** The catalogue's English texts found in `text`, as whole words, case-sensitive. */
function englishTextsIn(text: string, forbidden: { text: string; pattern: RegExp }[]): string[] {
  return forbidden.filter(({ pattern }) => pattern.test(text)).map((entry) => entry.text);
}

/**
 * Elements whose text (or a picture, field or icon) spills out of their box, where
 * overflow-x is visible; and a page wider than the viewport. Content that only sticks out
 * by a negative margin, with nothing drawn outside, is not a spill.
 */
export function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 3).map((name) => `.${name}`).join('');
      const text = (element as HTMLElement).innerText?.replace(/\s+/g, ' ').trim().slice(0, 60) ?? '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes} "${text}"`;
    };
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    /** The boxes drawn inside `box` that nothing between them and `box` clips. */
    const drawnBoxes = (box: Element): DOMRect[] => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let parent = node.parentElement;
        let clipped = false;
        for (; parent && parent !== box; parent = parent.parentElement) clipped ||= clips(parent);
        if (clipped) continue;
        if (node.nodeType === Node.TEXT_NODE) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...range.getClientRects());
        } else if ((node as Element).matches('img, svg, canvas, video, input, select, textarea')) {
          rects.push((node as Element).getBoundingClientRect());
        }
      }
      return rects;
    };
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px viewport`);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' || style.visibility === 'hidden' || element.getClientRects().length === 0) continue;
      if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      const left = element.getBoundingClientRect().left + element.clientLeft;
      const right = left + element.clientWidth;
      const spill = Math.max(0, ...drawnBoxes(element).filter((rect) => rect.width > 0).map((rect) => Math.max(rect.right - right, left - rect.left)));
      if (spill > 1) found.push(`${describe(element)}: content ${element.scrollWidth} px in a ${element.clientWidth} px box, ${Math.round(spill)} px out`);
    }
    return found;
  });
}

/**
 * Names, amounts and labels cut short with an ellipsis: an element whose text-overflow is
 * ellipsis and whose text is wider than its box, where the text is what a person reads to
 * know who or what (a heading, a tab, a badge (ui/badge.tsx: a span with data-variant), a
 * button or link, a term or value of a list or table, or text set in medium weight or
 * bolder, as names and amounts are). A secondary line in normal weight (a description, an
 * e-mail) may be cut: it is not flagged.
 */
export function hiddenNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const readByName = 'h1, h2, h3, h4, h5, h6, [role=tab], span[data-variant], button, a, dt, dd, th, label';
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible' || style.visibility === 'hidden') continue;
      if (element.getClientRects().length === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      if (!element.closest(readByName) && Number(style.fontWeight) < 500) continue;
      const text = element.innerText.replace(/\s+/g, ' ').trim();
      found.push(`${element.tagName.toLowerCase()} "${text.slice(0, 60)}": ${element.scrollWidth} px of text in ${element.clientWidth} px, cut short`);
    }
    return found;
  });
}

/**
 * Labels drawn for one line that wrap: the tabs of a tab list on more than one row (their
 * tops differ), and a text broken over lines inside a tab, a badge, or a button or link
 * of fixed height (a Tailwind `h-*` class: its box is drawn for one line of text). Text
 * that is meant to wrap (a paragraph, a toast, a quick action's label under its icon, a
 * button that grows with its text) is not flagged.
 */
export function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const textOf = (element: Element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 60);
    for (const list of document.body.querySelectorAll('[role=tablist]')) {
      const tabs = [...list.querySelectorAll('[role=tab]')].filter(shown);
      const rows = new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      if (rows.size > 1) {
        found.push(`the tabs "${tabs.map(textOf).join(' | ')}" on ${rows.size} rows`);
      }
    }
    /** How many lines the visible text inside `element` takes. */
    const linesOf = (element: Element): number => {
      const tops: { top: number; height: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || !shown(parent) || parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0) tops.push({ top: rect.top, height: rect.height });
        }
      }
      tops.sort((a, b) => a.top - b.top);
      let lines = 0;
      let lineTop = -Infinity;
      for (const { top, height } of tops) {
        if (top - lineTop > height / 2) {
          lines += 1;
          lineTop = top;
        }
      }
      return lines;
    };
    const fixedHeight = /(^|\s)h-(\d|\[)/;
    for (const element of document.body.querySelectorAll('[role=tab], span[data-variant], button, a')) {
      if (!shown(element)) continue;
      const oneLine = element.matches('[role=tab], span[data-variant]') || fixedHeight.test(element.getAttribute('class') ?? '');
      if (!oneLine) continue;
      const lines = linesOf(element);
      if (lines > 1) found.push(`${element.tagName.toLowerCase()} "${textOf(element)}" wraps onto ${lines} lines`);
    }
    return found;
  });
}

/**
 * The widths, in CSS pixels, every screen is checked at: a small Android's. The journeys
 * themselves run at 390 px; checking that width as well cost CI time and, every layout
 * being fluid below the `sm` breakpoint, is looser than 360 px.
 */
export const phoneWidthsPx = [360] as const;

export interface ScreenChecker {
  /**
   * Checks the screen `page` shows now at each of phoneWidthsPx and screenshots it at the
   * narrowest as `<lang>-<nn>-<screen>.png`. Soft: a finding fails the journey at its
   * end, so one journey reports every screen.
   */
  check(page: Page, screen: string): Promise<void>;
}

/** Two animation frames: the layout after a resize is drawn. */
const drawn = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
}));

/** The checks of one language's journey, numbering its screens in the order visited. */
export function screenChecker(language: Language): ScreenChecker {
  const forbidden = (language === 'en' ? [] : forbiddenEnglishTexts(language)).map((text) => ({
    text, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'u'),
  }));
  let screens = 0;
  mkdirSync(screenshotsDir, { recursive: true });
  // A walk's screens are renumbered when it changes: last run's pictures would mix in.
  for (const file of readdirSync(screenshotsDir)) {
    if (file.startsWith(`${language}-`)) rmSync(`${screenshotsDir}/${file}`);
  }
  return {
    async check(page, screen) {
      screens += 1;
      const name = `${language}-${String(screens).padStart(2, '0')}-${screen}`;
      expect.soft(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${name}`).toBe(language);
      expect.soft(englishTextsIn(await screenText(page), forbidden), `English catalogue texts on ${name}`).toEqual([]);
      const viewport = page.viewportSize() ?? { width: 390, height: 844 };
      for (const width of phoneWidthsPx) {
        await page.setViewportSize({ width, height: viewport.height });
        await drawn(page);
        if (width === phoneWidthsPx[0]) await page.screenshot({ path: `${screenshotsDir}/${name}.png`, fullPage: true });
        const at = `on ${name} at ${width} × ${viewport.height}`;
        expect.soft(await overflows(page), `content spilling out of its box ${at}`).toEqual([]);
        expect.soft(await hiddenNames(page), `names and labels cut short ${at}`).toEqual([]);
        expect.soft(await wrappedLabels(page), `one-line labels wrapping ${at}`).toEqual([]);
      }
      await page.setViewportSize(viewport);
    },
  };
}
