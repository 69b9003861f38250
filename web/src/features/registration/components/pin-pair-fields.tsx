import { Trans } from '@lingui/react/macro';
import type { UseFormRegister } from 'react-hook-form';
import { pinDigits } from '@common/limits';
import { Input, Label } from '@/components/ui/input';
import { digitsOnChange } from '@/lib/digits';

type PinPair = { pin: string; confirmPin: string };

/** The new PIN and its confirmation, both 4 digits at most, digits only. */
export function PinPairFields<T extends PinPair>({ register }: { register: UseFormRegister<T> }) {
  // Both detail forms share these two fields; narrowing the register keeps one copy.
  const reg = register as unknown as UseFormRegister<PinPair>;
  const pin = reg('pin');
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
        <Input id="registration-pin" {...common} {...pin} onChange={digitsOnChange(pinDigits, pin.onChange)} />
      </div>
      <div>
        <Label htmlFor="registration-confirm-pin"><Trans>Confirm PIN</Trans></Label>
        <Input
          id="registration-confirm-pin"
          {...common}
          {...confirmPin}
          onChange={digitsOnChange(pinDigits, confirmPin.onChange)}
        />
      </div>
    </div>
  );
}
