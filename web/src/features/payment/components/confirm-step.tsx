import { Trans, useLingui } from '@lingui/react/macro';
import type { QrValidation } from '@common/api/types';
import { formatRupees, paise, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { insufficientBalanceText, paymentMessages } from '@/features/payment/messages';
import type { PaymentFigures } from '@/features/payment/payment-figures';

interface ConfirmStepProps {
  validation: QrValidation;
  figures: PaymentFigures;
  amount: string;
  onAmountChange: (amount: string) => void;
  /** The amount field shows 'Please enter a valid amount' under it. */
  amountError: boolean;
  onAmountBlur: () => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2 (docs/product.md#payments): who is paid, how much with the fee, and whether it fits. */
export function ConfirmStep({
  validation, figures, amount, onAmountChange, amountError, onAmountBlur, onBack, onContinue,
}: ConfirmStepProps) {
  const { t } = useLingui();
  // The toast's own words, under the field while it stays wrong.
  const amountErrorText = amountError ? paymentMessages.invalidAmount().description : null;
  const { isDynamic } = validation.qrCode;
  const { feePercent } = validation.business;
  const description = validation.qrCode.description?.trim();
  return (
    <form
      noValidate
      aria-label={t`Confirm payment`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <section className="rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400"><Trans>Paying</Trans></p>
        <h3 className="mt-0.5 text-xl font-bold">{validation.business.name}</h3>
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      </section>

      {!isDynamic && (
        <div>
          <Label htmlFor="payment-amount"><Trans>Amount (₹)</Trans></Label>
          <Input
            id="payment-amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            autoFocus
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            onBlur={onAmountBlur}
            className="text-lg font-semibold tabular-nums"
            {...fieldErrorProps('payment-amount', amountErrorText)}
          />
          <FieldError fieldId="payment-amount" error={amountErrorText} />
        </div>
      )}

      <div className="rounded-2xl bg-white px-4 shadow-sm dark:bg-slate-900">
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <Row term={t`Amount`} value={figures.amount} />
          <Row term={t`Transaction Fee (${feePercent}%)`} value={figures.fee} />
          <Row term={t`Total`} value={figures.total} strong />
          <Row term={t`Available Balance`} value={figures.available} />
        </dl>
        {/* "Available Balance" is the spec's word for the credit left at this shop, not money in an account. */}
        <p className="-mt-1.5 pb-3 text-xs leading-5 text-slate-500 dark:text-slate-400">
          <Trans>Credit you can still use at this shop</Trans>
        </p>
      </div>

      {figures.shortfall > 0 && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700 dark:bg-red-900/30 dark:text-red-300">
          {insufficientBalanceText(formatRupees(paise(figures.shortfall)))}
        </p>
      )}

      <div className="grid grid-cols-[auto_1fr] gap-3">
        <Button variant="secondary" size="lg" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" size="lg" disabled={!figures.canContinue}>
          <Trans>Continue to PIN</Trans>
        </Button>
      </div>
    </form>
  );
}

function Row({ term, value, strong = false }: { term: string; value: Paise; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between py-3">
      <dt className={`text-sm ${strong ? 'font-semibold' : 'text-slate-500 dark:text-slate-400'}`}>{term}</dt>
      <dd className={`tabular-nums ${strong ? 'text-lg font-bold' : 'text-sm font-medium'}`}>{formatRupees(value)}</dd>
    </div>
  );
}
