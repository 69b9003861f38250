/**
 * Dates and times as people read them: always India time (docs/product.md#system), whatever the
 * phone's own zone, with month names in the app's language and Western digits (as Indian
 * payment apps show them). Text that is not a timestamp is shown as it came rather than
 * breaking the screen (the row it sits in still shows its amounts).
 */
import type { Language } from '@common/languages';
import { currentLanguage } from '@/i18n/i18n';

const inIndia = { timeZone: 'Asia/Kolkata', numberingSystem: 'latn' } as const;
const dateParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const timeParts = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

const styles = {
  date: { ...inIndia, ...dateParts },
  dateTime: { ...inIndia, ...dateParts, ...timeParts },
  time: { ...inIndia, ...timeParts },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof styles;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, language: Language): Intl.DateTimeFormat {
  const id = `${style}:${language}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(`${language}-IN`, styles[style]);
    formatters.set(id, found);
  }
  return found;
}

function format(style: Style, iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(style, language).format(date);
}

/** "12 Mar 2025" in India time ("12 मार्च 2025" in Hindi). */
export const formatIndiaDate = (iso: string, language = currentLanguage()): string => format('date', iso, language);

/** "12 Jan 2025, 3:45 pm" in India time. */
export const formatIndiaDateTime = (iso: string, language = currentLanguage()): string =>
  format('dateTime', iso, language);

/** "3:45 pm" in India time. */
export const formatIndiaTime = (iso: string, language = currentLanguage()): string => format('time', iso, language);

const indiaCalendar = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in India at `at`, as the API's ranges take it: "2025-03-12". */
export function indiaDateOf(at: Date): string {
  const parts = Object.fromEntries(indiaCalendar.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "12 Mar 2025" for an India calendar date ("2025-03-12"), as formatIndiaDate writes it. */
export const formatIndiaDay = (day: string, language = currentLanguage()): string =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a timestamp to parse (noon in India), not text
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? format('date', `${day}T12:00:00+05:30`, language) : day;
