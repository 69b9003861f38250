import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CustomerCreditAccount } from '@common/api/types';
import { formatRupees, parseRupees, paise, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { EyeIcon } from '@/components/ui/icons';

/** Sums wire amounts ("1250.00") exactly, in paise. */
export function sumRupees(amounts: readonly string[]): Paise {
  return paise(amounts.reduce((total, amount) => total + (parseRupees(amount) ?? 0), 0));
}

interface AvailableCreditCardProps {
  accounts: CustomerCreditAccount[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** "Available Credit": the credit left across every merchant, with a show/hide toggle. */
export function AvailableCreditCard({ accounts, isPending, isError, onRetry }: AvailableCreditCardProps) {
  const [hidden, setHidden] = useState(false);
  const { t } = useLingui();
  const count = accounts?.length ?? 0;
  const available = accounts ? formatRupees(sumRupees(accounts.map((a) => a.currentBalance))) : null;
  const limit = accounts ? formatRupees(sumRupees(accounts.map((a) => a.creditLimit))) : null;

  return (
    <section
      aria-labelledby="available-credit-title"
      className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-md"
    >
      {/* The row keeps the toggle's height while it is absent, so nothing moves when it appears. */}
      <div className="flex min-h-10 items-center justify-between">
        <h3 id="available-credit-title" className="text-sm font-medium text-brand-100">
          <Trans>Available Credit</Trans>
        </h3>
        {accounts && (
          <button
            type="button"
            aria-label={hidden ? t`Show balance` : t`Hide balance`}
            aria-pressed={hidden}
            onClick={() => setHidden((h) => !h)}
            className="-mr-2 flex h-10 w-10 items-center justify-center rounded-full text-brand-100 hover:bg-white/10"
          >
            <EyeIcon crossed={hidden} />
          </button>
        )}
      </div>

      {isPending ? (
        // As tall as the figures that replace it (no layout shift): the amount's 36 px
        // line, then the 40 px row of the limit and the account count.
        <div role="status" className="mt-1">
          <span className="sr-only"><Trans>Loading your credit</Trans></span>
          <div aria-hidden="true" className="h-9 w-40 animate-pulse rounded-lg bg-white/20" />
          <div aria-hidden="true" className="mt-4 flex h-10 items-end">
            <div className="h-4 w-56 animate-pulse rounded bg-white/20" />
          </div>
        </div>
      ) : isError || !accounts ? (
        <div role="alert" className="mt-2">
          <p className="text-sm text-brand-50"><Trans>We couldn't load your credit accounts.</Trans></p>
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums" data-testid="available-credit">
            {hidden ? '₹ ••••••' : available}
          </p>
          <div className="mt-4 flex items-end justify-between text-sm">
            <div>
              <p className="text-brand-100"><Trans>Credit Limit</Trans></p>
              <p className="font-semibold tabular-nums">{limit}</p>
            </div>
            <p className="rounded-full bg-white/15 px-3 py-1 text-xs font-medium">
              <Plural value={count} one="# account" other="# accounts" />
            </p>
          </div>
        </>
      )}
    </section>
  );
}
