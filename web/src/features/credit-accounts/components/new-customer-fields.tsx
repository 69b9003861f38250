/**
 * The fields of a customer added by name and phone, shared by "Invite by phone" and "At the
 * counter": the name, the number after +91 (as registration asks it), the limit, and the
 * language of the SMS the customer gets, the merchant's own to begin with.
 */
import { Trans } from '@lingui/react/macro';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { languages } from '@common/languages';
import { nameLengthMax } from '@common/limits';
import { PhoneNumberInput } from '@/components/ui/digit-inputs';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { languageNames } from '@/components/ui/language-picker';
import { newCustomerIssues } from '@/features/credit-accounts/messages';
import type { NewCustomerValues } from '@/features/credit-accounts/schemas';

const selectClasses =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

interface NewCustomerFieldsProps {
  idPrefix: string;
  register: UseFormRegister<NewCustomerValues>;
  /** The form's problems: each field's is said under it in the words of its toast (newCustomerIssues). */
  formErrors: FieldErrors<NewCustomerValues>;
}

export function NewCustomerFields({ idPrefix, register, formErrors }: NewCustomerFieldsProps) {
  const ids = { name: `${idPrefix}-name`, phone: `${idPrefix}-phone`, creditLimit: `${idPrefix}-limit` };
  const issues = newCustomerIssues();
  const errors = {
    name: issueText(formErrors.name, issues),
    phone: issueText(formErrors.phone, issues),
    creditLimit: issueText(formErrors.creditLimit, issues),
  };
  return (
    <>
      <div>
        <Label htmlFor={ids.name}><Trans>Name</Trans></Label>
        <Input
          id={ids.name}
          autoComplete="off"
          maxLength={nameLengthMax}
          {...register('name')}
          {...fieldErrorProps(ids.name, errors.name)}
        />
        <FieldError fieldId={ids.name} error={errors.name} />
      </div>
      <div>
        <Label htmlFor={ids.phone}><Trans>Phone number</Trans></Label>
        <PhoneNumberInput
          id={ids.phone}
          autoComplete="off"
          {...register('phone')}
          {...fieldErrorProps(ids.phone, errors.phone)}
        />
        <FieldError fieldId={ids.phone} error={errors.phone} />
      </div>
      <div>
        <Label htmlFor={ids.creditLimit}><Trans>Credit limit</Trans></Label>
        <Input
          id={ids.creditLimit}
          type="number"
          inputMode="decimal"
          min={0}
          step={100}
          placeholder="5000"
          {...register('creditLimit')}
          {...fieldErrorProps(ids.creditLimit, errors.creditLimit)}
        />
        <FieldError fieldId={ids.creditLimit} error={errors.creditLimit} />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-language`}><Trans>SMS language</Trans></Label>
        <select id={`${idPrefix}-language`} className={selectClasses} {...register('language')}>
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>{languageNames[language]}</option>
          ))}
        </select>
      </div>
    </>
  );
}
