/** Customer journeys (docs/product.md#sign-in-and-registration, #pins): register, profile, sign in, change PIN. */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { otpVerifyAttemptsMax } from '@common/limits';
import { users } from '../server/db/schema';
import { type RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  button, detailValue, expectCustomerApp, expectCustomerLogin, expectHidden, expectToast, expectVisible,
  field, logOut, newMobileNumber, openProfile, readDevelopmentOtp, registerCustomer, signInAsCustomer,
} from './pages';

async function customerIdOf(khata: RunningApp, mobileNumber: string): Promise<string> {
  const [row] = await khata.database.db.select({ id: users.id }).from(users)
    .where(and(eq(users.role, 'customer'), eq(users.phone, `+91${mobileNumber}`)));
  if (!row) throw new Error(`no customer with the phone +91${mobileNumber}`);
  return row.id;
}

describe.skipIf(journeysDisabled)('customer journeys', () => {
  journey('a new customer registers, sees the profile, signs in again and changes the PIN', async ({ page, khata, problems }) => {
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Asha Verma', pin: '4826' };
    const newPin = '5173';

    await registerCustomer(page, customer);
    await expectCustomerApp(page, customer.fullName);

    await openProfile(page);
    await expectVisible(page.getByRole('heading', { name: customer.fullName, exact: true }), 'the name on the profile');
    await expectVisible(page.getByText(`+91${customer.mobileNumber}`, { exact: true }), 'the phone number on the profile');
    const userId = await customerIdOf(khata, customer.mobileNumber);
    expect(await detailValue(page, 'User ID').innerText()).toBe(userId.slice(0, 8));
    expect(await detailValue(page, 'Account Type').innerText()).toBe('Customer');
    expect(await detailValue(page, 'Status').innerText()).toBe('Active');

    await logOut(page, '/cust');
    await expectCustomerLogin(page);

    // Enter submits the login form (docs/product.md#sign-in-and-registration).
    await signInAsCustomer(page, customer.mobileNumber, customer.pin, 'enter');
    await expectCustomerApp(page, customer.fullName);

    await openProfile(page);
    await button(page, 'Change PIN').click();
    const sheet = page.getByRole('dialog', { name: 'Change PIN' });
    await expectVisible(sheet, 'the Change PIN sheet');
    const submit = button(sheet, 'Change PIN');
    await field(sheet, 'Current PIN').fill(customer.pin);
    await field(sheet, 'New PIN').fill(newPin);
    expect(await submit.isDisabled(), 'submit is disabled before the PIN is confirmed').toBe(true);
    await field(sheet, 'Confirm New PIN').fill('5174');
    await expectVisible(sheet.getByText('PINs do not match', { exact: true }), 'the hint "PINs do not match"');
    expect(await submit.isDisabled(), 'submit is disabled while the confirmation differs').toBe(true);
    await field(sheet, 'Confirm New PIN').fill(newPin);
    await expectVisible(sheet.getByText('PINs match', { exact: true }), 'the hint "PINs match"');
    expect(await submit.isEnabled(), 'submit is enabled once all three PINs are complete and match').toBe(true);
    await submit.click();
    await expectToast(page, 'PIN Changed Successfully', 'Your PIN has been updated');
    await expectHidden(sheet, 'the Change PIN sheet');

    await logOut(page, '/cust');
    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectToast(page, 'Login Failed', 'Invalid phone number or PIN');
    await expectCustomerLogin(page);

    await signInAsCustomer(page, customer.mobileNumber, newPin);
    await expectCustomerApp(page, customer.fullName);

    expect(problems.cspViolations(), 'Content Security Policy violations reported by the page').toEqual([]);
  });

  journey('the wizard refuses a 9-digit mobile number', async ({ page }) => {
    await page.goto('/cust');
    await button(page, 'Create New Account').click();
    await field(page, 'Mobile Number').fill('981234567');
    await button(page, 'Send OTP').click();
    await expectToast(page, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number');
    await expectVisible(field(page, 'Mobile Number'), 'the phone step, still');
  });

  journey('the wizard refuses a wrong OTP, then accepts the right one', async ({ page }) => {
    await page.goto('/cust');
    await button(page, 'Create New Account').click();
    await field(page, 'Mobile Number').fill(newMobileNumber());
    await button(page, 'Send OTP').click();
    const otp = await readDevelopmentOtp(page);
    const wrongOtp = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

    await field(page, 'OTP').fill(wrongOtp);
    await button(page, 'Verify OTP').click();
    const attemptsLeft = otpVerifyAttemptsMax - 1;
    await expectToast(page, 'Invalid OTP', `Incorrect OTP. ${attemptsLeft} attempts left.`);

    await field(page, 'OTP').fill(otp);
    await button(page, 'Verify OTP').click();
    await expectToast(page, 'Phone Verified');
    await expectVisible(field(page, 'Full Name'), 'the details step');
  });

  journey('the login form asks for both the phone number and the PIN', async ({ page }) => {
    await page.goto('/cust');
    await field(page, 'Mobile Number').fill(newMobileNumber());
    await button(page, 'Sign In').click();
    await expectToast(page, 'Missing Information', 'Please enter both phone number and PIN');
  });

  journey('Back to Login leaves the wizard for the login form', async ({ page }) => {
    await page.goto('/cust');
    await button(page, 'Create New Account').click();
    await expectVisible(button(page, 'Send OTP'), 'the wizard');
    await button(page, 'Back to Login').click();
    await expectVisible(button(page, 'Sign In'), 'the login form');
  });
});
