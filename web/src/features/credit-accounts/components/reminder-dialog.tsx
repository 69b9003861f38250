/**
 * "Send reminder": the server writes the message in the customer's language; the merchant
 * reads it here and sends it with their own WhatsApp or SMS app. A tap first records the
 * reminder (a few a day per customer, so a burst cannot flood someone) and opens the app
 * only once the server has accepted it; a refusal is said here and opens nothing. Below it,
 * the reminder SMS Khata sent this customer by itself, and the switch that leaves them out.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useReminderDraft } from '@/features/credit-accounts/api/get-reminder';
import { useRecordReminder, type ReminderChannel } from '@/features/credit-accounts/api/record-reminder';
import { daysSinceReminder, remindedLabel } from '@/features/credit-accounts/dues';
import { LazyAccountSmsReminders } from '@/features/reminders/public';

/** Whom to remind: the account and the name shown while its message loads. */
export interface ReminderTarget {
  accountId: string;
  customerName: string;
}

interface ReminderDialogProps {
  target: ReminderTarget | null;
  onClose: () => void;
}

export function ReminderDialog({ target, onClose }: ReminderDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Send reminder`}
      description={target?.customerName}
    >
      {target && (
        <div key={target.accountId}>
          <ReminderBody accountId={target.accountId} />
          <LazyAccountSmsReminders accountId={target.accountId} />
        </div>
      )}
    </Dialog>
  );
}

const sendClasses =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';
const whatsappClasses = `${sendClasses} bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900`;
const smsClasses = `${sendClasses} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/**
 * A window for the app's link, opened during the tap itself: one opened after waiting for
 * the server is blocked as a popup, and navigating this page instead would replace Khata on
 * a desktop and, after an await, may not hand off to the app on a phone. Null when the
 * browser blocks it anyway. Its opener is cut, as `noopener` would (which makes
 * `window.open` return no window to send it on with).
 */
function openBlankWindow(): Window | null {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  return opened;
}

function ReminderBody({ accountId }: { accountId: string }) {
  const draft = useReminderDraft(accountId);
  const record = useRecordReminder();
  const { t } = useLingui();
  const send = (channel: ReminderChannel, url: string) => {
    const opened = openBlankWindow();
    // The promise, not mutate's callbacks: those are dropped when the dialog closes first,
    // which would leave the blank window open, or never send the accepted reminder.
    void record.mutateAsync({ accountId, channel }).then(
      () => {
        if (!opened) window.location.assign(url);
        else if (!opened.closed) opened.location.href = url;
      },
      () => opened?.close(),
    );
  };
  if (draft.isPending) return <Spinner label={t`Writing the reminder`} className="py-6" />;
  if (draft.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {serverMessage(draft.error) ?? t`Could not prepare the reminder. Please try again`}
      </p>
    );
  }
  const { text, whatsappUrl, smsUrl, lastRemindedAt } = draft.data;
  const reminded = remindedLabel(lastRemindedAt);
  const remindedToday = daysSinceReminder(lastRemindedAt) === 0;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-500 dark:text-slate-400">{reminded ?? t`No reminder sent yet`}</p>
      <figure className="space-y-1">
        <figcaption className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400"><Trans>Message</Trans></figcaption>
        <blockquote
          aria-label={t`Message preview`}
          className="rounded-xl bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words dark:bg-slate-800/60"
        >
          {text}
        </blockquote>
      </figure>
      {remindedToday && (
        <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <Trans>You already sent a reminder today</Trans>
        </p>
      )}
      {record.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {serverMessage(record.error) ?? t`Could not record the reminder, so it was not sent. Please try again`}
        </p>
      )}
      <div className="space-y-2">
        <button type="button" className={whatsappClasses} disabled={record.isPending} aria-busy={record.isPending} onClick={() => send('whatsapp', whatsappUrl)}>
          <Trans>Send on WhatsApp</Trans>
        </button>
        <button type="button" className={smsClasses} disabled={record.isPending} aria-busy={record.isPending} onClick={() => send('sms', smsUrl)}>
          <Trans>Send as SMS</Trans>
        </button>
      </div>
    </div>
  );
}
