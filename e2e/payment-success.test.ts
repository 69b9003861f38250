/**
 * The moment of a payment (docs/product.md#payments, #receipts): after 'Payment Successful' a
 * screen the customer turns towards the shopkeeper (the tick, the amount, the shop, the total
 * with the fee, the time and the short reference), Done back to the scan step, and a receipt
 * that names the shop's address and phone and the same reference, shared by WhatsApp in a
 * browser without a share sheet. Neither toast, 'Payment Successful' nor 'Receipt copied',
 * covers a button of the screen it shows over, on a 390 × 844 and a 360 × 740 phone.
 */
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { shortReference } from '@common/reference';
import { rowsOf } from '../server/db/client';
import { checkAccessibility } from './accessibility';
import { createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit } from './api-seeding';
import type { RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import { screenChecker } from './layout-checks';
import {
  boxOf, button, customerEntry, enterCodeManually, expectCustomerApp, expectHidden, expectToast, expectVisible, field, newMobileNumber,
  openScanQr, payWithPin, rupees, signInAsCustomer,
} from './pages';

/** The newest ledger row of the shop: its id and when it was written. */
async function newestRowOf(khata: RunningApp, businessName: string): Promise<{ id: string; createdAt: string }> {
  const [row] = rowsOf<{ id: string; created_at: string }>(await khata.database.db.execute(sql`
    select t.id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from transactions t join businesses b on b.id = t.business_id
    where b.business_name = ${businessName}
    order by t.created_at desc, t.id desc limit 1`));
  expect(row, `a ledger row of ${businessName}`).toBeDefined();
  return { id: row!.id, createdAt: row!.created_at };
}

/** The time as this browser writes it for India, the app's format ("12 Jan 2025, 3:45 pm"). */
const indiaTime = (page: Page, iso: string) => page.evaluate((at) => new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata', numberingSystem: 'latn', day: 'numeric', month: 'short', year: 'numeric',
  hour: 'numeric', minute: '2-digit', hour12: true,
}).format(new Date(at)), iso);

/** Rests the pointer on the toast, which holds its timer (Radix pauses it under a pointer) while it is measured. */
async function holdToast(page: Page, shown: Locator): Promise<void> {
  const toast = await boxOf(shown, 'the toast');
  await page.mouse.move(toast.x + 24, toast.y + toast.height / 2);
}

/** The toast `shown` lies inside the screen and covers none of `controls`: a tap there reaches the control. */
async function expectToastClearOf(page: Page, shown: Locator, controls: Record<string, Locator>): Promise<void> {
  await holdToast(page, shown);
  const toast = await boxOf(shown, 'the toast');
  const screen = page.viewportSize()!;
  const size = `${screen.width} × ${screen.height}`;
  expect(toast.y, `the toast starts inside the screen at ${size}`).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height, `the toast ends inside the screen at ${size}`).toBeLessThanOrEqual(screen.height);
  for (const [what, locator] of Object.entries(controls)) {
    const control = await boxOf(locator, what);
    const overlaps = toast.x < control.x + control.width && control.x < toast.x + toast.width
      && toast.y < control.y + control.height && control.y < toast.y + toast.height;
    expect(overlaps, `the toast (${JSON.stringify(toast)}) covers ${what} (${JSON.stringify(control)}) at ${size}`).toBe(false);
  }
}

describe.skipIf(journeysDisabled)('the success screen and the receipt', () => {
  journey('a customer pays, shows the success screen, goes back to scan with Done, and finds the shop on the receipt', async ({ page, khata }) => {
    const shop = 'Lakshmi Stores';
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Lakshmi Iyer', businessName: shop, businessType: 'Retail',
      email: `success.${Date.now()}@example.com`, address: '27 Temple Street, Madurai', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Karthik Raman', pin: '4826' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '3000');
    const code = await generateQrCode(khata, merchantToken, { amount: '1250', description: 'Festival sweets' });

    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    const overlay = await openScanQr(page);
    await enterCodeManually(overlay, code.qrData);
    await payWithPin(overlay, customer.pin);
    const paidToast = await expectToast(page, 'Payment Successful', `${rupees(1250)} paid to ${shop}`);

    // The success screen: what the shopkeeper reads off the customer's phone.
    const success = overlay.getByRole('region', { name: 'Payment Successful' });
    await expectVisible(success, 'the success screen');
    await expectToastClearOf(page, paidToast, {
      'Done': button(success, 'Done'), 'Share on WhatsApp': success.getByRole('link', { name: 'Share on WhatsApp' }),
    });
    const row = await newestRowOf(khata, shop);
    const reference = shortReference(row.id);
    const heading = success.getByRole('heading', { name: 'Payment Successful' });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement), { message: 'the focus on its heading' })
      .toBe(true);
    await expectVisible(success.getByText(rupees(1250), { exact: true }), 'the amount');
    await expectVisible(success.getByText(`to ${shop}`, { exact: true }), 'the shop');
    const figure = (term: string) => success.locator(`dt:text-is("${term}") + dd`);
    expect(await figure('Total with fee').innerText()).toBe(rupees(1275));
    expect(await figure('Date and time').innerText()).toBe(await indiaTime(page, row.createdAt));
    expect(await figure('Reference').innerText()).toBe(reference);
    // Large type, for a shopkeeper across the counter.
    const amountPx = await success.getByText(rupees(1250), { exact: true }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(amountPx, 'the amount in large type').toBeGreaterThanOrEqual(36);
    await checkAccessibility(page, 'the payment success screen');
    const screens = screenChecker('en');
    await screens.check(page, 'payment-success');

    // No share sheet in this browser: the receipt goes out as a WhatsApp message.
    const whatsApp = success.getByRole('link', { name: 'Share on WhatsApp' });
    await expectVisible(whatsApp, 'Share on WhatsApp');
    const href = new URL((await whatsApp.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    const message = href.searchParams.get('text')!;
    for (const line of [`Shop: ${shop}`, `Address: ${merchant.address}`, `Phone: +91${merchant.mobileNumber}`, `Reference: ${reference}`]) {
      expect(message.split('\n'), 'the WhatsApp message').toContain(line);
    }
    expect(await whatsApp.getAttribute('target')).toBe('_blank');

    await button(success, 'Done').click();
    await expectHidden(success, 'the success screen, after Done');
    await expectVisible(field(overlay, 'QR Code Data'), 'the scan step again');
    expect(await field(overlay, 'QR Code Data').inputValue(), 'the pasted code is cleared').toBe('');
    await button(overlay, 'Close').click();
    await expectHidden(overlay, 'the Scan QR Code overlay');

    // The receipt from the history: the shop's address and phone, the same short reference.
    await button(customerEntry(page, 'Payment', shop), 'View receipt').click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expectVisible(receipt, 'the receipt');
    const receiptFigure = (term: string) => receipt.locator(`dt:text-is("${term}") + dd`);
    await expect.poll(() => receiptFigure('Reference').innerText(), { message: "the receipt's reference" }).toBe(reference);
    expect(await receiptFigure('Shop').innerText()).toBe(shop);
    expect(await receiptFigure('Address').innerText()).toBe(merchant.address);
    expect(await receiptFigure('Phone').innerText()).toBe(`+91${merchant.mobileNumber}`);
    expect(await receipt.getByText(row.id).count(), 'the 36-character id stays off the receipt').toBe(0);
    await expectVisible(button(receipt, 'Copy'), 'Copy beside the WhatsApp link');
    await expectVisible(receipt.getByRole('link', { name: 'Share on WhatsApp' }), 'Share on WhatsApp on the receipt');
    await checkAccessibility(page, 'the receipt');
    await screens.check(page, 'receipt');
    await button(receipt, 'Copy').click();
    await expectToastClearOf(page, await expectToast(page, 'Receipt copied'), {
      'Share on WhatsApp': receipt.getByRole('link', { name: 'Share on WhatsApp' }), 'Copy': button(receipt, 'Copy'), 'Close': button(receipt, 'Close'),
    });
  });

  journey('on a 360 × 740 phone with a share sheet, neither toast covers Done, Share receipt, Share or Copy', async ({ page, khata }) => {
    const shop = 'Meenakshi Provisions';
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Meenakshi Sundaram', businessName: shop, businessType: 'Retail',
      email: `success.small.${Date.now()}@example.com`, address: '4 West Masi Street, Madurai', pin: '6142',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Divya Natarajan', pin: '5937' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '3000');
    const code = await generateQrCode(khata, merchantToken, { amount: '480', description: 'Rice and dal' });
    // A phone's share sheet, which this Chromium lacks: Share receipt and Share are buttons then.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: async () => {} });
    });
    await page.setViewportSize({ width: 360, height: 740 });

    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    const overlay = await openScanQr(page);
    await enterCodeManually(overlay, code.qrData);
    await payWithPin(overlay, customer.pin);
    const paidToast = await expectToast(page, 'Payment Successful', `${rupees(480)} paid to ${shop}`);
    const success = overlay.getByRole('region', { name: 'Payment Successful' });
    await expectVisible(success, 'the success screen');
    await expectToastClearOf(page, paidToast, { 'Done': button(success, 'Done'), 'Share receipt': button(success, 'Share receipt') });
    await button(success, 'Done').click();
    await expectHidden(success, 'the success screen, after Done');
    await button(overlay, 'Close').click();
    await expectHidden(overlay, 'the Scan QR Code overlay');

    await button(customerEntry(page, 'Payment', shop), 'View receipt').click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expectVisible(button(receipt, 'Share'), 'Share on the receipt');
    // The sheet is taller than this screen: reaching Copy scrolls its title and Close out of view.
    await button(receipt, 'Copy').click();
    await expectToastClearOf(page, await expectToast(page, 'Receipt copied'), { 'Share': button(receipt, 'Share'), 'Copy': button(receipt, 'Copy') });
  });
});
