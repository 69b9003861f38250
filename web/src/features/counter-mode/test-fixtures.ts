/** What the counter's PIN field tests share. */
import { expect } from 'vitest';

/**
 * The counter's PIN field neither offers nor fills a saved password: not a
 * password field (a password manager offers saved ones there whatever autocomplete says),
 * autocomplete off, no password-like name, and the digits masked by CSS instead.
 */
export function expectNoSavedPassword(field: HTMLElement): void {
  expect(field).toHaveAttribute('type', 'text');
  expect(field).toHaveAttribute('autocomplete', 'off');
  expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(field.getAttribute('name') ?? '').not.toMatch(/pass|pin$/i);
  expect(field.className).toContain('[-webkit-text-security:disc]');
  expect(field).toHaveAttribute('data-1p-ignore');
  expect(field).toHaveAttribute('data-lpignore', 'true');
}
