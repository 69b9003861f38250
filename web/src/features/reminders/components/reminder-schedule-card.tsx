/**
 * Settings → Automatic SMS reminders (docs/product.md#automatic-reminders): every N days
 * while a customer is overdue and/or D days before a due date, at an India hour from 9 AM
 * to 8 PM, with how many of the shop's reminder SMS for today are used. Only an approved
 * shop sends any, so until then the form shows but cannot be changed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { ReminderSchedule } from '@common/api/types';
import {
  reminderBeforeDueDaysMax, reminderBeforeDueDaysMin, reminderEveryDaysMax, reminderEveryDaysMin, reminderHourMax, reminderHourMin,
} from '@common/limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useReminderSettings } from '@/features/reminders/api/get-reminder-settings';
import { useSaveReminderSettings } from '@/features/reminders/api/save-reminder-settings';
import { beforeDaysLabel, everyDaysLabel, hourLabel } from '@/features/reminders/labels';
import {
  reminderScheduleBody, reminderScheduleIssues, reminderScheduleSchema, reminderScheduleValues, wholeRange, type ReminderScheduleValues,
} from '@/features/reminders/schedule-form';

const selectClasses =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export function ReminderScheduleCard({ approved }: { approved: boolean }) {
  const settings = useReminderSettings();
  const { t } = useLingui();
  return (
    <Card className="space-y-4">
      <div>
        <h2 id="sms-reminders-heading" className="text-base font-semibold"><Trans>Automatic SMS reminders</Trans></h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>Customers get an SMS in their language with what they owe and a link to pay you back.</Trans>
        </p>
      </div>
      {settings.isPending ? (
        <Spinner label={t`Loading settings`} className="py-4" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load settings.</Trans></p>
      ) : (
        <ReminderScheduleForm saved={settings.data} approved={approved} />
      )}
    </Card>
  );
}

function ReminderScheduleForm({ saved, approved }: { saved: ReminderSchedule; approved: boolean }) {
  const save = useSaveReminderSettings();
  const { t } = useLingui();
  const { control, handleSubmit, reset } = useForm<ReminderScheduleValues>({
    resolver: zodResolver(reminderScheduleSchema),
    defaultValues: reminderScheduleValues(saved),
  });
  const [overdueOn, beforeDueOn] = useWatch({ control, name: ['overdueOn', 'beforeDueOn'] });
  const submit = (values: ReminderScheduleValues) =>
    save.mutate(reminderScheduleBody(values), {
      onSuccess: (answer) => {
        reset(reminderScheduleValues(answer));
        toast({ title: t`Reminder settings saved` });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: t`Could not save reminder settings`, description: serverMessage(error) ?? t`Please try again` });
      },
    });
  const sent = saved.sentToday;
  const limit = saved.dailyLimit;
  return (
    <form noValidate aria-labelledby="sms-reminders-heading" className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(reminderScheduleIssues()))}>
      <fieldset disabled={!approved} className="space-y-4">
        <SwitchRow id="remind-overdue" control={control} name="overdueOn" label={t`Remind overdue customers`} />
        <div>
          <Label htmlFor="remind-overdue-every"><Trans>Every</Trans></Label>
          <Controller
            control={control}
            name="overdueEveryDays"
            render={({ field }) => (
              <select id="remind-overdue-every" className={selectClasses} {...field} disabled={!overdueOn}>
                {wholeRange(reminderEveryDaysMin, reminderEveryDaysMax).map((days) => (
                  <option key={days} value={String(days)}>{everyDaysLabel(days)}</option>
                ))}
              </select>
            )}
          />
        </div>
        <SwitchRow id="remind-before-due" control={control} name="beforeDueOn" label={t`Remind before a due date`} />
        <div>
          <Label htmlFor="remind-before-due-when"><Trans>When</Trans></Label>
          <Controller
            control={control}
            name="beforeDueDays"
            render={({ field }) => (
              <select id="remind-before-due-when" className={selectClasses} {...field} disabled={!beforeDueOn}>
                {wholeRange(reminderBeforeDueDaysMin, reminderBeforeDueDaysMax).map((days) => (
                  <option key={days} value={String(days)}>{beforeDaysLabel(days)}</option>
                ))}
              </select>
            )}
          />
        </div>
        <div>
          <Label htmlFor="remind-hour"><Trans>Send at</Trans></Label>
          <Controller
            control={control}
            name="hour"
            render={({ field }) => (
              <select id="remind-hour" className={selectClasses} aria-describedby="remind-hour-note" {...field}>
                {wholeRange(reminderHourMin, reminderHourMax).map((hour) => (
                  <option key={hour} value={String(hour)}>{hourLabel(hour)}</option>
                ))}
              </select>
            )}
          />
          <p id="remind-hour-note" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            <Trans>India time. No reminder goes after 9 PM.</Trans>
          </p>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t`${sent} of ${limit} reminder SMS sent today`}</p>
        <Button type="submit" size="lg" disabled={!approved || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save reminders</Trans>}
        </Button>
      </fieldset>
      {!approved && (
        <p className="text-xs text-slate-500 dark:text-slate-400"><Trans>You can set these once your business is approved.</Trans></p>
      )}
    </form>
  );
}

interface SwitchRowProps {
  id: string;
  control: Control<ReminderScheduleValues>;
  name: 'overdueOn' | 'beforeDueOn';
  label: string;
}

/** A switch of the form, named by the words beside it. */
function SwitchRow({ id, control, name, label }: SwitchRowProps) {
  return (
    <div className="flex items-center justify-between gap-4">
      <span id={`${id}-label`} className="text-sm font-medium">{label}</span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-labelledby={`${id}-label`} />
        )}
      />
    </div>
  );
}
