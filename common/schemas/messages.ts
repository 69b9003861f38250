/**
 * A request schema names what it refuses with by a key of the error catalogue
 * (common/errors.ts), never by a sentence: server/errors.ts parseInput answers that entry,
 * and a client says it in its own language from the key the body carries.
 */
import type { InputErrorKey } from '../errors';

/**
 * The message argument of a zod check: the catalogue key itself, typed, so a misspelt key
 * fails the type check. Only a type is imported, so a schema carries no catalogue text.
 */
export const refusal = (key: InputErrorKey): InputErrorKey => key;
