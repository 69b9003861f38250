import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { pinPattern } from '@/lib/patterns';
import { useExitCounterMode } from '../api/exit-counter-mode';
import { CounterPinField } from './counter-pin-field';

/**
 * Leaving counter mode asks for a PIN, which exchanges the counter's session for a full
 * one: that of the person who opened the counter, or any owner's of the shop (an owner
 * takes the counter back from a cashier who has left it). A wrong one shows the server's
 * words (attempts left, or the lock) and stays; it counts on the account of the person
 * who opened the counter, never on another's.
 */
export function ExitCounterMode({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  const exit = useExitCounterMode();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pinPattern.test(pin) || exit.isPending) return;
    setError(null);
    exit.mutate(pin, {
      onError: (failure) => {
        setPin('');
        setError(serverMessage(failure) ?? t`Could not check the PIN. Try again.`);
      },
    });
  };
  return (
    <form noValidate autoComplete="off" aria-label={t`Exit counter mode`} onSubmit={submit} className="w-full max-w-xs space-y-3">
      <CounterPinField
        id="counter-exit-pin"
        label={t`Enter your PIN or an owner's PIN`}
        autoFocus
        value={pin}
        onChange={setPin}
        describedBy={error ? 'counter-exit-error' : undefined}
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
        <Button type="submit" className="flex-1" disabled={!pinPattern.test(pin)} aria-busy={exit.isPending}>
          <Trans>Exit</Trans>
        </Button>
      </div>
    </form>
  );
}
