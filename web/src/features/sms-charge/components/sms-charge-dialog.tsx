/**
 * Charge by SMS code (docs/product.md#sms-approval): a customer without the app, or without
 * their phone's camera to hand, buys on their Khata at the counter. The merchant types the
 * amount; the server texts the customer the amount, the fee and a code; the customer reads
 * the code out and the merchant types it in. A refusal (approval not turned on, not enough
 * credit, a wrong code) is said in the server's words and keeps the dialog; each code tried
 * goes with its own Idempotency-Key, and the same code sent again with the same one, so a
 * lost answer is asked again without paying twice. Another code sent after a lost answer
 * finds the charge used: that lost try paid, and the dialog says so.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BusinessCreditAccount } from '@common/api/types';
import { chargeNoteLengthMax } from '@common/limits';
import { formatRupees, parseRupees, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { serverMessage, type Answer } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { isOutcomeUnknown } from '@/lib/outcome-unknown';
import { toast } from '@/lib/toast-store';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useConfirmCharge } from '@/features/sms-charge/api/confirm-charge';
import { useStartCharge } from '@/features/sms-charge/api/start-charge';
import {
  chargeFigures, chargeIssues, chargeSchema, emptyChargeValues, toChargeBody, type ChargeValues,
} from '@/features/sms-charge/charge-form';
import { isSpentCode, isUsedCode } from '@/features/sms-charge/code-form';
import { CodeStep } from './code-step';

type Charge = Answer<'POST /api/business/credit-accounts/:id/charges'>['charge'];

interface SmsChargeDialogProps {
  /** The customer to charge; the dialog is closed while null. */
  account: BusinessCreditAccount | null;
  onClose: () => void;
}

export function SmsChargeDialog({ account, onClose }: SmsChargeDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Charge by SMS code`}
      description={account?.customerName}
    >
      {account && <ChargeFlow key={account.id} account={account} onDone={onClose} />}
    </Dialog>
  );
}

function ChargeFlow({ account, onDone }: { account: BusinessCreditAccount; onDone: () => void }) {
  const [charge, setCharge] = useState<Charge | null>(null);
  // Kept for a new code, so the merchant need not type the amount again.
  const [values, setValues] = useState<ChargeValues>(emptyChargeValues);
  if (!charge) {
    return (
      <ChargeForm
        account={account}
        defaultValues={values}
        onStarted={(started, sent) => {
          setValues(sent);
          setCharge(started);
        }}
      />
    );
  }
  return <ChargeCode key={charge.id} charge={charge} onPaid={onDone} onNewCode={() => setCharge(null)} />;
}

interface ChargeFormProps {
  account: BusinessCreditAccount;
  defaultValues: ChargeValues;
  onStarted: (charge: Charge, values: ChargeValues) => void;
}

function ChargeForm({ account, defaultValues, onStarted }: ChargeFormProps) {
  const { t } = useLingui();
  const start = useStartCharge();
  const [refusal, setRefusal] = useState<string | null>(null);
  const feePercent = useCurrentUser().data?.business?.transactionFeePercent;
  const { register, handleSubmit, watch, formState: { errors } } = useForm<ChargeValues>({ resolver: zodResolver(chargeSchema), defaultValues });
  const issues = chargeIssues();
  const amountError = issueText(errors.amount, issues);
  const figures = chargeFigures(watch('amount'), feePercent);
  const available = parseRupees(account.currentBalance);

  const submit = (values: ChargeValues) => {
    setRefusal(null);
    start.mutate(
      { accountId: account.id, body: toChargeBody(values) },
      {
        onSuccess: ({ charge }) => onStarted(charge, values),
        onError: (error) => setRefusal(serverMessage(error) ?? t`Please try again`),
      },
    );
  };

  return (
    <form noValidate aria-label={t`Charge by SMS code`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <div>
        <Label htmlFor="charge-amount"><Trans>Amount</Trans></Label>
        <Input
          id="charge-amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          autoFocus
          {...register('amount')}
          {...fieldErrorProps('charge-amount', amountError)}
        />
        <FieldError fieldId="charge-amount" error={amountError} />
      </div>
      <div>
        <Label htmlFor="charge-note"><Trans>Note (optional)</Trans></Label>
        <Input id="charge-note" maxLength={chargeNoteLengthMax} autoComplete="off" placeholder={t`Optional, e.g. Groceries`} {...register('note')} />
      </div>
      <dl aria-label={t`What the customer pays`} className="divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 dark:divide-slate-800 dark:bg-slate-800/60">
        {figures && feePercent !== undefined && (
          <>
            <Figure term={t`Amount`} value={figures.amount} />
            <Figure term={t`Transaction Fee (${feePercent}%)`} value={figures.fee} />
            <Figure term={t`Total`} value={figures.total} strong />
          </>
        )}
        {available !== null && <Figure term={t`Available Balance`} value={available} />}
      </dl>
      {refusal && <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">{refusal}</p>}
      <Button type="submit" size="lg" disabled={start.isPending} aria-busy={start.isPending}>
        <Trans>Send code</Trans>
      </Button>
    </form>
  );
}

interface ChargeCodeProps {
  charge: Charge;
  onPaid: () => void;
  onNewCode: () => void;
}

function ChargeCode({ charge, onPaid, onNewCode }: ChargeCodeProps) {
  const { t } = useLingui();
  const confirm = useConfirmCharge();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  // The key of the code last tried: the same code again is the same attempt.
  const lastTry = useRef<{ code: string; idempotencyKey: string } | null>(null);
  // The keys of the tries no answer said the outcome of: each may have paid.
  const unanswered = useRef(new Set<string>());
  const customerName = charge.customerName;

  const paid = (wireAmount: string) => {
    const amount = formatWireRupees(wireAmount);
    const name = customerName;
    toast({ title: t`Payment received`, description: t`${amount} from ${name}` });
    onPaid();
  };

  const submit = (code: string) => {
    const idempotencyKey = lastTry.current?.code === code ? lastTry.current.idempotencyKey : newIdempotencyKey();
    lastTry.current = { code, idempotencyKey };
    setRefusal(null);
    // The promise, not mutate's callbacks: the toast must come even if the dialog closes first.
    void confirm.mutateAsync({ chargeId: charge.id, code, idempotencyKey }).then(
      ({ transaction }) => paid(transaction.amount),
      (error: unknown) => {
        if (isOutcomeUnknown(error)) unanswered.current.add(idempotencyKey);
        if (paidByEarlierTry(error, idempotencyKey, unanswered.current)) {
          paid(charge.amount);
          return;
        }
        setRefusal(serverMessage(error) ?? t`Please try again`);
        setSpent(isSpentCode(error));
      },
    );
  };

  const amount = formatWireRupees(charge.amount);
  const fee = formatWireRupees(charge.fee);
  const total = formatWireRupees(charge.totalAmount);
  return (
    <div className="space-y-4">
      <p className="rounded-xl bg-slate-50 p-3 text-sm tabular-nums dark:bg-slate-800/60">
        {t`${amount} + ${fee} fee = ${total}`}
      </p>
      <CodeStep
        idPrefix="charge"
        prompt={t`Ask ${customerName} for the code sent to their phone`}
        expiresAt={charge.expiresAt}
        confirmLabel={t`Confirm payment`}
        confirming={confirm.isPending}
        refusal={refusal}
        spent={spent}
        onConfirm={submit}
        onNewCode={onNewCode}
      />
    </div>
  );
}

/**
 * A code refused as used, after a try with another key went unanswered: that try paid. The
 * same key sent again is answered with its payment, so a try with this very key cannot be it.
 * Without such a try, some other request used the charge, and the refusal is shown (the
 * ledger is refetched after it all the same).
 */
function paidByEarlierTry(error: unknown, idempotencyKey: string, unanswered: ReadonlySet<string>): boolean {
  return isUsedCode(error) && [...unanswered].some((key) => key !== idempotencyKey);
}

function Figure({ term, value, strong = false }: { term: string; value: Paise; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between py-2.5">
      <dt className={`text-sm ${strong ? 'font-semibold' : 'text-slate-500 dark:text-slate-400'}`}>{term}</dt>
      <dd className={`tabular-nums ${strong ? 'text-base font-bold' : 'text-sm font-medium'}`}>{formatRupees(value)}</dd>
    </div>
  );
}
