/** The customer app's header (docs/product.md#customer-app): the name, and Refresh for the accounts and history. */
import { useLingui } from '@lingui/react/macro';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshIcon } from '@/components/ui/icons';
import { customerCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { customerTransactionsQueryKey } from '@/features/transactions/api/get-customer-transactions';

export function CustomerHeader() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const refreshing =
    useIsFetching({ queryKey: customerCreditAccountsQueryKey }) +
      useIsFetching({ queryKey: customerTransactionsQueryKey }) >
    0;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: customerCreditAccountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: customerTransactionsQueryKey });
  };
  return (
    <header className="sticky top-0 z-10 flex h-14 items-center border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <span aria-hidden="true" className="mr-2 flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 font-bold text-white">
        ₹
      </span>
      <h1 className="text-lg font-bold">Khata</h1>
      <button
        type="button"
        aria-label={t`Refresh`}
        aria-busy={refreshing}
        onClick={refresh}
        className="-mr-2 ml-auto flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <RefreshIcon className={`h-5 w-5 ${refreshing ? 'animate-spin' : ''}`} />
      </button>
    </header>
  );
}
