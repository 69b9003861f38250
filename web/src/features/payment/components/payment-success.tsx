import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { TransactionView } from '@common/api/types';
import { shortReference } from '@common/reference';
import { Button } from '@/components/ui/button';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { referenceLabel, ShareReceipt } from '@/features/receipt/public';
import { paymentSuccessTitle } from '@/features/payment/messages';

interface PaymentSuccessProps {
  /** The ledger row of the payment just made, as the payment's answer gave it. */
  transaction: TransactionView;
  onDone: () => void;
}

/**
 * After 'Payment Successful' and before the scan step (docs/product.md#payments): the payment
 * in large type, for the customer to turn towards the shopkeeper, who reads the amount, the
 * shop, the time and the short reference at a glance.
 *
 * On a phone up to 800 px tall it is set tighter, Done and Share receipt side by side, so that
 * they stand above the toast, which sits at the bottom edge over this full-screen overlay
 * (toast-area.tsx), even for a long shop name in Tamil.
 */
export function PaymentSuccess({ transaction, onDone }: PaymentSuccessProps) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that paid is gone: the heading takes the focus, so a screen reader says it.
  useEffect(() => heading.current?.focus(), []);
  const businessName = transaction.business.businessName;
  return (
    <section aria-labelledby="payment-success-title" className="flex flex-col items-center gap-5 py-2 text-center [@media(max-height:800px)]:gap-3 [@media(max-height:800px)]:py-0">
      <div className="flex flex-col items-center gap-3 [@media(max-height:800px)]:gap-2">
        <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-full bg-emerald-600 text-white shadow-sm [@media(max-height:800px)]:size-16">
          <svg viewBox="0 0 24 24" className="size-14 [@media(max-height:800px)]:size-10" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h3
          id="payment-success-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-emerald-800 focus:outline-none dark:text-emerald-300"
        >
          {paymentSuccessTitle()}
        </h3>
      </div>

      <div className="w-full">
        <p className="text-4xl font-extrabold text-slate-950 tabular-nums min-[400px]:text-5xl dark:text-white">
          {formatWireRupees(transaction.amount)}
        </p>
        <p className="mt-2 text-xl font-semibold break-words text-slate-900 dark:text-slate-50">
          <Trans>to {businessName}</Trans>
        </p>
      </div>

      <dl className="w-full divide-y divide-slate-200 rounded-2xl bg-white px-4 text-left shadow-sm dark:divide-slate-700 dark:bg-slate-900">
        <Figure term={t`Total with fee`} value={formatWireRupees(transaction.totalAmount)} strong />
        <Figure term={t`Date and time`} value={formatIndiaDateTime(transaction.createdAt)} />
        <Figure term={referenceLabel()} value={shortReference(transaction.id)} mono />
      </dl>

      {/* Side by side on a short phone when both fit, each on its own line when not. */}
      <div className="flex w-full flex-col gap-3 [@media(max-height:800px)]:flex-row [@media(max-height:800px)]:flex-wrap">
        <Button size="lg" onClick={onDone} className={actionClasses}>
          <Trans>Done</Trans>
        </Button>
        <ShareReceipt transaction={transaction} label={t`Share receipt`} variant="secondary" className={actionClasses} />
      </div>
    </section>
  );
}

/** Full width one under the other; on a short phone as wide as each needs, sharing a row. */
const actionClasses = 'whitespace-nowrap [@media(max-height:800px)]:w-auto [@media(max-height:800px)]:grow';

function Figure({ term, value, strong = false, mono = false }: { term: string; value: string; strong?: boolean; mono?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 [@media(max-height:800px)]:py-2">
      <dt className="text-base text-slate-700 dark:text-slate-300">{term}</dt>
      <dd
        className={`ml-auto text-right font-bold text-slate-950 dark:text-white ${mono ? 'font-mono tracking-wider' : 'tabular-nums'} ${strong ? 'text-xl' : 'text-lg'}`}
      >
        {value}
      </dd>
    </div>
  );
}
