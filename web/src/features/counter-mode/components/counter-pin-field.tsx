/**
 * The counter's PIN field. Anyone at the counter can touch it, so the browser
 * must not offer or fill a saved password there: it is a text field (a password manager
 * offers saved passwords for password fields, whatever their autocomplete says) masked by
 * CSS, with autocomplete off, a name no password manager reads as a password, and no
 * button that shows the PIN.
 */
import type { ChangeEvent } from 'react';
import { pinDigits } from '@common/limits';
import { Input, Label } from '@/components/ui/input';
import { digitsOnChange } from '@/lib/digits';

interface CounterPinFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (pin: string) => void;
  autoFocus?: boolean;
  /** The id of the message that describes the field, such as a refusal. */
  describedBy?: string;
}

export function CounterPinField({ id, label, value, onChange, autoFocus, describedBy }: CounterPinFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={`${id}-digits`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        data-1p-ignore=""
        data-lpignore="true"
        data-form-type="other"
        maxLength={pinDigits}
        placeholder="••••"
        autoFocus={autoFocus}
        className="tracking-[0.3em] [-webkit-text-security:disc]"
        value={value}
        onChange={digitsOnChange(pinDigits, (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value))}
        aria-describedby={describedBy}
      />
    </div>
  );
}
