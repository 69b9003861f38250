/**
 * A statement's file name, the same for the CSV the server names and the PDF the browser
 * saves from the print view: the shop, the customer with the account's short reference and
 * the days, so two customers' files never overwrite each other in a Downloads folder, not
 * even two customers of one shop with the same name.
 *
 * Names are written in any script (क्षत्रिय, தமிழ்செல்வி), so the name keeps every letter,
 * mark and digit as written (sent as RFC 6266 `filename*`, UTF-8); anything else (spaces,
 * slashes, quotes, emoji) becomes one hyphen. Old clients that read only the plain
 * `filename` get an ASCII twin, where a name with no ASCII letters becomes "shop" or
 * "customer".
 */
import { shortReference } from './reference';

export interface StatementFileFacts {
  accountId: string;
  businessName: string;
  customerName: string;
  /** The range's first and last days, checked YYYY-MM-DD. */
  from: string;
  to: string;
}

/** At most this many UTF-8 bytes of each name: two names and the rest stay under 255 bytes. */
export const fileNamePartBytesMax = 80;

// Letters, combining marks (a Devanagari vowel sign is one) and digits of any script, and
// the joiners that shape Indic letters; every run of anything else is one separator.
const separators = /[^\p{L}\p{M}\p{N}\u200C\u200D]+/gu;
const asciiSeparators = /[^a-z0-9]+/g;
const edgeHyphens = /^-+|-+$/g;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** `text` cut to whole characters as people see them, within `maxBytes` of UTF-8. */
function cut(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  // A browser without Intl.Segmenter (Firefox before 125) cuts between code points instead.
  const characters = typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text), ({ segment }) => segment)
    : Array.from(text);
  let kept = '';
  for (const character of characters) {
    if (utf8Bytes(kept + character) > maxBytes) break;
    kept += character;
  }
  return kept.replace(edgeHyphens, '');
}

/** "Kaveri Stores" → "kaveri-stores", "क्षत्रिय" as it is; "" when nothing of it is a letter or digit. */
export function fileNameSlug(text: string): string {
  const slug = text.normalize('NFC').toLowerCase().replace(separators, '-').replace(edgeHyphens, '');
  return cut(slug, fileNamePartBytesMax);
}

/** The ASCII letters and digits of `text`, hyphenated ("Asha Rao" → "asha-rao"); "" for a name in another script. */
export function asciiSlug(text: string): string {
  // Decomposed and stripped of its marks first, so "José" keeps its "e" rather than losing the letter.
  const slug = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(asciiSeparators, '-').replace(edgeHyphens, '');
  return cut(slug, fileNamePartBytesMax);
}

/**
 * The file's name without its extension, in the names' own scripts:
 * "khata-statement-kaveri-stores-क्षत्रिय-9f3a-1c07-2025-03-01-to-2025-03-12".
 */
export function statementFileStem(facts: StatementFileFacts): string {
  // A name of symbols alone ("™") has no letter to keep as written, but its compatibility
  // form does ("tm"): better that than the bare "shop".
  const shop = fileNameSlug(facts.businessName) || asciiSlug(facts.businessName) || 'shop';
  const customer = fileNameSlug(facts.customerName) || asciiSlug(facts.customerName) || 'customer';
  return stem(shop, customer, facts);
}

/** The same name in ASCII only, for a client that reads only the plain `filename`. */
export function asciiStatementFileStem(facts: StatementFileFacts): string {
  return stem(asciiSlug(facts.businessName) || 'shop', asciiSlug(facts.customerName) || 'customer', facts);
}

/** The account's short reference follows the customer's name: two Ashas at one shop are two files. */
const stem = (shop: string, customer: string, facts: StatementFileFacts) =>
  `khata-statement-${shop}-${customer}-${shortReference(facts.accountId).toLowerCase()}-${facts.from}-to-${facts.to}`;

/**
 * The CSV's Content-Disposition: the ASCII name as `filename`, and the name as written as
 * `filename*` (RFC 6266, RFC 8187), which every current browser prefers.
 */
export function statementCsvDisposition(facts: StatementFileFacts): string {
  const ascii = `${asciiStatementFileStem(facts)}.csv`;
  const unicode = `${statementFileStem(facts)}.csv`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(unicode)}`;
}

/** Percent-encodes all but RFC 8187's attr-chars (letters, digits and !#$&+-.^_`|~). */
const encodeRfc8187 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The file name a Content-Disposition gives: its `filename*` (UTF-8) when it has one, else its
 * plain `filename`; null when it names none or names it unreadably.
 */
export function fileNameOfDisposition(disposition: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A broken escape: the plain name below still serves.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ?? null;
}
