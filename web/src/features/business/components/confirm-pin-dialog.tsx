/**
 * Asks the merchant's PIN before a change that needs it (the credit period and
 * the UPI ID, where a changed UPI ID would send customers' repayments elsewhere). A wrong
 * PIN shows the server's words (attempts left, or the lock) and stays.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { pinDigits } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { digitsOnChange } from '@/lib/digits';
import { pinPattern } from '@/lib/patterns';
import { PinField } from '@/features/profile/public';
import { useConfirmPin } from '@/features/auth/api/confirm-pin';

interface ConfirmPinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server took the PIN. */
  onConfirmed: () => void;
  /** A message to show when the dialog opens, such as the server asking for the PIN again. */
  notice?: string | null;
  /** Changes each time the PIN is asked for, so each asking starts with an empty field. */
  askedCount?: number;
}

export function ConfirmPinDialog({ open, onOpenChange, onConfirmed, notice = null, askedCount = 0 }: ConfirmPinDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Enter your PIN`} description={t`Your PIN is needed to change the credit terms.`}>
      {open && <ConfirmPinForm key={askedCount} onConfirmed={onConfirmed} notice={notice} />}
    </Dialog>
  );
}

function ConfirmPinForm({ onConfirmed, notice }: { onConfirmed: () => void; notice: string | null }) {
  const { t } = useLingui();
  const confirmPin = useConfirmPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(notice);
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
    <form noValidate aria-label={t`Confirm with your PIN`} onSubmit={submit} className="space-y-4">
      <PinField
        id="settings-pin"
        label={t`PIN`}
        autoComplete="current-password"
        autoFocus
        value={pin}
        onChange={digitsOnChange(pinDigits, (event) => setPin(event.target.value))}
        aria-describedby={error ? 'settings-pin-error' : undefined}
      />
      {error && (
        <p id="settings-pin-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!pinPattern.test(pin)} aria-busy={confirmPin.isPending}>
        <Trans>Confirm</Trans>
      </Button>
    </form>
  );
}
