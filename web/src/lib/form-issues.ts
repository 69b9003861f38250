/**
 * Form schemas name each problem with a key instead of a sentence; the toast for a key
 * lives in one catalogue per form. When several fields are wrong, the first key in the
 * catalogue's order wins, so the toast matches the order docs/product.md#validation lists.
 */
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast, type ToastMessage } from '@/lib/toast-store';

export type IssueCatalogue<K extends string> = Readonly<Record<K, ToastMessage>>;

function collectMessages(errors: unknown, into: Set<string>): void {
  if (!errors || typeof errors !== 'object') return;
  const message = (errors as { message?: unknown }).message;
  if (typeof message === 'string') into.add(message);
  for (const [key, value] of Object.entries(errors)) {
    if (key !== 'ref' && key !== 'message' && key !== 'type') collectMessages(value, into);
  }
}

/** The catalogue key of the problem to report first, or null if none is known. */
export function firstIssue<K extends string>(
  errors: FieldErrors<FieldValues>,
  catalogue: IssueCatalogue<K>,
): K | null {
  const messages = new Set<string>();
  collectMessages(errors, messages);
  return (Object.keys(catalogue) as K[]).find((key) => messages.has(key)) ?? null;
}

/** A react-hook-form invalid handler that shows the form's toast for the first problem. */
export function toastFirstIssue<K extends string>(catalogue: IssueCatalogue<K>) {
  return (errors: FieldErrors<FieldValues>) => {
    const key = firstIssue(errors, catalogue);
    if (key) toast({ variant: 'destructive', ...catalogue[key] });
  };
}
