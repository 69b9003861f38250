/**
 * Where to start (docs/product.md#sign-in-and-registration): each sign-in links to the
 * others, a new customer or shop is greeted by name as new, the merchant's Recent Payments
 * marks each row's kind, and the customer's My Code says what it is for.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import { checkAccessibility } from './accessibility';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
  refundByApi, repayByApi, setLanguage,
} from './api-seeding';
import { journey, journeysDisabled } from './journey';
import { hiddenNames, overflows, wrappedLabels } from './layout-checks';
import {
  boxOf, button, expectCustomerApp, expectCustomerLogin, expectMerchantHeader, expectVisible, field, newMobileNumber,
  registerBusiness, registerCustomer, signInWithEmail, waitForPath,
} from './pages';

/** The links under a sign-in's card. */
const otherSignIns = (page: Page) => page.getByRole('navigation');
const link = (page: Page, name: string) => otherSignIns(page).getByRole('link', { name, exact: true });

const signInHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** WCAG 2.5.8: a link standing on its own line is a target at least 24 pixels tall. */
async function expectTallEnough(page: Page, name: string): Promise<void> {
  expect((await boxOf(link(page, name), `the link "${name}"`)).height, `the link "${name}" on ${new URL(page.url()).pathname}`)
    .toBeGreaterThanOrEqual(24);
}

let serial = 0;

describe.skipIf(journeysDisabled)('the sign-ins and a first visit', () => {
  journey('each sign-in leads to the others, /cust to the shop\'s registration too', async ({ page }) => {
    await page.goto('/cust');
    await expectCustomerLogin(page);
    expect(await otherSignIns(page).innerText()).toMatch(/^Are you a shop\? Register your shop or sign in to your shop\s+Admin sign in$/);
    await expectTallEnough(page, 'Admin sign in');

    // The front page stands alone until it is left: the links still open the whole app.
    await link(page, 'sign in to your shop').click();
    await waitForPath(page, '/merchant');
    await expectVisible(signInHeading(page, 'Merchant sign in'), 'the merchant sign-in');
    await expectVisible(field(page, 'Business Email'), 'the business e-mail field');
    expect(await otherSignIns(page).innerText()).toMatch(/^Shopping on credit\? Customer sign in\s+Admin sign in$/);
    await expectTallEnough(page, 'Admin sign in');
    await checkAccessibility(page, 'the login screen /merchant');

    await link(page, 'Customer sign in').click();
    await expectCustomerLogin(page);

    await link(page, 'Admin sign in').click();
    await waitForPath(page, '/admin');
    await expectVisible(field(page, 'Admin Email'), 'the admin sign-in');
    await checkAccessibility(page, 'the login screen /admin');
    await expectTallEnough(page, 'Merchant Login');
    await expectTallEnough(page, 'Customer Login');
    await link(page, 'Merchant Login').click();
    await waitForPath(page, '/merchant');
    await link(page, 'Admin sign in').click();
    await waitForPath(page, '/admin');
    await link(page, 'Customer Login').click();
    await expectCustomerLogin(page);

    // "Register your shop" opens the business registration itself, at an address of its own.
    await link(page, 'Register your shop').click();
    await expectVisible(signInHeading(page, 'Register your business'), 'the business registration');
    await expectVisible(page.getByRole('heading', { name: 'Verify your phone', exact: true }), 'its first step');
    expect(new URL(page.url()).search).toBe('?register');
    await checkAccessibility(page, 'the business registration from /cust');
    await page.reload();
    await expectVisible(signInHeading(page, 'Register your business'), 'the business registration after a reload');
    await button(page, 'Back to Login').click();
    await expectVisible(signInHeading(page, 'Merchant sign in'), 'the merchant sign-in after Back to Login');
    expect(new URL(page.url()).search).toBe('');
  });

  journey('the links fit a 360-pixel phone in Hindi and Tamil on every sign-in', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const language of ['hi', 'ta'] as const) {
      await page.goto('/cust');
      await page.evaluate((chosen) => localStorage.setItem('khata.language', chosen), language);
      for (const path of ['/cust', '/merchant', '/admin']) {
        await page.goto(path);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        const links = page.getByRole('navigation').getByRole('link');
        await expect.poll(() => links.count(), { message: `the links under ${path}'s card in ${language}` }).toBeGreaterThanOrEqual(2);
        const where = `${path} in ${language} at 360 px`;
        expect(await overflows(page), `spills on ${where}`).toEqual([]);
        expect(await hiddenNames(page), `cut labels on ${where}`).toEqual([]);
        expect(await wrappedLabels(page), `wrapped labels on ${where}`).toEqual([]);
        await checkAccessibility(page, `the login screen ${where}`);
      }
    }
  });

  journey('a new customer is welcomed by name, then welcomed back; My Code says what it is for', async ({ page }) => {
    const asha = { mobileNumber: newMobileNumber(), fullName: 'Asha', pin: '4826' };
    await registerCustomer(page, asha);
    const greeting = page.getByRole('heading', { name: 'Asha', exact: true });
    await expectCustomerApp(page, asha.fullName);
    const greetingText = async () => (await greeting.locator('..').innerText()).replace(/\s+/g, ' ');
    expect(await greetingText()).toBe('Welcome, Asha');
    const hint = page.getByText('Show My Code to a shop so they can find your account.', { exact: true });
    await expectVisible(hint, 'what My Code is for');
    expect(await button(page, 'My Code Receive Payment').getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));

    // Any later visit is a return: the spec's "Welcome back,".
    await page.reload();
    await expectVisible(greeting, 'the home after a reload');
    expect(await greetingText()).toBe('Welcome back, Asha');
  });

  journey('a shop registered from /cust is welcomed by name above its Pending Approval banner', async ({ page }) => {
    serial += 1;
    const shop = {
      mobileNumber: newMobileNumber(), contactName: 'Ravi Kumar', businessName: 'Ravi Stores', businessType: 'Retail',
      email: `links.${serial}.${Date.now()}@example.com`, address: '12 MG Road, Bengaluru', pin: '3971',
    };
    await registerBusiness(page, shop, { from: '/cust' });
    await expectMerchantHeader(page, shop.businessName, 'Pending');
    const welcome = page.getByText('Welcome, Ravi Kumar', { exact: true });
    await expectVisible(welcome, 'the greeting of the new shop');
    await expectVisible(page.getByRole('region', { name: 'Pending Approval' }), 'the Pending Approval banner');
    const [greetingTop, bannerTop] = await Promise.all([welcome, page.getByRole('region', { name: 'Pending Approval' })]
      .map(async (element) => (await element.boundingBox())!.y));
    expect(greetingTop).toBeLessThan(bannerTop!);
    await page.reload();
    await expectVisible(page.getByRole('region', { name: 'Pending Approval' }), 'the banner after a reload');
    await expect.poll(() => welcome.count(), { message: 'no greeting on a later visit' }).toBe(0);
  });

  journey('Recent Payments marks each row as a Payment, Repayment or Refund, in words that fit a 360-pixel phone in Tamil', async ({ page, khata }) => {
    serial += 1;
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Meena', businessName: 'Meena Stores', businessType: 'Retail',
      email: `links.${serial}.${Date.now()}@example.com`, address: '4 Market Road, Madurai', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Kavya', pin: '4826' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
    const { creditAccounts } = await callApi<{ creditAccounts: BusinessCreditAccount[] }>(
      khata, 'GET', '/api/credit-accounts/business', { token: merchantToken },
    );
    const code = await generateQrCode(khata, merchantToken, { amount: '500' });
    const payment = await payByApi(khata, customerToken, { qrData: code.qrData, pin: customer.pin });
    await repayByApi(khata, merchantToken, creditAccounts[0]!.id, '200');
    await refundByApi(khata, merchantToken, payment.id, { amount: '50.00', reason: 'Returned a packet', pin: merchant.pin });

    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    const recent = page.getByRole('region', { name: 'Recent Payments', exact: true });
    for (const kind of ['Payment', 'Repayment', 'Refund']) {
      const row = recent.getByRole('article', { name: `${kind} ${customer.fullName}`, exact: true });
      await expectVisible(row.getByText(kind, { exact: true }), `the mark "${kind}" on its row in Recent Payments`);
    }
    await checkAccessibility(page, 'the merchant dashboard with Recent Payments');

    // The longest mark, Tamil's "Repayment", stays on one line inside its row at 360 pixels.
    await setLanguage(khata, merchantToken, 'ta');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    const repaymentMark = page.getByText('கடன் திருப்பிச் செலுத்துதல்', { exact: true }).first();
    await expectVisible(repaymentMark, 'the Tamil mark of the repayment');
    expect(await overflows(page)).toEqual([]);
    expect((await wrappedLabels(page)).filter((found) => found.includes('கடன் திருப்பிச் செலுத்துதல்'))).toEqual([]);
    await checkAccessibility(page, 'the merchant dashboard in Tamil at 360 px');
  });
});
