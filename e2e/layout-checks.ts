/**
 * What every screen of a language journey is checked for (docs/product.md#languages): no English text from
 * the catalogues, nothing spilling out of its box on a 390 px wide phone, `<html lang>` set,
 * and a full-page screenshot in e2e/artifacts/languages/ to look at.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { forbiddenEnglishTexts, type OtherLanguage } from './translations';

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
function overflows(page: Page): Promise<string[]> {
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

export interface ScreenChecker {
  /**
   * Checks the screen `page` shows now and screenshots it as `<lang>-<nn>-<screen>.png`.
   * Soft: a finding fails the journey at its end, so one journey reports every screen.
   */
  check(page: Page, screen: string): Promise<void>;
}

/** The checks of one language's journey, numbering its screens in the order visited. */
export function screenChecker(language: OtherLanguage): ScreenChecker {
  const forbidden = forbiddenEnglishTexts(language).map((text) => ({
    text, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'u'),
  }));
  let screens = 0;
  mkdirSync(screenshotsDir, { recursive: true });
  return {
    async check(page, screen) {
      screens += 1;
      const name = `${language}-${String(screens).padStart(2, '0')}-${screen}`;
      await page.screenshot({ path: `${screenshotsDir}/${name}.png`, fullPage: true });
      expect.soft(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${name}`).toBe(language);
      expect.soft(englishTextsIn(await screenText(page), forbidden), `English catalogue texts on ${name}`).toEqual([]);
      expect.soft(await overflows(page), `content spilling out of its box on ${name} at 390 × 844`).toEqual([]);
    },
  };
}
