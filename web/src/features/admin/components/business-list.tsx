import { Trans, useLingui } from '@lingui/react/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminBusiness } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { BusinessPage } from '@/features/admin/api/admin-queries';
import { EmptyState, LoadError } from './load-error';

interface BusinessListProps {
  query: UseInfiniteQueryResult<InfiniteData<BusinessPage>>;
  /** Names the list for people using a screen reader, e.g. "Pending applications". */
  label: string;
  emptyText: string;
  renderItem: (business: AdminBusiness) => ReactNode;
}

/** A keyset-paged list of businesses with loading, error, empty and "Load more" states. */
export function BusinessList({ query, label, emptyText, renderItem }: BusinessListProps) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner className="py-10" />;
  if (query.isError && !query.data) {
    const listName = label.toLowerCase();
    return <LoadError message={t`Could not load ${listName}.`} onRetry={() => void query.refetch()} />;
  }
  const businesses = query.data.pages.flatMap((page) => page.businesses);
  if (businesses.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <div className="space-y-3">
      <ul aria-label={label} className="space-y-3">
        {businesses.map((business) => (
          <li key={business.id}>{renderItem(business)}</li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          <Trans>Could not load more. Please try again.</Trans>
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="w-full"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
        </Button>
      )}
    </div>
  );
}
