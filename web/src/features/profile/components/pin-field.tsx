import { useState, type ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { pinDigits } from '@common/limits';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { AffixInput, Label } from '@/components/ui/input';
import { EyeIcon } from '@/components/ui/icons';

interface PinFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'prefix'> {
  id: string;
  label: string;
  /** The words under the field for its problem, if it has one. */
  error?: string;
}

/** A 4-digit PIN input, hidden by default, with its own show/hide button. */
export function PinField({ id, label, error, ...inputProps }: PinFieldProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();
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
        {...fieldErrorProps(id, error, inputProps['aria-describedby'])}
        aria-invalid={error ? true : inputProps['aria-invalid']}
        suffix={
          <button
            type="button"
            aria-label={visible ? t`Hide PIN` : t`Show PIN`}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
            className="flex h-full w-12 shrink-0 items-center justify-center text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
          >
            <EyeIcon crossed={visible} />
          </button>
        }
      />
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
