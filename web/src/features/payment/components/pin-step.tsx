import { Trans, useLingui } from '@lingui/react/macro';
import { formatRupees, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { PinInput } from '@/components/ui/digit-inputs';
import { Label } from '@/components/ui/input';
import { pinPattern } from '@/lib/patterns';

interface PinStepProps {
  businessName: string;
  total: Paise;
  pin: string;
  onPinChange: (pin: string) => void;
  onBack: () => void;
  onPay: () => void;
}

/** Step 3 (docs/product.md#payments): the 4-digit PIN authorises the payment. */
export function PinStep({ businessName, total, pin, onPinChange, onBack, onPay }: PinStepProps) {
  const { t } = useLingui();
  return (
    <form
      noValidate
      aria-label={t`Authorise payment`}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
    >
      <section className="rounded-2xl bg-white p-5 text-center shadow-sm dark:bg-slate-900">
        <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>You are paying</Trans></p>
        <p className="mt-1 text-3xl font-bold tabular-nums">{formatRupees(total)}</p>
        <p className="mt-1 text-sm font-medium"><Trans>to {businessName}</Trans></p>
      </section>
      <div>
        <Label htmlFor="payment-pin"><Trans>PIN</Trans></Label>
        <PinInput
          id="payment-pin"
          autoComplete="off"
          autoFocus
          value={pin}
          onChange={(event) => onPinChange(event.target.value)}
          className="text-center text-2xl tracking-[0.5em]"
        />
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400"><Trans>Enter your 4-digit PIN to authorise this payment.</Trans></p>
      </div>
      <div className="grid grid-cols-[auto_1fr] gap-3">
        <Button variant="secondary" size="lg" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" size="lg" disabled={!pinPattern.test(pin)}>
          <Trans>Pay Now</Trans>
        </Button>
      </div>
    </form>
  );
}
