/**
 * Reminders as the merchant's screens show them: the Settings card, "Send to all overdue" and
 * a customer's reminder SMS, each downloading on first use (the dialog also on a hover or
 * focus of its button), so neither the merchant's first screen nor the chunks it shares with
 * the customer's app carry their code.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Card } from '@/components/ui/card';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { Spinner } from '@/components/ui/spinner';
import { withAllTexts } from '@/i18n/home-texts';

const loadSendToAllOverdueDialog = () => import('./send-to-all-overdue-dialog');
const loadAccountSmsReminders = () => import('./account-sms-reminders');
const loadReminderScheduleCard = () => import('./reminder-schedule-card');

/** Starts the download of "Send to all overdue" early, where a tap is likely next. */
export const preloadSendToAllOverdue = () => void loadSendToAllOverdueDialog().catch(() => {});

const SendToAllOverdueDialog = lazy(withAllTexts(() => loadSendToAllOverdueDialog().then((m) => ({ default: m.SendToAllOverdueDialog }))));
const AccountSmsReminders = lazy(withAllTexts(() => loadAccountSmsReminders().then((m) => ({ default: m.AccountSmsReminders }))));
const ReminderScheduleCard = lazy(withAllTexts(() => loadReminderScheduleCard().then((m) => ({ default: m.ReminderScheduleCard }))));

/** Settings → Automatic SMS reminders; a card with a spinner while its code arrives. */
export function LazyReminderScheduleCard({ approved }: { approved: boolean }) {
  return (
    <Suspense fallback={<CardLoading />}>
      <ReminderScheduleCard approved={approved} />
    </Suspense>
  );
}

function CardLoading() {
  const { t } = useLingui();
  return (
    <Card>
      <Spinner label={t`Loading settings`} className="py-4" />
    </Card>
  );
}

/** "Send to all overdue": nothing until first opened, then kept mounted, so reopening is instant. */
export function LazySendToAllOverdueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={open ? <LoadingSheet /> : null}>
      <SendToAllOverdueDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

/** One customer's reminder SMS and exclusion switch, shown once its code has arrived. */
export function LazyAccountSmsReminders({ accountId }: { accountId: string }) {
  return (
    <Suspense fallback={null}>
      <AccountSmsReminders accountId={accountId} />
    </Suspense>
  );
}
