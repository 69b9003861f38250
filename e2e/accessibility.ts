/**
 * axe-core (WCAG 2.1 A and AA) on each screen a journey reaches, in the light and the
 * dark theme. The page helpers in pages.ts call `checkAccessibility` once a screen is
 * shown; a violation fails the journey (softly, so the journey still runs to its end).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Screens already checked on a page, so a screen a journey returns to is checked once. */
const checkedScreens = new WeakMap<Page, Set<string>>();

interface Violation {
  id: string;
  help: string;
  targets: string[];
}

/** Runs axe on what `page` shows now, in both themes, and fails on any violation. */
export async function checkAccessibility(page: Page, screen: string): Promise<void> {
  const checked = checkedScreens.get(page) ?? new Set<string>();
  checkedScreens.set(page, checked);
  if (checked.has(screen)) return;
  checked.add(screen);

  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const dark of [wasDark, !wasDark]) {
    await setTheme(page, dark);
    const violations = await runAxe(page);
    const theme = dark ? 'dark' : 'light';
    expect.soft(violations.map(describe), `axe-core on ${screen} (${theme} theme)`).toEqual([]);
  }
  await setTheme(page, wasDark);
}

/** Switches the theme class the way the app does and finishes the colour transitions. */
async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => {
    const root = document.documentElement;
    root.classList.toggle('dark', on);
    root.style.colorScheme = on ? 'dark' : 'light';
    // Spinners run for ever; only the colour transitions are finished.
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
  }, dark);
}

function runAxe(page: Page): Promise<Violation[]> {
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Experimental in axe, but WCAG 2.1 A: a visible label must be part of the name.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
    }));
  }, wcagTags);
}

const describe = (violation: Violation): string => `${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`;
