/**
 * Real figures (docs/product.md#dashboard-figures) in a browser: the admin's Analytics tab shows the payments,
 * merchants and customers seeded through the API, on screen and in its tables, for each
 * period; the merchant's cards say "New this month" for a first month of payments.
 */
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { feeFor, formatRupees, paise, parseRupees } from '@common/money';
import { feeBasisPointsDefault } from '@common/limits';
import { checkAccessibility } from './accessibility';
import type { RunningApp } from './app-server';
import {
  createAdmin, createApprovedBusiness, createBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit,
  payByApi,
} from './api-seeding';
import { journey, journeysDisabled } from './journey';
import {
  button, expectAdminHeader, expectMerchantHeader, expectVisible, newMobileNumber, signInWithEmail, statCard,
  type BusinessDetails,
} from './pages';

const admin = { email: 'analytics.admin@khata.test', pin: '4826' };

let serial = 0;
function newBusiness(businessName: string): BusinessDetails {
  serial += 1;
  return {
    mobileNumber: newMobileNumber(), contactName: `Owner ${serial}`, businessName, businessType: 'Retail',
    email: `analytics.${serial}.${Date.now()}@example.com`, address: `${serial} MG Road, Pune`, pin: '3971',
  };
}

/** ₹ as the app shows an amount given as wire text ("1000.00" → "₹1,000.00"). */
const shown = (amount: string): string => formatRupees(parseRupees(amount)!);
const feeOf = (amount: string): number => feeFor(parseRupees(amount)!, feeBasisPointsDefault);

/** Today in India as the table writes it: "24 Nov 2026". */
const todayInIndia = () =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());

/** A merchant with credit accounts for `customers`, each paying the given amounts through dynamic codes. */
async function seedPayments(
  khata: RunningApp, businessToken: string, payments: { customer: { token: string; pin: string }; amount: string }[],
): Promise<void> {
  const linked = new Set<string>();
  for (const { customer, amount } of payments) {
    if (!linked.has(customer.token)) {
      linked.add(customer.token);
      await grantCredit(khata, businessToken, (await customerPaymentCode(khata, customer.token)).paymentHandle, '5000.00');
    }
    const code = await generateQrCode(khata, businessToken, { amount });
    await payByApi(khata, customer.token, { qrData: code.qrData, pin: customer.pin });
  }
}

const cellsOf = (table: Locator) =>
  table.getByRole('row').evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));

describe.skipIf(journeysDisabled)('analytics journeys', () => {
  journey('the admin reads the seeded payments, merchants and customers in Analytics, on screen and in the tables', async ({ page, khata }) => {
    await createAdmin(khata, admin.email, admin.pin);
    const chai = await createApprovedBusiness(khata, newBusiness('Chai Point'));
    const patel = await createApprovedBusiness(khata, newBusiness('Patel Sweets'));
    // A third application, still waiting: the funnel counts it as applied and pending.
    await createBusiness(khata, newBusiness('Quick Cash Loans'));
    const customers = await Promise.all(['Asha Rao', 'Vikram Shah', 'Lakshmi Iyer'].map(async (fullName) => {
      const details = { mobileNumber: newMobileNumber(), fullName, pin: '5823' };
      return { token: await createCustomerSession(khata, details), pin: details.pin };
    }));
    const [asha, vikram, lakshmi] = customers as [typeof customers[0], typeof customers[0], typeof customers[0]];
    await seedPayments(khata, chai.token, [
      { customer: asha, amount: '1000.00' }, { customer: vikram, amount: '250.50' }, { customer: asha, amount: '500.00' },
    ]);
    await seedPayments(khata, patel.token, [{ customer: lakshmi, amount: '300.00' }]);
    const amounts = ['1000.00', '250.50', '500.00', '300.00'];
    const fees = amounts.map(feeOf).reduce((sum, fee) => sum + fee, 0);
    const owed = amounts.map((amount) => parseRupees(amount)! + feeOf(amount)).reduce((sum, total) => sum + total, 0);

    await signInWithEmail(page, '/admin', admin.email, admin.pin);
    await expectAdminHeader(page, admin.email);
    await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Analytics', exact: true }).click();

    const thirtyDays = page.getByRole('radio', { name: 'Last 30 days', exact: true });
    await expectVisible(thirtyDays, 'the period choice');
    expect(await thirtyDays.isChecked(), 'the last 30 days are shown first').toBe(true);
    const figure = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    const expectHeadline = async () => {
      await expect.poll(() => figure('Payments').innerText()).toBe('4');
      expect(await figure('Volume').innerText()).toBe(shown('2050.50'));
      expect(await figure('Fees').innerText()).toBe(formatRupees(paise(fees)));
      expect(await figure('Active merchants').innerText()).toBe('2');
      expect(await figure('Active customers').innerText()).toBe('3');
      expect(await figure('New customers').innerText()).toBe('3');
      expect(await figure('New businesses').innerText()).toBe('3');
    };
    await expectHeadline();

    // The chart is drawn, fits the phone, and its figures are in the table under it.
    const chart = page.getByRole('img', { name: 'Volume and fees per day', exact: true });
    await expectVisible(chart.locator('canvas'), 'the chart canvas');
    const chartBox = await chart.boundingBox();
    expect(chartBox!.width, 'the chart fits a 390 px phone').toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing is wider than the phone').toBeLessThanOrEqual(390);
    // The SMS figures below have their own table.
    await page.getByRole('region', { name: 'Volume and fees per day' }).getByText('Show as a table', { exact: true }).click();
    const daily = page.getByRole('table', { name: 'Volume and fees per day', exact: true });
    await expectVisible(daily, 'the daily table');
    const dailyRows = await cellsOf(daily);
    expect(dailyRows[0]).toEqual(['Date', 'Payments', 'Volume', 'Fees']);
    expect(dailyRows, 'one row per day of the 30, with a header').toHaveLength(31);
    expect(dailyRows.at(-1)).toEqual([todayInIndia(), '4', shown('2050.50'), formatRupees(paise(fees))]);

    const top = await cellsOf(page.getByRole('table', { name: 'Top merchants by volume', exact: true }));
    expect(top).toEqual([
      ['Business', 'Volume', 'Payments'],
      ['Chai Point', shown('1750.50'), '3'],
      ['Patel Sweets', shown('300.00'), '1'],
    ]);
    const funnel = await cellsOf(page.getByRole('table', { name: 'Approval funnel', exact: true }));
    expect(funnel.map((row) => row.slice(0, 2))).toEqual([['Applied', '3'], ['Approved', '2'], ['Rejected', '0'], ['Pending', '1']]);
    expect(await figure('Credit granted').innerText()).toBe(shown('15000.00'));
    expect(await figure('Credit owed').innerText()).toBe(formatRupees(paise(owed)));
    await checkAccessibility(page, 'the admin Analytics tab');

    // Another period: today's payments are in every one of them; the table has its days.
    // The radio buttons are drawn by their labels (a segmented control), so the label is what a finger taps.
    await page.getByText('Last 7 days', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Last 7 days', exact: true }).isChecked()).toBe(true);
    await expect.poll(async () => (await cellsOf(daily)).length).toBe(8);
    await expectHeadline();
    await page.getByText('Last 90 days', { exact: true }).click();
    await expect.poll(async () => (await cellsOf(daily)).length).toBe(91);
    await expectHeadline();

    // The chart follows the theme without a reload.
    await button(page, 'Toggle theme').click();
    await expectVisible(chart.locator('canvas'), 'the chart after a theme change');
  });

  journey('a merchant whose first payments are this month reads New this month on revenue and transactions', async ({ page, khata }) => {
    const shop = newBusiness('Meena Stores');
    const merchant = await createApprovedBusiness(khata, shop);
    const details = { mobileNumber: newMobileNumber(), fullName: 'Ravi Menon', pin: '5823' };
    const customer = { token: await createCustomerSession(khata, details), pin: details.pin };
    await seedPayments(khata, merchant.token, [{ customer, amount: '400.00' }, { customer, amount: '99.50' }]);

    await signInWithEmail(page, '/merchant', shop.email, shop.pin);
    await expectMerchantHeader(page, shop.businessName, 'Approved');
    const revenue = statCard(page, 'Total Revenue');
    await expectVisible(revenue.getByText(shown('499.50'), { exact: true }), 'the revenue of the two payments');
    await expectVisible(revenue.getByText('New this month', { exact: true }), 'New this month on Total Revenue');
    const transactions = statCard(page, 'Transactions');
    await expectVisible(transactions.getByText('2', { exact: true }), 'the two payments');
    await expectVisible(transactions.getByText('New this month', { exact: true }), 'New this month on Transactions');
    expect(await page.getByText('+12% this month').count(), 'the old fixed +12% note is gone').toBe(0);
  });
});
