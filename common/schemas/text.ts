/**
 * Text that one person writes and another reads (names, descriptions, reasons, notes) may
 * not carry Unicode's bidirectional controls: an override or isolate can make "Ravi ₹500"
 * display as something else, in a list, a statement or the admin's review. ZWJ (U+200D)
 * and ZWNJ (U+200C) are not among them: Hindi and Tamil spellings need them.
 */
import * as z from 'zod/mini';
import { refusal } from './messages';

/** Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), and the LRM, RLM and ALM marks. */
export const bidiControlPattern = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** A string check that refuses bidirectional controls with its own message. */
export const withoutBidiControls = () =>
  z.refine<string>((value) => !bidiControlPattern.test(value), refusal('text_has_bidi'));
