/**
 * The second step of a charge by SMS code and of a sign-up at the counter: the merchant asks
 * the customer for the code the SMS brought and types it in while it lasts. The count down
 * is the server's expiry; once it passes, or the server calls the code spent (too many wrong
 * tries, already used), only a new code helps, so that is what is offered.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { smsCodeDigits } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { digitsOnChange } from '@/lib/digits';
import { toastFirstIssue } from '@/lib/form-issues';
import { codeIssues, codeSchema, type CodeValues } from '@/features/sms-charge/code-form';
import { formatMinutesSeconds, useSecondsLeft } from '@/features/sms-charge/seconds-left';

export interface CodeStepProps {
  /** Ids of the step's fields start with this. */
  idPrefix: string;
  /** Whom to ask for what, in a sentence. */
  prompt: string;
  /** When the server stops taking the code. */
  expiresAt: string;
  confirmLabel: string;
  confirming: boolean;
  /** The server's refusal of the last code, in its words; null for none. */
  refusal: string | null;
  /** The server said the code can no longer be used (void, expired, used). */
  spent: boolean;
  onConfirm: (code: string) => void;
  /** Back to the first step, to send a new code. */
  onNewCode: () => void;
}

export function CodeStep({ idPrefix, prompt, expiresAt, confirmLabel, confirming, refusal, spent, onConfirm, onNewCode }: CodeStepProps) {
  const { t } = useLingui();
  const secondsLeft = useSecondsLeft(expiresAt);
  const expired = secondsLeft <= 0;
  const { register, handleSubmit } = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const code = register('code');
  const time = formatMinutesSeconds(secondsLeft);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => onConfirm(values.code), toastFirstIssue(codeIssues()))}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{prompt}</p>
      <div>
        <Label htmlFor={`${idPrefix}-code`}><Trans>Code</Trans></Label>
        <Input
          id={`${idPrefix}-code`}
          autoFocus
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={'•'.repeat(smsCodeDigits)}
          maxLength={smsCodeDigits}
          className="text-center text-xl tracking-[0.5em]"
          {...code}
          onChange={digitsOnChange(smsCodeDigits, code.onChange)}
        />
      </div>
      {/* A timer is not read out each second; its last word, expired, is said with the refusals below. */}
      <p role="timer" className="text-sm text-slate-500 tabular-nums dark:text-slate-400">
        {expired || spent ? null : t`Code expires in ${time}`}
      </p>
      {(refusal || expired) && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {refusal ?? t`This code has expired. Send a new one.`}
        </p>
      )}
      {expired || spent ? (
        <Button size="lg" onClick={onNewCode}>
          <Trans>Send a new code</Trans>
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={confirming} aria-busy={confirming}>
          {confirmLabel}
        </Button>
      )}
    </form>
  );
}
