/**
 * Add Credit Account (docs/product.md#credit-accounts): the merchant links a customer by their payment
 * handle, typed or scanned from the customer's payment code, and grants a limit; or, for a
 * customer without the app (docs/product.md#invitations), invites them by phone, or adds
 * them at the counter with the code the SMS brings them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { Sheet } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { QrScanner } from '@/features/scanner/public';
import { CounterSignUpForm } from './counter-sign-up-form';
import { InviteByPhoneForm } from './invite-by-phone-form';
import { useCreateCreditAccount } from '@/features/credit-accounts/api/create-credit-account';
import {
  createAccountFailedDefault,
  createAccountIssues,
  invalidCustomerQr,
  paymentHandleExample,
} from '@/features/credit-accounts/messages';
import {
  createAccountSchema,
  parseCustomerQr,
  wireAmount,
  type CreateAccountValues,
  type ScannedCustomer,
} from '@/features/credit-accounts/schemas';

interface AddCreditAccountSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddCreditAccountSheet({ open, onOpenChange }: AddCreditAccountSheetProps) {
  const { t } = useLingui();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add Credit Account`}
      description={t`Add a customer by their payment handle, by phone or at the counter, and set how much credit they may use.`}
    >
      <WaysToAdd onDone={() => onOpenChange(false)} />
    </Sheet>
  );
}

type Way = 'handle' | 'invite' | 'counter';

/**
 * The three ways to add a customer, one tab each. An invitation just sent and a code being
 * waited for stay as they are while another tab is looked at (their panels are only
 * hidden); the handle's panel is not kept, so its camera stops when it is left.
 */
function WaysToAdd({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const [way, setWay] = useState<Way>('handle');
  return (
    <Tabs value={way} onValueChange={(value) => setWay(value as Way)}>
      <TabsList aria-label={t`How to add the customer`}>
        <TabsTrigger value="handle"><Trans>Payment handle</Trans></TabsTrigger>
        <TabsTrigger value="invite"><Trans>Invite by phone</Trans></TabsTrigger>
        <TabsTrigger value="counter"><Trans>At the counter</Trans></TabsTrigger>
      </TabsList>
      <TabsContent value="handle">
        <AddCreditAccountForm onDone={onDone} />
      </TabsContent>
      <TabsContent value="invite" forceMount hidden={way !== 'invite'}>
        <InviteByPhoneForm onDone={onDone} />
      </TabsContent>
      <TabsContent value="counter" forceMount hidden={way !== 'counter'}>
        <CounterSignUpForm onDone={onDone} />
      </TabsContent>
    </Tabs>
  );
}

type Mode = 'handle' | 'scan';
const emptyValues: CreateAccountValues = { paymentHandle: '', creditLimit: '' };

function AddCreditAccountForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCreditAccount();
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>('handle');
  const [scanned, setScanned] = useState<ScannedCustomer | null>(null);
  const { register, handleSubmit, setValue, reset, control, formState: { errors } } = useForm<CreateAccountValues>({
    resolver: zodResolver(createAccountSchema),
    defaultValues: emptyValues,
  });
  const issues = createAccountIssues();
  const handleError = issueText(errors.paymentHandle, issues);
  const limitError = issueText(errors.creditLimit, issues);
  const handle = useWatch({ control, name: 'paymentHandle' });

  const onScanned = (text: string) => {
    const customer = parseCustomerQr(text);
    if (!customer) {
      toast({ variant: 'destructive', ...invalidCustomerQr() });
      return;
    }
    setScanned(customer);
    // Checked at once, so a "Payment Handle Required" under the field goes.
    setValue('paymentHandle', customer.paymentHandle, { shouldDirty: true, shouldValidate: true });
    setMode('handle');
  };

  const submit = (values: CreateAccountValues) =>
    create.mutate(
      { paymentHandle: values.paymentHandle.trim(), creditLimit: wireAmount(values.creditLimit) },
      {
        onSuccess: () => {
          toast({ title: t`Credit Account Created`, description: t`Successfully assigned the limit to the customer` });
          reset(emptyValues);
          setScanned(null);
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t`Failed to Create Credit Account`,
            description: serverMessage(error) ?? createAccountFailedDefault(),
          }),
      },
    );

  const scannedName = scanned && scanned.paymentHandle === handle?.trim() ? scanned.name : null;

  return (
    <form
      noValidate
      aria-label={t`Add Credit Account`}
      className="space-y-4"
      onSubmit={handleSubmit(submit, toastFirstIssue(issues))}
    >
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
        <TabsList aria-label={t`How to find the customer`}>
          <TabsTrigger value="handle"><Trans>Enter Handle</Trans></TabsTrigger>
          <TabsTrigger value="scan"><Trans>Scan QR</Trans></TabsTrigger>
        </TabsList>
        <TabsContent value="handle">
          <Label htmlFor="payment-handle"><Trans>Payment Handle</Trans></Label>
          <Input
            id="payment-handle"
            placeholder={paymentHandleExample}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...register('paymentHandle')}
            {...fieldErrorProps('payment-handle', handleError, 'payment-handle-hint')}
          />
          <FieldError fieldId="payment-handle" error={handleError} />
          <p id="payment-handle-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            <Trans>The ID on the customer&apos;s My Code screen, like {paymentHandleExample}</Trans>
          </p>
          {scannedName && (
            <p className="mt-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
              <Trans>Customer: <span className="font-semibold">{scannedName}</span></Trans>
            </p>
          )}
        </TabsContent>
        <TabsContent value="scan">
          <QrScanner onDetected={onScanned} />
          <p className="mt-2 text-center text-xs text-slate-500 dark:text-slate-400">
            <Trans>Point the camera at the customer&apos;s payment code.</Trans>
          </p>
        </TabsContent>
      </Tabs>

      <div>
        <Label htmlFor="credit-limit"><Trans>Credit Limit (₹)</Trans></Label>
        <Input
          id="credit-limit"
          type="number"
          inputMode="decimal"
          min={0}
          step={100}
          placeholder="5000"
          {...register('creditLimit')}
          {...fieldErrorProps('credit-limit', limitError)}
        />
        <FieldError fieldId="credit-limit" error={limitError} />
      </div>

      <Button type="submit" size="lg" disabled={create.isPending} aria-busy={create.isPending}>
        <Trans>Create Credit Account</Trans>
      </Button>
    </form>
  );
}
