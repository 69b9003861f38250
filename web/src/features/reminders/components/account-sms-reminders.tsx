/**
 * A customer's reminder SMS as the merchant sees them (docs/product.md#automatic-reminders):
 * each one's kind, time and delivery status (a failure is tried once more, and says so),
 * the switch that leaves the customer out of automatic and "Send to all overdue" reminders,
 * and a note when the customer has stopped them from their side.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SmsReminder } from '@common/api/types';
import { smsReminderAttemptsMax } from '@common/limits';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast-store';
import { useAccountSmsReminders } from '@/features/reminders/api/get-account-sms-reminders';
import { useSetReminderExclusion } from '@/features/reminders/api/set-reminder-exclusion';
import { smsKindLabel } from '@/features/reminders/labels';
import { SmsStatusBadge } from './sms-status-badge';

export function AccountSmsReminders({ accountId }: { accountId: string }) {
  const reminders = useAccountSmsReminders(accountId);
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id={headingId} className="text-base font-semibold"><Trans>Reminder SMS</Trans></h3>
      {reminders.isPending ? (
        <Spinner label={t`Loading reminder SMS`} className="py-4" />
      ) : reminders.isError ? (
        // Not an alert: the reminder above it still works, and its refusals are the alerts here.
        <p className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load reminder SMS.</Trans></p>
      ) : (
        <>
          {reminders.data.optedOut && (
            <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
              <Trans>This customer has stopped reminder SMS</Trans>
            </p>
          )}
          <ExclusionSwitch accountId={accountId} excluded={reminders.data.excluded} />
          <SmsList messages={reminders.data.messages} />
        </>
      )}
    </section>
  );
}

function ExclusionSwitch({ accountId, excluded }: { accountId: string; excluded: boolean }) {
  const exclusion = useSetReminderExclusion();
  const { t } = useLingui();
  const labelId = useId();
  // Not disabled while saving, so keyboard focus stays on the switch; a tap meanwhile does nothing.
  const change = (next: boolean) => !exclusion.isPending &&
    exclusion.mutate({ accountId, excluded: next }, {
      onError: (error) => toast({
        variant: 'destructive', title: t`Could not change reminders for this customer`, description: serverMessage(error) ?? t`Please try again`,
      }),
    });
  return (
    <div className="flex items-center justify-between gap-4">
      <span id={labelId} className="text-sm font-medium"><Trans>Leave out of automatic reminders</Trans></span>
      <Switch
        checked={excluded}
        aria-busy={exclusion.isPending}
        onCheckedChange={change}
        aria-labelledby={labelId}
      />
    </div>
  );
}

function SmsList({ messages }: { messages: SmsReminder[] }) {
  const { t } = useLingui();
  if (messages.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>No reminder SMS yet</Trans></p>;
  }
  return (
    <ul aria-label={t`Reminder SMS sent`} className="divide-y divide-slate-100 dark:divide-slate-800">
      {messages.map((message) => (
        <li key={message.id} className="flex items-start justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="text-sm font-medium">{smsKindLabel(message.kind)}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={message.createdAt}>{formatIndiaDateTime(message.createdAt)}</time>
              {message.attempts >= smsReminderAttemptsMax && <> · <span><Trans>Retried</Trans></span></>}
            </p>
            {/* Why it failed, in the vendor's (or Khata's) own words. */}
            {message.status === 'failed' && message.error && (
              <p className="text-xs break-words text-red-700 dark:text-red-400">{message.error}</p>
            )}
          </div>
          <SmsStatusBadge status={message.status} />
        </li>
      ))}
    </ul>
  );
}
