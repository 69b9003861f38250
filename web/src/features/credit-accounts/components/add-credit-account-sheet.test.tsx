import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { AddCreditAccountSheet } from './add-credit-account-sheet';

// The camera is replaced by buttons that "scan" a given text; the scanner has its own tests.
vi.mock('@/features/scanner/components/qr-scanner', () => ({
  QrScanner: ({ onDetected }: { onDetected: (text: string) => void }) => (
    <div>
      <button type="button" onClick={() => onDetected('https://example.com/pay/abc')}>
        Scan a merchant code
      </button>
      <button type="button" onClick={() => onDetected('{"paymentHandle":"k7q2m9xa@khata","name":"Asha Rao"}')}>
        Scan a customer code
      </button>
      <button type="button" onClick={() => onDetected('{"name":"Asha Rao"}')}>
        Scan JSON without a handle
      </button>
    </div>
  ),
}));

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <AddCreditAccountSheet open={open} onOpenChange={setOpen} />
    </>
  );
}

const created = () =>
  json(201, { customerName: 'Asha Rao', creditAccount: { id: 'acc1' } });

function setup(answer: (call: RecordedCall) => Response = created) {
  const calls = stubFetch({ 'POST /api/business/create-credit-account': answer });
  const user = userEvent.setup();
  const rendered = renderWithApp(<Harness />);
  // The lists are in the cache as the dashboard would have them.
  rendered.client.setQueryData(['/api/credit-accounts/business'], { creditAccounts: [] });
  rendered.client.setQueryData(['/api/business/stats'], { stats: {} });
  return { user, calls, ...rendered };
}

const submit = () => screen.getByRole('button', { name: 'Create Credit Account' });

describe('Add Credit Account sheet', () => {
  it('is a dialog with Enter Handle and Scan QR tabs and an example handle', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Enter Handle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Scan QR' })).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Handle')).toHaveAttribute('placeholder', 'k7q2m9xa@khata');
    const limit = screen.getByLabelText('Credit Limit (₹)');
    expect(limit).toHaveAttribute('type', 'number');
    expect(limit).toHaveAttribute('min', '0');
    expect(limit).toHaveAttribute('step', '100');
  });

  it('asks for the payment handle first', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Payment Handle Required', 'Please scan QR or enter customer payment handle');
    await user.type(screen.getByLabelText('Payment Handle'), '   ');
    await user.click(submit());
    await expectToast('Payment Handle Required', 'Please scan QR or enter customer payment handle');
    expect(calls).toHaveLength(0);
  });

  it.each(['', '0', '-5', '12.345'])('refuses the credit limit "%s"', async (limit) => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    if (limit) await user.type(screen.getByLabelText('Credit Limit (₹)'), limit);
    await user.click(submit());
    await expectToast('Invalid Credit Limit', 'Please enter a valid credit limit amount');
    expect(calls).toHaveLength(0);
  });

  it('says under the credit limit that it is not a valid amount, with the toast, until it is', async () => {
    const { user, calls } = setup();
    const limit = screen.getByLabelText('Credit Limit (₹)');
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(limit, '0');
    await user.click(submit());
    await expectToast('Invalid Credit Limit', 'Please enter a valid credit limit amount');
    expectFieldError(limit, 'Please enter a valid credit limit amount');
    expectNoFieldError(screen.getByLabelText('Payment Handle'));
    await expectNoAxeViolations();
    await user.clear(limit);
    await user.type(limit, '5000');
    expectNoFieldError(limit);
    expect(calls).toHaveLength(0);
  });

  it('says under the payment handle that it is needed, after its hint, until one is typed or scanned', async () => {
    const { user } = setup();
    const handle = screen.getByLabelText('Payment Handle');
    await user.click(submit());
    await expectToast('Payment Handle Required', 'Please scan QR or enter customer payment handle');
    expectFieldError(handle, 'Please scan QR or enter customer payment handle');
    expect(handle).toHaveAttribute('aria-describedby', 'payment-handle-hint payment-handle-error');
    expectFieldError(screen.getByLabelText('Credit Limit (₹)'), 'Please enter a valid credit limit amount');
    await user.type(handle, 'k');
    expectNoFieldError(handle);
    await user.clear(handle);
    expectFieldError(screen.getByLabelText('Payment Handle'), 'Please scan QR or enter customer payment handle');
    await user.click(screen.getByRole('tab', { name: 'Scan QR' }));
    await user.click(screen.getByRole('button', { name: 'Scan a customer code' }));
    expect(screen.getByLabelText('Payment Handle')).toHaveValue('k7q2m9xa@khata');
    expectNoFieldError(screen.getByLabelText('Payment Handle'));
  });

  it('sends the limit with 2 decimals, says so, refreshes the lists, closes and resets', async () => {
    const { user, calls, client } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), ' k7q2m9xa@khata ');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Credit Account Created', 'Successfully assigned the limit to the customer');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toEqual({
      paymentHandle: 'k7q2m9xa@khata',
      creditLimit: '5000.00',
    });
    // Nothing shows the lists here, so they are marked for refetch rather than refetched.
    await waitFor(() => expect(client.getQueryState(['/api/credit-accounts/business'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['/api/business/stats'])?.isInvalidated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    expect(screen.getByLabelText('Payment Handle')).toHaveValue('');
    expect(screen.getByLabelText('Credit Limit (₹)')).toHaveValue(null);
  });

  it('keeps paise exactly: 1250.5 is sent as "1250.50"', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '1250.5');
    await user.click(submit());
    await expectToast('Credit Account Created');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toMatchObject({ creditLimit: '1250.50' });
  });

  it("shows the server's message on failure and keeps the sheet open", async () => {
    const { user } = setup(() => apiError(409, 'This customer already has a credit account with you', 'conflict'));
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Failed to Create Credit Account', 'This customer already has a credit account with you');
    expect(screen.getByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
  });

  it('falls back to the default text when the server gives none', async () => {
    const { user } = setup(() => new Response('', { status: 500 }));
    await user.type(screen.getByLabelText('Payment Handle'), 'k7q2m9xa@khata');
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '5000');
    await user.click(submit());
    await expectToast('Failed to Create Credit Account', 'Please check the details and try again');
  });

  it('refuses a scanned code that is not JSON with a paymentHandle', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Scan QR' }));
    await user.click(screen.getByRole('button', { name: 'Scan a merchant code' }));
    await expectToast('Invalid QR Code', 'Please scan a valid customer QR code.');
    await user.click(screen.getByRole('button', { name: 'Scan JSON without a handle' }));
    await expectToast('Invalid QR Code', 'Please scan a valid customer QR code.');
    expect(screen.getByRole('tab', { name: 'Scan QR' })).toHaveAttribute('aria-selected', 'true');
  });

  it("fills the handle from a customer's code and shows their name", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('tab', { name: 'Scan QR' }));
    await user.click(screen.getByRole('button', { name: 'Scan a customer code' }));
    expect(screen.getByRole('tab', { name: 'Enter Handle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Payment Handle')).toHaveValue('k7q2m9xa@khata');
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Credit Limit (₹)'), '2000');
    await user.click(submit());
    await expectToast('Credit Account Created');
    expect(callsTo(calls, 'POST /api/business/create-credit-account')[0]!.body).toEqual({
      paymentHandle: 'k7q2m9xa@khata',
      creditLimit: '2000.00',
    });
  });
});

const me = {
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com', address: '12 MG Road',
    status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00', description: null, rejectionReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
};

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const invitation = {
  id: 'inv-1', name: 'Asha Rao', phone: '+919876543210', creditLimit: '5000.00', language: 'hi', status: 'pending',
  link: 'https://khata.example/i/AbCdE12345', createdAt: '2025-03-12T04:30:00.000Z', expiresAt: '2025-04-11T04:30:00.000Z',
};

const enrolment = (expiresAt = inMinutes(5)) => ({
  enrolment: { id: 'enr-1', name: 'Asha Rao', phone: '+919876543210', creditLimit: '5000.00', attemptsLeft: 5, expiresAt },
});

/** The sheet with the merchant signed in and the lists in the cache as the dashboard has them. */
function setupWays(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  const calls = stubFetch({ 'GET /api/auth/me': () => json(200, me), ...routes });
  const user = userEvent.setup();
  const rendered = renderWithApp(<Harness />);
  rendered.client.setQueryData(['/api/credit-accounts/business'], { creditAccounts: [] });
  rendered.client.setQueryData(['/api/business/invitations'], { invitations: [] });
  return { user, calls, ...rendered };
}

/** Fills a tab's name, number and limit; the SMS language stays as it is unless given. */
async function fillNewCustomer(
  user: ReturnType<typeof userEvent.setup>,
  panel: HTMLElement,
  { name = 'Asha Rao', phone = '9876543210', limit = '5000', language }: { name?: string; phone?: string; limit?: string; language?: string } = {},
) {
  if (name) await user.type(within(panel).getByLabelText('Name'), name);
  if (phone) await user.type(within(panel).getByLabelText('Phone number'), phone);
  if (limit) await user.type(within(panel).getByLabelText('Credit limit'), limit);
  if (language) await user.selectOptions(within(panel).getByLabelText('SMS language'), language);
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: 'Invite by phone' | 'At the counter') {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('the ways to add a customer', () => {
  it('offers Payment handle (open first, as before), Invite by phone and At the counter', async () => {
    const { user } = setupWays();
    const tabs = within(screen.getByRole('tablist', { name: 'How to add the customer' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Payment handle', 'Invite by phone', 'At the counter']);
    expect(screen.getByRole('tab', { name: 'Payment handle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Payment Handle')).toBeInTheDocument();
    const invite = await openTab(user, 'Invite by phone');
    expect(within(invite).getByText('+91')).toBeInTheDocument();
    // The SMS goes in the merchant's own language unless they pick another.
    expect(within(invite).getByLabelText('SMS language')).toHaveValue('en');
    expect(within(invite).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'हिन्दी', 'தமிழ்']);
    expect(within(invite).getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    const counter = await openTab(user, 'At the counter');
    expect(within(counter).getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it.each([
    [{ name: '' }, 'Name Required', "Please enter the customer's name"],
    [{ name: '   ' }, 'Name Required', "Please enter the customer's name"],
    [{ phone: '' }, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    [{ phone: '5876543210' }, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    [{ phone: '98765' }, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    [{ limit: '' }, 'Invalid Credit Limit', 'Please enter a valid credit limit amount'],
    [{ limit: '0' }, 'Invalid Credit Limit', 'Please enter a valid credit limit amount'],
    [{ limit: '12.345' }, 'Invalid Credit Limit', 'Please enter a valid credit limit amount'],
  ])('refuses an invitation with %j: "%s"', async (change, title, description) => {
    const { user, calls } = setupWays();
    const invite = await openTab(user, 'Invite by phone');
    await fillNewCustomer(user, invite, change);
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await expectToast(title, description);
    expect(callsTo(calls, 'POST /api/business/invitations')).toHaveLength(0);
  });

  it.each(['Invite by phone', 'At the counter'] as const)('says under each field of %s what is wrong with it, until it is corrected', async (tab) => {
    const { user, calls } = setupWays();
    const panel = await openTab(user, tab);
    await fillNewCustomer(user, panel, { name: '', phone: '98765', limit: '12.345' });
    await user.click(within(panel).getByRole('button', { name: tab === 'Invite by phone' ? 'Send invitation' : 'Send code' }));
    await expectToast('Name Required', "Please enter the customer's name");
    const limit = within(panel).getByLabelText('Credit limit');
    expectFieldError(within(panel).getByLabelText('Name'), "Please enter the customer's name");
    expectFieldError(within(panel).getByLabelText('Phone number'), 'Please enter a valid 10-digit phone number');
    expectFieldError(limit, 'Please enter a valid credit limit amount');
    await expectNoAxeViolations();
    await user.clear(limit);
    await user.type(limit, '2500');
    expectNoFieldError(limit);
    expectFieldError(within(panel).getByLabelText('Phone number'), 'Please enter a valid 10-digit phone number');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends an invitation, says so, and offers it on WhatsApp with its link; Done closes the sheet', async () => {
    const { user, calls, client } = setupWays({ 'POST /api/business/invitations': () => json(201, { invitation }) });
    const invite = await openTab(user, 'Invite by phone');
    await fillNewCustomer(user, invite, { name: ' Asha Rao ', language: 'hi' });
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await expectToast('Invitation sent');
    expect(callsTo(calls, 'POST /api/business/invitations')[0]!.body).toEqual({
      name: 'Asha Rao', phoneNumber: '+919876543210', creditLimit: '5000.00', language: 'hi',
    });
    const whatsapp = within(invite).getByRole('link', { name: 'Also send on WhatsApp' });
    const text = 'Ravi Stores has invited you to a Khata credit account with a limit of ₹5,000.00. Open: https://khata.example/i/AbCdE12345';
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/919876543210?text=${encodeURIComponent(text)}`);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(within(invite).getByText('Asha Rao can accept it until 11 Apr 2025.')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryState(['/api/business/invitations'])?.isInvalidated).toBe(true));
    await user.click(within(invite).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says the server's refusal of an invitation by its key and keeps the form", async () => {
    const { user } = setupWays({
      'POST /api/business/invitations': () =>
        apiError(409, 'You have already invited +919876543210', 'invitation_exists', 'invitation_exists', { phoneNumber: '+919876543210' }),
    });
    const invite = await openTab(user, 'Invite by phone');
    await fillNewCustomer(user, invite);
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await expectToast('Could not send the invitation', 'You have already invited +919876543210');
    expect(within(invite).getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(within(invite).queryByRole('link', { name: 'Also send on WhatsApp' })).not.toBeInTheDocument();
  });

  it('refuses a counter sign-up without a valid number before sending anything', async () => {
    const { user, calls } = setupWays();
    const counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter, { phone: '12345' });
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    await expectToast('Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    expect(callsTo(calls, 'POST /api/business/counter-customers')).toHaveLength(0);
  });

  it('adds a customer at the counter with the code they give: a wrong one first, then the right one', async () => {
    let attemptsLeft = 5;
    const { user, calls, client } = setupWays({
      'POST /api/business/counter-customers': () => json(201, enrolment()),
      'POST /api/business/counter-customers/enr-1/confirm': (call) => {
        if ((call.body as { code: string }).code === '123456') {
          return json(201, { customerName: 'Asha Rao', creditAccount: { id: 'acc-1' } });
        }
        attemptsLeft -= 1;
        return apiError(400, `Incorrect code. ${attemptsLeft} attempts left.`, 'sms_code_incorrect', 'sms_code_incorrect', { attemptsLeft });
      },
    });
    const counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter, { language: 'ta' });
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    expect(await within(counter).findByText('Ask Asha Rao for the 6-digit code we sent by SMS')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/business/counter-customers')[0]!.body).toEqual({
      name: 'Asha Rao', phoneNumber: '+919876543210', creditLimit: '5000.00', language: 'ta',
    });
    expect(within(counter).getByRole('timer')).toHaveTextContent(/^Code expires in [45]:\d\d$/);

    await user.type(within(counter).getByLabelText('Code'), '12');
    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    await expectToast('Invalid Code', 'Enter the 6-digit code');
    expect(callsTo(calls, 'POST /api/business/counter-customers/enr-1/confirm')).toHaveLength(0);

    await user.clear(within(counter).getByLabelText('Code'));
    await user.type(within(counter).getByLabelText('Code'), '654321');
    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    expect(await within(counter).findByRole('alert')).toHaveTextContent('Incorrect code. 4 attempts left.');

    await user.clear(within(counter).getByLabelText('Code'));
    await user.type(within(counter).getByLabelText('Code'), '123456');
    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    await expectToast('Customer added', 'Asha Rao');
    expect(callsTo(calls, 'POST /api/business/counter-customers/enr-1/confirm').map((call) => call.body)).toEqual([
      { code: '654321' }, { code: '123456' },
    ]);
    expect(client.getQueryState(['/api/credit-accounts/business'])?.isInvalidated).toBe(true);
    // A pending invitation to the number gives way to the account.
    expect(client.getQueryState(['/api/business/invitations'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after an answer that never came, the code again finds the sign-up made: the customer is added and the lists refetched', async () => {
    let opened = false;
    const { user, calls, client } = setupWays({
      'POST /api/business/counter-customers': () => json(201, enrolment()),
      // The server opens the account, but its answer is lost; the sign-up is then used.
      'POST /api/business/counter-customers/enr-1/confirm': () => {
        if (opened) return apiError(409, 'This code has already been used', 'sms_code_used', 'sms_code_used');
        opened = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter);
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    await user.type(await within(counter).findByLabelText('Code'), '123456');
    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    expect(await within(counter).findByRole('alert')).toHaveTextContent('Please try again');
    expect(within(counter).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();

    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    await expectToast('Customer added', 'Asha Rao');
    expect(screen.queryByText('This code has already been used')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/business/counter-customers/enr-1/confirm')).toHaveLength(2);
    expect(client.getQueryState(['/api/credit-accounts/business'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/business/invitations'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a new code once the server calls the code expired, with the details kept', async () => {
    const { user, calls } = setupWays({
      'POST /api/business/counter-customers': () => json(201, enrolment()),
      'POST /api/business/counter-customers/enr-1/confirm': () =>
        apiError(422, 'This code has expired. Send a new one.', 'sms_code_expired', 'sms_code_expired'),
    });
    const counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter);
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    await user.type(await within(counter).findByLabelText('Code'), '123456');
    await user.click(within(counter).getByRole('button', { name: 'Confirm' }));
    expect(await within(counter).findByRole('alert')).toHaveTextContent('This code has expired. Send a new one.');
    expect(within(counter).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.click(within(counter).getByRole('button', { name: 'Send a new code' }));
    expect(within(counter).getByLabelText('Name')).toHaveValue('Asha Rao');
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    expect(await within(counter).findByLabelText('Code')).toHaveValue('');
    expect(callsTo(calls, 'POST /api/business/counter-customers')).toHaveLength(2);
  });

  it("says the server's refusal of a counter sign-up by its key", async () => {
    const { user } = setupWays({
      'POST /api/business/counter-customers': () =>
        apiError(429, 'This number has been sent 5 codes in the last hour. Try again later.', 'sms_codes_limit', 'sms_codes_limit', { limit: 5 }),
    });
    const counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter);
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    await expectToast('Could not send the code', 'This number has been sent 5 codes in the last hour. Try again later.');
    expect(within(counter).queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('keeps a code being waited for while another tab is looked at', async () => {
    const { user } = setupWays({ 'POST /api/business/counter-customers': () => json(201, enrolment()) });
    let counter = await openTab(user, 'At the counter');
    await fillNewCustomer(user, counter);
    await user.click(within(counter).getByRole('button', { name: 'Send code' }));
    await within(counter).findByLabelText('Code');
    await user.click(screen.getByRole('tab', { name: 'Payment handle' }));
    counter = await openTab(user, 'At the counter');
    expect(within(counter).getByText('Ask Asha Rao for the 6-digit code we sent by SMS')).toBeInTheDocument();
  });
});
