import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SessionResponse } from '@common/api/types';
import { emailLengthMax } from '@common/limits';
import type { EmailLoginBody } from '@common/schemas/identity';
import { Button } from '@/components/ui/button';
import { PinInput } from '@/components/ui/digit-inputs';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { emailLoginIssues } from '@/features/auth/messages';
import { emailLoginSchema, type EmailLoginValues } from '@/features/auth/schemas';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';

interface EmailLoginFormProps {
  /** "business" or "admin": names the fields' ids. */
  idPrefix: string;
  emailLabel: string;
  login: UseMutationResult<SessionResponse, Error, EmailLoginBody>;
  /** 'Login Failed' text when the server sends no message. */
  failedDefault: string;
  children?: ReactNode;
}

/** E-mail and PIN sign-in, shared by merchants and admins. */
export function EmailLoginForm({ idPrefix, emailLabel, login, failedDefault, children }: EmailLoginFormProps) {
  const completeSignIn = useCompleteSignIn();
  const { t } = useLingui();
  const { register, handleSubmit } = useForm<EmailLoginValues>({
    resolver: zodResolver(emailLoginSchema),
    defaultValues: { email: '', pin: '' },
  });
  const pin = register('pin');

  const submit = (values: EmailLoginValues) =>
    login.mutate(values, {
      onSuccess: completeSignIn,
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`Login Failed`,
          description: serverMessage(error) ?? failedDefault,
        }),
    });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(emailLoginIssues()))}>
      <div>
        <Label htmlFor={`${idPrefix}-email`}>{emailLabel}</Label>
        <Input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          maxLength={emailLengthMax}
          {...register('email')}
        />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-pin`}><Trans>PIN</Trans></Label>
        <PinInput id={`${idPrefix}-pin`} autoComplete="current-password" {...pin} />
      </div>
      <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
        <Trans>Sign In</Trans>
      </Button>
      {children}
    </form>
  );
}
