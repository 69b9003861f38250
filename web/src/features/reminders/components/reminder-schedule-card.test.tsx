import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReminderSchedule } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { ReminderScheduleCard } from './reminder-schedule-card';

const settingsRoute = 'GET /api/business/reminder-settings';
const saveRoute = 'POST /api/business/reminder-settings';

const off: ReminderSchedule = { overdueEveryDays: null, beforeDueDays: null, hour: 10, dailyLimit: 200, sentToday: 0 };

function setup(saved: ReminderSchedule = off, { approved = true, answer }: { approved?: boolean; answer?: (body: unknown) => Response } = {}) {
  const calls = stubFetch({
    [settingsRoute]: () => json(200, saved),
    [saveRoute]: (call) => (answer ? answer(call.body) : json(200, { ...saved, ...(call.body as object) })),
  });
  const user = userEvent.setup();
  renderWithApp(<ReminderScheduleCard approved={approved} />);
  return { calls, user };
}

const overdueSwitch = () => screen.findByRole('switch', { name: 'Remind overdue customers' });
const beforeSwitch = () => screen.getByRole('switch', { name: 'Remind before a due date' });

describe('Settings → Automatic SMS reminders', () => {
  it('shows a saved schedule, its choices and how many SMS went today', async () => {
    setup({ overdueEveryDays: 3, beforeDueDays: 1, hour: 18, dailyLimit: 200, sentToday: 12 });
    expect(screen.getByRole('heading', { name: 'Automatic SMS reminders' })).toBeInTheDocument();
    expect(await overdueSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(beforeSwitch()).toHaveAttribute('aria-checked', 'true');
    const every = screen.getByRole('combobox', { name: 'Every' });
    expect(every).toHaveDisplayValue('Every 3 days');
    expect([...(every as HTMLSelectElement).options].map((option) => option.text).slice(0, 3)).toEqual(['Every day', 'Every 2 days', 'Every 3 days']);
    expect((every as HTMLSelectElement).options).toHaveLength(30);
    const when = screen.getByRole('combobox', { name: 'When' });
    expect(when).toHaveDisplayValue('1 day before');
    expect([...(when as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'On the due date', '1 day before', '2 days before', '3 days before', '4 days before', '5 days before', '6 days before', '7 days before',
    ]);
    const sendAt = screen.getByRole('combobox', { name: 'Send at' });
    expect(sendAt).toHaveDisplayValue('6:00 PM');
    const hours = [...(sendAt as HTMLSelectElement).options].map((option) => option.text);
    expect(hours[0]).toBe('9:00 AM');
    expect(hours).toContain('12:00 PM');
    expect(hours.at(-1)).toBe('8:00 PM');
    expect(hours).toHaveLength(12);
    expect(screen.getByText('12 of 200 reminder SMS sent today')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('turns reminders on and saves the schedule, then says so', async () => {
    const { calls, user } = setup();
    await user.click(await overdueSwitch());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Every' }), 'Every 2 days');
    await user.click(beforeSwitch());
    await user.selectOptions(screen.getByRole('combobox', { name: 'When' }), 'On the due date');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send at' }), '9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Reminder settings saved');
    expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([{ overdueEveryDays: 2, beforeDueDays: 0, hour: 9 }]);
  });

  it('sends null for a part switched off, and its choice cannot be changed while off', async () => {
    const { calls, user } = setup({ overdueEveryDays: 7, beforeDueDays: 2, hour: 20, dailyLimit: 200, sentToday: 0 });
    await user.click(await overdueSwitch());
    expect(screen.getByRole('combobox', { name: 'Every' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'When' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Reminder settings saved');
    expect(callsTo(calls, saveRoute)[0]!.body).toEqual({ overdueEveryDays: null, beforeDueDays: 2, hour: 20 });
  });

  it('refuses an hour outside 9 AM to 8 PM with its message, and saves once one is chosen', async () => {
    // A schedule kept from before the hours were narrowed: the select offers no such hour.
    const { calls, user } = setup({ overdueEveryDays: 1, beforeDueDays: null, hour: 22, dailyLimit: 200, sentToday: 0 });
    await overdueSwitch();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Invalid reminder settings', 'Choose an hour from 9 AM to 8 PM');
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send at' }), '7:00 PM');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Reminder settings saved');
    expect(callsTo(calls, saveRoute).map((call) => call.body)).toEqual([{ overdueEveryDays: 1, beforeDueDays: null, hour: 19 }]);
  });

  it("shows the server's refusal by its message and keeps the form", async () => {
    const { user } = setup(off, {
      answer: () => apiError(400, 'Overdue reminders go every 1 to 30 days', 'invalid_input', 'reminder_every_days_range'),
    });
    await user.click(await overdueSwitch());
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await expectToast('Could not save reminder settings', 'Overdue reminders go every 1 to 30 days');
    expect(screen.getByRole('switch', { name: 'Remind overdue customers' })).toHaveAttribute('aria-checked', 'true');
  });

  it('cannot be changed until the business is approved, and says why', async () => {
    const { calls, user } = setup(off, { approved: false });
    const toggle = await overdueSwitch();
    expect(toggle).toBeDisabled();
    expect(beforeSwitch()).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Send at' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save reminders' })).toBeDisabled();
    expect(screen.getByText('You can set these once your business is approved.')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(callsTo(calls, settingsRoute)).toHaveLength(1));
    expect(callsTo(calls, saveRoute)).toHaveLength(0);
  });

  it('says so when the settings cannot be loaded', async () => {
    stubFetch({ [settingsRoute]: () => apiError(500, 'Internal Server Error', 'internal') });
    renderWithApp(<ReminderScheduleCard approved />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load settings.');
  });
});
