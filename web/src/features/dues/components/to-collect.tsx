/**
 * What the merchant has to collect (docs/product.md#dues-and-reminders): a card with the amount overdue and over how
 * many customers, beside the other four figures, and the customers by amount overdue, each with
 * "Send reminder", and "Send to all overdue" by SMS at once. Both read one answer
 * (GET /api/business/to-collect).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ToCollectAccount } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { ReminderDialog, remindedLabel, type ReminderTarget } from '@/features/credit-accounts/public';
import { useToCollect } from '@/features/dues/api/get-to-collect';
import { LazySendToAllOverdueDialog, preloadSendToAllOverdue } from '@/features/reminders/public';

export function ToCollectCard() {
  const toCollect = useToCollect();
  const { t } = useLingui();
  const data = toCollect.data;
  return (
    <Card role="group" aria-label={t`To collect`} className="min-w-0 p-3">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400"><Trans>To collect</Trans></p>
      <p className={`mt-1 truncate text-lg font-bold tabular-nums ${data && data.customers > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
        {data ? formatWireRupees(data.overdue) : toCollect.isError ? '—' : '…'}
      </p>
      {/* The line is there from the first paint, so the figures' arrival moves nothing below. */}
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
        {!data ? '\u00a0' : data.customers === 0 ? (
          <Trans>Nothing overdue</Trans>
        ) : (
          <Plural value={data.customers} one="Overdue from # customer" other="Overdue from # customers" />
        )}
      </p>
    </Card>
  );
}

/**
 * The overdue customers, shown only when there are some (the To collect card above already
 * says "Nothing overdue"), so an empty list neither paints nor shifts the dashboard.
 */
export function OverdueCustomers() {
  const toCollect = useToCollect();
  const [reminding, setReminding] = useState<ReminderTarget | null>(null);
  const [sendingToAll, setSendingToAll] = useState(false);
  if (toCollect.isPending || (toCollect.isSuccess && toCollect.data.accounts.length === 0)) return null;
  return (
    <section aria-labelledby="overdue-customers-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="overdue-customers-heading" className="text-base font-semibold">
          <Trans>Overdue customers</Trans>
        </h2>
        {toCollect.isSuccess && (
          <Button
            variant="secondary"
            className="h-9 px-3 text-xs"
            onPointerEnter={preloadSendToAllOverdue}
            onFocus={preloadSendToAllOverdue}
            onClick={() => setSendingToAll(true)}
          >
            <Trans>Send to all overdue</Trans>
          </Button>
        )}
      </div>
      {toCollect.isError ? (
        <Card className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load overdue customers.</Trans></Card>
      ) : (
        <Card className="py-1">
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {toCollect.data.accounts.map((account) => (
              <li key={account.creditAccountId}>
                <OverdueRow
                  account={account}
                  onRemind={() => setReminding({ accountId: account.creditAccountId, customerName: account.customerName })}
                />
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ReminderDialog target={reminding} onClose={() => setReminding(null)} />
      <LazySendToAllOverdueDialog open={sendingToAll} onClose={() => setSendingToAll(false)} />
    </section>
  );
}

function OverdueRow({ account, onRemind }: { account: ToCollectAccount; onRemind: () => void }) {
  const { t } = useLingui();
  const overdue = formatWireRupees(account.overdue);
  const owed = formatWireRupees(account.owed);
  const due = formatIndiaDay(account.nextDueOn);
  const reminded = remindedLabel(account.lastRemindedAt);
  return (
    <div className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <h3 className="truncate font-medium">{account.customerName}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t`Owes ${owed} · due ${due}`}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{reminded ?? t`Not reminded yet`}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <p className="font-semibold text-red-700 tabular-nums dark:text-red-400">{t`Overdue ${overdue}`}</p>
        <Button variant="secondary" className="h-9 px-3 text-xs" onClick={onRemind}>
          <Trans>Send reminder</Trans>
        </Button>
      </div>
    </div>
  );
}
