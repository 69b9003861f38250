import { useState, type ComponentProps } from 'react';
import { pinDigits } from '@common/limits';
import { AffixInput, Label } from '@/components/ui/input';

interface PinFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'prefix'> {
  id: string;
  label: string;
}

/** A 4-digit PIN input, hidden by default, with its own show/hide button. */
export function PinField({ id, label, ...inputProps }: PinFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <AffixInput
        id={id}
        type={visible ? 'text' : 'password'}
        inputMode="numeric"
        maxLength={pinDigits}
        placeholder="••••"
        className="tracking-[0.3em]"
        {...inputProps}
        suffix={
          <button
            type="button"
            aria-label={visible ? 'Hide PIN' : 'Show PIN'}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
            className="flex h-full w-12 shrink-0 items-center justify-center text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path d="M3 3l18 18" />}
            </svg>
          </button>
        }
      />
    </div>
  );
}
