/**
 * The customer's account at one merchant, `/accounts/<businessId>`: the
 * merchant, the limit, what is owed, the credit left, the dues and paying back by UPI,
 * this account's transactions and its statement, and the switch for the shop's reminder SMS. The "View" badge of
 * My Merchants opens it; it survives signing in. A reminder SMS's link opens it with Pay back ready.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatWireRupees } from '@/lib/format';
import { useCustomerCreditAccounts } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { TransactionHistory } from '@/features/transactions/public';
import { LazyStatementPanel } from '@/features/statements/public';
import { ClaimsList, DuesPanel } from '@/features/repayment/public';
import { ReminderOptOutSwitch } from '@/features/reminder-link/public';
import { useReportActions } from './report-actions';

interface AccountScreenProps {
  businessId: string;
  /** Open Pay back on arrival (a reminder SMS's link). */
  payBackOnArrival?: boolean;
}

export function AccountScreen({ businessId, payBackOnArrival = false }: AccountScreenProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const accounts = useCustomerCreditAccounts();
  const account = accounts.data?.creditAccounts.find((candidate) => candidate.businessId === businessId);
  const reportActions = useReportActions();

  // A screen of its own: it opens at its top, not where the home was scrolled to.
  useEffect(() => {
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
  }, [businessId]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <button
          type="button"
          aria-label={t`Back`}
          onClick={() => navigate('/')}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ChevronLeftIcon />
        </button>
        <h1 className="min-w-0 truncate text-lg font-bold">{account?.business.businessName ?? t`Account`}</h1>
      </header>
      <main className="flex-1 space-y-6 px-4 pt-4 pb-10">
        {accounts.isPending ? (
          <Spinner label={t`Loading account`} className="py-16" />
        ) : accounts.isError ? (
          <div role="alert" className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
            <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>The account could not be loaded.</Trans></p>
            <Button variant="secondary" className="mt-3" onClick={() => void accounts.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : !account ? (
          <div className="rounded-2xl bg-white p-6 text-center dark:bg-slate-900">
            <h2 className="font-semibold"><Trans>Account not found</Trans></h2>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              <Trans>You have no credit account with this merchant.</Trans>
            </p>
            <Link href="/" className="mt-4 inline-flex h-10 items-center rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
              <Trans>Go home</Trans>
            </Link>
          </div>
        ) : (
          <>
            <section aria-label={t`Credit account`}>
              <dl className="grid grid-cols-3 gap-2 rounded-2xl bg-white p-3 text-center shadow-sm dark:bg-slate-900">
                <Figure term={t`Limit`} value={account.creditLimit} />
                <Figure term={t`Owed`} value={account.owed} />
                <Figure term={t`Available credit`} value={account.currentBalance} />
              </dl>
            </section>
            <DuesPanel account={account} payBackOnArrival={payBackOnArrival} />
            <ClaimsList accountId={account.id} />
            {/* Near the top: a reminder's link says "Pay or stop these SMS". */}
            <ReminderOptOutSwitch account={account} />
            <LazyStatementPanel accountId={account.id} />
            {/* Last: it loads more rows as the page nears its end, which would keep pushing anything below it away. */}
            <TransactionHistory filter={{ businessId, businessName: account.business.businessName }} actions={reportActions} />
          </>
        )}
      </main>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="truncate font-semibold tabular-nums">{formatWireRupees(value)}</dd>
    </div>
  );
}
