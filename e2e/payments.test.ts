/**
 * Payments (docs/product.md#payments, docs/product.md#qr-codes): a merchant's dynamic and static
 * codes paid by pasting, by the camera and by a /pay/<token> link, the fee and balance
 * checks, a wrong PIN, a code paid twice, and a repayment the merchant records.
 * Accounts are set up through the API; each journey has its own merchant and customer.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { businessQrCodes, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi } from './api-seeding';
import { type RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  availableCredit, button, customerCard, customerEntry, enterCodeManually, expectConfirmFigures, expectCustomerApp,
  expectCustomerLogin, expectHidden, expectMerchantHeader, expectPath, expectToast, expectVisible, field, merchantEntry,
  expectMyMerchant, merchantTab, newMobileNumber, openScanQr, payWithPin, rupees, signInAsCustomer, signInWithEmail, statCard,
} from './pages';

let serial = 0;

/** An approved merchant and a customer with a credit account there, made through the API. */
async function merchantAndCustomer(khata: RunningApp, businessName: string, customerName: string, creditLimit = '1000.00') {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(),
    contactName: `${businessName} Owner`,
    businessName,
    businessType: 'Retail',
    email: `payments.${serial}.${Date.now()}@example.com`,
    address: `${serial} Linking Road, Mumbai`,
    pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: customerName, pin: '4826' };
  const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
  const customerToken = await createCustomerSession(khata, customer);
  const { paymentHandle } = await customerPaymentCode(khata, customerToken);
  await grantCredit(khata, merchantToken, paymentHandle, creditLimit);
  return { merchant, merchantToken, customer, customerToken };
}

/** The scan step's camera is on and looking for a code: the scanner's own state, and its picture playing. */
async function expectCameraLive(overlay: Locator, what: string): Promise<void> {
  await expectVisible(overlay.getByText("Point your camera at the merchant's QR code.", { exact: true }), what);
  await expect.poll(() => overlay.locator('[data-scanner-state]').getAttribute('data-scanner-state'), { message: what }).toBe('scanning');
  // The scanner reports scanning before the video plays; closing before then makes html5-qrcode's
  // unawaited play() reject, uncaught.
  await expect.poll(() => overlay.locator('video').evaluate((video: HTMLVideoElement) => !video.paused && video.readyState >= 2), {
    message: `${what}: the camera's picture playing`,
  }).toBe(true);
}

const detail = (scope: ReturnType<Page['locator']>, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

describe.skipIf(journeysDisabled)('payments', () => {
  journey('a customer pays a dynamic code after a wrong PIN; both sides see it; the code cannot be paid twice', async ({ page, khata, openPhone }) => {
    const { merchant, merchantToken, customer } = await merchantAndCustomer(khata, 'Kumar Kirana', 'Asha Verma');
    const description = 'Groceries for the week';

    // The merchant generates a code for ₹250.
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    await merchantTab(page, 'QR Codes').click();
    await button(page, 'Generate New QR Code').click();
    const generator = page.getByRole('dialog', { name: 'QR Code Generator' });
    await expectVisible(generator, 'the QR Code Generator');
    await field(generator, 'Amount (₹)').fill('250');
    await field(generator, 'Description').fill(description);
    await button(generator, 'Generate QR Code').click();
    await expectToast(page, 'QR Code Generated', 'Show it to your customer to pay');
    const newCode = generator.getByRole('region', { name: 'New QR Code' });
    await expectVisible(newCode.getByRole('img', { name: 'New payment QR code' }), 'the new code drawn');
    await expectVisible(newCode.getByText(rupees(250), { exact: true }), 'the amount under the code');
    await expectVisible(newCode.getByText(description, { exact: true }), 'the description under the code');
    await expectVisible(newCode.getByText(/\(15m left\)$/), 'the time left, 15m');
    const recent = generator.getByRole('region', { name: 'Recent QR Codes' });
    await expectVisible(recent.getByRole('article', { name: `QR code ${rupees(250)}` }).getByText('15m', { exact: true }), 'the code in Recent QR Codes with 15m left');
    const [code] = await businessQrCodes(khata, merchantToken);
    expect(code, 'the code the generator made').toMatchObject({ amount: '250.00', description, isDynamic: true, status: 'active' });
    expect(code!.qrData).toMatch(new RegExp(`^${khata.baseUrl}/pay/[A-Za-z0-9_-]{22}$`));

    // The customer pastes it.
    const phone = await openPhone();
    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    let overlay = await openScanQr(phone);
    await enterCodeManually(overlay, code!.qrData);
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the business name on the confirm step');
    await expectVisible(overlay.getByText(description, { exact: true }), 'the description on the confirm step');
    await expectConfirmFigures(overlay, {
      Amount: rupees(250),
      'Transaction Fee (2.00%)': rupees(5),
      Total: rupees(255),
      'Available Balance': rupees(1000),
    });
    expect(await field(overlay, 'Amount (₹)').count(), 'a dynamic code asks for no amount').toBe(0);

    await payWithPin(overlay, '0000');
    await expectToast(phone, 'Payment Failed', 'Incorrect PIN. 4 attempts left.');
    await expectVisible(overlay.getByRole('form', { name: 'Confirm payment' }), 'the confirm step again after the refusal');

    await button(overlay, 'Continue to PIN').click();
    const pinForm = overlay.getByRole('form', { name: 'Authorise payment' });
    await expectVisible(pinForm.getByText(rupees(255), { exact: true }), 'the total on the PIN step');
    expect(await button(overlay, 'Pay Now').isDisabled(), 'Pay Now waits for 4 digits').toBe(true);
    await field(overlay, 'PIN').fill(customer.pin);
    await button(overlay, 'Pay Now').click();
    await expectToast(phone, 'Payment Successful', `${rupees(250)} paid to ${merchant.businessName}`);
    await expectVisible(overlay.getByRole('region', { name: 'Payment Successful' }), 'the success screen');
    await button(overlay, 'Done').click();
    await expectVisible(field(overlay, 'QR Code Data'), 'the scan step again');
    expect(await field(overlay, 'QR Code Data').inputValue(), 'the pasted code is cleared').toBe('');

    await button(overlay, 'Close').click();
    await expectHidden(overlay, 'the Scan QR Code overlay');
    await expect.poll(() => availableCredit(phone).innerText(), { message: 'Available Credit after paying ₹255' }).toBe(rupees(745));
    await expectMyMerchant(phone, merchant.businessName, { givenCredit: rupees(255), limit: rupees(1000) });
    const paid = customerEntry(phone, 'Payment', merchant.businessName);
    await expectVisible(paid, 'the payment in Transaction History');
    expect(await detail(paid, 'Amount').innerText()).toBe(rupees(250));
    expect(await detail(paid, 'Fee').innerText()).toBe(rupees(5));
    expect(await detail(paid, 'Total').innerText()).toBe(rupees(255));
    await expectVisible(paid.getByText('Completed', { exact: true }), 'Completed on the payment');

    // The same dynamic code again.
    overlay = await openScanQr(phone);
    await enterCodeManually(overlay, code!.qrData);
    await expectToast(phone, 'Validation Failed', 'This payment code has already been paid');
    await expectVisible(field(overlay, 'QR Code Data'), 'still the scan step');

    // The merchant, refreshing, sees the payment in History, Recent Payments and the totals.
    await page.reload();
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    await merchantTab(page, 'History').click();
    const history = page.getByRole('region', { name: 'All Transactions' });
    const entry = merchantEntry(history, 'Payment', customer.fullName);
    await expectVisible(entry, 'the payment in All Transactions');
    await expectVisible(entry.getByText(rupees(250), { exact: true }), 'its amount');
    expect(await detail(entry, 'Fee').innerText()).toBe(rupees(5));
    expect(await detail(entry, 'Total').innerText()).toBe(rupees(255));
    await expectVisible(entry.getByText(description, { exact: true }), 'its description');
    const badge = entry.getByText('Completed', { exact: true });
    await expectVisible(badge, 'the Completed badge');
    expect(await badge.getAttribute('data-variant'), 'completed is a primary badge').toBe('primary');

    await merchantTab(page, 'Dashboard').click();
    await expect.poll(() => statCard(page, 'Total Revenue').innerText()).toContain(rupees(250));
    await expect.poll(() => statCard(page, 'Transactions').innerText()).toContain('1');
    await expect.poll(() => statCard(page, 'Credit Issued').innerText()).toContain(rupees(255));
    const recentPayments = page.getByRole('region', { name: 'Recent Payments' });
    await expectVisible(merchantEntry(recentPayments, 'Payment', customer.fullName), 'the payment in Recent Payments');
    await merchantTab(page, 'QR Codes').click();
    expect(await page.getByRole('region', { name: 'Active QR Codes' }).getByRole('article', { name: `QR code ${rupees(250)}` }).count(),
      'a paid dynamic code is no longer active').toBe(0);
  });

  journey('a static code asks the customer for the amount, shows the fee and refuses more than the balance', async ({ page, khata }) => {
    const { merchant, merchantToken, customer } = await merchantAndCustomer(khata, 'Sharma Medicals', 'Vikram Rao');
    const code = await generateQrCode(khata, merchantToken, { description: 'Counter 2' });

    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    const overlay = await openScanQr(page);
    await enterCodeManually(overlay, code.qrData);
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the business name');
    await expectVisible(overlay.getByText('Counter 2', { exact: true }), 'the description');
    const amount = field(overlay, 'Amount (₹)');
    const continueToPin = button(overlay, 'Continue to PIN');
    await expectVisible(amount, 'the amount field of a static code');

    await amount.fill('100.50');
    await expectConfirmFigures(overlay, {
      Amount: rupees(100.5),
      'Transaction Fee (2.00%)': rupees(2.01),
      Total: rupees(102.51),
      'Available Balance': rupees(1000),
    });
    expect(await continueToPin.isEnabled()).toBe(true);

    await amount.fill('1000');
    await expectConfirmFigures(overlay, { 'Transaction Fee (2.00%)': rupees(20), Total: rupees(1020) });
    await expectVisible(overlay.getByRole('alert').getByText(`Insufficient balance. You need ${rupees(20)} more.`, { exact: true }),
      'the insufficient-balance warning');
    expect(await continueToPin.isDisabled(), 'Continue to PIN is disabled above the balance').toBe(true);

    await amount.fill('100.50');
    await expectHidden(overlay.getByText(/^Insufficient balance/), 'the warning');
    await payWithPin(overlay, customer.pin);
    await expectToast(page, 'Payment Successful', `${rupees(100.5)} paid to ${merchant.businessName}`);
    await button(overlay, 'Close').click();
    await expect.poll(() => availableCredit(page).innerText()).toBe(rupees(897.49));
  });

  journey('a customer pays a merchant code read by the phone camera', async ({ khata, openPhone }) => {
    const { merchant, merchantToken, customer } = await merchantAndCustomer(khata, 'Patel Sweets', 'Meera Iyer');
    const code = await generateQrCode(khata, merchantToken, { amount: '120', description: 'Kaju katli' });
    const phone = await openPhone({ cameraShowing: code.qrData });

    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    const overlay = await openScanQr(phone);
    // The camera starts by itself; the code read is validated straight away.
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the confirm step for the scanned code');
    await expectVisible(overlay.getByText('Kaju katli', { exact: true }), 'the description of the scanned code');
    await expectConfirmFigures(overlay, {
      Amount: rupees(120),
      'Transaction Fee (2.00%)': rupees(2.4),
      Total: rupees(122.4),
      'Available Balance': rupees(1000),
    });
    await payWithPin(overlay, customer.pin);
    await expectToast(phone, 'Payment Successful', `${rupees(120)} paid to ${merchant.businessName}`);
    await button(overlay, 'Done').click();
    // Done goes straight back to the camera, which passes over the code just paid, still in view.
    await expectCameraLive(overlay, 'the camera, on again after Done');
    await button(overlay, 'Close').click();
    await expect.poll(() => availableCredit(phone).innerText(), { message: 'Available Credit after paying ₹122.40' }).toBe(rupees(877.6));
    await expectVisible(customerEntry(phone, 'Payment', merchant.businessName), 'the payment in Transaction History');
  });

  // Once a bug: the camera restarted after a payment, read the same code still in view and
  // replaced 'Payment Successful' with 'This payment code has already been paid'.
  journey('after a camera payment the success stays on screen, not a refusal of the same code', async ({ khata, openPhone }) => {
    const { merchant, merchantToken, customer } = await merchantAndCustomer(khata, 'Joshi Dairy', 'Farah Khan');
    const code = await generateQrCode(khata, merchantToken, { amount: '60' });
    const phone = await openPhone({ cameraShowing: code.qrData });
    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    const overlay = await openScanQr(phone);
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the confirm step for the scanned code');
    await payWithPin(overlay, customer.pin);
    await expectToast(phone, 'Payment Successful', `${rupees(60)} paid to ${merchant.businessName}`);
    // Nothing replaces the success while the customer reads it, nor after Done.
    await phone.waitForTimeout(2_000);
    await expectToast(phone, 'Payment Successful', `${rupees(60)} paid to ${merchant.businessName}`);
    await expectVisible(overlay.getByRole('region', { name: 'Payment Successful' }), 'the success screen, still');
    await button(overlay, 'Done').click();
    await expectCameraLive(overlay, 'the camera, on again after Done');
    // Two seconds of filming the code just paid: it is passed over, not read and refused.
    await phone.waitForTimeout(2_000);
    await expectCameraLive(overlay, 'the camera, still scanning');
    expect(await overlay.getByText('QR code scanned', { exact: true }).count(), 'the code just paid is not read').toBe(0);
    expect(await overlay.getByRole('heading', { name: merchant.businessName, exact: true }).count(), 'no confirm step').toBe(0);
    expect(await phone.getByText('This payment code has already been paid').count(), 'no refusal of the code just paid').toBe(0);
  });

  journey('a /pay link opens the confirm step, straight away when signed in and after signing in when not', async ({ page, khata, openPhone }) => {
    const { merchant, merchantToken, customer } = await merchantAndCustomer(khata, 'Iyer Tiffins', 'Ravi Menon');
    const code = await generateQrCode(khata, merchantToken, { amount: '80', description: 'Lunch' });
    const link = `/pay/${new URL(code.qrData).pathname.split('/').pop()}`;

    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    await page.goto(link);
    let overlay = page.getByRole('dialog', { name: 'Scan QR Code' });
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the confirm step of the link');
    await expectConfirmFigures(overlay, { Amount: rupees(80), Total: rupees(81.6) });
    await expectPath(page, '/', 'the address goes back to the app once the link is taken up');

    const signedOut = await openPhone();
    await signedOut.goto(link);
    await expectCustomerLogin(signedOut);
    await field(signedOut, 'Mobile Number').fill(customer.mobileNumber);
    await field(signedOut, 'PIN').fill(customer.pin);
    await button(signedOut, 'Sign In').click();
    overlay = signedOut.getByRole('dialog', { name: 'Scan QR Code' });
    await expectVisible(overlay.getByRole('heading', { name: merchant.businessName, exact: true }), 'the confirm step, resumed after signing in');
    await expectConfirmFigures(overlay, { Amount: rupees(80), 'Transaction Fee (2.00%)': rupees(1.6), Total: rupees(81.6) });
    await payWithPin(overlay, customer.pin);
    await expectToast(signedOut, 'Payment Successful', `${rupees(80)} paid to ${merchant.businessName}`);
  });

  journey('the merchant records a repayment and the customer sees it', async ({ page, khata, openPhone }) => {
    const { merchant, merchantToken, customer, customerToken } = await merchantAndCustomer(khata, 'Nair Hardware', 'Lakshmi Nair');
    const code = await generateQrCode(khata, merchantToken);
    await payByApi(khata, customerToken, { qrData: code.qrData, pin: customer.pin, amount: '200.00' });

    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    const card = customerCard(page, customer.fullName);
    await expectVisible(card, `${customer.fullName} in Customers`);
    expect(await detail(card, 'Owed').innerText()).toBe(rupees(204));
    await button(card, 'Record Repayment').click();
    const dialog = page.getByRole('dialog', { name: 'Record Repayment' });
    await expectVisible(dialog.getByText(`${customer.fullName} owes ${rupees(204)}.`, { exact: true }), 'what is owed in the dialog');
    await field(dialog, 'Amount Received (₹)').fill('100');
    await button(dialog, 'Record Repayment').click();
    await expectToast(page, 'Repayment Recorded', `${rupees(100)} received from ${customer.fullName}`);
    await expectHidden(dialog, 'the Record Repayment dialog');
    await expect.poll(() => detail(card, 'Owed').innerText()).toBe(rupees(104));
    await expect.poll(() => detail(card, 'Available').innerText()).toBe(rupees(896));

    const phone = await openPhone();
    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    const repayment = customerEntry(phone, 'Repayment', merchant.businessName);
    await expectVisible(repayment, 'the repayment in Transaction History');
    expect(await detail(repayment, 'Amount').innerText()).toBe(rupees(100));
    await expectVisible(customerEntry(phone, 'Payment', merchant.businessName), 'the earlier payment too');
    await expect.poll(() => availableCredit(phone).innerText()).toBe(rupees(896));
    await expectMyMerchant(phone, merchant.businessName, { givenCredit: rupees(104) });
  });
});
