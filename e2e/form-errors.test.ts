/**
 * A field's problem said under the field as well as in the spec's toast, in real Chromium:
 * a weak PIN and PINs that do not match at registration (in English and in Tamil, whose
 * longer words must still fit half a 360 px screen), a bad UPI ID in the shop's credit
 * terms and a bad repayment amount. Each error is an alert the input names
 * (aria-describedby) and is marked invalid by, goes once the field is corrected, and
 * axe finds nothing on the screen while it shows.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Language } from '@common/languages';
import {
  createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import { screenChecker } from './layout-checks';
import {
  button, customerCard, expectHidden, expectMerchantHeader, expectToast, expectVisible, field, merchantTab, newMobileNumber,
  readDevelopmentOtp, rupees, signInWithEmail,
} from './pages';
import { translator } from './translations';

/** The error under the field labelled `label`, word for word, named by the field, which is marked invalid. */
async function expectFieldError(scope: Page | Locator, label: string, text: string): Promise<void> {
  const input = field(scope, label);
  await expect.poll(() => input.getAttribute('aria-invalid'), { message: `"${label}" marked invalid` }).toBe('true');
  const id = await input.getAttribute('id');
  const error = scope.locator(`[id="${id}-error"]`);
  await expectVisible(error, `the error under "${label}"`);
  expect(await error.innerText(), `the error under "${label}"`).toBe(text);
  expect(await error.getAttribute('role'), `the error under "${label}" is read out`).toBe('alert');
  expect((await input.getAttribute('aria-describedby'))?.split(' '), `"${label}" described by its error`).toContain(`${id}-error`);
}

/** No error under the field labelled `label`, and the field not marked invalid. */
async function expectNoFieldError(scope: Page | Locator, label: string): Promise<void> {
  const input = field(scope, label);
  const id = await input.getAttribute('id');
  await expectHidden(scope.locator(`[id="${id}-error"]`), `the error under "${label}"`);
  expect(await input.getAttribute('aria-invalid'), `"${label}" not marked invalid`).not.toBe('true');
}

let serial = 0;

/** An approved shop and a customer who owes it ₹204 (a ₹200 payment and its 2% fee), through the API. */
async function shopWithCustomer(khata: RunningApp) {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: 'Meena Iyer', businessName: 'Iyer Provisions', businessType: 'Retail',
    email: `form-errors.${serial}.${Date.now()}@example.com`, address: `${serial} Car Street, Madurai`, pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: 'Kavya Raman', pin: '4826' };
  const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
  const customerToken = await createCustomerSession(khata, customer);
  await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '1000.00');
  const code = await generateQrCode(khata, merchantToken);
  await payByApi(khata, customerToken, { qrData: code.qrData, pin: customer.pin, amount: '200.00' });
  return { merchant, customer };
}

function registrationJourney(language: Language) {
  journey(`in ${language}: registration says a weak PIN and PINs that do not match under the fields`, async ({ page }) => {
    const tr = translator(language);
    const screens = screenChecker(language);
    await page.goto('/cust');
    if (language !== 'en') {
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `<html lang> after choosing ${language}` })
        .toBe(language);
    }
    await button(page, tr('Create New Account')).click();
    await expectVisible(button(page, tr('Send OTP')), 'the phone step of the wizard');
    await field(page, tr('Mobile Number')).fill(newMobileNumber());
    await button(page, tr('Send OTP')).click();
    await field(page, tr('OTP')).fill(await readDevelopmentOtp(page));
    await button(page, tr('Verify OTP')).click();
    await expectToast(page, tr('Phone Verified'));

    // A PIN from the list of the most guessed.
    const weak = tr('This PIN is too easy to guess. Choose another.');
    await field(page, tr('Full Name')).fill(language === 'en' ? 'Kavya Raman' : 'கவ்யா ராமன்');
    await field(page, tr('PIN')).fill('1234');
    await field(page, tr('Confirm PIN')).fill('1234');
    await expectNoFieldError(page, tr('PIN'));
    await button(page, tr('Create Account')).click();
    await expectToast(page, tr('Invalid PIN'), weak);
    await expectFieldError(page, tr('PIN'), weak);
    await expectNoFieldError(page, tr('Confirm PIN'));
    await checkAccessibility(page, `the wizard details step with a weak PIN (${language})`);
    await screens.check(page, 'registration-weak-pin');

    // Another PIN: its error goes as it is typed; the confirmation no longer matches.
    await field(page, tr('PIN')).fill('4829');
    await expectNoFieldError(page, tr('PIN'));
    await field(page, tr('Confirm PIN')).fill('4820');
    await button(page, tr('Create Account')).click();
    await expectToast(page, tr("PINs don't match"));
    await expectFieldError(page, tr('Confirm PIN'), tr("PINs don't match"));
    await expectNoFieldError(page, tr('PIN'));
    await checkAccessibility(page, `the wizard details step with PINs that do not match (${language})`);
    await screens.check(page, 'registration-pin-mismatch');

    await field(page, tr('Confirm PIN')).fill('4829');
    await expectNoFieldError(page, tr('Confirm PIN'));
    await button(page, tr('Create Account')).click();
    await expectToast(page, tr('Registration Successful'), tr('Welcome! You can now start using the product'));
  });
}

describe.skipIf(journeysDisabled)('errors under the fields', () => {
  registrationJourney('en');
  registrationJourney('ta');

  journey('the shop’s credit terms say a bad UPI ID under the field until it is corrected', async ({ page, khata }) => {
    const { merchant } = await shopWithCustomer(khata);
    const screens = screenChecker('en');
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    await merchantTab(page, 'Settings').click();
    const terms = page.getByRole('form', { name: 'Credit terms', exact: true });
    await expectVisible(field(terms, 'UPI ID'), 'the UPI ID field');
    await field(terms, 'UPI ID').fill('iyer.provisions@');
    await button(terms, 'Save').click();
    await expectToast(page, 'Invalid UPI ID', 'Enter a UPI ID like name@bank');
    await expectFieldError(terms, 'UPI ID', 'Enter a UPI ID like name@bank');
    await expectHidden(page.getByRole('dialog', { name: 'Enter your PIN' }), 'the PIN dialog, not asked for a bad UPI ID');
    await checkAccessibility(page, 'the credit terms with a bad UPI ID');
    await screens.check(page, 'settings-bad-upi-id');

    await field(terms, 'UPI ID').fill('iyer.provisions@okaxis');
    await expectNoFieldError(terms, 'UPI ID');
    await button(terms, 'Save').click();
    const pinDialog = page.getByRole('dialog', { name: 'Enter your PIN', exact: true });
    await field(pinDialog, 'PIN').fill(merchant.pin);
    await button(pinDialog, 'Confirm').click();
    await expectToast(page, 'Settings saved', 'New payments fall due after the period set here.');
  });

  journey('recording a repayment says a bad amount under the field until it is corrected', async ({ page, khata }) => {
    const { merchant, customer } = await shopWithCustomer(khata);
    const screens = screenChecker('en');
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    const card = customerCard(page, customer.fullName);
    await expectVisible(card, `${customer.fullName} in Customers`);
    await button(card, 'Record Repayment').click();
    const dialog = page.getByRole('dialog', { name: 'Record Repayment' });
    await expectVisible(dialog.getByText(`${customer.fullName} owes ${rupees(204)}.`, { exact: true }), 'what is owed in the dialog');

    const amount = 'Amount Received (₹)';
    await field(dialog, amount).fill('250');
    await button(dialog, 'Record Repayment').click();
    await expectToast(page, 'Invalid Amount', 'Repayment cannot be more than what the customer owes');
    await expectFieldError(dialog, amount, 'Repayment cannot be more than what the customer owes');
    await checkAccessibility(page, 'the Record Repayment dialog with too much');
    await screens.check(page, 'record-repayment-too-much');

    await field(dialog, amount).fill('0');
    await expectFieldError(dialog, amount, 'Please enter a valid amount greater than 0');
    await button(dialog, 'Record Repayment').click();
    await expectToast(page, 'Invalid Amount', 'Please enter a valid amount greater than 0');
    await checkAccessibility(page, 'the Record Repayment dialog with 0');

    await field(dialog, amount).fill('104');
    await expectNoFieldError(dialog, amount);
    await button(dialog, 'Record Repayment').click();
    await expectToast(page, 'Repayment Recorded', `${rupees(104)} received from ${customer.fullName}`);
    await expectHidden(dialog, 'the Record Repayment dialog');
  });
});
