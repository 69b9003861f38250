/**
 * The languages Khata speaks (docs/product.md#languages): English, हिन्दी and தமிழ். A user's
 * choice is saved on the user; before sign-in the browser keeps it and sends it as
 * Accept-Language. Adding a language adds its code here and one catalogue file per place that
 * has texts.
 */
export const languages = ['en', 'hi', 'ta'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The supported language an Accept-Language header prefers most (`hi-IN,hi;q=0.9,en;q=0.8`
 * → `hi`), by quality and then by order; undefined when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header.split(',').map((part, index) => {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean)?.[1];
    return { primary: range.trim().toLowerCase().split('-')[0]!, quality: q === undefined ? 1 : Number(q), index };
  });
  ranked.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.find((entry) => entry.quality > 0 && isLanguage(entry.primary))?.primary as Language | undefined;
}
