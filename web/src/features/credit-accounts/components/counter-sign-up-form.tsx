/**
 * "At the counter" (docs/product.md#sms-approval): the customer stands at the shop without
 * the app. The merchant types their name, number and limit; the server texts the customer
 * a code with the shop and the limit, and the customer gives the code only if they agree.
 * The code typed in opens the account: their consent, as an invitation's Accept would be.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { smsCodeDigits } from '@common/limits';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/i18n/i18n';
import { serverMessage, type Answer } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { CodeStep, isSpentCode, isUsedCode } from '@/features/sms-charge/public';
import { useConfirmCounterSignUp } from '@/features/credit-accounts/api/confirm-counter-sign-up';
import { useStartCounterSignUp } from '@/features/credit-accounts/api/start-counter-sign-up';
import { newCustomerIssues } from '@/features/credit-accounts/messages';
import { newCustomerSchema, toNewCustomerBody, type NewCustomerValues } from '@/features/credit-accounts/schemas';
import { NewCustomerFields } from './new-customer-fields';

type Enrolment = Answer<'POST /api/business/counter-customers'>['enrolment'];

export function CounterSignUpForm({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  // Kept for a new code, so nothing is typed twice.
  const [values, setValues] = useState<NewCustomerValues>(() => ({ name: '', phone: '', creditLimit: '', language: currentLanguage() }));
  if (!enrolment) {
    return (
      <DetailsForm
        defaultValues={values}
        onStarted={(started, sent) => {
          setValues(sent);
          setEnrolment(started);
        }}
      />
    );
  }
  return <CounterCode key={enrolment.id} enrolment={enrolment} onAdded={onDone} onNewCode={() => setEnrolment(null)} />;
}

interface DetailsFormProps {
  defaultValues: NewCustomerValues;
  onStarted: (enrolment: Enrolment, values: NewCustomerValues) => void;
}

function DetailsForm({ defaultValues, onStarted }: DetailsFormProps) {
  const { t } = useLingui();
  const start = useStartCounterSignUp();
  const { register, handleSubmit, formState: { errors } } = useForm<NewCustomerValues>({ resolver: zodResolver(newCustomerSchema), defaultValues });
  const issues = newCustomerIssues();
  const submit = (values: NewCustomerValues) =>
    start.mutate(toNewCustomerBody(values), {
      onSuccess: ({ enrolment }) => onStarted(enrolment, values),
      onError: (error) =>
        toast({ variant: 'destructive', title: t`Could not send the code`, description: serverMessage(error) ?? t`Please try again` }),
    });
  return (
    <form noValidate aria-label={t`At the counter`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <NewCustomerFields
        idPrefix="counter"
        register={register}
        formErrors={errors}
      />
      <Button type="submit" size="lg" disabled={start.isPending} aria-busy={start.isPending}>
        <Trans>Send code</Trans>
      </Button>
    </form>
  );
}

interface CounterCodeProps {
  enrolment: Enrolment;
  onAdded: () => void;
  onNewCode: () => void;
}

function CounterCode({ enrolment, onAdded, onNewCode }: CounterCodeProps) {
  const { t } = useLingui();
  const confirm = useConfirmCounterSignUp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const name = enrolment.name;
  const digits = smsCodeDigits;
  const submit = (code: string) => {
    setRefusal(null);
    // The promise, not mutate's callbacks: the toast must come even if the sheet closes first.
    void confirm.mutateAsync({ enrolmentId: enrolment.id, code }).then(
      ({ customerName }) => {
        toast({ title: t`Customer added`, description: customerName });
        onAdded();
      },
      (error: unknown) => {
        // Only this form knows the sign-up, so its code used means an earlier Confirm opened
        // the account and its answer was lost: done, and the list was refetched meanwhile.
        if (isUsedCode(error)) {
          toast({ title: t`Customer added`, description: name });
          onAdded();
          return;
        }
        setRefusal(serverMessage(error) ?? t`Please try again`);
        setSpent(isSpentCode(error));
      },
    );
  };
  return (
    <CodeStep
      idPrefix="counter"
      prompt={t`Ask ${name} for the ${digits}-digit code we sent by SMS`}
      expiresAt={enrolment.expiresAt}
      confirmLabel={t`Confirm`}
      confirming={confirm.isPending}
      refusal={refusal}
      spent={spent}
      onConfirm={submit}
      onNewCode={onNewCode}
    />
  );
}
