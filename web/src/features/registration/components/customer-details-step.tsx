import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { nameLengthMax } from '@common/limits';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { toastFirstIssue } from '@/lib/form-issues';
import { detailsIssues } from '@/features/registration/messages';
import { customerDetailsSchema, type CustomerDetailsValues } from '@/features/registration/schemas';
import { PinPairFields } from './pin-pair-fields';

interface CustomerDetailsStepProps {
  submitting: boolean;
  onSubmit: (values: CustomerDetailsValues) => void;
  onBack: () => void;
}

export function CustomerDetailsStep({ submitting, onSubmit, onBack }: CustomerDetailsStepProps) {
  const { register, handleSubmit, formState: { errors } } = useForm<CustomerDetailsValues>({
    resolver: zodResolver(customerDetailsSchema),
    defaultValues: { name: '', pin: '', confirmPin: '' },
  });
  const issues = detailsIssues();
  const nameError = issueText(errors.name, issues);
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit, toastFirstIssue(issues))}>
      <div>
        <Label htmlFor="registration-name"><Trans>Full Name</Trans></Label>
        <Input
          id="registration-name"
          autoFocus
          autoComplete="name"
          maxLength={nameLengthMax}
          {...register('name')}
          {...fieldErrorProps('registration-name', nameError)}
        />
        <FieldError fieldId="registration-name" error={nameError} />
      </div>
      <PinPairFields
        register={register}
        errors={{ pin: issueText(errors.pin, issues), confirmPin: issueText(errors.confirmPin, issues) }}
      />
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Create Account</Trans>
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
