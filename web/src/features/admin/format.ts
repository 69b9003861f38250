/**
 * The admin's own number forms. Those of the Analytics tab are built on first use, in the
 * language shown then, so the rest of the app never pays for them.
 */
import type { Language } from '@common/languages';
import { currentLanguage } from '@/i18n/i18n';

/** "2.00%" from the wire's "2.00". */
export const formatFeePercent = (wire: string): string => `${wire}%`;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(id: string, make: () => T): T {
  let found = formatters.get(id) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(id, found);
  }
  return found;
}

/**
 * "₹1.25L", "₹45K", "₹500" from paise: a chart axis's short form, in whole rupees (an axis
 * has no use for paise) and Indian units (thousand, lakh, crore) in every language.
 */
export const formatCompactRupees = (amountPaise: number): string =>
  cached('compact-rupees', () => new Intl.NumberFormat('en-IN', {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a currency code, not text
    style: 'currency', currency: 'INR', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 2,
  })).format(Math.round(amountPaise / 100));

/**
 * The steps a money axis may take between its ticks, in paise: 1, 2 or 5 times a power of
 * ten, from ₹1, so every tick is a whole number of rupees.
 */
export const rupeeAxisStepsPaise: number[] = Array.from({ length: 12 }, (_, power) => 10 ** (power + 2))
  .flatMap((unit) => [unit, 2 * unit, 5 * unit]);

/** "1,520" in Indian grouping. */
export const formatCount = (count: number): string =>
  cached('count', () => new Intl.NumberFormat('en-IN')).format(count);

/** Up to this many hours a wait reads in hours; longer, in days. */
const hoursShownMax = 48;

/**
 * A median wait for a decision: "5.5 hours" under two days, "3.2 days" from then on, one
 * decimal at most, with the unit's name in the language shown ("5.5 घंटे").
 */
export function formatWaitHours(hours: number, language: Language = currentLanguage()): string {
  const unit = hours < hoursShownMax ? 'hour' : 'day';
  const value = unit === 'hour' ? hours : hours / 24;
  return cached(`wait:${unit}:${language}`, () => new Intl.NumberFormat(`${language}-IN`, {
    style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1, numberingSystem: 'latn',
  })).format(value);
}

/** "12 Mar" for an India calendar day ("2025-03-12"): a chart axis's label. */
export function formatShortDay(day: string, language: Language = currentLanguage()): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a timestamp to parse (noon in India), not text
  const at = new Date(`${day}T12:00:00+05:30`);
  if (Number.isNaN(at.getTime())) return day;
  return cached(`short-day:${language}`, () => new Intl.DateTimeFormat(`${language}-IN`, {
    timeZone: 'Asia/Kolkata', numberingSystem: 'latn', day: 'numeric', month: 'short',
  })).format(at);
}
