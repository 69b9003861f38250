/** "Forgot PIN?" on the customer (/cust) and merchant (/merchant) login screens. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CustomerLogin } from '@/app/routes/customer-login';
import { MerchantLogin } from '@/app/routes/merchant-login';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';

const screens: [string, () => ReactElement, 'customer' | 'business'][] = [
  ['customer', () => <CustomerLogin />, 'customer'],
  ['merchant', () => <MerchantLogin />, 'business'],
];

describe.each(screens)('Forgot PIN? on the %s login', (_name, loginScreen, role) => {
  function setup() {
    const calls = stubFetch({
      'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
      'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
      'POST /api/auth/reset-pin': () => json(200, { success: true }),
    });
    const user = userEvent.setup();
    renderWithApp(loginScreen());
    return { calls, user };
  }

  it('opens the reset wizard and comes back with Back to Login', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(screen.getByRole('heading', { name: 'Reset your PIN' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it(`resets the PIN with role ${role} and returns to the login form`, async () => {
    const { calls, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    await user.type(await screen.findByLabelText('Mobile Number'), '9876543210{Enter}');
    await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New PIN'), '5731');
    await user.type(screen.getByLabelText('Confirm New PIN'), '5731');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await expectToast('PIN Reset', 'Your PIN has been reset. Sign in with your new PIN.');
    expect(callsTo(calls, 'POST /api/auth/reset-pin')[0]!.body).toEqual({
      phoneNumber: '+919876543210',
      role,
      newPin: '5731',
      confirmPin: '5731',
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot PIN?' })).toBeInTheDocument();
  });
});
