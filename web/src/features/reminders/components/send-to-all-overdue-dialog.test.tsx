import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReminderBatch, ReminderBatchPreview, SmsStatus } from '@common/api/types';
import { activate } from '@/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { SendToAllOverdueDialog } from './send-to-all-overdue-dialog';

const previewRoute = 'GET /api/business/reminder-batches/preview';
const createRoute = 'POST /api/business/reminder-batches';
const batchRoute = 'GET /api/business/reminder-batches/batch-1';

const ashaText = 'Ravi Stores: ₹1,500.00 is owed on your Khata account, ₹900.00 of it overdue. Next payment due 10 Feb 2025. Pay or stop these SMS: http://localhost:5000/r/AbCdEfGh12';
const vikramText = 'Ravi Stores: आपके खाते पर ₹500.00 बाकी है। http://localhost:5000/r/ZyXwVuTs98';

const preview = (change: Partial<ReminderBatchPreview> = {}): ReminderBatchPreview => ({
  count: 2,
  skipped: { optedOut: 2, excluded: 1, noPhone: 0, accountLimit: 0, shopLimit: 0 },
  dailyLimit: 200,
  sentToday: 12,
  messages: [
    { creditAccountId: 'acc-1', customerName: 'Asha Rao', language: 'en', owed: '1500.00', overdue: '900.00', text: ashaText },
    { creditAccountId: 'acc-2', customerName: 'Vikram', language: 'hi', owed: '500.00', overdue: '500.00', text: vikramText },
  ],
  ...change,
});

/** The batch with Asha's and Vikram's SMS at these statuses (and tries). */
function batch(asha: SmsStatus, vikram: SmsStatus, vikramAttempts = 1): ReminderBatch {
  const statuses = [asha, vikram];
  const count = (...wanted: SmsStatus[]) => statuses.filter((status) => wanted.includes(status)).length;
  return {
    id: 'batch-1', createdAt: '2025-02-12T05:00:00.000Z', total: 2,
    queued: count('queued', 'sending'), sent: count('sent'), delivered: count('delivered'), failed: count('failed'),
    messages: [
      { creditAccountId: 'acc-1', customerName: 'Asha Rao', status: asha, attempts: 1 },
      { creditAccountId: 'acc-2', customerName: 'Vikram', status: vikram, attempts: vikramAttempts },
    ],
  };
}

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ [previewRoute]: () => json(200, preview()), ...routes });
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const onClose = vi.fn();
  renderWithApp(<SendToAllOverdueDialog open onClose={onClose} />);
  return { calls, user, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Send reminders to all overdue customers' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Send to all overdue', () => {
  it('previews how many get an SMS, what each says, and who is left out and why', async () => {
    setup();
    const shown = await dialog();
    expect(await within(shown).findByText('2 customers will get an SMS')).toBeInTheDocument();
    expect(within(shown).getByText('Left out: 2 opted out, 1 excluded')).toBeInTheDocument();
    expect(within(shown).getByText('12 of 200 reminder SMS sent today')).toBeInTheDocument();
    const items = within(within(shown).getByRole('list', { name: 'Reminders to send' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Asha Rao', 'Vikram']);
    expect(within(items[0]!).getByText('Overdue ₹900.00')).toBeInTheDocument();
    expect(within(items[0]!).getByText(ashaText)).toBeInTheDocument();
    expect(within(items[1]!).getByText(vikramText)).toHaveAttribute('lang', 'hi');
    expect(within(shown).getByRole('button', { name: 'Send SMS' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('says one customer in the singular, and every reason someone is left out', async () => {
    setup({
      [previewRoute]: () => json(200, preview({
        count: 1, messages: preview().messages.slice(0, 1),
        skipped: { optedOut: 0, excluded: 0, noPhone: 1, accountLimit: 2, shopLimit: 3 },
      })),
    });
    const shown = await dialog();
    expect(await within(shown).findByText('1 customer will get an SMS')).toBeInTheDocument();
    expect(within(shown).getByText('Left out: 1 without a phone number, 2 already reminded 3 times today, 3 over today\'s SMS limit')).toBeInTheDocument();
  });

  it('offers nothing to send when no one can get an SMS', async () => {
    setup({ [previewRoute]: () => json(200, preview({ count: 0, messages: [], skipped: { optedOut: 3, excluded: 0, noPhone: 0, accountLimit: 0, shopLimit: 0 } })) });
    const shown = await dialog();
    expect(await within(shown).findByText('0 customers will get an SMS')).toBeInTheDocument();
    expect(within(shown).getByText('Left out: 3 opted out')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Send SMS' })).toBeDisabled();
  });

  it('sends, then follows the batch until every SMS is delivered or failed, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [batch('delivered', 'sending'), batch('delivered', 'failed', 2)];
    const { calls, user, onClose } = setup({
      [createRoute]: () => json(202, batch('queued', 'queued')),
      [batchRoute]: () => json(200, answers.shift() ?? batch('delivered', 'failed', 2)),
    });
    const shown = await dialog();
    await user.click(await within(shown).findByRole('button', { name: 'Send SMS' }));

    const bar = await within(shown).findByRole('progressbar', { name: 'Sending reminders' });
    expect(within(shown).getByText('Sent 0 of 2')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    const statuses = () => within(within(shown).getByRole('list', { name: 'Reminder statuses' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(statuses()).toEqual(['Asha RaoQueued', 'VikramQueued']);
    expect(callsTo(calls, createRoute)).toHaveLength(1);
    expect(callsTo(calls, batchRoute)).toHaveLength(0);
    await expectNoAxeViolations();

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await within(shown).findByText('Sent 1 of 2')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(statuses()).toEqual(['Asha RaoDelivered', 'VikramSending']);

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await within(shown).findByText('Sent 2 of 2')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(statuses()).toEqual(['Asha RaoDelivered', 'VikramRetriedFailed']);
    expect(callsTo(calls, batchRoute)).toHaveLength(2);

    // Nothing is queued or sending any more: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(callsTo(calls, batchRoute)).toHaveLength(2);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps asking, less often, while an SMS waits for its delivery report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = new Date().toISOString();
    const answers = [{ ...batch('delivered', 'sent'), createdAt: now }, { ...batch('delivered', 'delivered'), createdAt: now }];
    const { calls, user } = setup({
      [createRoute]: () => json(202, { ...batch('sending', 'sending'), createdAt: now }),
      [batchRoute]: () => json(200, answers.shift() ?? { ...batch('delivered', 'delivered'), createdAt: now }),
    });
    const shown = await dialog();
    await user.click(await within(shown).findByRole('button', { name: 'Send SMS' }));
    await within(shown).findByRole('progressbar', { name: 'Sending reminders' });
    const statuses = () => within(within(shown).getByRole('list', { name: 'Reminder statuses' })).getAllByRole('listitem').map((item) => item.textContent);

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await within(shown).findByText('Sent 2 of 2')).toBeInTheDocument();
    expect(statuses()).toEqual(['Asha RaoDelivered', 'VikramSent']);
    // Vikram's report has not come: the next question waits five seconds, not one and a half.
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(callsTo(calls, batchRoute)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(callsTo(calls, batchRoute)).toHaveLength(2);
    await vi.waitFor(() => expect(statuses()).toEqual(['Asha RaoDelivered', 'VikramDelivered']));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callsTo(calls, batchRoute)).toHaveLength(2);
  });

  it.each([
    [409, 'No overdue customer can be sent a reminder right now', 'nothing_to_remind', {}],
    [429, 'Your shop has sent its 200 reminder SMS for today. The rest can go tomorrow.', 'sms_daily_limit', { limit: 200 }],
  ] as const)('says the %i refusal in the server\'s words, stays on the preview and asks it again', async (status, message, key, params) => {
    const { calls, user } = setup({ [createRoute]: () => apiError(status, message, key, key, params) });
    const shown = await dialog();
    await user.click(await within(shown).findByRole('button', { name: 'Send SMS' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(message);
    expect(within(shown).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Send SMS' })).toBeInTheDocument();
    expect(callsTo(calls, previewRoute)).toHaveLength(2);
  });

  it("says the shop's daily limit in the app's language, by the refusal's key", async () => {
    await activate('hi', ['login', 'app']);
    try {
      const { user } = setup({
        [createRoute]: () => apiError(429, 'Your shop has sent its 200 reminder SMS for today. The rest can go tomorrow.', 'sms_daily_limit', 'sms_daily_limit', { limit: 200 }),
      });
      const shown = await screen.findByRole('dialog');
      // "Send SMS" in Hindi once the catalogue has it, in English until then.
      await user.click(await within(shown).findByRole('button', { name: /SMS/ }));
      expect(await within(shown).findByRole('alert')).toHaveTextContent('आपकी दुकान आज के 200 रिमाइंडर SMS भेज चुकी है। बाकी कल जा सकते हैं।');
    } finally {
      await activate('en', ['login', 'app']);
    }
  });

  it("says why the preview could not be made", async () => {
    setup({ [previewRoute]: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    const shown = await dialog();
    expect(await within(shown).findByRole('alert')).toHaveTextContent('Could not prepare the reminders. Please try again');
  });
});
