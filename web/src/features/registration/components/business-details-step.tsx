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
  const { register, handleSubmit } = useForm<BusinessDetailsValues>({
    resolver: zodResolver(businessDetailsSchema),
    defaultValues: {
      name: '', businessName: '', businessType: '', email: '', address: '', pin: '', confirmPin: '',
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit, toastFirstIssue(detailsIssues))}>
      <div>
        <Label htmlFor="registration-name">Contact Name</Label>
        <Input id="registration-name" autoFocus autoComplete="name" maxLength={nameLengthMax} {...register('name')} />
      </div>
      <div>
        <Label htmlFor="registration-business-name">Business Name</Label>
        <Input
          id="registration-business-name"
          autoComplete="organization"
          maxLength={businessTextLengthMax}
          {...register('businessName')}
        />
      </div>
      <div>
        <Label htmlFor="registration-business-type">Business Type</Label>
        <Input
          id="registration-business-type"
          placeholder="e.g. Retail, Restaurant, Services"
          maxLength={businessTextLengthMax}
          {...register('businessType')}
        />
      </div>
      <div>
        <Label htmlFor="registration-email">Email Address</Label>
        <Input
          id="registration-email"
          type="email"
          autoComplete="email"
          maxLength={emailLengthMax}
          {...register('email')}
        />
      </div>
      <div>
        <Label htmlFor="registration-address">Business Address</Label>
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
        Submit for Approval
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
