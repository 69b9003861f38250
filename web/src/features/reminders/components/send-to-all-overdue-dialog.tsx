/**
 * "Send to all overdue" (docs/product.md#automatic-reminders): first what would go (how many
 * customers, each one's overdue amount and SMS text in their language, and who is left out
 * and why), then, once the merchant says "Send SMS", the server queues the batch and sends it
 * in the background while this dialog follows it every reminderBatchPollMs until no SMS is
 * queued or sending, with each customer's delivery status. A refusal (no one to remind, the
 * shop's daily limit) is said here in the server's words.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReminderBatch, ReminderBatchPreview } from '@common/api/types';
import { smsReminderAttemptsMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { useCreateReminderBatch } from '@/features/reminders/api/create-reminder-batch';
import { batchPendingCount, useReminderBatch } from '@/features/reminders/api/get-reminder-batch';
import { useReminderBatchPreview } from '@/features/reminders/api/get-reminder-batch-preview';
import { leftOutLabel } from '@/features/reminders/labels';
import { SmsStatusBadge } from './sms-status-badge';

interface SendToAllOverdueDialogProps {
  open: boolean;
  onClose: () => void;
}

export function SendToAllOverdueDialog({ open, onClose }: SendToAllOverdueDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t`Send reminders to all overdue customers`}>
      {open && <SendToAllBody onDone={onClose} />}
    </Dialog>
  );
}

/** The preview until a batch is made, then its progress; each opening starts again at the preview. */
function SendToAllBody({ onDone }: { onDone: () => void }) {
  const [batchId, setBatchId] = useState<string | null>(null);
  return batchId === null ? <BatchPreview onSent={setBatchId} /> : <BatchProgress batchId={batchId} onDone={onDone} />;
}

function BatchPreview({ onSent }: { onSent: (batchId: string) => void }) {
  const preview = useReminderBatchPreview();
  const create = useCreateReminderBatch();
  const { t } = useLingui();
  if (preview.isPending) return <Spinner label={t`Writing the reminders`} className="py-6" />;
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {serverMessage(preview.error) ?? t`Could not prepare the reminders. Please try again`}
      </p>
    );
  }
  const send = () =>
    create.mutate(undefined, {
      onSuccess: (batch) => onSent(batch.id),
      // Whatever refused it (someone paid, the day's SMS ran out), the preview is stale too.
      onError: () => void preview.refetch(),
    });
  return (
    <div className="space-y-4">
      <PreviewSummary preview={preview.data} />
      <PreviewList messages={preview.data.messages} />
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {serverMessage(create.error) ?? t`Could not send the reminders. Please try again`}
        </p>
      )}
      <Button size="lg" disabled={preview.data.count === 0 || create.isPending} aria-busy={create.isPending} onClick={send}>
        <Trans>Send SMS</Trans>
      </Button>
    </div>
  );
}

function PreviewSummary({ preview }: { preview: ReminderBatchPreview }) {
  const { t } = useLingui();
  const { count, skipped } = preview;
  const leftOut = leftOutLabel(skipped);
  const sent = preview.sentToday;
  const limit = preview.dailyLimit;
  return (
    <div className="space-y-1">
      <p className="font-semibold"><Plural value={count} one="# customer will get an SMS" other="# customers will get an SMS" /></p>
      {leftOut && <p className="text-sm text-slate-600 dark:text-slate-300">{leftOut}</p>}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t`${sent} of ${limit} reminder SMS sent today`}</p>
    </div>
  );
}

function PreviewList({ messages }: { messages: ReminderBatchPreview['messages'] }) {
  const { t } = useLingui();
  if (messages.length === 0) return null;
  return (
    // Focusable, so a keyboard can scroll a list taller than the phone's screen.
    <ul tabIndex={0} aria-label={t`Reminders to send`} className="max-h-[45dvh] space-y-3 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2">
      {messages.map((message) => {
        const overdue = formatWireRupees(message.overdue);
        return (
          <li key={message.creditAccountId} className="space-y-1 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="min-w-0 truncate font-medium">{message.customerName}</h3>
              <p className="shrink-0 text-sm font-semibold text-red-700 tabular-nums dark:text-red-400">{t`Overdue ${overdue}`}</p>
            </div>
            <blockquote lang={message.language} className="text-sm whitespace-pre-wrap break-words text-slate-600 dark:text-slate-300">
              {message.text}
            </blockquote>
          </li>
        );
      })}
    </ul>
  );
}

function BatchProgress({ batchId, onDone }: { batchId: string; onDone: () => void }) {
  const batch = useReminderBatch(batchId);
  if (!batch.data) return <Spinner className="py-6" />;
  return (
    <div className="space-y-4">
      <ProgressBar batch={batch.data} />
      <StatusList messages={batch.data.messages} />
      <Button size="lg" onClick={onDone}><Trans>Done</Trans></Button>
    </div>
  );
}

/** How many of the batch's SMS have left us (sent, delivered or failed) out of all of them. */
function ProgressBar({ batch }: { batch: ReminderBatch }) {
  const { t } = useLingui();
  const total = batch.total;
  const done = Math.max(0, total - Math.max(batch.queued, batchPendingCount(batch)));
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const progress = t`Sent ${done} of ${total}`;
  return (
    <div className="space-y-2">
      <p aria-live="polite" className="font-semibold tabular-nums">{progress}</p>
      <div
        role="progressbar"
        aria-label={t`Sending reminders`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function StatusList({ messages }: { messages: ReminderBatch['messages'] }) {
  const { t } = useLingui();
  return (
    <ul tabIndex={0} aria-label={t`Reminder statuses`} className="max-h-[45dvh] rounded focus-visible:outline-2 focus-visible:outline-offset-2 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
      {messages.map((message) => (
        <li key={message.creditAccountId} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0 truncate text-sm font-medium">{message.customerName}</span>
          <span className="flex shrink-0 items-center gap-2">
            {message.attempts >= smsReminderAttemptsMax && (
              <span className="text-xs text-slate-500 dark:text-slate-400"><Trans>Retried</Trans></span>
            )}
            <SmsStatusBadge status={message.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}
