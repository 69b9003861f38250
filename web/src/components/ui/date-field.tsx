/**
 * The app's own date field: day, month and year as three selects, in India's order, with the
 * month's name in the language shown and Western digits, as the rest of the app writes dates.
 * The browser's own date input would show mm/dd/yyyy on most phones set to English (US) and
 * its picker in the phone's language, not the app's. The value is an ISO day ("2025-03-12"),
 * or '' until all three parts are chosen.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type Ref } from 'react';
import { isLanguage } from '@common/languages';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { formatIndiaDay } from '@/lib/date-time';

export interface DateFieldProps {
  /** The day select's id (where a form puts the focus); the month's and the year's add "-month" and "-year". */
  id: string;
  /** The field's name, said for the group and before each part's ("From Day"): a form may hold two dates. */
  label: string;
  /** "YYYY-MM-DD", or '' for no date. */
  value: string;
  /** Called with "YYYY-MM-DD" once day, month and year are all chosen, and with '' when one is taken away. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The first and last days that may be chosen ("YYYY-MM-DD"); the years offered run between them. */
  min?: string;
  max?: string;
  /** A date must be chosen: each part loses its empty choice once chosen. Otherwise Clear takes the date away. */
  required?: boolean;
  disabled?: boolean;
  /** The form's words for what is wrong, under the field; without them, a day outside min–max is said here. */
  error?: string | null;
  /** The day select, for a form to focus. */
  ref?: Ref<HTMLSelectElement>;
}

interface Parts {
  day: number | null;
  month: number | null;
  year: number | null;
}

const none: Parts = { day: null, month: null, year: null };
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years offered before `max` and after `min` when the other end is not given (around this year when neither is). */
const yearsOfferedDefault = 10;

const pad = (value: number) => String(value).padStart(2, '0');

/** The days in `month` (1–12) of `year`; with no year yet, a leap one, so 29 February may be chosen first. */
const daysIn = (month: number, year: number | null) => new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();

function partsOf(value: string): Parts {
  const match = isoDay.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : none;
}

/** The ISO day of complete parts, else ''. */
const isoOf = ({ day, month, year }: Parts): string =>
  day === null || month === null || year === null ? '' : `${year}-${pad(month)}-${pad(day)}`;

const monthNames = new Map<string, string[]>();

/** "Jan" … "Dec" in the language shown ("जन॰", "ஜன."). */
function monthNamesIn(language: string): string[] {
  let names = monthNames.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(`${language}-IN`, { month: 'short', timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 15))));
    monthNames.set(language, names);
  }
  return names;
}

const selectClasses =
  'h-12 min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-base text-slate-900 tabular-nums focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:opacity-50 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400';

export function DateField({ id, label, value, onChange, onBlur, name, min, max, required = false, disabled, error, ref }: DateFieldProps) {
  const { t, i18n } = useLingui();
  const daySelect = useRef<HTMLSelectElement | null>(null);
  // The day select is the form's (a ref given) and the field's own (Clear focuses it).
  const dayRef = useCallback((select: HTMLSelectElement | null) => {
    daySelect.current = select;
    if (typeof ref === 'function') ref(select);
    else if (ref) ref.current = select;
  }, [ref]);
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // A new value from outside (a form reset, another range chosen) replaces what is shown,
  // unless it is the one these parts already make (a part still missing makes '').
  const [valueSeen, setValueSeen] = useState(value);
  if (value !== valueSeen) {
    setValueSeen(value);
    if (value !== isoOf(parts)) setParts(partsOf(value));
  }

  const change = (next: Parts) => {
    // 31 January moved to February is its last day, not an impossible one.
    const day = next.day !== null && next.month !== null ? Math.min(next.day, daysIn(next.month, next.year)) : next.day;
    const settled = { ...next, day };
    setParts(settled);
    const iso = isoOf(settled);
    if (iso !== value) onChange(iso);
  };

  const thisYear = new Date().getFullYear();
  const yearOf = (day: string | undefined) => (day ? Number(day.slice(0, 4)) : null);
  const firstYear = yearOf(min) ?? (yearOf(max) ?? thisYear) - yearsOfferedDefault;
  const lastYear = yearOf(max) ?? (yearOf(min) ?? thisYear) + yearsOfferedDefault;
  const years = Array.from({ length: Math.max(0, lastYear - firstYear + 1) }, (_, index) => firstYear + index);
  // A date given from outside the years offered still shows as it is.
  if (parts.year !== null && !years.includes(parts.year)) years.push(parts.year);
  years.sort((a, b) => a - b);
  const dayCount = parts.month === null ? 31 : daysIn(parts.month, parts.year);
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const months = monthNamesIn(language);

  const earliest = min ? formatIndiaDay(min) : '';
  const latest = max ? formatIndiaDay(max) : '';
  const outOfRange = value !== '' && ((min !== undefined && value < min) || (max !== undefined && value > max));
  const rangeError = !outOfRange ? null
    : min && max ? t`Choose a date from ${earliest} to ${latest}.`
    : min ? t`Choose a date on or after ${earliest}.`
    : t`Choose a date on or before ${latest}.`;
  const shownError = error || rangeError;
  const described = fieldErrorProps(id, shownError);
  const partProps = { className: selectClasses, disabled, onBlur, ...described };
  // Each part's empty choice: always where the date may be left out, until chosen where it may not.
  const emptyChoice = (part: number | null, text: string) =>
    (!required || part === null) && <option value="">{text}</option>;
  const numberOf = (text: string) => (text === '' ? null : Number(text));
  const anyPart = parts.day !== null || parts.month !== null || parts.year !== null;
  // Each part is named by the field's label and its own word: a statement's range has two
  // fields, and "Day, combobox" twice tells a screen reader's user nothing.
  const partName = (part: 'day' | 'month' | 'year') => [`${id}-label`, `${id}-${part}-name`].join(' ');
  const clear = () => {
    change(none);
    // Clear takes itself away: the focus goes on to the day rather than to the page.
    daySelect.current?.focus();
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</span>
        {!required && anyPart && !disabled && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-500"
            aria-label={t`Clear ${label}`}
            onClick={clear}
          >
            <Trans>Clear</Trans>
          </button>
        )}
      </div>
      <span id={`${id}-day-name`} hidden>{t`Day`}</span>
      <span id={`${id}-month-name`} hidden>{t`Month`}</span>
      <span id={`${id}-year-name`} hidden>{t`Year`}</span>
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_5.75rem] gap-2">
        <select
          id={id}
          ref={dayRef}
          name={name}
          aria-labelledby={partName('day')}
          value={parts.day ?? ''}
          onChange={(event) => change({ ...parts, day: numberOf(event.target.value) })}
          {...partProps}
        >
          {emptyChoice(parts.day, t`Day`)}
          {Array.from({ length: dayCount }, (_, index) => index + 1).map((day) => (
            <option key={day} value={day}>{pad(day)}</option>
          ))}
        </select>
        <select
          id={`${id}-month`}
          aria-labelledby={partName('month')}
          value={parts.month ?? ''}
          onChange={(event) => change({ ...parts, month: numberOf(event.target.value) })}
          {...partProps}
        >
          {emptyChoice(parts.month, t`Month`)}
          {months.map((month, index) => (
            <option key={month} value={index + 1}>{month}</option>
          ))}
        </select>
        <select
          id={`${id}-year`}
          aria-labelledby={partName('year')}
          value={parts.year ?? ''}
          onChange={(event) => change({ ...parts, year: numberOf(event.target.value) })}
          {...partProps}
        >
          {emptyChoice(parts.year, t`Year`)}
          {years.map((year) => (
            <option key={year} value={year}>{year}</option>
          ))}
        </select>
      </div>
      <FieldError fieldId={id} error={shownError} />
    </div>
  );
}
