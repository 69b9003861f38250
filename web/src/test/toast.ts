import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the toast titled `title` and checks its description, word for word.
 * Returns the toast element. The same words may also stand under a form's field (its
 * error): only a toast's own counts here.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  const toastElement = await waitFor(() => {
    const shown = screen.getAllByText(title, { exact: true }).map((element) => element.closest('li'));
    const inToast = shown.find((element) => element !== null);
    expect(inToast, `toast "${title}"`).toBeDefined();
    return inToast!;
  });
  if (description !== undefined) {
    expect(within(toastElement).getByText(description, { exact: true })).toBeInTheDocument();
  }
  return toastElement;
}
