import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { PinResetWizard, type PinResetRole } from './pin-reset-wizard';

type User = ReturnType<typeof userEvent.setup>;

function api(overrides: Record<string, (call: RecordedCall) => Response> = {}) {
  return stubFetch({
    'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
    'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
    'POST /api/auth/reset-pin': () => json(200, { success: true }),
    ...overrides,
  });
}

function setup(role: PinResetRole = 'customer', user: User = userEvent.setup()) {
  const onBackToLogin = vi.fn();
  renderWithApp(<PinResetWizard role={role} onBackToLogin={onBackToLogin} />);
  return { user, onBackToLogin };
}

async function reachOtpStep(user: User, phone = '9876543210') {
  await user.type(screen.getByLabelText('Mobile Number'), phone);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
}

async function reachPinStep(user: User) {
  await reachOtpStep(user);
  await user.type(screen.getByLabelText('OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByLabelText('New PIN');
}

const resetButton = () => screen.getByRole('button', { name: 'Reset PIN' });

async function fillPins(user: User, newPin: string, confirmPin: string) {
  for (const [label, value] of [['New PIN', newPin], ['Confirm New PIN', confirmPin]] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('PIN reset: phone step', () => {
  it('starts at step 1 of 3 with the fixed +91 prefix and keeps only 10 digits', async () => {
    api();
    const { user } = setup();
    expect(screen.getByRole('heading', { name: 'Verify your phone' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('+91')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile Number'), '98a76-54 3210999');
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9876543210');
  });

  it('refuses a number that is not 10 digits without calling the server', async () => {
    const calls = api();
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile Number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    expect(calls).toHaveLength(0);
  });

  it('sends a pin_reset code to +91 and the number, says so and asks for the code', async () => {
    const calls = api();
    const { user } = setup();
    await reachOtpStep(user);
    await expectToast('OTP Sent', 'Verification code sent to +919876543210');
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.body).toEqual({ phoneNumber: '+919876543210', purpose: 'pin_reset' });
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('shows the development code for 10 seconds when the server returns one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api({ 'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300, developmentOtp: '482913' }) });
      const { user } = setup('customer', userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
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

  it("shows the server's message when sending fails, or 'Please try again'", async () => {
    let answer = () => apiError(429, 'Please wait 30 seconds before asking for a new code.', 'otp_resend_too_soon');
    api({ 'POST /api/otp/send': () => answer() });
    const { user } = setup();
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Failed to Send OTP', 'Please wait 30 seconds before asking for a new code.');
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument();
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectToast('Failed to Send OTP', 'Please try again');
  });
});

describe('PIN reset: OTP step', () => {
  it('refuses a code that is not 6 digits without calling the server', async () => {
    const calls = api();
    const { user } = setup();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('OTP'), '12a34');
    expect(screen.getByLabelText('OTP')).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'Please enter the 6-digit OTP');
    expect(callsTo(calls, 'POST /api/otp/verify')).toHaveLength(0);
  });

  it('verifies the pin_reset code, says so and asks for the new PIN', async () => {
    const calls = api();
    const { user } = setup();
    await reachPinStep(user);
    await expectToast('Phone Verified');
    expect(callsTo(calls, 'POST /api/otp/verify')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      otp: '123456',
      purpose: 'pin_reset',
    });
    expect(screen.getByRole('heading', { name: 'Choose a new PIN' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code, or the default", async () => {
    let answer = () => apiError(400, 'Incorrect code. 4 attempts left.', 'otp_incorrect');
    api({ 'POST /api/otp/verify': () => answer() });
    const { user } = setup();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'Incorrect code. 4 attempts left.');
    answer = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectToast('Invalid OTP', 'Please check your OTP and try again');
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();
  });

  it('resends the pin_reset code and goes back to the phone step with the number kept', async () => {
    const calls = api();
    const { user } = setup();
    await reachOtpStep(user);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await vi.waitFor(() => expect(callsTo(calls, 'POST /api/otp/send')).toHaveLength(2));
    expect(callsTo(calls, 'POST /api/otp/send')[1]!.body).toEqual({ phoneNumber: '+919876543210', purpose: 'pin_reset' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('9876543210');
  });
});

describe('PIN reset: new PIN step', () => {
  it('has two hidden PIN fields with their own show/hide, keeping only 4 digits', async () => {
    api();
    const { user } = setup();
    await reachPinStep(user);
    expect(screen.getByLabelText('New PIN')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm New PIN')).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Show PIN' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]!);
    expect(screen.getByLabelText('New PIN')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm New PIN')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide PIN' }));
    expect(screen.getByLabelText('New PIN')).toHaveAttribute('type', 'password');
    await user.type(screen.getByLabelText('New PIN'), '5a7-3 19');
    expect(screen.getByLabelText('New PIN')).toHaveValue('5731');
    for (const text of ['Exactly 4 digits', 'Numbers only', 'Not an easy-to-guess PIN like 1234 or 0000']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('hints whether the PINs match and stays disabled until both are 4 matching digits', async () => {
    api();
    const { user } = setup();
    await reachPinStep(user);
    expect(resetButton()).toBeDisabled();
    await user.type(screen.getByLabelText('New PIN'), '5731');
    expect(screen.queryByText('PINs match')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm New PIN'), '573');
    expect(screen.getByText('PINs do not match')).toBeInTheDocument();
    expect(resetButton()).toBeDisabled();
    await fillPins(user, '5731', '5732');
    expect(resetButton()).toBeDisabled();
    await fillPins(user, '5731', '5731');
    expect(screen.getByText('PINs match')).toBeInTheDocument();
    expect(resetButton()).toBeEnabled();
  });

  it('refuses an easy-to-guess PIN without calling the server', async () => {
    const calls = api();
    const { user } = setup();
    await reachPinStep(user);
    await fillPins(user, '1234', '1234');
    await user.click(resetButton());
    await expectToast('PIN Reset Failed', 'This PIN is too easy to guess. Choose another.');
    expect(callsTo(calls, 'POST /api/auth/reset-pin')).toHaveLength(0);
  });

  it.each([
    ['573', '573', 'Invalid New PIN', 'New PIN must be 4 digits'],
    ['5731', '5732', "PINs Don't Match", 'New PIN and confirmation do not match'],
  ])('on submit with %s / %s says %s', async (newPin, confirmPin, title, description) => {
    const calls = api();
    const { user } = setup();
    await reachPinStep(user);
    await fillPins(user, newPin, confirmPin);
    fireEvent.submit(screen.getByRole('form', { name: 'Reset PIN' }));
    await expectToast(title, description);
    expect(callsTo(calls, 'POST /api/auth/reset-pin')).toHaveLength(0);
  });

  it.each(['customer', 'business'] as const)(
    'resets the %s PIN for the verified number, says so and goes back to login',
    async (role) => {
      const calls = api();
      const { user, onBackToLogin } = setup(role);
      await reachPinStep(user);
      await fillPins(user, '5731', '5731');
      await user.click(resetButton());
      await expectToast('PIN Reset', 'Your PIN has been reset. Sign in with your new PIN.');
      const [call] = callsTo(calls, 'POST /api/auth/reset-pin');
      expect(call!.body).toEqual({ phoneNumber: '+919876543210', role, newPin: '5731', confirmPin: '5731' });
      expect(call!.credentials).toBe('include');
      expect(onBackToLogin).toHaveBeenCalledOnce();
    },
  );

  it("shows the server's message when the reset is refused, or 'Please try again'", async () => {
    let answer = () =>
      apiError(403, 'Please verify your phone number with an OTP before resetting your PIN.', 'otp_proof_missing');
    api({ 'POST /api/auth/reset-pin': () => answer() });
    const { user, onBackToLogin } = setup();
    await reachPinStep(user);
    await fillPins(user, '5731', '5731');
    await user.click(resetButton());
    await expectToast('PIN Reset Failed', 'Please verify your phone number with an OTP before resetting your PIN.');
    answer = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    await user.click(resetButton());
    await expectToast('PIN Reset Failed', 'Please try again');
    expect(onBackToLogin).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New PIN')).toHaveValue('5731');
  });
});

describe('PIN reset: Back to Login', () => {
  it('is offered on every step', async () => {
    api();
    const { user, onBackToLogin } = setup();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await reachPinStep(user);
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(onBackToLogin).toHaveBeenCalledTimes(2);
  });
});
