import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the toast titled `title` with its description, word for word. Returns the toast
 * element. The same words may also stand under a form's field (its error): only a toast's
 * own counts here. A toast replacing one of the same title (a second refusal) is waited for
 * too, rather than the one it replaces being read.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const shown = screen.getAllByText(title, { exact: true }).map((element) => element.closest('li'));
    const inToast = shown.find((element) => element !== null);
    expect(inToast, `toast "${title}"`).toBeDefined();
    if (description !== undefined) {
      expect(within(inToast!).getByText(description, { exact: true })).toBeInTheDocument();
    }
    return inToast!;
  });
}
