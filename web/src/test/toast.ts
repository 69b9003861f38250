import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the toast titled `title` and checks its description, word for word.
 * Returns the toast element.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  const titleElement = await screen.findByText(title, { exact: true });
  const toastElement = titleElement.closest('li');
  expect(toastElement, `toast "${title}"`).not.toBeNull();
  if (description !== undefined) {
    expect(within(toastElement!).getByText(description, { exact: true })).toBeInTheDocument();
  }
  return toastElement!;
}
