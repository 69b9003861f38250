import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { CustomerCreditAccount } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { parseRupees } from '@common/money';
import { formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { accountPath } from '@/features/credit-accounts/account-path';

interface MerchantListProps {
  accounts: CustomerCreditAccount[] | undefined;
  isPending: boolean;
  isError: boolean;
  onSelect: (account: CustomerCreditAccount) => void;
}

/**
 * "My Merchants": one row per credit account. Given Credit is what the customer owes that
 * merchant (docs/product.md#money), with an Overdue badge or when the next part is due;
 * tapping a row filters the history to it, and its View badge opens the account screen of
 * that merchant.
 */
export function MerchantList({ accounts, isPending, isError, onSelect }: MerchantListProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="my-merchants-title">
      <h3 id="my-merchants-title" className="mb-3 text-base font-semibold">
        <Trans>My Merchants</Trans>
      </h3>
      {isPending ? (
        <Spinner label={t`Loading merchants`} className="rounded-2xl bg-white py-8 dark:bg-slate-900" />
      ) : isError || !accounts ? (
        <p role="alert" className="rounded-2xl bg-white p-5 text-center text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400">
          <Trans>Merchants could not be loaded.</Trans>
        </p>
      ) : accounts.length === 0 ? (
        <div className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
          <p className="font-medium"><Trans>No merchants yet</Trans></p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            <Trans>Show your payment code to a merchant so they can give you credit.</Trans>
          </p>
        </div>
      ) : (
        <ul className="space-y-2">
          {accounts.map((account) => {
            const owed = formatWireRupees(account.owed);
            const limit = formatWireRupees(account.creditLimit);
            const merchant = account.business.businessName;
            const overdue = (parseRupees(account.overdue) ?? 0) > 0;
            const dueOn = account.nextDueOn ? formatIndiaDay(account.nextDueOn) : null;
            return (
              <li key={account.id} className="flex items-center rounded-2xl bg-white shadow-sm dark:bg-slate-900">
                <button
                  type="button"
                  onClick={() => onSelect(account)}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700 dark:bg-brand-800/30 dark:text-brand-500"
                  >
                    {account.business.businessName.trim().charAt(0).toUpperCase() || '?'}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold wrap-break-word">{account.business.businessName}</span>{' '}
                    <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500 dark:text-slate-400">
                      <span>
                        <Trans>Given Credit <span className="font-medium text-slate-800 tabular-nums dark:text-slate-200">{owed}</span></Trans>
                      </span>{' '}
                      <span>
                        <Trans>Limit <span className="font-medium text-slate-800 tabular-nums dark:text-slate-200">{limit}</span></Trans>
                      </span>
                    </span>{' '}
                    {overdue ? (
                      <span className="mt-1 block"><Badge tone="danger"><Trans>Overdue</Trans></Badge></span>
                    ) : dueOn ? (
                      <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400"><Trans>Due {dueOn}</Trans></span>
                    ) : null}
                  </span>
                </button>{' '}
                <Link
                  href={accountPath(account.businessId)}
                  aria-label={t`View ${merchant}`}
                  className="mr-2 flex h-11 shrink-0 items-center rounded-xl px-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <Badge><Trans>View</Trans></Badge>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
