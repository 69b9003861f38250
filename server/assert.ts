/**
 * For what must hold unless the code has a bug (a row the same transaction just wrote, a
 * function that always answers one row). A failure is a bug, never an expected outcome:
 * it ends as a plain 500, unlike an AppError.
 */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
