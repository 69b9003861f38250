import { expect } from 'vitest';

/**
 * Checks the error under `input`, word for word: the input is marked invalid and described
 * by it, and the error is an alert whose id is made from the input's.
 */
export function expectFieldError(input: HTMLElement, text: string): void {
  const errorId = `${input.id}-error`;
  expect(input, `${input.id} marked invalid`).toHaveAttribute('aria-invalid', 'true');
  expect(input.getAttribute('aria-describedby')?.split(' ') ?? [], `${input.id} described by its error`).toContain(errorId);
  const error = document.getElementById(errorId);
  expect(error, `the error under ${input.id}`).not.toBeNull();
  expect(error).toHaveTextContent(text, { normalizeWhitespace: true });
  expect(error!.textContent).toBe(text);
  expect(error).toHaveAttribute('role', 'alert');
  expect(error).toBeVisible();
}

/** Checks that `input` shows no error: not invalid, described by no error, none under it. */
export function expectNoFieldError(input: HTMLElement): void {
  const errorId = `${input.id}-error`;
  expect(input, `${input.id} not marked invalid`).not.toHaveAttribute('aria-invalid', 'true');
  expect(input.getAttribute('aria-describedby')?.split(' ') ?? []).not.toContain(errorId);
  expect(document.getElementById(errorId), `no error under ${input.id}`).toBeNull();
}
