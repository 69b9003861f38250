/**
 * axe-core (WCAG 2.1 A and AA) on what a component test rendered, as e2e/accessibility.ts
 * runs it on each screen a journey reaches. jsdom lays nothing out and paints nothing, so
 * the rules that need it (colour contrast) are left to the journeys.
 */
import axe from 'axe-core';
import { expect } from 'vitest';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails with each violation's rule, help and elements; the whole document by default, dialogs' portals included. */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: wcagTags },
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = result.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(violations).toEqual([]);
}
