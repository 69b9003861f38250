/**
 * A field's problem said under the field as well as in the form's toast: the toast is gone
 * in seconds and names no field, the text under the field stays until the field is right.
 * The input names it (aria-describedby, by an id made from its own) and says it is invalid.
 */
import type { IssueCatalogue } from '@/lib/form-issues';

/** The id of the error under the field whose id is `fieldId`. */
export const fieldErrorId = (fieldId: string): string => `${fieldId}-error`;

/**
 * The words under a field for the problem its schema named by `error.message`, a key of the
 * form's toast catalogue: the toast's text, or its title when the toast has no text. None
 * when the field is fine or its key is not one of the catalogue's.
 */
export function issueText<K extends string>(
  error: { message?: string } | undefined,
  catalogue: IssueCatalogue<K>,
): string | undefined {
  const key = error?.message;
  if (key === undefined || !Object.hasOwn(catalogue, key)) return undefined;
  const issue = catalogue[key as K];
  return issue.description ?? issue.title;
}

/**
 * What the input with the id `fieldId` carries while `error` is shown: aria-invalid, and the
 * error's id after any description it already has (`describedBy`, a hint).
 */
export function fieldErrorProps(fieldId: string, error: string | null | undefined, describedBy?: string) {
  const ids = [describedBy, error ? fieldErrorId(fieldId) : undefined].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
}

/** The error under the field `fieldId`, read out as it appears; nothing while there is none. */
export function FieldError({ fieldId, error }: { fieldId: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(fieldId)} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}
