/**
 * The app's digit fields: a mobile number after the fixed +91, and a hidden 4-digit PIN.
 * Each keeps only digits, at most as many as the field takes, whatever is typed or pasted.
 */
import type { ChangeEvent, ComponentProps } from 'react';
import { countryCode, phoneDigits, pinDigits } from '@common/limits';
import { digitsOnChange } from '@/lib/digits';
import { AffixInput, Input } from './input';

type DigitInputProps = Omit<ComponentProps<'input'>, 'type' | 'prefix' | 'maxLength'>;

const keepOnly = (max: number, onChange: DigitInputProps['onChange']) =>
  digitsOnChange(max, (event: ChangeEvent<HTMLInputElement>) => onChange?.(event));

export function PhoneNumberInput({ onChange, ...props }: DigitInputProps) {
  return (
    <AffixInput
      prefix={countryCode}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="98765 43210"
      maxLength={phoneDigits}
      {...props}
      onChange={keepOnly(phoneDigits, onChange)}
    />
  );
}

export function PinInput({ onChange, className = 'tracking-[0.3em]', ...props }: DigitInputProps) {
  return (
    <Input
      type="password"
      inputMode="numeric"
      placeholder="••••"
      maxLength={pinDigits}
      className={className}
      {...props}
      onChange={keepOnly(pinDigits, onChange)}
    />
  );
}
