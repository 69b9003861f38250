/**
 * Toasts sit where they hide no navigation: at the bottom, above the customer's bottom bar
 * and its Scan QR button, far from the merchant's header and tabs, on a 390 and a 360 pixel
 * wide phone; and a swipe to the right dismisses one before its time.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkAccessibility } from './accessibility';
import {
  createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi, refundByApi,
} from './api-seeding';
import { journey, journeysDisabled } from './journey';
import {
  boxOf, button, expectCustomerApp, expectMerchantHeader, expectToast, field, merchantTab, newMobileNumber, rupees,
  signInAsCustomer, signInWithEmail, type Box,
} from './pages';

const liveWaitMs = 10_000;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast lies wholly inside the screen and covers none of `navigation`. */
async function expectToastClearOf(page: Page, shown: Locator, navigation: Record<string, Locator>, width: number): Promise<void> {
  const toast = await boxOf(shown, 'the toast');
  const screen = page.viewportSize()!;
  expect(screen.width).toBe(width);
  expect(toast.x, 'the toast starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(toast.x + toast.width, 'the toast ends inside the screen').toBeLessThanOrEqual(screen.width);
  expect(toast.y + toast.height, 'the toast is above the bottom edge').toBeLessThanOrEqual(screen.height);
  for (const [what, locator] of Object.entries(navigation)) {
    const part = await boxOf(locator, what);
    expect(overlaps(toast, part), `the toast (${JSON.stringify(toast)}) covers ${what} (${JSON.stringify(part)}) at ${width} px`).toBe(false);
  }
  // In the bottom half of the screen, where no header or tabs are.
  expect(toast.y, 'the toast sits low on the screen').toBeGreaterThan(screen.height / 2);
}

/** Drags the toast to the right with the mouse, as a finger would swipe it, and lets go. */
async function swipeRight(page: Page, shown: Locator): Promise<void> {
  const toast = await boxOf(shown, 'the toast');
  // On its text, away from the close button on the right.
  const startX = toast.x + 24;
  const y = toast.y + toast.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + 60, y, { steps: 6 });
  await page.mouse.move(startX + 160, y, { steps: 6 });
  await page.mouse.up();
}

/** Rests the pointer on the toast, which holds its timer (Radix pauses it under a pointer). */
async function holdToast(page: Page, shown: Locator): Promise<void> {
  const toast = await boxOf(shown, 'the toast');
  await page.mouse.move(toast.x + 24, toast.y + toast.height / 2);
}

/** The toast `title` is gone soon after the swipe; held under the pointer, only the swipe could end it. */
async function expectSwipedAway(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByText(title, { exact: true }).count(), { message: `the toast "${title}" swiped away`, timeout: 2_000 })
    .toBe(0);
}

describe.skipIf(journeysDisabled)('toasts', () => {
  journey('a toast covers neither header, tabs nor bottom bar at 390 and 360 px, and a swipe dismisses it', async ({ page, khata, openPhone }) => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Lakshmi Iyer', businessName: 'Iyer Provisions', businessType: 'Retail',
      email: `toasts.${Date.now()}@example.com`, address: '12 North Mada Street, Chennai', pin: '5183',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Karthik Subramanian', pin: '7264' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
    const { qrData } = await generateQrCode(khata, merchantToken, { expirationMinutes: 60 });

    // The merchant's dashboard, 390 px: a customer's payment arrives as a toast.
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    const merchantNavigation = { 'the header': page.locator('header'), 'the tabs': page.getByRole('tablist', { name: 'Sections', exact: true }) };
    const first = await payByApi(khata, customerToken, { qrData, pin: customer.pin, amount: '120' });
    const paid = await expectToast(page, 'Payment received', `${rupees(120)} from ${customer.fullName}`);
    await holdToast(page, paid);
    await expectToastClearOf(page, paid, merchantNavigation, 390);
    await checkAccessibility(page, 'the merchant dashboard with a toast');
    await swipeRight(page, paid);
    await expectSwipedAway(page, 'Payment received');

    // 360 px: the merchant's own action, saving the credit terms, answered by a toast.
    await page.setViewportSize({ width: 360, height: 780 });
    await merchantTab(page, 'Settings').click();
    const terms = page.getByRole('form', { name: 'Credit terms', exact: true });
    await expect.poll(() => field(terms, 'Credit period (days)').inputValue(), { message: 'the credit period' }).toBe('30');
    await field(terms, 'Credit period (days)').fill('21');
    await button(terms, 'Save').click();
    const pinDialog = page.getByRole('dialog', { name: 'Enter your PIN', exact: true });
    await field(pinDialog, 'PIN').fill(merchant.pin);
    await button(pinDialog, 'Confirm').click();
    const saved = await expectToast(page, 'Settings saved', 'New payments fall due after the period set here.');
    await holdToast(page, saved);
    await page.evaluate(() => window.scrollTo(0, 0)); // The header and tabs in view, as after any tap on a tab.
    await expectToastClearOf(page, saved, merchantNavigation, 360);
    await checkAccessibility(page, 'the merchant settings with a toast');
    await swipeRight(page, saved);
    await expectSwipedAway(page, 'Settings saved');

    // The customer's home, 390 px: the merchant's refund arrives as a toast.
    const phone = await openPhone();
    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    const customerNavigation = {
      'the header': phone.locator('header'),
      'the bottom bar': phone.getByRole('navigation'),
      'the Scan QR button': button(phone, 'Scan QR'),
    };
    await refundByApi(khata, merchantToken, first.id, { amount: '20', reason: 'Returned a packet of rice', pin: merchant.pin });
    const refunded = await expectToast(phone, 'Refund received', `${rupees(20)} from ${merchant.businessName}`);
    await holdToast(phone, refunded);
    await expectToastClearOf(phone, refunded, customerNavigation, 390);
    await checkAccessibility(phone, 'the customer home with a toast');
    await swipeRight(phone, refunded);
    await expectSwipedAway(phone, 'Refund received');

    // 360 px: another refund.
    await phone.setViewportSize({ width: 360, height: 780 });
    await refundByApi(khata, merchantToken, first.id, { amount: '30', reason: 'Returned a bottle of oil', pin: merchant.pin });
    const again = await expectToast(phone, 'Refund received', `${rupees(30)} from ${merchant.businessName}`);
    await holdToast(phone, again);
    await expectToastClearOf(phone, again, customerNavigation, 360);
    await swipeRight(phone, again);
    await expectSwipedAway(phone, 'Refund received');
  }, 3 * liveWaitMs + 60_000);
});
