/**
 * "Pay back" (docs/product.md#upi-repayment-claims): the customer chooses an amount (what is owed, or less) and pays it
 * by UPI three ways at once, since the intent alone fails on some phones and apps: a button
 * that opens the UPI app, a QR code of the same intent, and the UPI ID to copy. Khata cannot
 * see the bank, so "I have paid" then tells the merchant, who confirms it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CustomerCreditAccount } from '@common/api/types';
import { formatRupees, toWireAmount, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { QrCodeCanvas } from '@/components/ui/qr-code-canvas';
import { Sheet } from '@/components/ui/sheet';
import { serverMessage } from '@/lib/api-client';
import { copyUpiId } from '@/features/repayment/copy-upi-id';
import { useCreateRepaymentClaim } from '@/features/repayment/api/create-repayment-claim';
import { amountIssue, duesOf, typedPaise } from '@/features/repayment/dues';
import { claimSchema, payBackSchema, type ClaimValues, type PayBackValues } from '@/features/repayment/schemas';
import { upiPayUrl } from '@/features/repayment/upi-link';

/** The QR code's width: big enough for a phone camera across a counter. */
const qrWidthPx = 220;

interface PayBackSheetProps {
  account: CustomerCreditAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Step = { name: 'pay' } | { name: 'claim'; amountPaise: Paise } | { name: 'sent'; amountPaise: Paise };

export function PayBackSheet({ account, open, onOpenChange }: PayBackSheetProps) {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>({ name: 'pay' });
  const shop = account.business.businessName;
  const owed = formatRupees(duesOf(account).owedPaise);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t`Pay back ${shop}`} description={t`You owe ${owed}.`}>
      {step.name === 'pay' ? (
        <PayStep account={account} onPaid={(amountPaise) => setStep({ name: 'claim', amountPaise })} />
      ) : step.name === 'claim' ? (
        <ClaimStep
          account={account}
          amountPaise={step.amountPaise}
          onBack={() => setStep({ name: 'pay' })}
          onSent={() => setStep({ name: 'sent', amountPaise: step.amountPaise })}
        />
      ) : (
        <SentStep shop={shop} amountPaise={step.amountPaise} onDone={() => onOpenChange(false)} />
      )}
    </Sheet>
  );
}

function PayStep({ account, onPaid }: { account: CustomerCreditAccount; onPaid: (amountPaise: Paise) => void }) {
  const { t } = useLingui();
  const { owedPaise } = duesOf(account);
  const schema = useMemo(() => payBackSchema(owedPaise), [owedPaise]);
  const { register, handleSubmit, watch } = useForm<PayBackValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: toWireAmount(owedPaise) },
  });
  const typed = watch('amount');
  const issue = amountIssue(typed, owedPaise);
  const amountPaise = issue === null ? typedPaise(typed) : null;
  const owed = formatRupees(owedPaise);
  // Checked as it is typed: the ways to pay show only for an amount that can be paid.
  const amountError = issue === null
    ? null
    : issue === 'aboveOwed' ? t`Repayment cannot be more than what is owed (${owed})` : t`Please enter a valid amount greater than 0`;
  const shop = account.business.businessName;
  const upiId = account.upiId ?? '';
  const url = amountPaise === null ? null : upiPayUrl({ vpa: upiId, payeeName: shop, amountPaise });
  const amount = amountPaise === null ? '' : formatRupees(amountPaise);

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(({ amount: text }) => onPaid(typedPaise(text)!))}>
      <div>
        <Label htmlFor="pay-back-amount"><Trans>Amount (₹)</Trans></Label>
        <Input
          id="pay-back-amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...register('amount')}
          {...fieldErrorProps('pay-back-amount', amountError)}
        />
        <FieldError fieldId="pay-back-amount" error={amountError} />
      </div>
      {url && (
        <>
          <a
            href={url}
            className="flex h-12 w-full items-center justify-center rounded-xl bg-brand-600 px-5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Trans>Pay with UPI app</Trans>
          </a>
          <div className="space-y-2 text-center">
            <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Or scan with any UPI app</Trans></p>
            {/* The same `upi://pay` intent as the button's, for any UPI app to scan, from another phone too. */}
            <QrCodeCanvas
              data={url}
              widthPx={qrWidthPx}
              label={t`UPI QR code to pay ${amount} to ${shop}`}
              size="fit"
              className="mx-auto rounded-xl bg-white"
              fallback={
                <p role="alert" className="rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <Trans>The QR code could not be drawn. Use the button or the UPI ID.</Trans>
                </p>
              }
            />
          </div>
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Or pay to the UPI ID</Trans></p>
            <div className="mt-1 flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate rounded-xl bg-slate-50 px-3 py-2.5 font-mono text-sm dark:bg-slate-800">{upiId}</span>
              <Button variant="secondary" aria-label={t`Copy UPI ID ${upiId}`} onClick={() => void copyUpiId(upiId)}>
                <Trans>Copy</Trans>
              </Button>
            </div>
          </div>
          <Button type="submit" variant="secondary" size="lg">
            <Trans>I have paid</Trans>
          </Button>
        </>
      )}
    </form>
  );
}

interface ClaimStepProps {
  account: CustomerCreditAccount;
  amountPaise: Paise;
  onBack: () => void;
  onSent: () => void;
}

function ClaimStep({ account, amountPaise, onBack, onSent }: ClaimStepProps) {
  const { t } = useLingui();
  const createClaim = useCreateRepaymentClaim();
  const { register, handleSubmit, formState } = useForm<ClaimValues>({
    resolver: zodResolver(claimSchema),
    defaultValues: { upiReference: '' },
  });
  const shop = account.business.businessName;
  const amount = formatRupees(amountPaise);
  const referenceError = formState.errors.upiReference ? t`UPI reference is 12 digits` : null;
  const refusal = createClaim.isError ? serverMessage(createClaim.error) ?? t`Please try again` : null;
  const send = ({ upiReference }: ClaimValues) => {
    const reference = upiReference.trim();
    createClaim.mutate(
      { accountId: account.id, amount: Number(toWireAmount(amountPaise)), ...(reference ? { upiReference: reference } : {}) },
      { onSuccess: onSent },
    );
  };
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(send)}>
      <p className="text-sm">
        <Trans>Tell {shop} you have paid <span className="font-semibold tabular-nums">{amount}</span> by UPI. What you owe goes down once {shop} confirms it.</Trans>
      </p>
      <div>
        <Label htmlFor="pay-back-reference"><Trans>UPI reference (optional)</Trans></Label>
        <Input
          id="pay-back-reference"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          {...register('upiReference')}
          {...fieldErrorProps('pay-back-reference', referenceError, 'pay-back-reference-hint')}
        />
        <p id="pay-back-reference-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          <Trans>The 12-digit number (UTR) in your UPI app's payment details.</Trans>
        </p>
        <FieldError fieldId="pay-back-reference" error={referenceError} />
      </div>
      {refusal && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/40 dark:text-red-300">{refusal}</p>
      )}
      <Button type="submit" size="lg" disabled={createClaim.isPending} aria-busy={createClaim.isPending}>
        <Trans>Send to {shop}</Trans>
      </Button>
      <Button variant="ghost" size="lg" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}

function SentStep({ shop, amountPaise, onDone }: { shop: string; amountPaise: Paise; onDone: () => void }) {
  const amount = formatRupees(amountPaise);
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-xl bg-amber-50 p-4 dark:bg-amber-900/30">
        <p className="font-semibold"><Trans>Waiting for {shop} to confirm</Trans></p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          <Trans>Your repayment of {amount} shows here as pending until then.</Trans>
        </p>
      </div>
      <Button size="lg" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
    </div>
  );
}
