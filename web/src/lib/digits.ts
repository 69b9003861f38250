import type { ChangeEvent } from 'react';

/** Keeps only the digits of what was typed or pasted, cut to `max` characters. */
export const keepDigits = (value: string, max: number): string =>
  value.replace(/\D/g, '').slice(0, max);

/**
 * Wraps an input's change handler so the field only ever holds digits, at most `max`
 * (phone, OTP and PIN fields). The DOM value is fixed before the form library reads it.
 */
export function digitsOnChange<E extends ChangeEvent<HTMLInputElement>>(
  max: number,
  onChange: (event: E) => unknown,
) {
  return (event: E) => {
    const cleaned = keepDigits(event.target.value, max);
    if (cleaned !== event.target.value) event.target.value = cleaned;
    return onChange(event);
  };
}
