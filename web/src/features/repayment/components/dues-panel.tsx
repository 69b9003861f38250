/**
 * The dues of one account on the customer's account screen: what is overdue,
 * the next part due and when, and the way to pay it back. The Pay back sheet (with the QR
 * library) downloads on its first tap, so the account screen does not carry it. A reminder
 * SMS's link opens the screen with the sheet already open (`payBackOnArrival`).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { CustomerCreditAccount } from '@common/api/types';
import { formatRupees } from '@common/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { formatIndiaDay, indiaDateOf } from '@/lib/date-time';
import { duesOf } from '@/features/repayment/dues';
import { withAllTexts } from '@/i18n/home-texts';

const PayBackSheet = lazy(withAllTexts(() => import('./pay-back-sheet').then((m) => ({ default: m.PayBackSheet }))));

interface DuesPanelProps {
  account: CustomerCreditAccount;
  /** Open Pay back at once, when there is something to pay back and a UPI ID to pay it to. */
  payBackOnArrival?: boolean;
}

export function DuesPanel({ account, payBackOnArrival = false }: DuesPanelProps) {
  const { t } = useLingui();
  const dues = duesOf(account);
  const [payBackOpen, setPayBackOpen] = useState(() => payBackOnArrival && dues.owedPaise > 0 && account.upiId !== null);
  const shop = account.business.businessName;
  const overdue = formatRupees(dues.overduePaise);
  const nextDueAmount = formatRupees(dues.nextDueAmountPaise);
  const nextDueOn = dues.nextDueOn ? formatIndiaDay(dues.nextDueOn) : null;
  // A due date in the past is the overdue part; only one from today on is "next".
  const upcoming = dues.nextDueOn !== null && dues.nextDueOn >= indiaDateOf(new Date()) && dues.nextDueAmountPaise > 0;

  return (
    <section aria-label={t`Dues`} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900">
      {dues.owedPaise === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Nothing is owed here.</Trans></p>
      ) : (dues.overduePaise > 0 || upcoming) && (
        <ul className="space-y-2 text-sm">
          {dues.overduePaise > 0 && (
            <li className="flex flex-wrap items-center gap-2">
              <Badge tone="danger"><Trans>Overdue</Trans></Badge>
              <span>
                {nextDueOn ? (
                  <Trans><span className="font-semibold tabular-nums">{overdue}</span> overdue since {nextDueOn}</Trans>
                ) : (
                  <Trans><span className="font-semibold tabular-nums">{overdue}</span> overdue</Trans>
                )}
              </span>
            </li>
          )}
          {upcoming && (
            <li>
              <Trans><span className="font-semibold tabular-nums">{nextDueAmount}</span> due on {nextDueOn}</Trans>
            </li>
          )}
        </ul>
      )}
      {dues.owedPaise > 0 &&
        (account.upiId ? (
          <Button size="lg" onClick={() => setPayBackOpen(true)}>
            <Trans>Pay back</Trans>
          </Button>
        ) : (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Trans>{shop} has not added a UPI ID yet. Pay the shop directly.</Trans>
          </p>
        ))}
      {payBackOpen && (
        <Suspense fallback={<LoadingSheet />}>
          <PayBackSheet account={account} open={payBackOpen} onOpenChange={setPayBackOpen} />
        </Suspense>
      )}
    </section>
  );
}
