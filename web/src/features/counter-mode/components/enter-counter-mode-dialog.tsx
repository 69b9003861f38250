/**
 * Entering counter mode: the merchant's PIN exchanges their full session for
 * the counter's narrow one, so nothing typed or tried at the counter can use the
 * merchant's. A wrong PIN shows the server's words (attempts left, or the lock) and stays.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { pinPattern } from '@/lib/patterns';
import { useEnterCounterMode } from '../api/enter-counter-mode';
import { CounterPinField } from './counter-pin-field';

interface EnterCounterModeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EnterCounterModeDialog({ open, onOpenChange }: EnterCounterModeDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Start counter mode`}
      description={t`This screen will show only your payment code and new payments. Your PIN is needed to leave it.`}
    >
      {open && <EnterForm />}
    </Dialog>
  );
}

function EnterForm() {
  const { t } = useLingui();
  const enter = useEnterCounterMode();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pinPattern.test(pin) || enter.isPending) return;
    setError(null);
    enter.mutate(pin, {
      onError: (failure) => {
        setPin('');
        setError(serverMessage(failure) ?? t`Could not check the PIN. Try again.`);
      },
    });
  };
  return (
    <form noValidate autoComplete="off" aria-label={t`Start counter mode`} onSubmit={submit} className="space-y-4">
      <CounterPinField
        id="counter-enter-pin"
        label={t`Enter your PIN`}
        autoFocus
        value={pin}
        onChange={setPin}
        describedBy={error ? 'counter-enter-error' : undefined}
      />
      {error && (
        <p id="counter-enter-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!pinPattern.test(pin)} aria-busy={enter.isPending}>
        <Trans>Start counter mode</Trans>
      </Button>
    </form>
  );
}
