import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressLengthMax, businessTextLengthMax, emailLengthMax, nameLengthMax,
} from '@common/limits';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
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

/** The text fields before the PINs, each with its input's id. */
const textFieldIds = {
  name: 'registration-name',
  businessName: 'registration-business-name',
  businessType: 'registration-business-type',
  email: 'registration-email',
  address: 'registration-address',
} as const satisfies Partial<Record<keyof BusinessDetailsValues, string>>;

export function BusinessDetailsStep({ submitting, onSubmit, onBack }: BusinessDetailsStepProps) {
  const { t } = useLingui();
  const { register, handleSubmit, formState: { errors } } = useForm<BusinessDetailsValues>({
    resolver: zodResolver(businessDetailsSchema),
    defaultValues: {
      name: '', businessName: '', businessType: '', email: '', address: '', pin: '', confirmPin: '',
    },
  });
  const issues = detailsIssues();
  // Each text field with its problem, if any: registered, described by it and marked invalid.
  const textField = (name: keyof typeof textFieldIds) => {
    const id = textFieldIds[name];
    const error = issueText(errors[name], issues);
    return { input: { id, ...register(name), ...fieldErrorProps(id, error) }, error: <FieldError fieldId={id} error={error} /> };
  };
  const name = textField('name');
  const businessName = textField('businessName');
  const businessType = textField('businessType');
  const email = textField('email');
  const address = textField('address');
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit, toastFirstIssue(issues))}>
      <div>
        <Label htmlFor={textFieldIds.name}><Trans>Contact Name</Trans></Label>
        <Input autoFocus autoComplete="name" maxLength={nameLengthMax} {...name.input} />
        {name.error}
      </div>
      <div>
        <Label htmlFor={textFieldIds.businessName}><Trans>Business Name</Trans></Label>
        <Input autoComplete="organization" maxLength={businessTextLengthMax} {...businessName.input} />
        {businessName.error}
      </div>
      <div>
        <Label htmlFor={textFieldIds.businessType}><Trans>Business Type</Trans></Label>
        <Input
          placeholder={t`e.g. Retail, Restaurant, Services`}
          maxLength={businessTextLengthMax}
          {...businessType.input}
        />
        {businessType.error}
      </div>
      <div>
        <Label htmlFor={textFieldIds.email}><Trans>Email Address</Trans></Label>
        <Input type="email" autoComplete="email" maxLength={emailLengthMax} {...email.input} />
        {email.error}
      </div>
      <div>
        <Label htmlFor={textFieldIds.address}><Trans>Business Address</Trans></Label>
        <Textarea rows={2} autoComplete="street-address" maxLength={addressLengthMax} {...address.input} />
        {address.error}
      </div>
      <PinPairFields
        register={register}
        errors={{ pin: issueText(errors.pin, issues), confirmPin: issueText(errors.confirmPin, issues) }}
      />
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Submit for Approval</Trans>
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
