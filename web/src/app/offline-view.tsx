/**
 * The last known figures a start without a server shows (app/offline-start.tsx, docs/product.md#offline):
 * what lib/offline-cache.ts kept for the session this phone is signed in to, each part with
 * the time it was read, and nothing to tap that needs the server. Loaded only then, with
 * the `app` part of the language's texts.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatRupees, paise, parseRupees } from '@common/money';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatIndiaDateTime, formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import type { CustomerOfflineView, OfflineRow, OfflineView, ShopOfflineView } from '@/lib/offline-cache';

const mutedClass = 'text-xs text-slate-500 dark:text-slate-400';
const amountClass = 'font-medium text-slate-800 tabular-nums dark:text-slate-200';

const isOwing = (amount: string) => (parseRupees(amount) ?? 0) > 0;

/** "As of 27 Nov 2025, 6:40 pm": when a part's figures were read. */
function AsOf({ at, className = mutedClass }: { at: string; className?: string }) {
  const time = formatIndiaDateTime(at);
  return (
    <p className={className}>
      <Trans>As of <time dateTime={at}>{time}</time></Trans>
    </p>
  );
}

function SectionTitle({ id, children, at }: { id: string; children: ReactNode; at: string }) {
  return (
    <div className="mb-3">
      <h2 id={id} className="text-base font-semibold">{children}</h2>
      <AsOf at={at} />
    </div>
  );
}

export function OfflineView({ view }: { view: OfflineView }) {
  return (
    <div className="w-full space-y-6 text-left">
      <div>
        <h1 className="text-xl font-bold wrap-anywhere">{view.name}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {view.kind === 'customer' ? (
            <Trans>Your last known figures. Paying and paying back are unavailable offline.</Trans>
          ) : (
            <Trans>Your shop's last known figures. Recording repayments and making QR codes are unavailable offline.</Trans>
          )}
        </p>
      </div>
      {view.kind === 'customer' ? <CustomerFigures view={view} /> : <ShopFigures view={view} />}
      {view.history && <History history={view.history} kind={view.kind} />}
    </div>
  );
}

function CustomerFigures({ view }: { view: CustomerOfflineView }) {
  const accounts = view.accounts;
  if (!accounts) return null;
  const sum = (amounts: string[]) => formatRupees(paise(amounts.reduce((total, amount) => total + (parseRupees(amount) ?? 0), 0)));
  const available = sum(accounts.items.map((account) => account.available));
  const limit = sum(accounts.items.map((account) => account.creditLimit));
  return (
    <>
      <section aria-labelledby="offline-credit-title" className="rounded-3xl bg-brand-700 p-5 text-white shadow-md">
        <h2 id="offline-credit-title" className="text-sm font-medium text-brand-100"><Trans>Available Credit</Trans></h2>
        <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums">{available}</p>
        <p className="mt-3 text-sm text-brand-100">
          <Trans>Credit Limit</Trans> <span className="font-semibold text-white tabular-nums">{limit}</span>
        </p>
        <AsOf at={accounts.readAt} className="mt-1 text-xs text-brand-100" />
      </section>
      <section aria-labelledby="offline-merchants-title">
        <SectionTitle id="offline-merchants-title" at={accounts.readAt}><Trans>My Merchants</Trans></SectionTitle>
        {accounts.items.length === 0 ? (
          <Card className="text-center font-medium"><Trans>No merchants yet</Trans></Card>
        ) : (
          <ul className="space-y-2">
            {accounts.items.map((account, index) => {
              const owed = formatWireRupees(account.owed);
              const limit = formatWireRupees(account.creditLimit);
              const dueOn = account.nextDueOn ? formatIndiaDay(account.nextDueOn) : null;
              return (
                <li key={index}>
                  <Card className="min-w-0">
                    <p className="truncate font-semibold">{account.businessName}</p>
                    <p className={`mt-0.5 flex flex-wrap gap-x-3 ${mutedClass}`}>
                      <span><Trans>Given Credit <span className={amountClass}>{owed}</span></Trans></span>{' '}
                      <span><Trans>Limit <span className={amountClass}>{limit}</span></Trans></span>
                    </p>
                    {isOwing(account.overdue) ? (
                      <p className="mt-1"><Badge tone="danger"><Trans>Overdue</Trans></Badge></p>
                    ) : dueOn ? (
                      <p className={`mt-0.5 ${mutedClass}`}><Trans>Due {dueOn}</Trans></p>
                    ) : null}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

function ShopFigures({ view }: { view: ShopOfflineView }) {
  const { t } = useLingui();
  const { toCollect, customers } = view;
  return (
    <>
      {toCollect && (
        <Card role="group" aria-label={t`To collect`}>
          <p className={`font-medium ${mutedClass}`}><Trans>To collect</Trans></p>
          <p className={`mt-1 text-lg font-bold tabular-nums ${toCollect.items.customers > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
            {formatWireRupees(toCollect.items.overdue)}
          </p>
          <p className={`font-medium ${mutedClass}`}>
            {toCollect.items.customers === 0 ? (
              <Trans>Nothing overdue</Trans>
            ) : (
              <Plural value={toCollect.items.customers} one="Overdue from # customer" other="Overdue from # customers" />
            )}
          </p>
          <AsOf at={toCollect.readAt} />
        </Card>
      )}
      {customers && (
        <section aria-labelledby="offline-customers-title">
          <SectionTitle id="offline-customers-title" at={customers.readAt}><Trans>Customers</Trans></SectionTitle>
          {customers.items.length === 0 ? (
            <Card className="text-center font-medium"><Trans>No customers yet</Trans></Card>
          ) : (
            <Card className="py-1">
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {customers.items.map((customer, index) => {
                  const dueOn = customer.nextDueOn ? formatIndiaDay(customer.nextDueOn) : null;
                  return (
                    <li key={index} className="flex items-start justify-between gap-3 py-3">
                      <div className="min-w-0">
                        <p className="truncate font-medium">{customer.customerName}</p>
                        {isOwing(customer.overdue) ? (
                          <p className="mt-1"><Badge tone="danger"><Trans>Overdue</Trans></Badge></p>
                        ) : dueOn ? (
                          <p className={mutedClass}><Trans>Due {dueOn}</Trans></p>
                        ) : null}
                      </div>
                      <dl className="shrink-0 text-right">
                        <dt className={mutedClass}><Trans>Owed</Trans></dt>
                        <dd className="font-semibold tabular-nums">{formatWireRupees(customer.owed)}</dd>
                      </dl>
                    </li>
                  );
                })}
              </ul>
            </Card>
          )}
        </section>
      )}
    </>
  );
}

function useTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    payment: t`Payment`,
    repayment: t`Repayment`,
    adjustment: t`Adjustment`,
    refund: t`Refund`,
    reversal: t`Reversal`,
  };
  return (type) => labels[type] ?? type;
}

function History({ history, kind }: { history: { readAt: string; items: OfflineRow[] }; kind: OfflineView['kind'] }) {
  const typeLabel = useTypeLabel();
  return (
    <section aria-labelledby="offline-history-title">
      <SectionTitle id="offline-history-title" at={history.readAt}>
        {kind === 'customer' ? <Trans>Transaction History</Trans> : <Trans>Recent Payments</Trans>}
      </SectionTitle>
      {history.items.length === 0 ? (
        <Card className="text-center font-medium">
          {kind === 'customer' ? <Trans>No Transactions Yet</Trans> : <Trans>No payments yet</Trans>}
        </Card>
      ) : (
        <Card className="py-1">
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {history.items.map((row) => {
              const type = typeLabel(row.type);
              return (
                <li key={row.id}>
                  <article aria-label={`${type} ${row.name}`} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{row.name}</p>
                      <p className={mutedClass}>
                        {type} · <time dateTime={row.createdAt}>{formatIndiaDateTime(row.createdAt)}</time>
                      </p>
                    </div>
                    <p className="shrink-0 font-semibold tabular-nums">{formatWireRupees(row.totalAmount)}</p>
                  </article>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}
