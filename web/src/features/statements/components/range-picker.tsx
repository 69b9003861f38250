import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { DateField } from '@/components/ui/date-field';
import { isValidRange, type DateRange, type RangeChoice } from '@/features/statements/statement-range';

interface RangePickerProps {
  choice: RangeChoice;
  /** The days of the custom range, kept while another choice is shown. */
  custom: DateRange;
  /** Today in India: no day after it can be chosen. */
  today: string;
  onChoiceChange: (choice: RangeChoice) => void;
  onCustomChange: (custom: DateRange) => void;
}

/** The statement's period: This month, Last month, or Custom with two India dates, each day-month-year. */
export function RangePicker({ choice, custom, today, onChoiceChange, onCustomChange }: RangePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const choices: { value: RangeChoice; label: string }[] = [
    { value: 'this-month', label: t`This month` },
    { value: 'last-month', label: t`Last month` },
    { value: 'custom', label: t`Custom` },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only"><Trans>Period</Trans></legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {choices.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={choice === value}
            onClick={() => onChoiceChange(value)}
            className="h-9 rounded-lg text-sm font-medium text-slate-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:aria-pressed:bg-slate-900 dark:aria-pressed:text-slate-100"
          >
            {label}
          </button>
        ))}
      </div>
      {choice === 'custom' && (
        <div className="grid gap-3">
          <DateField
            id={`${id}-from`}
            label={t`From`}
            value={custom.from}
            max={today}
            required
            onChange={(from) => onCustomChange({ ...custom, from })}
          />
          <DateField
            id={`${id}-to`}
            label={t`To`}
            value={custom.to}
            max={today}
            required
            onChange={(to) => onCustomChange({ ...custom, to })}
          />
          {!isValidRange(custom) && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              <Trans>Choose a start date on or before the end date.</Trans>
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
