import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrValidation, TransactionView } from '@common/api/types';
import { feeFor, formatRupees, parsePercent, parseRupees } from '@common/money';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { untouchedRow } from '@/test/ledger-rows';
import { expectToast } from '@/test/toast';
import { ScanQrOverlay } from './scan-qr-overlay';

// The camera is replaced by a button that "reads" a code.
// Like the real scanner, it passes over the code it is told to ignore.
vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: ({ onDetected, ignoreText }: { onDetected: (text: string) => void; ignoreText?: string }) => (
    <button type="button" onClick={() => scannedCode !== ignoreText && onDetected(scannedCode)}>
      Simulate scan
    </button>
  ),
}));

const scannedCode = 'https://khata.example/pay/AbCdEfGhIjKlMnOpQrStUv';

const staticCode: QrValidation = {
  qrCode: { isDynamic: false, description: 'Counter 2' },
  business: { id: 'b1', name: 'Kumar Kirana', feePercent: '2.50' },
  creditAccount: { currentBalance: '1000.00' },
};

const dynamicCode: QrValidation = {
  qrCode: { isDynamic: true, description: null },
  business: { id: 'b1', name: 'Kumar Kirana', feePercent: '2.00' },
  payment: { amount: '1250.00', fee: '25.00' },
  creditAccount: { currentBalance: '5000.00' },
};

function paid(amount: string): TransactionView {
  return {
    id: 't1', type: 'payment', amount, fee: '25.00', totalAmount: '1275.00', status: 'completed',
    createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1',
    business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
    customerName: 'Asha Rao', description: null, availableCredit: '3725.00', ...untouchedRow,
  };
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

function setup({
  validate = () => json(200, staticCode),
  pay = () => json(201, { transaction: paid('1250.00') }),
}: { validate?: Handler; pay?: Handler } = {}) {
  const calls = stubFetch({ 'POST /api/qr/validate': validate, 'POST /api/payments/process': pay });
  // Under fake timers, user-event's own waits must move the fake clock.
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  const rendered = renderWithApp(<ScanQrOverlay open onOpenChange={() => {}} />);
  return { ...rendered, calls, user };
}

type User = ReturnType<typeof userEvent.setup>;
const button = (name: string) => screen.getByRole('button', { name });

async function enterCode(user: User, text = scannedCode) {
  const manual = screen.queryByRole('button', { name: 'Enter code manually' });
  if (manual) await user.click(manual);
  const box = screen.getByLabelText('QR Code Data');
  await user.clear(box);
  fireEvent.change(box, { target: { value: text } });
}

/** Pastes a code, validates it and waits for the confirm step. */
async function toConfirm(user: User) {
  await enterCode(user);
  await user.click(button('Continue'));
  await screen.findByRole('button', { name: 'Continue to PIN' });
}

async function typeAmount(user: User, amount: string) {
  const field = screen.getByLabelText('Amount (₹)');
  await user.clear(field);
  if (amount) await user.type(field, amount);
}

async function toPin(user: User, amount = '100') {
  await toConfirm(user);
  if (screen.queryByLabelText('Amount (₹)')) await typeAmount(user, amount);
  await user.click(button('Continue to PIN'));
  await screen.findByLabelText('PIN');
}

const summaryValue = (term: string) => screen.getByText(term, { exact: true }).nextElementSibling?.textContent;

describe('scan step', () => {
  it('is a full-screen dialog titled Scan QR Code with a Close button, starting with the camera', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Scan QR Code' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    return waitFor(() => expect(within(dialog).getByRole('button', { name: 'Simulate scan' })).toBeInTheDocument());
  });

  it('switches between the camera and manual entry', async () => {
    const { user } = setup();
    await user.click(button('Enter code manually'));
    expect(screen.getByLabelText('QR Code Data').tagName).toBe('TEXTAREA');
    expect(screen.queryByRole('button', { name: 'Simulate scan' })).not.toBeInTheDocument();
    await user.click(button('Use camera'));
    expect(await screen.findByRole('button', { name: 'Simulate scan' })).toBeInTheDocument();
    expect(screen.queryByLabelText('QR Code Data')).not.toBeInTheDocument();
  });

  it("says 'No QR Code' on Continue with nothing entered, and asks nothing of the server", async () => {
    const { user, calls } = setup();
    await user.click(button('Enter code manually'));
    await user.type(screen.getByLabelText('QR Code Data'), '   ');
    await user.click(button('Continue'));
    await expectToast('No QR Code', 'Please scan or enter a QR code first');
    expect(calls).toHaveLength(0);
  });

  it('previews the first 50 characters of the code', async () => {
    const { user } = setup();
    const text = `${'a'.repeat(50)}bcdefghij`;
    await enterCode(user, text);
    const preview = screen.getByRole('group', { name: 'QR data preview' });
    expect(preview).toHaveTextContent(`${'a'.repeat(50)}…`);
    expect(preview).not.toHaveTextContent('b');
  });

  it('validates the pasted code and moves on to confirm', async () => {
    const { user, calls } = setup();
    await toConfirm(user);
    expect(callsTo(calls, 'POST /api/qr/validate')[0]!.body).toEqual({ qrData: scannedCode });
    expect(screen.getByRole('heading', { name: 'Kumar Kirana' })).toBeInTheDocument();
    expect(screen.getByText('Counter 2')).toBeInTheDocument();
  });

  it('validates a code read by the camera straight away', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(await screen.findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')[0]!.body).toEqual({ qrData: scannedCode });
  });

  it("says 'Validation Failed' with the server's reason for a refused code", async () => {
    const { user } = setup({ validate: () => apiError(422, 'This QR code has expired', 'qr_expired') });
    await enterCode(user);
    await user.click(button('Continue'));
    await expectToast('Validation Failed', 'This QR code has expired');
    expect(screen.getByLabelText('QR Code Data')).toHaveValue(scannedCode);
  });

  it("says 'Validation Failed' / 'Unable to validate QR code' for a refusal without a message", async () => {
    const { user } = setup({ validate: () => new Response('', { status: 400, statusText: 'Bad Request' }) });
    await enterCode(user);
    await user.click(button('Continue'));
    await expectToast('Validation Failed', 'Unable to validate QR code');
  });

  it.each([
    ['a server error', () => apiError(500, 'Internal error', 'internal')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Validation Error' on %s", async (_, validate) => {
    const { user } = setup({ validate: validate as Handler });
    await enterCode(user);
    await user.click(button('Continue'));
    await expectToast('Validation Error', 'Failed to validate QR code');
  });
});

describe('confirm step', () => {
  it('for a static code asks for the amount and computes the fee with the shared formula', async () => {
    const { user } = setup();
    await toConfirm(user);
    const field = screen.getByLabelText('Amount (₹)');
    expect(field).toHaveAttribute('type', 'number');
    expect(field).toHaveAttribute('min', '0');
    expect(field).toHaveAttribute('step', '0.01');
    expect(screen.getByText('Transaction Fee (2.50%)')).toBeInTheDocument();
    expect(summaryValue('Available Balance')).toBe('₹1,000.00');

    // 1.00 × 2.5 % is 2.5 paise, rounded half up to 3; 333.33 × 2.5 % is 833.325 paise → 833.
    for (const amount of ['1', '333.33', '99.99', '0.20']) {
      await typeAmount(user, amount);
      const fee = feeFor(parseRupees(amount)!, parsePercent('2.50')!);
      expect(summaryValue('Amount')).toBe(formatRupees(parseRupees(amount)!));
      expect(summaryValue('Transaction Fee (2.50%)')).toBe(formatRupees(fee));
      expect(summaryValue('Total')).toBe(formatRupees((parseRupees(amount)! + fee) as never));
    }
    expect(summaryValue('Transaction Fee (2.50%)')).toBe('₹0.01');
  });

  it('for a dynamic code shows the amount and fee from the server, with no amount field', async () => {
    const { user } = setup({ validate: () => json(200, dynamicCode) });
    await toConfirm(user);
    expect(screen.queryByLabelText('Amount (₹)')).not.toBeInTheDocument();
    expect(summaryValue('Amount')).toBe('₹1,250.00');
    expect(summaryValue('Transaction Fee (2.00%)')).toBe('₹25.00');
    expect(summaryValue('Total')).toBe('₹1,275.00');
    expect(summaryValue('Available Balance')).toBe('₹5,000.00');
    expect(button('Continue to PIN')).toBeEnabled();
  });

  it('warns about an insufficient balance and disables Continue to PIN', async () => {
    const { user } = setup();
    await toConfirm(user);
    // 987.80 + 24.70 fee = 1,012.50 against 1,000.00 available.
    await typeAmount(user, '987.80');
    expect(screen.getByText('Insufficient balance. You need ₹12.50 more.')).toBeInTheDocument();
    expect(button('Continue to PIN')).toBeDisabled();
    await typeAmount(user, '975.60');
    expect(screen.queryByText(/Insufficient balance/)).not.toBeInTheDocument();
    expect(button('Continue to PIN')).toBeEnabled();
  });

  it('disables Continue to PIN for an amount of 0', async () => {
    const { user } = setup();
    await toConfirm(user);
    await typeAmount(user, '0');
    expect(button('Continue to PIN')).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm payment' }));
    await expectToast('Invalid Amount', 'Please enter a valid amount');
  });

  it('disables Continue to PIN for a negative amount or one with more than two decimals', async () => {
    const { user } = setup();
    await toConfirm(user);
    for (const amount of ['-5', '10.005', '0.00']) {
      await typeAmount(user, amount);
      expect(button('Continue to PIN')).toBeDisabled();
    }
    await typeAmount(user, '10.05');
    expect(button('Continue to PIN')).toBeEnabled();
  });

  it('reads an amount typed as .5 as ₹0.50', async () => {
    const { user } = setup();
    await toConfirm(user);
    await typeAmount(user, '.5');
    expect(summaryValue('Amount')).toBe('₹0.50');
    expect(button('Continue to PIN')).toBeEnabled();
    await user.click(button('Continue to PIN'));
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
  });

  it('keeps Continue to PIN enabled with no amount typed', async () => {
    const { user } = setup();
    await toConfirm(user);
    expect(button('Continue to PIN')).toBeEnabled();
  });

  it("says 'Invalid Amount' on Continue to PIN without an amount", async () => {
    const { user } = setup();
    await toConfirm(user);
    await user.click(button('Continue to PIN'));
    await expectToast('Invalid Amount', 'Please enter a valid amount');
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
  });

  it("says 'Please enter a valid amount' under the amount as well as in the toast, until the amount is right", async () => {
    const { user } = setup();
    await toConfirm(user);
    const field = screen.getByLabelText('Amount (₹)');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
    await user.click(button('Continue to PIN'));
    await expectToast('Invalid Amount', 'Please enter a valid amount');
    const error = screen.getByText('Please enter a valid amount', { selector: 'p' });
    expect(error).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid amount');
    // Still wrong while it is no amount; gone as soon as it is one.
    await user.type(field, '0');
    expect(field).toHaveAccessibleDescription('Please enter a valid amount');
    await user.type(field, '.5');
    expect(screen.queryByText('Please enter a valid amount', { selector: 'p' })).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('says under the amount that it is no amount on leaving the field, before any Continue', async () => {
    const { user } = setup();
    await toConfirm(user);
    const field = screen.getByLabelText('Amount (₹)');
    await typeAmount(user, '10.005');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid amount');
  });

  it("explains under 'Available Balance' that it is the credit left at this shop", async () => {
    const { user } = setup();
    await toConfirm(user);
    expect(summaryValue('Available Balance')).toBe('₹1,000.00');
    const hint = screen.getByText('Credit you can still use at this shop');
    // Right under the figures, in the same card.
    expect(hint.previousElementSibling?.tagName).toBe('DL');
    expect(hint.previousElementSibling?.lastElementChild).toHaveTextContent('Available Balance');
  });

  it('after a camera read, Back returns to a scan step that does not read the same code again', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    // The code is still in front of the camera: the scanner is told to pass over it.
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(screen.queryByRole('button', { name: 'Continue to PIN' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(1);
    // Asking again with Continue validates it.
    await user.click(button('Continue'));
    expect(await screen.findByRole('button', { name: 'Continue to PIN' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(2);
  });

  it('goes back to scan with Back', async () => {
    const { user } = setup();
    await toConfirm(user);
    await user.click(button('Back'));
    expect(button('Continue')).toBeInTheDocument();
    expect(screen.getByLabelText('QR Code Data')).toHaveValue(scannedCode);
  });
});

describe('pin step', () => {
  it('takes digits only, at most 4, and enables Pay Now only with exactly 4', async () => {
    const { user } = setup();
    await toPin(user);
    const pin = screen.getByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '4a8-2');
    expect(pin).toHaveValue('482');
    expect(button('Pay Now')).toBeDisabled();
    await user.type(pin, '95');
    expect(pin).toHaveValue('4829');
    expect(button('Pay Now')).toBeEnabled();
  });

  it("says 'PIN Required' when submitted with fewer than 4 digits", async () => {
    const { user, calls } = setup();
    await toPin(user);
    await user.type(screen.getByLabelText('PIN'), '48');
    fireEvent.submit(screen.getByRole('form', { name: 'Authorise payment' }));
    await expectToast('PIN Required', 'Please enter your PIN to continue');
    expect(callsTo(calls, 'POST /api/payments/process')).toHaveLength(0);
  });

  it('goes back to confirm with Back', async () => {
    const { user } = setup();
    await toPin(user, '250');
    await user.click(button('Back'));
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(250);
  });
});

describe('paying', () => {
  it('shows the processing text, then Payment Successful and its screen, and Done returns to an empty scan step', async () => {
    let finish: (response: Response) => void = () => {};
    const { user, calls } = setup({
      validate: () => json(200, dynamicCode),
      pay: () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    await toPin(user);
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    expect(await screen.findByText('Please wait while we process your payment...')).toBeInTheDocument();
    expect(button('Close')).toBeDisabled();

    finish(json(201, { transaction: paid('1250.00') }));
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(screen.getByRole('region', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(button('Close')).toBeEnabled();
    await user.click(button('Done'));
    expect(button('Continue')).toBeInTheDocument();
    expect(screen.getByLabelText('QR Code Data')).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'QR data preview' })).not.toBeInTheDocument();

    const [payment] = callsTo(calls, 'POST /api/payments/process');
    expect(payment!.body).toEqual({ qrData: scannedCode, pin: '4829' });
    expect(payment!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('after a camera payment Done goes straight to the camera, which passes over the code just paid', async () => {
    const { user, calls } = setup({ validate: () => json(200, dynamicCode) });
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to PIN' }));
    await user.type(await screen.findByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    await user.click(button('Done'));
    // The camera is on at once; the code just paid, still in front of it, is not read again.
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Continue to PIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan another code' })).not.toBeInTheDocument();
  });

  it('after paying a pasted code, the camera passes over that code too', async () => {
    const { user, calls } = setup({ validate: () => json(200, dynamicCode) });
    await toConfirm(user);
    await user.click(button('Continue to PIN'));
    await user.type(await screen.findByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    await user.click(button('Done'));
    expect(screen.getByLabelText('QR Code Data')).toHaveValue('');
    await user.click(button('Use camera'));
    await user.click(await screen.findByRole('button', { name: 'Simulate scan' }));
    expect(callsTo(calls, 'POST /api/qr/validate')).toHaveLength(1);
  });

  it('sends the amount of a static code as "X.XX"', async () => {
    const { user, calls } = setup();
    await toPin(user, '333.3');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Successful');
    expect(callsTo(calls, 'POST /api/payments/process')[0]!.body).toEqual({ qrData: scannedCode, pin: '4829', amount: '333.30' });
  });

  it("says 'Payment Failed' with the server's message and returns to confirm with the PIN cleared", async () => {
    const { user } = setup({ pay: () => apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect') });
    await toPin(user, '100');
    await user.type(screen.getByLabelText('PIN'), '4820');
    await user.click(button('Pay Now'));
    await expectToast('Payment Failed', 'Incorrect PIN. 4 attempts left.');
    expect(button('Continue to PIN')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(100);
    await user.click(button('Continue to PIN'));
    expect(screen.getByLabelText('PIN')).toHaveValue('');
  });

  it("says 'Payment could not be processed' when the server refuses without a message", async () => {
    const { user } = setup({ pay: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    await toPin(user);
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Failed', 'Payment could not be processed');
    expect(button('Continue to PIN')).toBeInTheDocument();
  });

  it('uses a new Idempotency-Key when the amount changes after a failure', async () => {
    const { user, calls } = setup({ pay: () => apiError(422, 'Insufficient balance. You need ₹20.00 more.', 'insufficient_credit') });
    await toPin(user, '100');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Failed');
    await typeAmount(user, '120');
    await user.click(button('Continue to PIN'));
    await user.type(await screen.findByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await waitFor(() => expect(callsTo(calls, 'POST /api/payments/process')).toHaveLength(2));
    const [first, second] = callsTo(calls, 'POST /api/payments/process');
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });

  it('refreshes the credit accounts and the history after a payment', async () => {
    const { user, client } = setup();
    // Cached before paying: the accounts, a filtered and an unfiltered history, and the code.
    const accountsKey = ['/api/credit-accounts/customer'];
    const historyKeys = [['/api/transactions/customer', { businessId: null }], ['/api/transactions/customer', { businessId: 'b1' }]];
    const codeKey = ['/api/customer/qr'];
    for (const key of [accountsKey, ...historyKeys, codeKey]) client.setQueryData(key, {});
    await toPin(user, '100');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Successful');
    await waitFor(() => expect(client.getQueryState(accountsKey)?.isInvalidated).toBe(true));
    for (const key of historyKeys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(codeKey)?.isInvalidated).toBe(false);
  });
});

describe('paying when the outcome is unknown', () => {
  // The clock is fake so that 30 s of resends take no real time; it still moves with real
  // time, so Testing Library's waits keep working.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
  const success = () => json(201, { transaction: paid('1250.00') });
  const outcomeUnknown = (headers: Record<string, string> = {}) => new Response(
    JSON.stringify({ error: 'We could not confirm this payment yet.', code: 'payment_outcome_unknown' }),
    { status: 503, headers: { 'Content-Type': 'application/json', ...headers } },
  );
  const gatewayTimeout = () => new Response('<html>504 Gateway Time-out</html>', { status: 504 });

  /** Moves the fake clock in small steps, letting each answer and render through. */
  async function pass(ms: number) {
    for (let left = ms; left > 0; left -= 250) await vi.advanceTimersByTimeAsync(Math.min(250, left));
  }

  /** Every text the page showed, so a toast replaced a moment later is still caught. */
  function recordTexts() {
    const texts: string[] = [];
    const observer = new MutationObserver(() => texts.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return { saw: (text: string) => texts.some((shown) => shown.includes(text)), stop: () => observer.disconnect() };
  }

  /** Answers the payment requests in turn; the last answer repeats. */
  function answers(...handlers: Handler[]): Handler {
    let tries = 0;
    return (call) => handlers[Math.min(tries++, handlers.length - 1)]!(call);
  }

  async function payDynamicCode(user: User) {
    await toPin(user);
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
  }

  const payments = (calls: RecordedCall[]) => callsTo(calls, 'POST /api/payments/process');

  function expectOneAttempt(calls: RecordedCall[]) {
    const sent = payments(calls);
    const key = sent[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    for (const call of sent) {
      expect(call.headers.get('Idempotency-Key')).toBe(key);
      expect(call.body).toEqual({ qrData: scannedCode, pin: '4829' });
    }
  }

  it.each([
    ['a network error', networkError],
    ['a 503 payment_outcome_unknown', () => outcomeUnknown()],
  ])('after %s says it is checking, resends with the same key and body, and reports the success', async (_, first) => {
    const { user, calls } = setup({ validate: () => json(200, dynamicCode), pay: answers(first, success) });
    const texts = recordTexts();
    await payDynamicCode(user);

    const status = await screen.findByText('Checking your payment…');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(button('Close')).toBeDisabled();
    expect(payments(calls)).toHaveLength(1);

    await pass(1_000);
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(payments(calls)).toHaveLength(2);
    expectOneAttempt(calls);
    expect(texts.saw('Payment Failed')).toBe(false);
    texts.stop();
    // The success screen, then an empty scan step, as after any payment.
    await user.click(button('Done'));
    expect(screen.getByLabelText('QR Code Data')).toHaveValue('');
  });

  it('waits as long as Retry-After asks before resending, but never more than 5 s', async () => {
    const { user, calls } = setup({
      validate: () => json(200, dynamicCode),
      pay: answers(() => outcomeUnknown({ 'Retry-After': '3' }), () => outcomeUnknown({ 'Retry-After': '60' }), success),
    });
    await payDynamicCode(user);
    await screen.findByText('Checking your payment…');

    await pass(2_500);
    expect(payments(calls)).toHaveLength(1);
    await pass(750);
    expect(payments(calls)).toHaveLength(2);
    // Retry-After: 60 is capped at 5 s.
    await pass(4_500);
    expect(payments(calls)).toHaveLength(2);
    await pass(750);
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(payments(calls)).toHaveLength(3);
    expectOneAttempt(calls);
  });

  it("after 30 s without an answer says 'Payment not confirmed yet', never 'Payment Failed', and keeps the key", async () => {
    let gatewayDown = true;
    const { user, calls } = setup({
      validate: () => json(200, dynamicCode),
      pay: () => (gatewayDown ? gatewayTimeout() : success()),
    });
    const texts = recordTexts();
    await payDynamicCode(user);
    await screen.findByText('Checking your payment…');

    await pass(29_500);
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
    await pass(750);
    const shown = await expectToast(
      'Payment not confirmed yet',
      'We could not reach Khata to confirm this payment. Check your transactions before paying again: paying again with the same code is safe.',
    );
    expect(shown).toHaveAttribute('data-variant', 'default');
    // Resent after waits of 1, 2, 4, 5, 5, 5 and 5 s (27 s); the next wait would end past 30 s.
    expect(payments(calls)).toHaveLength(8);
    expectOneAttempt(calls);
    expect(texts.saw('Payment Failed')).toBe(false);
    texts.stop();

    // Paying again from the same screen sends the same key: the server answers with the
    // first result if one of those requests went through.
    gatewayDown = false;
    await user.click(button('Continue to PIN'));
    await user.type(await screen.findByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(payments(calls)).toHaveLength(9);
    expectOneAttempt(calls);
  });

  it('resends an unconfirmed attempt\'s key after the screen was closed and opened again', async () => {
    const first = setup({ validate: () => json(200, dynamicCode), pay: () => gatewayTimeout() });
    await payDynamicCode(first.user);
    await screen.findByText('Checking your payment…');
    await pass(30_250);
    await expectToast('Payment not confirmed yet');
    const key = payments(first.calls)[0]!.headers.get('Idempotency-Key');
    first.unmount();

    // A new screen, the same code: had the first attempt gone through, this is its answer.
    const second = setup({ validate: () => json(200, dynamicCode), pay: success });
    await payDynamicCode(second.user);
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(payments(second.calls)[0]!.headers.get('Idempotency-Key')).toBe(key);
    second.unmount();

    // Confirmed, it is forgotten: the next payment of the same code is a new attempt.
    const third = setup({ validate: () => json(200, dynamicCode), pay: success });
    await payDynamicCode(third.user);
    await expectToast('Payment Successful', '₹1,250.00 paid to Kumar Kirana');
    expect(payments(third.calls)[0]!.headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('uses a new Idempotency-Key for the next payment after a confirmed one', async () => {
    const { user, calls } = setup({ pay: answers(networkError, () => json(201, { transaction: paid('100.00') })) });
    await toPin(user, '100');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await screen.findByText('Checking your payment…');
    await pass(1_000);
    await expectToast('Payment Successful', '₹100.00 paid to Kumar Kirana');
    await user.click(button('Done'));

    // A new payment of the same amount at the same code is a new attempt.
    await toPin(user, '100');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(button('Pay Now'));
    await waitFor(() => expect(payments(calls)).toHaveLength(3));
    const keys = payments(calls).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it.each([
    [403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect', 'pin_incorrect', { attemptsLeft: 4 }],
    [401, 'Please sign in again', 'not_signed_in', 'session_gone', {}],
    [500, 'Internal error', 'internal', 'internal', {}],
  ])('does not resend a payment refused with %i, and shows the server message', async (status, message, code, key, params) => {
    const { user, calls } = setup({ validate: () => json(200, dynamicCode), pay: () => apiError(status, message, code, key, params) });
    const texts = recordTexts();
    await payDynamicCode(user);
    await expectToast('Payment Failed', message);
    await pass(31_000);
    expect(payments(calls)).toHaveLength(1);
    expect(texts.saw('Checking your payment…')).toBe(false);
    texts.stop();
  });

  it('stops resending when the payment screen goes away', async () => {
    const { user, calls, unmount } = setup({ validate: () => json(200, dynamicCode), pay: () => outcomeUnknown() });
    await payDynamicCode(user);
    await screen.findByText('Checking your payment…');
    unmount();
    await pass(31_000);
    expect(payments(calls)).toHaveLength(1);
  });
});
