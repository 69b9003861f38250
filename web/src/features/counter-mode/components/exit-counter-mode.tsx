import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { pinDigits } from '@common/limits';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { digitsOnChange } from '@/lib/digits';
import { pinPattern } from '@/lib/patterns';
import { PinField } from '@/features/profile/public';
import { useConfirmPin } from '../api/confirm-pin';

interface ExitCounterModeProps {
  /** The PIN was right. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Leaving counter mode asks for the merchant's PIN: anyone at the counter can touch the
 * screen. A wrong one shows the server's words (attempts left, or the lock) and stays.
 */
export function ExitCounterMode({ onConfirmed, onCancel }: ExitCounterModeProps) {
  const { t } = useLingui();
  const confirmPin = useConfirmPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pinPattern.test(pin) || confirmPin.isPending) return;
    setError(null);
    confirmPin.mutate(pin, {
      onSuccess: onConfirmed,
      onError: (failure) => {
        setPin('');
        setError(serverMessage(failure) ?? t`Could not check the PIN. Try again.`);
      },
    });
  };
  return (
    <form noValidate aria-label={t`Exit counter mode`} onSubmit={submit} className="w-full max-w-xs space-y-3">
      <PinField
        id="counter-exit-pin"
        label={t`Enter your PIN to exit`}
        autoComplete="current-password"
        autoFocus
        value={pin}
        onChange={digitsOnChange(pinDigits, (event) => setPin(event.target.value))}
        aria-describedby={error ? 'counter-exit-error' : undefined}
      />
      {error && (
        <p id="counter-exit-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          <Trans>Stay</Trans>
        </Button>
        <Button type="submit" className="flex-1" disabled={!pinPattern.test(pin)} aria-busy={confirmPin.isPending}>
          <Trans>Exit</Trans>
        </Button>
      </div>
    </form>
  );
}
