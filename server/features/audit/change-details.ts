/**
 * The audit log's particulars of a change (settings, a schedule, a person's role and limits):
 * for each value that changed, `<name>From` and `<name>To`, so the log's line says what it was
 * and what it became. Values the log compares are as it shows them: a wire amount, a number,
 * a text; none (a setting turned off, an owner's limit) is an empty string.
 */
type Shown = string | number | null;

/** Each of `before`'s values that `after` changed, old and new; empty when nothing changed. */
export function changeDetails<Name extends string>(before: Record<Name, Shown>, after: Record<Name, Shown>): Record<string, string> {
  const details: Record<string, string> = {};
  for (const name of Object.keys(before) as Name[]) {
    if (before[name] === after[name]) continue;
    details[`${name}From`] = String(before[name] ?? '');
    details[`${name}To`] = String(after[name] ?? '');
  }
  return details;
}
