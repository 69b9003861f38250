/** The merchant sign-in's Staff option beside the business account's e-mail sign-in. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { MerchantLogin } from './merchant-login';

function setup(handlers: Record<string, (call: RecordedCall) => Response> = {}) {
  const calls = stubFetch(handlers);
  const user = userEvent.setup();
  const rendered = renderWithApp(<MerchantLogin />, { path: '/merchant' });
  return { ...rendered, calls, user };
}

describe('the Staff option of the merchant sign-in', () => {
  it('sits beside Business, which is chosen first, and asks for the phone and PIN', async () => {
    const { user } = setup();
    expect(screen.getByRole('tablist', { name: 'Who is signing in' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Business Email')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    expect(screen.getByText('Sign in with your mobile number and PIN')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Business Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Your Business' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('checks the fields as the customers\' sign-in does before asking the server', async () => {
    const { calls, user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Missing Information', 'Please enter both phone number and PIN');
    await user.type(screen.getByLabelText('Mobile Number'), '12345');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    expect(callsTo(calls, 'POST /api/auth/staff/login')).toHaveLength(0);
  });

  it("says Login Failed with the server's words, or the default without them", async () => {
    let answer = () => apiError(401, 'Invalid phone number or PIN', 'invalid_credentials');
    const { calls, user } = setup({ 'POST /api/auth/staff/login': () => answer() });
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    await user.type(screen.getByLabelText('Mobile Number'), '9800000001');
    await user.type(screen.getByLabelText('PIN'), '4820');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Invalid phone number or PIN');
    expect(callsTo(calls, 'POST /api/auth/staff/login')[0]!.body).toEqual({ phoneNumber: '+919800000001', pin: '4820' });
    answer = () => apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked', 'account_locked', { retryAfterMinutes: 15 });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Too many wrong PINs. Try again in 15 minutes.');
    answer = () => new Response('<html>Bad Gateway</html>', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Invalid phone number or PIN');
  });

  it('resets a staff account\'s forgotten PIN with role staff', async () => {
    const { calls, user } = setup({
      'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
      'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
      'POST /api/auth/reset-pin': () => json(200, { success: true }),
    });
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(screen.getByText('We will send a code to the mobile number you sign in with')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Mobile Number'), '9800000001{Enter}');
    await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New PIN'), '5731');
    await user.type(screen.getByLabelText('Confirm New PIN'), '5731');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await expectToast('PIN Reset', 'Your PIN has been reset. Sign in with your new PIN.');
    expect(callsTo(calls, 'POST /api/auth/reset-pin')[0]!.body).toEqual({
      phoneNumber: '+919800000001', role: 'staff', newPin: '5731', confirmPin: '5731',
    });
    // Back on the sign-in, still on the Staff option.
    expect(await screen.findByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
  });

  it('leads an invited person to the invitation', async () => {
    const { user, location } = setup();
    const link = screen.getByRole('link', { name: 'Accept your invitation' });
    expect(link).toHaveAttribute('href', '/merchant/join');
    expect(link.parentElement).toHaveTextContent('Invited to work at a shop? Accept your invitation');
    await user.click(link);
    expect(location.history?.at(-1)).toBe('/merchant/join');
  });
});
