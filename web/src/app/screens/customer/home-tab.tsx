import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CustomerCreditAccount, UserView } from '@common/api/types';
import { customerTransactionsKey, customerTransactionsOptions } from '@/features/transactions/api/get-customer-transactions';
import { TransactionHistory, type MerchantFilter } from '@/features/transactions/public';
import { useCustomerCreditAccounts } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { AvailableCreditCard, MerchantList } from '@/features/credit-accounts/public';
import { LazyInvitationOffers } from '@/features/invitation-offers/public';
import { isNewAccount } from '@/features/registration/api/new-account';
import { QuickActions } from './quick-actions';
import { useReportActions } from './report-actions';

interface HomeTabProps {
  user: UserView;
  onScan: () => void;
  onShowCode: () => void;
}

/**
 * The customer's home (docs/product.md#customer-app): credit, quick actions, shops offering
 * credit (docs/product.md#invitations), merchants and history.
 */
export function HomeTab({ user, onScan, onShowCode }: HomeTabProps) {
  const queryClient = useQueryClient();
  const accounts = useCustomerCreditAccounts();
  const [filter, setFilter] = useState<MerchantFilter | null>(null);
  const reportActions = useReportActions();

  // The history shows once the merchant list above it has its final height, so the list
  // growing never pushes it down (no layout shift); its first page loads meanwhile.
  const showHistory = !accounts.isPending;
  useEffect(() => {
    void queryClient.prefetchInfiniteQuery(customerTransactionsOptions(null));
  }, [queryClient]);

  // The history starts again at 15 rows whenever the filter changes, so the
  // list being switched to is dropped from the cache and loads its first page afresh.
  const changeFilter = (next: MerchantFilter | null) => {
    queryClient.removeQueries({ queryKey: customerTransactionsKey(next?.businessId ?? null), exact: true });
    setFilter(next);
  };

  const selectMerchant = (account: CustomerCreditAccount) => {
    changeFilter({ businessId: account.businessId, businessName: account.business.businessName });
    document.getElementById('transaction-history')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="space-y-6">
      <div>
        {/* Right after registering the person is new here; every later visit is a return. */}
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {isNewAccount(user.id) ? <Trans>Welcome,</Trans> : <Trans>Welcome back,</Trans>}
        </p>
        <h2 className="text-xl font-bold">{user.name}</h2>
      </div>
      <AvailableCreditCard
        accounts={accounts.data?.creditAccounts}
        isPending={accounts.isPending}
        isError={accounts.isError}
        onRetry={() => void accounts.refetch()}
      />
      <QuickActions onScan={onScan} onShowCode={onShowCode} />
      <LazyInvitationOffers />
      <MerchantList
        accounts={accounts.data?.creditAccounts}
        isPending={accounts.isPending}
        isError={accounts.isError}
        onSelect={selectMerchant}
      />
      {showHistory && <TransactionHistory filter={filter} onClearFilter={() => changeFilter(null)} actions={reportActions} />}
    </div>
  );
}
