/**
 * "SMS reminders from this shop" on the customer's account screen: the customer stops the
 * shop's reminder SMS here or turns them back on (docs/product.md#automatic-reminders).
 * Reminder SMS come from sender ids that take no replies, so this and the link in each SMS
 * are the ways to stop them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { CustomerCreditAccount } from '@common/api/types';
import { Switch } from '@/components/ui/switch';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useSetReminderOptOut } from '../api/set-reminder-opt-out';

export function ReminderOptOutSwitch({ account }: { account: CustomerCreditAccount }) {
  const { t } = useLingui();
  const id = useId();
  const setOptOut = useSetReminderOptOut();
  // While the change is on its way the switch shows what was asked.
  const optedOut = setOptOut.isPending ? setOptOut.variables.optedOut : account.remindersOptedOut;
  // Not disabled while sending, so keyboard focus stays on it: a tap while it is sent does nothing.
  const change = (on: boolean) => {
    if (setOptOut.isPending) return;
    setOptOut.mutate({ accountId: account.id, optedOut: !on }, {
      onSuccess: (answer) => toast({ title: answer.optedOut ? t`Reminder SMS stopped` : t`Reminder SMS on` }),
      onError: (error) => toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? t`Please try again` }),
    });
  };
  return (
    <section aria-labelledby={`${id}-label`} className="flex items-center justify-between gap-4 rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <div>
        <h2 id={`${id}-label`} className="text-base font-semibold"><Trans>SMS reminders from this shop</Trans></h2>
        <p id={`${id}-note`} className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>Get an SMS when a payment is due or overdue.</Trans>
        </p>
      </div>
      <Switch
        checked={!optedOut}
        aria-busy={setOptOut.isPending}
        onCheckedChange={change}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-note`}
      />
    </section>
  );
}
