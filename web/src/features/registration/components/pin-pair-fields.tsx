import { Trans } from '@lingui/react/macro';
import type { UseFormRegister } from 'react-hook-form';
import { pinDigits } from '@common/limits';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { digitsOnChange } from '@/lib/digits';

type PinPair = { pin: string; confirmPin: string };

interface PinPairFieldsProps<T extends PinPair> {
  register: UseFormRegister<T>;
  /** The words under each field for its problem, if it has one. */
  errors: { pin?: string; confirmPin?: string };
}

/** The new PIN and its confirmation, both 4 digits at most, digits only. */
export function PinPairFields<T extends PinPair>({ register, errors }: PinPairFieldsProps<T>) {
  // Both detail forms share these two fields; narrowing the register keeps one copy.
  const reg = register as unknown as UseFormRegister<PinPair>;
  // Once the form has been sent, a changed PIN checks its confirmation again, so "PINs don't
  // match" goes as soon as they do.
  const pin = reg('pin', { deps: ['confirmPin'] });
  const confirmPin = reg('confirmPin');
  const common = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'new-password',
    maxLength: pinDigits,
    placeholder: '••••',
    className: 'tracking-[0.3em]',
  } as const;
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <Label htmlFor="registration-pin"><Trans>PIN</Trans></Label>
        <Input
          id="registration-pin"
          {...common}
          {...pin}
          {...fieldErrorProps('registration-pin', errors.pin)}
          onChange={digitsOnChange(pinDigits, pin.onChange)}
        />
        <FieldError fieldId="registration-pin" error={errors.pin} />
      </div>
      <div>
        <Label htmlFor="registration-confirm-pin"><Trans>Confirm PIN</Trans></Label>
        <Input
          id="registration-confirm-pin"
          {...common}
          {...confirmPin}
          {...fieldErrorProps('registration-confirm-pin', errors.confirmPin)}
          onChange={digitsOnChange(pinDigits, confirmPin.onChange)}
        />
        <FieldError fieldId="registration-confirm-pin" error={errors.confirmPin} />
      </div>
    </div>
  );
}
