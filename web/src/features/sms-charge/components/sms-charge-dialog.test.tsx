import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessCreditAccount, TransactionView } from '@common/api/types';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { untouchedRow } from '@/test/ledger-rows';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { SmsChargeDialog } from './sms-charge-dialog';

const me = {
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com', address: '12 MG Road',
    status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00', description: null, rejectionReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
};

const account: BusinessCreditAccount = {
  id: 'acc-1', customerId: 'c-1', customerName: 'Asha Rao', paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210',
  creditLimit: '5000.00', currentBalance: '3725.00', owed: '1275.00', createdAt: '2025-01-01T00:00:00.000Z',
  overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en',
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const started = (expiresAt = inSeconds(300)) => json(201, {
  charge: {
    id: 'ch-1', creditAccountId: 'acc-1', customerName: 'Asha Rao', amount: '250.00', fee: '5.00', totalAmount: '255.00',
    note: 'Rice', status: 'pending', attemptsLeft: 5, expiresAt,
  },
});

const paid: TransactionView = {
  id: 't-9', type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', status: 'completed',
  createdAt: '2025-03-12T04:30:00.000Z', businessId: 'biz1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' }, customerName: 'Asha Rao',
  description: 'Rice', availableCredit: '3470.00', ...untouchedRow, bySmsCode: true,
};

const startRoute = 'POST /api/business/credit-accounts/acc-1/charges';
const confirmRoute = 'POST /api/business/charges/ch-1/confirm';

function setup(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  const calls = stubFetch({ 'GET /api/auth/me': () => json(200, me), ...routes });
  const onClose = vi.fn();
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const rendered = renderWithApp(<SmsChargeDialog account={account} onClose={onClose} />);
  rendered.client.setQueryData(['/api/transactions/business?limit=5'], { transactions: [], nextCursor: null });
  return { calls, onClose, user, ...rendered };
}

const dialog = () => screen.getByRole('dialog', { name: 'Charge by SMS code' });

/** Types the amount and note and sends the code; resolves on the code step. */
async function sendCode(user: ReturnType<typeof userEvent.setup>, amount = '250', note = 'Rice') {
  await user.type(within(dialog()).getByLabelText('Amount'), amount);
  if (note) await user.type(within(dialog()).getByLabelText('Note (optional)'), note);
  await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
  return within(dialog()).findByLabelText('Code');
}

async function confirmCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const input = within(dialog()).getByLabelText('Code');
  await user.clear(input);
  await user.type(input, code);
  await user.click(within(dialog()).getByRole('button', { name: 'Confirm payment' }));
}

afterEach(() => vi.useRealTimers());

describe('Charge by SMS code', () => {
  it("previews the fee at the shop's rate and the total before the code is sent", async () => {
    const { user } = setup({});
    const figures = within(dialog()).getByText('Available Balance').closest('dl')!;
    expect(within(figures).getByText('Available Balance').nextSibling).toHaveTextContent('₹3,725.00');
    await user.type(within(dialog()).getByLabelText('Amount'), '250');
    await waitFor(() => expect(within(figures).getByText('Transaction Fee (2.00%)').nextSibling).toHaveTextContent('₹5.00'));
    expect(within(figures).getByText('Amount').nextSibling).toHaveTextContent('₹250.00');
    expect(within(figures).getByText('Total').nextSibling).toHaveTextContent('₹255.00');
  });

  it.each(['', '0', '-5', '12.345'])('refuses the amount "%s" before sending anything', async (amount) => {
    const { user, calls } = setup({});
    if (amount) await user.type(within(dialog()).getByLabelText('Amount'), amount);
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    await expectToast('Invalid Amount', 'Please enter a valid amount greater than 0');
    expect(callsTo(calls, startRoute)).toHaveLength(0);
  });

  it('sends the code, then takes the payment with the code the customer gives, with an Idempotency-Key', async () => {
    const { user, calls, onClose, client } = setup({
      [startRoute]: () => started(),
      [confirmRoute]: () => json(201, { transaction: paid, creditAccount: { ...account, currentBalance: '3470.00' } }),
    });
    await sendCode(user);
    expect(callsTo(calls, startRoute)[0]!.body).toEqual({ amount: '250.00', note: 'Rice' });
    expect(within(dialog()).getByText('Ask Asha Rao for the code sent to their phone')).toBeInTheDocument();
    expect(within(dialog()).getByText('₹250.00 + ₹5.00 fee = ₹255.00')).toBeInTheDocument();
    expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^Code expires in [45]:\d\d$/);
    await confirmCode(user, '123456');
    await expectToast('Payment received', '₹250.00 from Asha Rao');
    const [confirm] = callsTo(calls, confirmRoute);
    expect(confirm!.body).toEqual({ code: '123456' });
    expect(confirm!.headers.get('Idempotency-Key')).toMatch(/^[\da-f-]{32,36}$/);
    expect(onClose).toHaveBeenCalled();
    expect(client.getQueryState(['/api/transactions/business?limit=5'])?.isInvalidated).toBe(true);
  });

  it('leaves the note out when none is typed', async () => {
    const { user, calls } = setup({ [startRoute]: () => started() });
    await sendCode(user, '99.5', '');
    expect(callsTo(calls, startRoute)[0]!.body).toEqual({ amount: '99.50' });
  });

  it('says a wrong code with the attempts left, sends the same code again with the same key and a new code with a new one', async () => {
    let attemptsLeft = 5;
    const { user, calls } = setup({
      [startRoute]: () => started(),
      [confirmRoute]: () => {
        attemptsLeft -= 1;
        return apiError(400, `Incorrect code. ${attemptsLeft} attempts left.`, 'sms_code_incorrect', 'sms_code_incorrect', { attemptsLeft });
      },
    });
    await sendCode(user);
    await confirmCode(user, '111111');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Incorrect code. 4 attempts left.');
    await confirmCode(user, '111111');
    await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Incorrect code. 3 attempts left.'));
    await confirmCode(user, '222222');
    await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Incorrect code. 2 attempts left.'));
    const keys = callsTo(calls, confirmRoute).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    // A wrong code can be tried again: Confirm payment stays.
    expect(within(dialog()).getByRole('button', { name: 'Confirm payment' })).toBeInTheDocument();
  });

  it.each([
    [422, 'sms_code_void', 'Too many wrong codes. Send a new one.'],
    [422, 'sms_code_expired', 'This code has expired. Send a new one.'],
  ])('after a %i %s it says so and offers a new code, the amount kept', async (status, key, message) => {
    const { user, calls } = setup({ [startRoute]: () => started(), [confirmRoute]: () => apiError(status, message, key, key) });
    await sendCode(user);
    await confirmCode(user, '123456');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog()).queryByRole('button', { name: 'Confirm payment' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Send a new code' }));
    expect(within(dialog()).getByLabelText('Amount')).toHaveValue(250);
    expect(within(dialog()).getByLabelText('Note (optional)')).toHaveValue('Rice');
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    await within(dialog()).findByLabelText('Code');
    expect(callsTo(calls, startRoute)).toHaveLength(2);
  });

  it('says a code already used and offers no new one: that payment is made, and the ledger is refetched', async () => {
    const { user, onClose, client } = setup({
      [startRoute]: () => started(),
      [confirmRoute]: () => apiError(409, 'This code has already been used', 'sms_code_used', 'sms_code_used'),
    });
    await sendCode(user);
    await confirmCode(user, '123456');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('This code has already been used');
    expect(within(dialog()).queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    expect(client.getQueryState(['/api/transactions/business?limit=5'])?.isInvalidated).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  describe('after an answer that never came', () => {
    /**
     * The server as it is: the right code (123456) pays once, answered again to its own
     * Idempotency-Key; the charge used, any other try is refused. The first answer is lost
     * on the way back when `loseFirst` says so.
     */
    function chargeServer(loseFirst: () => Promise<Response>) {
      let paidKey: string | null = null;
      let tries = 0;
      return (call: RecordedCall) => {
        tries += 1;
        const key = call.headers.get('Idempotency-Key');
        const body = json(201, { transaction: paid, creditAccount: { ...account, currentBalance: '3470.00' } });
        if (paidKey !== null) {
          return key === paidKey ? body : apiError(409, 'This code has already been used', 'sms_code_used', 'sms_code_used');
        }
        if ((call.body as { code: string }).code !== '123456') {
          return apiError(400, 'Incorrect code. 4 attempts left.', 'sms_code_incorrect', 'sms_code_incorrect', { attemptsLeft: 4 });
        }
        paidKey = key;
        return tries === 1 ? loseFirst() : body;
      };
    }

    const losses: [string, () => Promise<Response>][] = [
      ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
      ["a proxy's 504", () => Promise.resolve(new Response('', { status: 504, statusText: 'Gateway Timeout' }))],
      ["the server's 503", () => Promise.resolve(apiError(503, 'Khata is briefly unavailable. Please try again in a moment.', 'database_unavailable'))],
    ];

    it.each(losses)('after %s, the same code again is answered with its payment, not paid twice', async (_, lose) => {
      const { user, calls, onClose } = setup({ [startRoute]: () => started(), [confirmRoute]: chargeServer(lose) });
      await sendCode(user);
      await confirmCode(user, '123456');
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(/Please try again/);
      await confirmCode(user, '123456');
      await expectToast('Payment received', '₹250.00 from Asha Rao');
      const keys = callsTo(calls, confirmRoute).map((call) => call.headers.get('Idempotency-Key'));
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(onClose).toHaveBeenCalled();
    });

    it.each(losses)('after %s, a code typed differently finds the charge used: the lost try paid, and it says so', async (_, lose) => {
      const { user, calls, onClose, client } = setup({ [startRoute]: () => started(), [confirmRoute]: chargeServer(lose) });
      await sendCode(user);
      await confirmCode(user, '123456');
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(/Please try again/);
      await confirmCode(user, '123465');
      await expectToast('Payment received', '₹250.00 from Asha Rao');
      expect(onClose).toHaveBeenCalled();
      expect(screen.queryByText('This code has already been used')).not.toBeInTheDocument();
      const keys = callsTo(calls, confirmRoute).map((call) => call.headers.get('Idempotency-Key'));
      expect(keys[1]).not.toBe(keys[0]);
      expect(client.getQueryState(['/api/transactions/business?limit=5'])?.isInvalidated).toBe(true);
    });

    it('the same key refused as used did not pay: another request did, so the refusal is shown', async () => {
      let tries = 0;
      const { user, onClose, client } = setup({
        [startRoute]: () => started(),
        [confirmRoute]: () => {
          tries += 1;
          return tries === 1
            ? Promise.reject(new TypeError('Failed to fetch'))
            : apiError(409, 'This code has already been used', 'sms_code_used', 'sms_code_used');
        },
      });
      await sendCode(user);
      await confirmCode(user, '123456');
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Please try again');
      await confirmCode(user, '123456');
      await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('This code has already been used'));
      expect(onClose).not.toHaveBeenCalled();
      expect(client.getQueryState(['/api/transactions/business?limit=5'])?.isInvalidated).toBe(true);
    });
  });

  it('counts the code down and, once it has run out, asks for a new one instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = setup({ [startRoute]: () => started(inSeconds(65)) });
    await sendCode(user);
    expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^Code expires in 1:0[45]$/);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^Code expires in 0:5[45]$/);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('This code has expired. Send a new one.');
    expect(within(dialog()).queryByRole('button', { name: 'Confirm payment' })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    expect(callsTo(calls, confirmRoute)).toHaveLength(0);
  });

  it.each([
    [409, 'sms_approval_off', 'Asha Rao has not turned on approval by SMS code', { customerName: 'Asha Rao' }],
    [422, 'insufficient_credit', 'Insufficient balance. You need ₹10.00 more.', { shortfall: '₹10.00' }],
    [429, 'sms_codes_limit', 'This number has been sent 5 codes in the last hour. Try again later.', { limit: 5 }],
  ])('says the refusal %i %s and stays on the amount', async (status, key, message, params) => {
    const { user } = setup({ [startRoute]: () => apiError(status, message, key, key, params) });
    await user.type(within(dialog()).getByLabelText('Amount'), '250');
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog()).queryByLabelText('Code')).not.toBeInTheDocument();
  });
});
