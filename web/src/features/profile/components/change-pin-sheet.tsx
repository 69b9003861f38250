import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isWeakPin } from '../../../../../common/weak-pins';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api-client';
import { digitsOnChange } from '../../../lib/digits';
import { toastFirstIssue } from '../../../lib/form-issues';
import { pinPattern } from '../../../lib/patterns';
import { pinDigits } from '../../../../../common/limits';
import { useChangePin } from '../api/change-pin';
import { changePinFailedDefault, changePinIssues } from '../messages';
import { changePinSchema, type ChangePinValues } from '../schemas';
import { PinField } from './pin-field';

interface ChangePinSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const emptyValues: ChangePinValues = { currentPin: '', newPin: '', confirmPin: '' };

export function ChangePinSheet({ open, onOpenChange }: ChangePinSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Change PIN" description="Your PIN authorises payments and sign-in.">
      <ChangePinForm onDone={() => onOpenChange(false)} />
    </Sheet>
  );
}

function ChangePinForm({ onDone }: { onDone: () => void }) {
  const changePin = useChangePin();
  const { register, handleSubmit, control, reset } = useForm<ChangePinValues>({
    resolver: zodResolver(changePinSchema),
    defaultValues: emptyValues,
  });
  const [currentPin = '', newPin = '', confirmPin = ''] = useWatch({
    control,
    name: ['currentPin', 'newPin', 'confirmPin'],
  });
  const complete = [currentPin, newPin, confirmPin].every((pin) => pinPattern.test(pin));
  const canSubmit = complete && newPin === confirmPin && !changePin.isPending;

  const submit = (values: ChangePinValues) =>
    changePin.mutate(values, {
      onSuccess: () => {
        toast({ title: 'PIN Changed Successfully', description: 'Your PIN has been updated' });
        reset(emptyValues);
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'PIN Change Failed',
          description: serverMessage(error) ?? changePinFailedDefault,
        }),
    });

  const digits = (name: keyof ChangePinValues) => {
    const field = register(name);
    return { ...field, onChange: digitsOnChange(pinDigits, field.onChange) };
  };

  const requirements = [
    { text: 'Exactly 4 digits', met: pinPattern.test(newPin) },
    { text: 'Numbers only', met: newPin.length > 0 && /^\d+$/.test(newPin) },
    { text: 'Different from your current PIN', met: pinPattern.test(newPin) && newPin !== currentPin },
    { text: 'Not an easy-to-guess PIN like 1234 or 0000', met: pinPattern.test(newPin) && !isWeakPin(newPin) },
  ];

  return (
    <form
      noValidate
      aria-label="Change PIN"
      className="space-y-4"
      onSubmit={handleSubmit(submit, toastFirstIssue(changePinIssues))}
    >
      <PinField id="current-pin" label="Current PIN" autoComplete="current-password" {...digits('currentPin')} />
      <PinField id="new-pin" label="New PIN" autoComplete="new-password" {...digits('newPin')} />
      <div>
        <PinField
          id="confirm-new-pin"
          label="Confirm New PIN"
          autoComplete="new-password"
          aria-describedby={confirmPin ? 'confirm-new-pin-hint' : undefined}
          {...digits('confirmPin')}
        />
        {confirmPin.length > 0 && (
          <p
            id="confirm-new-pin-hint"
            aria-live="polite"
            className={`mt-1.5 text-sm font-medium ${newPin === confirmPin ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}
          >
            {newPin === confirmPin ? 'PINs match' : 'PINs do not match'}
          </p>
        )}
      </div>
      <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
        <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">PIN requirements</p>
        <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
          {requirements.map((requirement) => (
            <li key={requirement.text} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] ${requirement.met ? 'bg-emerald-600 text-white' : 'bg-slate-300 text-transparent dark:bg-slate-600'}`}
              >
                ✓
              </span>
              {requirement.text}
            </li>
          ))}
        </ul>
      </div>
      <Button type="submit" size="lg" disabled={!canSubmit} aria-busy={changePin.isPending}>
        Change PIN
      </Button>
    </form>
  );
}
