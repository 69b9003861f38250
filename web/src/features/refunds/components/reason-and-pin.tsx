/**
 * The part a refund and a reversal ask alike: the merchant's reason, their PIN, and the
 * server's refusal beneath them (read out, and named by the PIN field).
 */
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { refundReasonLengthMax } from '@common/limits';
import { PinInput } from '@/components/ui/digit-inputs';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Label, Textarea } from '@/components/ui/input';

export function ReasonAndPin({ idPrefix, reason, pin, errors, refusal }: {
  /** Makes the fields' ids unique: "refund" gives refund-reason, refund-pin and refund-refusal. */
  idPrefix: string;
  reason: UseFormRegisterReturn;
  pin: UseFormRegisterReturn;
  /** The words under each field for its problem, if it has one. */
  errors: { reason?: string; pin?: string };
  refusal: string | null;
}) {
  const reasonId = `${idPrefix}-reason`;
  const pinId = `${idPrefix}-pin`;
  const refusalId = `${idPrefix}-refusal`;
  return (
    <>
      <div>
        <Label htmlFor={reasonId}><Trans>Reason</Trans></Label>
        <Textarea id={reasonId} rows={2} maxLength={refundReasonLengthMax} {...reason} {...fieldErrorProps(reasonId, errors.reason)} />
        <FieldError fieldId={reasonId} error={errors.reason} />
      </div>
      <div>
        <Label htmlFor={pinId}><Trans>PIN</Trans></Label>
        <PinInput
          id={pinId}
          autoComplete="current-password"
          {...pin}
          {...fieldErrorProps(pinId, errors.pin, refusal ? refusalId : undefined)}
        />
        <FieldError fieldId={pinId} error={errors.pin} />
      </div>
      {refusal && (
        <p id={refusalId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
    </>
  );
}
