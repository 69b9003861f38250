/**
 * Refunds, reversals and payment reports (docs/product.md#refunds-and-reports), in real
 * Chromium: the merchant refunds part of a payment from History while the customer watches
 * it arrive live; a customer's "Wrong amount" report reaches the merchant's dashboard live and
 * is answered with a refund; "Not me" freezes the customer's Khata until the OTP PIN reset; a
 * mistaken cash repayment is reversed above the limit; the statement CSV and the admin's
 * Analytics carry the refund. axe runs on every new dialog and card.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { AccountStatement, AdminAnalytics, BusinessCreditAccount, CustomerCreditAccount, PaymentReport, RepaymentClaim } from '@common/api/types';
import { errors } from '@common/errors';
import { formatRupees, paise, parseRupees } from '@common/money';
import { rowsOf } from '../server/db/client';
import {
  apiSignIn, callApi, createAdmin, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit,
  payByApi, refundByApi, repayByApi, reportByApi, setBusinessSettings,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import {
  availableCredit, button, expectAdminHeader, expectCustomerApp, expectCustomerLogin, expectHidden, expectMerchantHeader, expectToast,
  expectVisible, field, merchantTab, myMerchantView, newMobileNumber, readDevelopmentOtp, rupees, signInAsCustomer, signInWithEmail,
  waitForPath,
} from './pages';

// Generous: live news arrives within a second, but CI shares two cores with the server tests.
const liveWaitMs = 10_000;

// ---------------------------------------------------------------------------------------
// Seeding

let serial = 0;

interface Shop {
  merchant: { mobileNumber: string; contactName: string; businessName: string; businessType: string; email: string; address: string; pin: string };
  merchantToken: string;
  businessId: string;
  customer: { mobileNumber: string; fullName: string; pin: string };
  customerToken: string;
  accountId: string;
}

/** An approved merchant and a customer with a credit account there, all through the API. */
async function seedShop(khata: RunningApp, names: { businessName: string; customerName: string }, creditLimit: string): Promise<Shop> {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: `${names.businessName} Owner`, businessName: names.businessName,
    businessType: 'Retail', email: `refunds.${serial}.${Date.now()}@example.com`, address: `${serial} Bazaar Road, Nagpur`, pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: names.customerName, pin: '4826' };
  const { token: merchantToken, businessId } = await createApprovedBusiness(khata, merchant);
  const customerToken = await createCustomerSession(khata, customer);
  await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, creditLimit);
  const { creditAccounts } = await callApi<{ creditAccounts: BusinessCreditAccount[] }>(
    khata, 'GET', '/api/credit-accounts/business', { token: merchantToken },
  );
  const account = creditAccounts.find((candidate) => candidate.customerName === customer.fullName)!;
  return { merchant, merchantToken, businessId, customer, customerToken, accountId: account.id };
}

/** The customer pays the shop `amount` (rupees) with a dynamic code, through the API: the payment's id. */
async function pay(khata: RunningApp, shop: Shop, amount: string, customerToken = shop.customerToken): Promise<string> {
  const code = await generateQrCode(khata, shop.merchantToken, { amount });
  return (await payByApi(khata, customerToken, { qrData: code.qrData, pin: shop.customer.pin })).id;
}

/** The account as the customer's API shows it. */
async function customerView(khata: RunningApp, shop: Shop, token = shop.customerToken): Promise<CustomerCreditAccount> {
  const { creditAccounts } = await callApi<{ creditAccounts: CustomerCreditAccount[] }>(
    khata, 'GET', '/api/credit-accounts/customer', { token },
  );
  return creditAccounts.find((account) => account.id === shop.accountId)!;
}

/** The admin's Analytics for the last 30 days, through the API. */
async function analyticsOf(khata: RunningApp, adminToken: string): Promise<AdminAnalytics> {
  return (await callApi<{ analytics: AdminAnalytics }>(khata, 'GET', '/api/admin/analytics?days=30', { token: adminToken })).analytics;
}

async function reportsOf(khata: RunningApp, shop: Shop): Promise<PaymentReport[]> {
  return (await callApi<{ reports: PaymentReport[] }>(khata, 'GET', '/api/business/payment-reports?status=all', { token: shop.merchantToken }))
    .reports;
}

interface LedgerRow {
  id: string;
  type: string;
  original_id: string | null;
  reason: string | null;
  amount_paise: string;
  fee_paise: string;
  total_paise: string;
  owed_paise_after: string;
}

/** The account's ledger rows in order, from the database itself. */
async function ledgerOf(khata: RunningApp, accountId: string): Promise<LedgerRow[]> {
  return rowsOf<LedgerRow>(await khata.database.db.execute(sql`
    select id, type, original_id, reason, amount_paise::text, fee_paise::text, total_paise::text, owed_paise_after::text
    from transactions where credit_account_id = ${accountId}
    order by created_at, id`));
}

// ---------------------------------------------------------------------------------------
// Dates

/** Today in India and the 1st of its month: the range the statement opens at. */
function thisMonthInIndia(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A moment as the web app writes its India day in English: "24 Nov 2026". */
const shownDay = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', numberingSystem: 'latn', day: 'numeric', month: 'short', year: 'numeric' })
    .format(at);

// ---------------------------------------------------------------------------------------
// Screens

/** A figure beside its term in a definition list. */
const figure = (scope: Page | Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** Every line of a figure with more than one (the count, then the amount or the date). */
const figureLines = async (scope: Page | Locator, term: string) =>
  (await scope.locator(`dt:text-is("${term}") ~ dd`).allInnerTexts()).map((text) => text.trim());

type EntryType = 'Payment' | 'Repayment' | 'Refund' | 'Reversal';

/** A ledger row in the merchant's History ("Refund Asha Verma"). */
const merchantRow = (page: Page, type: EntryType, customerName: string) =>
  page.getByRole('region', { name: 'All Transactions' }).getByRole('article', { name: `${type} ${customerName}`, exact: true });

/**
 * A ledger row in the customer's Transaction History on the home ("Refund Kaveri Stores"), or in
 * Merchant Transactions on the account screen.
 */
const customerRow = (page: Page, type: EntryType, businessName: string, list: 'Transaction History' | 'Merchant Transactions' = 'Transaction History') =>
  page.getByRole('region', { name: list }).getByRole('article', { name: `${type} ${businessName}`, exact: true });

/** The merchant signs in on `page` and waits for the dashboard. */
async function openDashboard(page: Page, shop: Shop): Promise<void> {
  await signInWithEmail(page, '/merchant', shop.merchant.email, shop.merchant.pin);
  await expectMerchantHeader(page, shop.merchant.businessName, 'Approved');
  // The To collect card's figure shows once the dashboard's dues have loaded.
  await expectVisible(page.getByRole('group', { name: 'To collect' }).getByText(/^₹/), 'the To collect card, loaded');
}

/** The customer signs in on `page` and waits for the home. */
async function openCustomerHome(page: Page, shop: Shop, pin = shop.customer.pin): Promise<void> {
  await signInAsCustomer(page, shop.customer.mobileNumber, pin);
  await expectCustomerApp(page, shop.customer.fullName);
}

/** The dashboard's "Payment problems" card (shown only while reports are open). */
const problemsCard = (page: Page) => page.getByRole('region', { name: 'Payment problems', exact: true });

/** One report on the card, by its line "{customer} · ₹{amount} · {reason}". */
const problemOnCard = (page: Page, line: string) =>
  problemsCard(page).getByRole('listitem').filter({ has: page.getByText(line, { exact: true }) });

/** Fills and sends the merchant's Refund payment dialog, checking its preview of the fee share and what is owed. */
async function refundInDialog(
  page: Page,
  { prefilled, amount, reason, pin, feeReturned, customerName, oweLess }:
    { prefilled: string; amount: string; reason: string; pin: string; feeReturned: string; customerName: string; oweLess: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expectVisible(dialog, 'the Refund payment dialog');
  const amountField = field(dialog, 'Amount to refund (₹)');
  expect(await amountField.inputValue(), 'the amount starts at what is left to refund').toBe(prefilled);
  await checkAccessibility(page, 'the Refund payment dialog');
  await amountField.fill(amount);
  await field(dialog, 'Reason').fill(reason);
  await field(dialog, 'PIN').fill(pin);
  await expectVisible(
    dialog.getByText(`Fee returned: ${feeReturned} · ${customerName} will owe ${oweLess} less`, { exact: true }),
    'the fee share and what the customer will owe less',
  );
  await button(dialog, 'Refund').click();
  await expectToast(page, 'Refund recorded');
  await expectHidden(dialog, 'the Refund payment dialog');
}

/** The customer's Report a problem dialog, opened from a payment's row. */
async function openReportDialog(page: Page, row: Locator): Promise<Locator> {
  await button(row, 'Report a problem').click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this payment' });
  await expectVisible(dialog, 'the Report a problem dialog');
  for (const option of ['Not me', 'Wrong amount', 'Goods returned', 'Other']) {
    await expectVisible(dialog.getByRole('radio', { name: option, exact: true }), `the option "${option}"`);
  }
  return dialog;
}

/** Chooses a reason in the report dialog the way a finger does: a tap on its label. */
async function chooseReason(dialog: Locator, reason: string): Promise<void> {
  await dialog.getByText(reason, { exact: true }).click();
  await expect.poll(() => dialog.getByRole('radio', { name: reason, exact: true }).isChecked(), { message: `"${reason}" chosen` }).toBe(true);
}

// ---------------------------------------------------------------------------------------
// The journeys

describe.skipIf(journeysDisabled)('refunds, reversals and payment reports', () => {
  journey('the merchant refunds part of a payment from History and the customer’s open screen updates live', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Kaveri Stores', customerName: 'Asha Verma' }, '5000');
    // ₹1,000 at 2 %: ₹20 fee, ₹1,020 owed, ₹3,980 available.
    const paymentId = await pay(khata, shop, '1000');

    const phone = await openPhone();
    await openCustomerHome(phone, shop);
    await expect.poll(() => availableCredit(phone).innerText(), { message: 'Available Credit before the refund' }).toBe(rupees(3980));
    await expectVisible(customerRow(phone, 'Payment', shop.merchant.businessName), 'the payment in Transaction History');

    await openDashboard(page, shop);
    await merchantTab(page, 'History').click();
    const payment = merchantRow(page, 'Payment', shop.customer.fullName);
    await expectVisible(payment, 'the payment in History');
    await button(payment, 'Refund').click();
    // ₹250 of ₹1,000 back: the fee share is round(20 × 250 ÷ 1000) = ₹5, so ₹255 less owed.
    const reason = 'Returned a damaged pack of rice';
    await refundInDialog(page, {
      prefilled: '1000.00', amount: '250', reason, pin: shop.merchant.pin,
      feeReturned: rupees(5), customerName: shop.customer.fullName, oweLess: rupees(255),
    });

    // History: the refund's own row with its reason; the payment says what went back and can still be refunded.
    const refundRow = merchantRow(page, 'Refund', shop.customer.fullName);
    await expectVisible(refundRow, 'the Refund row in History');
    await expectVisible(refundRow.getByText(rupees(250), { exact: true }), 'the refunded amount on its row');
    await expectVisible(refundRow.getByText(reason, { exact: true }), 'the reason under the Refund row');
    await expectVisible(payment.getByText(`Refunded ${rupees(250)}`, { exact: true }), '"Refunded ₹250.00" on the payment');
    await expectVisible(button(payment, 'Refund'), 'Refund still offered for the ₹750 left');
    expect(await button(refundRow, 'Refund').count(), 'a refund is not refunded').toBe(0);

    // The customer's open home: the toast, the available credit and the history, without a reload.
    await expectToast(phone, 'Refund received', `${rupees(250)} from ${shop.merchant.businessName}`);
    await expect.poll(() => availableCredit(phone).innerText(), { message: 'Available Credit after the refund', timeout: liveWaitMs })
      .toBe(rupees(4235));
    const customerRefund = customerRow(phone, 'Refund', shop.merchant.businessName);
    await expectVisible(customerRefund, 'the Refund row in the customer’s Transaction History');
    await expectVisible(
      customerRow(phone, 'Payment', shop.merchant.businessName).getByText(`Refunded ${rupees(250)}`, { exact: true }),
      '"Refunded ₹250.00" on the customer’s payment',
    );
    await checkAccessibility(phone, 'the customer home with a refund');

    // The receipts say it too: the payment what went back, the refund its own figures and reason.
    await button(customerRow(phone, 'Payment', shop.merchant.businessName), 'View receipt').click();
    let receipt = phone.getByRole('dialog', { name: 'Receipt' });
    await expectVisible(receipt, 'the payment’s receipt');
    await expect.poll(() => figure(receipt, 'Refunded').innerText(), { message: 'Refunded on the payment’s receipt' }).toBe(rupees(250));
    await expectVisible(button(receipt, 'Report a problem'), 'Report a problem on the receipt');
    await button(receipt, 'Close').click();
    await expectHidden(receipt, 'the payment’s receipt');
    await button(customerRefund, 'View receipt').click();
    receipt = phone.getByRole('dialog', { name: 'Receipt' });
    const refundReceipt = { Type: 'Refund', Amount: rupees(250), Fee: rupees(5), Total: rupees(255), Reason: reason };
    for (const [term, value] of Object.entries(refundReceipt)) {
      await expect.poll(() => figure(receipt, term).innerText(), { message: `the refund receipt's ${term}` }).toBe(value);
    }
    await button(receipt, 'Close').click();
    await expectHidden(receipt, 'the refund’s receipt');

    // The ledger: a refund row of its own, linked to its payment, never an edit of it.
    const ledger = await ledgerOf(khata, shop.accountId);
    expect(ledger.map((row) => [row.type, row.original_id, row.reason, row.amount_paise, row.fee_paise, row.total_paise, row.owed_paise_after]))
      .toEqual([
        ['payment', null, null, '100000', '2000', '102000', '102000'],
        ['refund', paymentId, reason, '25000', '500', '25500', '76500'],
      ]);
    expect(await customerView(khata, shop)).toMatchObject({ owed: '765.00', currentBalance: '4235.00' });
  });

  journey('the customer reports “Wrong amount”; the merchant sees it live in Payment problems and refunds from the report', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Patel Sweets', customerName: 'Vikram Shah' }, '2000');
    // ₹500 at 2 %: ₹10 fee, ₹510 owed, ₹1,490 available.
    const paymentId = await pay(khata, shop, '500');

    const counter = await openPhone();
    await openDashboard(counter, shop);
    await expectHidden(problemsCard(counter), 'no Payment problems card without a report');

    await openCustomerHome(page, shop);
    const payment = customerRow(page, 'Payment', shop.merchant.businessName);
    await expectVisible(payment, 'the payment in Transaction History');
    const dialog = await openReportDialog(page, payment);
    await checkAccessibility(page, 'the Report a problem dialog');
    await chooseReason(dialog, 'Wrong amount');
    expect(await dialog.getByRole('checkbox', { name: 'Freeze my Khata at every shop' }).count(), 'freezing is offered with Not me only').toBe(0);
    const note = 'I bought sweets for ₹50, not ₹500';
    await field(dialog, 'What happened?').fill(note);
    await button(dialog, 'Send report').click();
    await expectToast(page, 'Report sent');
    await expectHidden(dialog, 'the Report a problem dialog');
    await expectVisible(payment.getByText('Problem reported', { exact: true }), '"Problem reported" on the payment');
    expect(await button(payment, 'Report a problem').count(), 'one report per payment').toBe(0);

    // The merchant's dashboard shows it without a reload.
    const line = `${shop.customer.fullName} · ${rupees(500)} · Wrong amount`;
    const report = problemOnCard(counter, line);
    await expectVisible(report, 'the report in Payment problems, live');
    await expectVisible(report.getByText(note, { exact: true }), 'the customer’s note');
    expect(await report.getByText('Froze their Khata', { exact: true }).count(), 'this report froze nothing').toBe(0);
    await checkAccessibility(counter, 'the dashboard’s Payment problems card');

    // Refund from the report: ₹450 back, the fee share round(10 × 450 ÷ 500) = ₹9.
    await button(report, 'Refund').click();
    await refundInDialog(counter, {
      prefilled: '500.00', amount: '450', reason: 'Charged ₹500 for ₹50 of sweets', pin: shop.merchant.pin,
      feeReturned: rupees(9), customerName: shop.customer.fullName, oweLess: rupees(459),
    });
    await expectHidden(problemsCard(counter), 'the card, once its only report is answered');

    // The customer sees the answer live.
    await expectToast(page, 'Refund received', `${rupees(450)} from ${shop.merchant.businessName}`);
    await expectVisible(payment.getByText('Refunded', { exact: true }), '"Refunded" on the reported payment');
    await expectVisible(payment.getByText(`Refunded ${rupees(450)}`, { exact: true }), '"Refunded ₹450.00" on the payment');
    await expectHidden(payment.getByText('Problem reported', { exact: true }), '"Problem reported", once answered');
    await expect.poll(() => availableCredit(page).innerText(), { message: 'Available Credit after the refund', timeout: liveWaitMs })
      .toBe(rupees(1949));

    const [answered] = await reportsOf(khata, shop);
    const refund = (await ledgerOf(khata, shop.accountId)).find((row) => row.type === 'refund');
    expect(refund).toMatchObject({ original_id: paymentId, amount_paise: '45000', fee_paise: '900', total_paise: '45900' });
    expect(answered).toMatchObject({
      transactionId: paymentId, reason: 'wrong_amount', note, froze: false, status: 'refunded', refundTransactionId: refund!.id, refundable: '50.00',
    });
  });

  journey('“Not me” with a freeze signs the customer out and stops payments; the merchant declines it; the OTP PIN reset unfreezes', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Nair Hardware', customerName: 'Lakshmi Nair' }, '2000');
    const paymentId = await pay(khata, shop, '300');
    // Another phone of the customer's, signed in before the freeze.
    const otherSession = await apiSignIn(khata, 'customer', { phoneNumber: `+91${shop.customer.mobileNumber}`, pin: shop.customer.pin });

    const counter = await openPhone();
    await openDashboard(counter, shop);

    await openCustomerHome(page, shop);
    const payment = customerRow(page, 'Payment', shop.merchant.businessName);
    const dialog = await openReportDialog(page, payment);
    await chooseReason(dialog, 'Not me');
    const freeze = dialog.getByRole('checkbox', { name: 'Freeze my Khata at every shop', exact: true });
    await freeze.check();
    await expectVisible(
      dialog.getByText('You will be signed out everywhere and no payment will go through until you reset your PIN.', { exact: true }),
      'what a freeze does',
    );
    await checkAccessibility(page, 'the Report a problem dialog with a freeze');
    await button(dialog, 'Send report').click();
    // Frozen: this app is signed out, and so is every other session.
    await expectCustomerLogin(page);
    await callApi(khata, 'GET', '/api/auth/me', { token: otherSession, expected: [401] });
    // No payment goes through: the session from before is gone, and no new one is given.
    const code = await generateQrCode(khata, shop.merchantToken, { amount: '100' });
    await callApi(khata, 'POST', '/api/payments/process', {
      token: otherSession, body: { qrData: code.qrData, pin: shop.customer.pin }, headers: { 'idempotency-key': 'frozen-1' }, expected: [401],
    });
    const refused = await callApi<{ key: string; error: string }>(khata, 'POST', '/api/auth/customer/login', {
      body: { phoneNumber: `+91${shop.customer.mobileNumber}`, pin: shop.customer.pin }, expected: [403],
    });
    expect(refused).toMatchObject({ key: 'account_frozen', error: errors.account_frozen.message });
    const [frozen] = rowsOf<{ frozen: boolean }>(await khata.database.db.execute(sql`
      select frozen_at is not null as frozen from users where phone = ${`+91${shop.customer.mobileNumber}`}`));
    expect(frozen, 'the customer is frozen').toEqual({ frozen: true });
    expect(await ledgerOf(khata, shop.accountId), 'only the reported payment on the ledger').toHaveLength(1);

    // Signing in shows why.
    await signInAsCustomer(page, shop.customer.mobileNumber, shop.customer.pin);
    await expectToast(page, 'Login Failed', 'Your Khata is frozen. Reset your PIN to unfreeze it.');
    await expectCustomerLogin(page);

    // The merchant is told live, and declines the report with a reason.
    const report = problemOnCard(counter, `${shop.customer.fullName} · ${rupees(300)} · Not me`);
    await expectVisible(report, 'the Not me report in Payment problems, live');
    await expectVisible(report.getByText('Froze their Khata', { exact: true }), '"Froze their Khata" on the report');
    await checkAccessibility(counter, 'the Payment problems card with a frozen customer');
    await button(report, 'Decline').click();
    const decline = counter.getByRole('dialog', { name: 'Decline report' });
    await expectVisible(decline, 'the Decline report dialog');
    await checkAccessibility(counter, 'the Decline report dialog');
    const declineReason = 'Signed for at the counter by Lakshmi';
    await field(decline, 'Reason').fill(declineReason);
    await button(decline, 'Decline').click();
    await expectToast(counter, 'Report declined');
    await expectHidden(decline, 'the Decline report dialog');
    await expectHidden(problemsCard(counter), 'the card, once its only report is answered');

    // Forgot PIN: the OTP reset sets a new PIN and unfreezes. (The registration's code went out
    // moments ago, in seeding, and a phone waits between codes; a person would come back later.)
    await khata.database.db.execute(sql`
      update otp_codes set created_at = created_at - interval '1 minute' where phone = ${`+91${shop.customer.mobileNumber}`}`);
    const newPin = '6391';
    await page.getByRole('button', { name: 'Forgot PIN?', exact: true }).click();
    await field(page, 'Mobile Number').fill(shop.customer.mobileNumber);
    await button(page, 'Send OTP').click();
    const otp = await readDevelopmentOtp(page);
    await field(page, 'OTP').fill(otp);
    await button(page, 'Verify OTP').click();
    await field(page, 'New PIN').fill(newPin);
    await field(page, 'Confirm New PIN').fill(newPin);
    await button(page, 'Reset PIN').click();
    await expectToast(page, 'PIN Reset', 'Your PIN has been reset. Sign in with your new PIN.');

    await openCustomerHome(page, shop, newPin);
    await expectVisible(payment.getByText(`Declined: ${declineReason}`, { exact: true }), 'the merchant’s reason on the payment');
    const token = await apiSignIn(khata, 'customer', { phoneNumber: `+91${shop.customer.mobileNumber}`, pin: newPin });
    await pay(khata, { ...shop, customer: { ...shop.customer, pin: newPin } }, '100', token);
    expect((await ledgerOf(khata, shop.accountId)).map((row) => row.type), 'a payment goes through again').toEqual(['payment', 'payment']);
    await expect.poll(() => customerRow(page, 'Payment', shop.merchant.businessName).count(), { timeout: liveWaitMs }).toBe(2);
    expect(await reportsOf(khata, shop)).toEqual([expect.objectContaining({
      transactionId: paymentId, reason: 'not_me', froze: true, status: 'declined', declineReason, refundTransactionId: null,
    })]);
  });

  journey('the merchant reverses a mistaken cash repayment from History: the debt returns even above the limit', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Meena Fabrics', customerName: 'Farida Khan' }, '1000');
    await setBusinessSettings(khata, shop.merchantToken, { creditPeriodDays: 30, upiId: 'meena.fabrics@okicici' }, shop.merchant.pin);
    await pay(khata, shop, '900'); // owes ₹918
    const cash = await repayByApi(khata, shop.merchantToken, shop.accountId, '600'); // owes ₹318
    // A UPI repayment claimed and confirmed: its repayment cannot be reversed this way.
    const { claim } = await callApi<{ claim: RepaymentClaim }>(
      khata, 'POST', `/api/credit-accounts/${shop.accountId}/repayment-claims`, { token: shop.customerToken, body: { amount: '100', upiReference: '412345678901' } },
    );
    await callApi(khata, 'POST', `/api/business/repayment-claims/${claim.id}/confirm`, { token: shop.merchantToken, body: {} }); // owes ₹218
    await pay(khata, shop, '600'); // owes ₹830, ₹170 available
    expect(await customerView(khata, shop)).toMatchObject({ owed: '830.00', currentBalance: '170.00' });

    const phone = await openPhone();
    await openCustomerHome(phone, shop);
    await expect.poll(() => availableCredit(phone).innerText()).toBe(rupees(170));

    await openDashboard(page, shop);
    await merchantTab(page, 'History').click();
    const repayments = page.getByRole('region', { name: 'All Transactions' }).getByRole('article', { name: `Repayment ${shop.customer.fullName}`, exact: true });
    await expect.poll(() => repayments.count(), { message: 'the cash and the UPI repayment in History' }).toBe(2);
    const upiRow = repayments.filter({ hasText: 'UPI 412345678901' });
    const cashRow = repayments.filter({ hasNotText: 'UPI 412345678901' });
    await expectVisible(cashRow.getByText(rupees(600), { exact: true }), 'the cash repayment');
    expect(await button(upiRow, 'Reverse').count(), 'a confirmed UPI claim is not reversed here').toBe(0);

    await button(cashRow, 'Reverse').click();
    const dialog = page.getByRole('dialog', { name: 'Reverse repayment' });
    await expectVisible(dialog, 'the Reverse repayment dialog');
    await expectVisible(
      dialog.getByText(`This adds ${rupees(600)} back to what ${shop.customer.fullName} owes, even above their credit limit.`, { exact: true }),
      'what the reversal does to what is owed',
    );
    await checkAccessibility(page, 'the Reverse repayment dialog');
    const reason = 'Recorded on the wrong customer';
    await field(dialog, 'Reason').fill(reason);
    await field(dialog, 'PIN').fill(shop.merchant.pin);
    await button(dialog, 'Reverse repayment').click();
    await expectToast(page, 'Repayment reversed');
    await expectHidden(dialog, 'the Reverse repayment dialog');

    const reversal = merchantRow(page, 'Reversal', shop.customer.fullName);
    await expectVisible(reversal, 'the Reversal row in History');
    await expectVisible(reversal.getByText(reason, { exact: true }), 'its reason beneath');
    await expectVisible(cashRow.getByText('Reversed', { exact: true }), '"Reversed" on the cash repayment');
    expect(await button(cashRow, 'Reverse').count(), 'a repayment is reversed once').toBe(0);

    // ₹830 + ₹600 = ₹1,430 owed on a ₹1,000 limit: the debt that existed, back in full.
    expect(await customerView(khata, shop)).toMatchObject({ owed: '1430.00', currentBalance: '0.00' });
    const ledger = await ledgerOf(khata, shop.accountId);
    expect(ledger.at(-1)).toMatchObject({ type: 'reversal', original_id: cash.id, reason, amount_paise: '60000', fee_paise: '0', total_paise: '60000', owed_paise_after: '143000' });
    await expect.poll(() => availableCredit(phone).innerText(), { message: 'the customer’s Available Credit, live', timeout: liveWaitMs }).toBe(rupees(0));
    await expectVisible(customerRow(phone, 'Reversal', shop.merchant.businessName), 'the Reversal row in the customer’s history');
  });

  journey('the statement’s CSV, downloaded from the account screen, has the Refund row', async ({ page, khata }) => {
    const shop = await seedShop(khata, { businessName: 'Lakshmi Provisions', customerName: 'Ravi Kumar' }, '5000');
    const paymentId = await pay(khata, shop, '1000');
    const reason = 'Two bags of dal returned';
    const refund = await refundByApi(khata, shop.merchantToken, paymentId, { amount: '250.00', reason, pin: shop.merchant.pin });
    expect(refund.transaction).toMatchObject({ type: 'refund', originalId: paymentId, amount: '250.00', fee: '5.00', totalAmount: '255.00' });
    expect(refund.payment).toMatchObject({ refunded: '250.00' });

    await openCustomerHome(page, shop);
    await myMerchantView(page, shop.merchant.businessName).click();
    await waitForPath(page, `/accounts/${shop.businessId}`);
    await expect.poll(() => figure(page, 'Owed').innerText()).toBe(rupees(765));
    await expectVisible(customerRow(page, 'Refund', shop.merchant.businessName, 'Merchant Transactions'), 'the Refund row in this account’s transactions');
    await expectVisible(
      customerRow(page, 'Payment', shop.merchant.businessName, 'Merchant Transactions').getByText(`Refunded ${rupees(250)}`, { exact: true }),
      '"Refunded ₹250.00" on the payment',
    );

    const { from, to } = thisMonthInIndia();
    const { statement } = await callApi<{ statement: AccountStatement }>(
      khata, 'GET', `/api/credit-accounts/${shop.accountId}/statement?from=${from}&to=${to}`, { token: shop.customerToken },
    );
    const refundLine = statement.rows.find((row) => row.type === 'refund');
    expect(refundLine, 'the statement’s Refund row').toMatchObject({ id: refund.transaction.id, amount: '250.00', fee: '5.00', total: '255.00', owedAfter: '765.00' });
    expect(statement.closingOwed).toBe('765.00');

    const panel = page.getByRole('region', { name: 'Statement', exact: true });
    // On a phone the statement is one card per ledger row (the table is for paper and wide screens).
    const cards = panel.getByRole('list', { name: 'Statement' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { message: 'one card per ledger row' }).toBe(2);
    const card = cards.nth(1);
    for (const text of ['Refund', reason, rupees(250), 'Owed less']) {
      await expectVisible(card.getByText(text, { exact: true }), `"${text}" on the Refund card`);
    }
    for (const [term, value] of [['Fee', rupees(5)], ['Total', rupees(255)], ['Owed after', rupees(765)]] as const) {
      expect(await card.locator(`dt:text-is("${term}") + dd`).innerText(), `the Refund card's ${term}`).toBe(value);
    }
    await checkAccessibility(page, 'the account screen with a refund in its statement');

    const download = page.waitForEvent('download');
    await button(panel, 'Download CSV').click();
    const saved = await download;
    const bytes = readFileSync((await saved.path())!);
    const response = await fetch(`${khata.baseUrl}/api/credit-accounts/${shop.accountId}/statement.csv?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${shop.customerToken}` },
    });
    expect(bytes.equals(Buffer.from(await response.arrayBuffer())), 'the saved CSV is the API’s, byte for byte').toBe(true);
    const lines = bytes.toString('utf8').split('\r\n');
    expect(lines.filter((line) => line.includes('"Refund"')), 'one Refund line, with its reason and figures').toEqual([
      `"${refundLine!.date}","Refund","${reason}",250.00,5.00,255.00,765.00`,
    ]);
  });

  journey('the admin’s Analytics tab shows the refund, net volume and fees, and a report open over 7 days', async ({ page, khata }) => {
    const admin = { email: 'refunds.admin@khata.test', pin: '4826' };
    await createAdmin(khata, admin.email, admin.pin);
    // The journeys of this file share one app: the figures are what was there plus this shop's.
    const adminToken = await apiSignIn(khata, 'admin', admin);
    const before = await analyticsOf(khata, adminToken);
    expect(before.reports.openOverWeek, 'no report of the other journeys is a week old').toBe(0);

    const shop = await seedShop(khata, { businessName: 'Chai Point', customerName: 'Asha Rao' }, '5000');
    const bigId = await pay(khata, shop, '1000');
    const smallId = await pay(khata, shop, '200');
    await refundByApi(khata, shop.merchantToken, bigId, { amount: '250.00', reason: 'Wrong size returned', pin: shop.merchant.pin });
    const report = await reportByApi(khata, shop.customerToken, smallId, { reason: 'goods_returned' });
    // A report left unanswered: made 8 days ago.
    const openedAt = new Date(Date.now() - 8 * 86_400_000);
    await khata.database.db.execute(sql`update payment_reports set created_at = ${openedAt.toISOString()}::timestamptz where id = ${report.id}`);

    // Two payments (₹1,200, ₹24 fees) and a refund of ₹250 with its ₹5 fee share: payments count both,
    // volume and fees are net of the refund, and the refund is counted on its own.
    const plus = (wire: string, deltaPaise: number) => formatRupees(paise(parseRupees(wire)! + deltaPaise));
    const expected = {
      payments: String(before.totals.payments + 2),
      volume: plus(before.totals.volume, 95_000),
      fees: plus(before.totals.fees, 1_900),
      refunds: [String(before.totals.refunds + 1), plus(before.totals.refunded, 25_000)],
      owed: plus(before.credit.owed, 96_900),
    };

    await signInWithEmail(page, '/admin', admin.email, admin.pin);
    await expectAdminHeader(page, admin.email);
    await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Analytics', exact: true }).click();
    await expect.poll(() => figure(page, 'Payments').innerText()).toBe(expected.payments);
    expect(await figure(page, 'Volume').innerText()).toBe(expected.volume);
    expect(await figure(page, 'Fees').innerText()).toBe(expected.fees);
    expect(await figureLines(page, 'Refunds'), 'the refunds’ count and amount').toEqual(expected.refunds);
    expect(await figureLines(page, 'Reports open over 7 days'), 'the report left open, and since when')
      .toEqual(['1', `oldest since ${shownDay(openedAt)}`]);
    expect(await figure(page, 'Credit owed').innerText(), '₹1,224 paid, ₹255 refunded').toBe(expected.owed);
    await checkAccessibility(page, 'the admin Analytics tab with refunds');

    // The SMS figures below have their own table.
    await page.getByRole('region', { name: 'Volume and fees per day' }).getByText('Show as a table', { exact: true }).click();
    const daily = page.getByRole('table', { name: 'Volume and fees per day', exact: true });
    await expectVisible(daily, 'the daily table');
    const today = await daily.getByRole('row').last().evaluate((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()));
    const todayBefore = before.daily.at(-1)!;
    expect(today, 'today, net of the refund').toEqual([
      shownDay(new Date()), String(todayBefore.payments + 2), plus(todayBefore.volume, 95_000), plus(todayBefore.fees, 1_900),
    ]);
  });
});
