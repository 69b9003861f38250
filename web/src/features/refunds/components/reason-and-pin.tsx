/**
 * The part a refund and a reversal ask alike: the merchant's reason, their PIN, and the
 * server's refusal beneath them (read out, and named by the PIN field).
 */
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { refundReasonLengthMax } from '@common/limits';
import { PinInput } from '@/components/ui/digit-inputs';
import { Label, Textarea } from '@/components/ui/input';

export function ReasonAndPin({ idPrefix, reason, pin, refusal }: {
  /** Makes the fields' ids unique: "refund" gives refund-reason, refund-pin and refund-refusal. */
  idPrefix: string;
  reason: UseFormRegisterReturn;
  pin: UseFormRegisterReturn;
  refusal: string | null;
}) {
  const refusalId = `${idPrefix}-refusal`;
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-reason`}><Trans>Reason</Trans></Label>
        <Textarea id={`${idPrefix}-reason`} rows={2} maxLength={refundReasonLengthMax} {...reason} />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-pin`}><Trans>PIN</Trans></Label>
        <PinInput id={`${idPrefix}-pin`} autoComplete="current-password" aria-describedby={refusal ? refusalId : undefined} {...pin} />
      </div>
      {refusal && (
        <p id={refusalId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
    </>
  );
}
