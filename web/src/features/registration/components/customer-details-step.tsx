import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { nameLengthMax } from '@common/limits';
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
  const { register, handleSubmit } = useForm<CustomerDetailsValues>({
    resolver: zodResolver(customerDetailsSchema),
    defaultValues: { name: '', pin: '', confirmPin: '' },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit, toastFirstIssue(detailsIssues()))}>
      <div>
        <Label htmlFor="registration-name"><Trans>Full Name</Trans></Label>
        <Input id="registration-name" autoFocus autoComplete="name" maxLength={nameLengthMax} {...register('name')} />
      </div>
      <PinPairFields register={register} />
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Create Account</Trans>
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
