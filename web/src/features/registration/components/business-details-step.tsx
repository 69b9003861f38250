import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressLengthMax, businessTextLengthMax, emailLengthMax, nameLengthMax,
} from '@common/limits';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { toastFirstIssue } from '@/lib/form-issues';
import { detailsIssues } from '@/features/registration/messages';
import { businessDetailsSchema, type BusinessDetailsValues } from '@/features/registration/schemas';
import { PinPairFields } from './pin-pair-fields';

interface BusinessDetailsStepProps {
  submitting: boolean;
  onSubmit: (values: BusinessDetailsValues) => void;
  onBack: () => void;
}

export function BusinessDetailsStep({ submitting, onSubmit, onBack }: BusinessDetailsStepProps) {
  const { t } = useLingui();
  const { register, handleSubmit } = useForm<BusinessDetailsValues>({
    resolver: zodResolver(businessDetailsSchema),
    defaultValues: {
      name: '', businessName: '', businessType: '', email: '', address: '', pin: '', confirmPin: '',
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit, toastFirstIssue(detailsIssues()))}>
      <div>
        <Label htmlFor="registration-name"><Trans>Contact Name</Trans></Label>
        <Input id="registration-name" autoFocus autoComplete="name" maxLength={nameLengthMax} {...register('name')} />
      </div>
      <div>
        <Label htmlFor="registration-business-name"><Trans>Business Name</Trans></Label>
        <Input
          id="registration-business-name"
          autoComplete="organization"
          maxLength={businessTextLengthMax}
          {...register('businessName')}
        />
      </div>
      <div>
        <Label htmlFor="registration-business-type"><Trans>Business Type</Trans></Label>
        <Input
          id="registration-business-type"
          placeholder={t`e.g. Retail, Restaurant, Services`}
          maxLength={businessTextLengthMax}
          {...register('businessType')}
        />
      </div>
      <div>
        <Label htmlFor="registration-email"><Trans>Email Address</Trans></Label>
        <Input
          id="registration-email"
          type="email"
          autoComplete="email"
          maxLength={emailLengthMax}
          {...register('email')}
        />
      </div>
      <div>
        <Label htmlFor="registration-address"><Trans>Business Address</Trans></Label>
        <Textarea
          id="registration-address"
          rows={2}
          autoComplete="street-address"
          maxLength={addressLengthMax}
          {...register('address')}
        />
      </div>
      <PinPairFields register={register} />
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Submit for Approval</Trans>
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
