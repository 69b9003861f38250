import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { isNewAccount } from '@/features/registration/api/new-account';
import { RegistrationWizard, type RegistrationKind } from './registration-wizard';

const session = {
  sessionToken: 'session-token',
  user: { id: 'u1', role: 'customer', name: 'Asha', phone: '+919876543210', email: null },
};

function happyApi(overrides: Record<string, (call: RecordedCall) => Response> = {}) {
  return stubFetch({
    'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
    'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
    'POST /api/auth/customer/register': () => json(201, session),
    'POST /api/auth/business/register': () => json(201, { ...session, user: { ...session.user, role: 'business' } }),
    ...overrides,
  });
}

function setup(kind: RegistrationKind = 'customer') {
  const user = userEvent.setup();
  const onRegistered = vi.fn();
  renderWithApp(<RegistrationWizard kind={kind} onRegistered={onRegistered} />);
  return { user, onRegistered };
}

type User = ReturnType<typeof userEvent.setup>;

async function reachOtpStep(user: User, phone = '9876543210') {
  await user.type(screen.getByLabelText('Mobile Number'), phone);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
}

async function reachDetailsStep(user: User) {
  await reachOtpStep(user);
  await user.type(screen.getByLabelText('OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await expectToast('Phone Verified');
}

describe('registration wizard: phone step', () => {
  it('shows the fixed +91 prefix and keeps only 10 digits', async () => {
    happyApi();
    const { user } = setup();
    expect(screen.getByText('+91')).toBeInTheDocument();
    const input = screen.getByLabelText('Mobile Number');
    await user.type(input, '98a76-54 3210999');
    expect(input).toHaveValue('9876543210');
  });

  it('starts with the number it is given filled in, and sends the code to it', async () => {
    const calls = happyApi();
    const user = userEvent.setup();
    renderWithApp(<RegistrationWizard kind="customer" onRegistered={vi.fn()} initialPhone="9123456780" />);
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9123456780');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.body).toEqual({ phoneNumber: '+919123456780', purpose: 'registration' });
  });

  it('refuses a number that is not 10 digits without calling the server', async () => {
    const calls = happyApi();
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile Number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    expect(calls).toHaveLength(0);
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument();
  });

  it('sends the code for +91 and the number, then shows the OTP step', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachOtpStep(user);
    await expectToast('OTP Sent', 'Verification code sent to +919876543210');
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      purpose: 'registration',
    });
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.credentials).toBe('include');
  });

  it('shows the development code for 10 seconds when the server returns one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      happyApi({
        'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300, developmentOtp: '482913' }),
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithApp(<RegistrationWizard kind="customer" onRegistered={vi.fn()} />);
      await reachOtpStep(user);
      const toast = await expectToast('Development OTP', 'Your verification code is 482913');
      await act(async () => vi.advanceTimersByTime(9_000));
      expect(toast).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1_500));
      expect(screen.queryByText('Development OTP')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's message when sending fails and stays on the phone step", async () => {
    happyApi({
      'POST /api/otp/send': () => apiError(429, 'Please wait 30 seconds before asking for a new code.', 'otp_resend_too_soon'),
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Failed to Send OTP', 'Please wait 30 seconds before asking for a new code.');
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument();
  });

  it("falls back to 'Please try again' when the failure has no message", async () => {
    happyApi({ 'POST /api/otp/send': () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Failed to Send OTP', 'Please try again');
  });
});

describe('registration wizard: OTP step', () => {
  it('refuses a code that is not 6 digits and keeps only digits, at most 6', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachOtpStep(user);
    const otp = screen.getByLabelText('OTP');
    await user.type(otp, '12a34');
    expect(otp).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'Please enter the 6-digit OTP');
    expect(callsTo(calls, 'POST /api/otp/verify')).toHaveLength(0);
    await user.type(otp, '56789');
    expect(otp).toHaveValue('123456');
  });

  it('verifies the code, says so and moves on to the details', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachDetailsStep(user);
    expect(callsTo(calls, 'POST /api/otp/verify')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      otp: '123456',
      purpose: 'registration',
    });
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code, or the default without one", async () => {
    let answer = apiError(400, 'That code is not right. 4 attempts left.', 'otp_invalid');
    happyApi({ 'POST /api/otp/verify': () => answer });
    const { user } = setup();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'That code is not right. 4 attempts left.');
    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'Please check your OTP and try again');
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();
  });

  it('goes back to the phone step with the number kept', async () => {
    happyApi();
    const { user } = setup();
    await reachOtpStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9876543210');
  });

  it('resends the code to the same number', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachOtpStep(user);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await vi.waitFor(() => expect(callsTo(calls, 'POST /api/otp/send')).toHaveLength(2));
    expect(callsTo(calls, 'POST /api/otp/send')[1]!.body).toEqual({
      phoneNumber: '+919876543210',
      purpose: 'registration',
    });
    await expectToast('OTP Sent', 'Verification code sent to +919876543210');
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();
  });
});

describe('registration wizard: customer details', () => {
  it('requires the name and PIN', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachDetailsStep(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    await user.type(screen.getByLabelText('Full Name'), '   ');
    await user.type(screen.getByLabelText('PIN'), '4826');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    expect(callsTo(calls, 'POST /api/auth/customer/register')).toHaveLength(0);
  });

  it('requires a 4-digit PIN, keeps only digits, and a matching, hard-to-guess one', async () => {
    const calls = happyApi();
    const { user } = setup();
    await reachDetailsStep(user);
    await user.type(screen.getByLabelText('Full Name'), 'Asha');
    const pin = screen.getByLabelText('PIN');
    const confirm = screen.getByLabelText('Confirm PIN');
    expect(pin).toHaveAttribute('type', 'password');
    await user.type(pin, '4x8');
    expect(pin).toHaveValue('48');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Invalid PIN', 'PIN must be exactly 4 digits');

    await user.type(pin, '2993');
    expect(pin).toHaveValue('4829');
    await user.type(confirm, '4820');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast("PINs don't match");

    await user.clear(pin);
    await user.type(pin, '1234');
    await user.clear(confirm);
    await user.type(confirm, '1234');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Invalid PIN', 'This PIN is too easy to guess. Choose another.');
    expect(callsTo(calls, 'POST /api/auth/customer/register')).toHaveLength(0);
  });

  it('goes back to the OTP step', async () => {
    happyApi();
    const { user } = setup();
    await reachDetailsStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();
  });

  it('registers with the verified number, name and PIN and hands over the session', async () => {
    const calls = happyApi();
    const { user, onRegistered } = setup();
    await reachDetailsStep(user);
    await user.type(screen.getByLabelText('Full Name'), '  Asha Rao ');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration Successful', 'Welcome! You can now start using the product');
    expect(callsTo(calls, 'POST /api/auth/customer/register')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      name: 'Asha Rao',
      pin: '4829',
    });
    expect(onRegistered).toHaveBeenCalledWith(session);
    expect(calls.map((c) => c.url)).toEqual(['/api/otp/send', '/api/otp/verify', '/api/auth/customer/register']);
  });

  it("shows the server's message when registration fails, or 'Please try again'", async () => {
    let answer = apiError(409, 'An account with this phone number already exists', 'phone_taken');
    happyApi({ 'POST /api/auth/customer/register': () => answer });
    const { user, onRegistered } = setup();
    await reachDetailsStep(user);
    await user.type(screen.getByLabelText('Full Name'), 'Asha');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration Failed', 'An account with this phone number already exists');
    answer = new Response('', { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration Failed', 'Please try again');
    expect(onRegistered).not.toHaveBeenCalled();
  });
});

describe('registration wizard: business details', () => {
  async function fillBusiness(user: User, skip?: string) {
    const values: Record<string, string> = {
      'Contact Name': 'Ravi Kumar',
      'Business Name': 'Ravi Stores',
      'Business Type': 'Retail',
      'Email Address': 'Ravi@Example.com',
      'Business Address': '12 MG Road, Bengaluru',
      PIN: '4829',
      'Confirm PIN': '4829',
    };
    for (const [label, value] of Object.entries(values)) {
      if (label !== skip) await user.type(screen.getByLabelText(label), value);
    }
  }

  it('asks for every business field', async () => {
    const calls = happyApi();
    const { user } = setup('business');
    await reachDetailsStep(user);
    expect(screen.getByLabelText('Business Type')).toHaveAttribute('placeholder', expect.stringContaining('Retail, Restaurant, Services'));
    for (const missing of ['Business Name', 'Business Type', 'Email Address', 'Business Address']) {
      for (const label of ['Contact Name', 'Business Name', 'Business Type', 'Email Address', 'Business Address', 'PIN', 'Confirm PIN']) {
        await user.clear(screen.getByLabelText(label));
      }
      await fillBusiness(user, missing);
      await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
      await expectToast('Missing Business Information', 'Please fill in all business details');
    }
    expect(callsTo(calls, 'POST /api/auth/business/register')).toHaveLength(0);
  });

  it('asks for the contact name and PIN first', async () => {
    happyApi();
    const { user } = setup('business');
    await reachDetailsStep(user);
    await fillBusiness(user, 'Contact Name');
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
  });

  it('applies the PIN rules', async () => {
    happyApi();
    const { user } = setup('business');
    await reachDetailsStep(user);
    await fillBusiness(user, 'Confirm PIN');
    await user.type(screen.getByLabelText('Confirm PIN'), '4828');
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast("PINs don't match");
    await user.clear(screen.getByLabelText('PIN'));
    await user.type(screen.getByLabelText('PIN'), '12');
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast('Invalid PIN', 'PIN must be exactly 4 digits');
  });

  it('submits every field for approval and hands over the session', async () => {
    const calls = happyApi();
    const { user, onRegistered } = setup('business');
    await reachDetailsStep(user);
    await fillBusiness(user);
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast('Registration Submitted', 'Your business account is pending admin approval');
    expect(callsTo(calls, 'POST /api/auth/business/register')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      name: 'Ravi Kumar',
      businessName: 'Ravi Stores',
      businessType: 'Retail',
      email: 'Ravi@Example.com',
      address: '12 MG Road, Bengaluru',
      pin: '4829',
    });
    expect(onRegistered).toHaveBeenCalledTimes(1);
  });

  it('goes back from the details to the OTP step and from there to the phone step', async () => {
    happyApi();
    const { user } = setup('business');
    await reachDetailsStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9876543210');
  });
});

describe('registration wizard: the new account', () => {
  it('remembers the customer it made, so their first screen greets them as new', async () => {
    happyApi({ 'POST /api/auth/customer/register': () => json(201, { ...session, user: { ...session.user, id: 'new-customer' } }) });
    const { user } = setup();
    await reachDetailsStep(user);
    await user.type(screen.getByLabelText('Full Name'), 'Asha');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829');
    expect(isNewAccount('new-customer')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectToast('Registration Successful', 'Welcome! You can now start using the product');
    expect(isNewAccount('new-customer')).toBe(true);
    expect(isNewAccount('someone-else')).toBe(false);
  });

  it('remembers a new business the same way', async () => {
    happyApi({
      'POST /api/auth/business/register': () => json(201, { ...session, user: { ...session.user, id: 'new-business', role: 'business' } }),
    });
    const { user } = setup('business');
    await reachDetailsStep(user);
    for (const [label, value] of [['Contact Name', 'Ravi Kumar'], ['Business Name', 'Ravi Stores'], ['Business Type', 'Retail'],
      ['Email Address', 'ravi@example.com'], ['Business Address', '12 MG Road'], ['PIN', '4829'], ['Confirm PIN', '4829']] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    expect(isNewAccount('new-business')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    await expectToast('Registration Submitted', 'Your business account is pending admin approval');
    expect(isNewAccount('new-business')).toBe(true);
  });
});
