/**
 * The shop counter hears every payment (docs/product.md#payment-alerts): a merchant in counter mode (its own
 * session, started with the PIN; e2e/counter-mode.test.ts), in Hindi,
 * and a customer on another phone. The customer pays the counter's code; the counter
 * lists the payment and says "खाता में ₹250 मिले" in a Hindi voice. Headless Chromium has
 * no voices, so the merchant's page gets a recording speechSynthesis (e2e/speech.ts)
 * standing in for the browser's. On PostgreSQL the server's LISTEN connection is then
 * terminated and a second payment is announced exactly once. A device with no voice for
 * the language hears the chime alone.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { rowsOf } from '../server/db/client';
import { callApi, businessQrCodes, createApprovedBusiness, createCustomerSession, customerPaymentCode, grantCredit, payByApi } from './api-seeding';
import type { RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  button, enterCodeManually, expectCustomerApp, expectToast, expectVisible, field, newMobileNumber, openScanQr, payWithPin, rupees,
  signInAsCustomer, signInWithEmail,
} from './pages';
import { chimesIn, recordSpeech, spokenIn } from './speech';
import { translator } from './translations';

// Generous: alerts arrive within a second, but CI shares two cores with the server tests.
const alertWaitMs = 10_000;

let serial = 0;

/** An approved merchant (its saved language `language`) and a customer with credit there. */
async function shopAndCustomer(khata: RunningApp, businessName: string, customerName: string, language: 'en' | 'hi') {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: `${businessName} Owner`, businessName, businessType: 'Retail',
    email: `alerts.${serial}.${Date.now()}@example.com`, address: `${serial} Station Road, Jaipur`, pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: customerName, pin: '4826' };
  const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
  await callApi(khata, 'POST', '/api/auth/language', { token: merchantToken, body: { language } });
  const customerToken = await createCustomerSession(khata, customer);
  await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
  return { merchant, merchantToken, customer, customerToken };
}

/**
 * The counter's own code: the static code counter mode made, active. Read with the API's
 * own merchant session: the browser holds only the counter's.
 */
async function counterCode(khata: RunningApp, merchantToken: string): Promise<string> {
  let qrData: string | undefined;
  await expect.poll(async () => {
    const codes = await businessQrCodes(khata, merchantToken);
    qrData = codes.find((code) => !code.isDynamic && code.status === 'active')?.qrData;
    return qrData !== undefined;
  }, { message: 'the static code counter mode made', timeout: alertWaitMs }).toBe(true);
  return qrData!;
}

/** Taps the "Turn on sound" bar when the page shows it (a sign-in typed on the page may already count as the tap). */
async function allowSound(page: Page, label: string): Promise<void> {
  const bar = button(page, label);
  if (await bar.isVisible()) await bar.click();
}

const utterancesOf = async (page: Page, text: string) => (await spokenIn(page)).filter((said) => said.text === text);

describe.skipIf(journeysDisabled)('payment alerts and counter mode', () => {
  journey('in Hindi: counter mode speaks each payment once, also after the server lost its LISTEN connection', async ({ page, khata, openPhone }) => {
    const tr = translator('hi');
    const { merchant, merchantToken, customer, customerToken } = await shopAndCustomer(khata, 'शर्मा किराना', 'अनीता वर्मा', 'hi');
    await recordSpeech(page.context(), [{ name: 'English (India)', lang: 'en-IN' }, { name: 'Lekha', lang: 'hi-IN' }]);

    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectVisible(page.getByRole('heading', { name: merchant.businessName, exact: true }), 'the merchant app, in Hindi');
    // Counter mode is a session of its own: the merchant's PIN starts it.
    await button(page, tr('Counter mode')).click();
    const start = page.getByRole('dialog', { name: tr('Start counter mode') });
    await field(start, tr('Enter your PIN')).fill(merchant.pin);
    await button(start, tr('Start counter mode')).click();
    const counter = page.getByRole('dialog', { name: tr('Counter mode') });
    await expectVisible(counter, 'counter mode');
    await expectVisible(counter.getByRole('img', { name: tr('Payment QR code for {shopName}', { shopName: merchant.businessName }) }), 'the counter code');
    await allowSound(page, tr('Turn on sound'));
    const qrData = await counterCode(khata, merchantToken);

    // The customer pays ₹250 at the counter, on their own phone.
    const phone = await openPhone();
    await signInAsCustomer(phone, customer.mobileNumber, customer.pin);
    await expectCustomerApp(phone, customer.fullName);
    const overlay = await openScanQr(phone);
    await enterCodeManually(overlay, qrData);
    await field(overlay, 'Amount (₹)').fill('250');
    const paidAt = Date.now();
    await payWithPin(overlay, customer.pin);
    await expectToast(phone, 'Payment Successful', `${rupees(250)} paid to ${merchant.businessName}`);

    const latest = counter.getByRole('region', { name: tr('Latest payments') });
    await expect.poll(() => latest.innerText(), { message: 'the payment on the counter', timeout: alertWaitMs }).toContain(customer.fullName);
    expect(await latest.innerText()).toContain(rupees(250));
    const sentence = 'खाता में ₹250 मिले';
    await expect.poll(async () => (await utterancesOf(page, sentence)).length, {
      message: `"${sentence}" spoken (said: ${JSON.stringify(await spokenIn(page))})`, timeout: alertWaitMs,
    }).toBe(1);
    const [said] = await utterancesOf(page, sentence);
    expect(said, 'in Hindi, in the Hindi voice').toMatchObject({ lang: 'hi-IN', voice: 'Lekha' });
    expect((await chimesIn(page)).length, 'a chime with it').toBeGreaterThanOrEqual(1);
    console.log(`alerts: payment to spoken alert ${((said!.at - paidAt) / 1000).toFixed(2)} s (the PIN tap to the sentence)`);
    // Names are not spoken unless the merchant asks (Settings → Say customer names).
    expect((await spokenIn(page)).some((utterance) => utterance.text.includes(customer.fullName))).toBe(false);

    if (khata.database.kind !== 'postgres') return;
    // The server loses its listening connection; a payment lands meanwhile.
    const terminated = rowsOf<{ pid: number }>(await khata.database.db.execute(sql`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and query = 'listen khata_ledger'`));
    expect(terminated.length, 'the LISTEN connection terminated').toBe(1);
    const secondPaidAt = Date.now();
    await payByApi(khata, customerToken, { qrData, pin: customer.pin, amount: '120.50' });
    const second = 'खाता में ₹120.50 मिले';
    await expect.poll(async () => (await utterancesOf(page, second)).length, { message: `"${second}" spoken after the reconnect`, timeout: alertWaitMs }).toBe(1);
    const [saidAgain] = await utterancesOf(page, second);
    console.log(`alerts: with the LISTEN connection terminated, payment to spoken alert ${((saidAgain!.at - secondPaidAt) / 1000).toFixed(2)} s`);
    // Replays and the live notification overlap: still said once, and the first not again.
    await page.waitForTimeout(3_000);
    expect((await utterancesOf(page, second)).length, `"${second}" exactly once`).toBe(1);
    expect((await utterancesOf(page, sentence)).length, `"${sentence}" still once`).toBe(1);
    await expect.poll(() => latest.innerText(), { message: 'the second payment on the counter' }).toContain(rupees(120.5));
  });

  journey('a device with no voice for the language hears the chime alone, and the toast still shows', async ({ page, khata }) => {
    const { merchant, customer, customerToken, merchantToken } = await shopAndCustomer(khata, 'Joshi Dairy', 'Kavita Joshi', 'en');
    await recordSpeech(page.context(), []);
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectVisible(page.getByRole('heading', { name: merchant.businessName, exact: true }), 'the merchant app');
    await allowSound(page, 'Turn on sound');
    const [code] = await Promise.all([
      callApi<{ qrData: string }>(khata, 'POST', '/api/qr/generate', { token: merchantToken, body: { amount: '75' } }),
    ]);
    const chimesBefore = (await chimesIn(page)).length;
    await payByApi(khata, customerToken, { qrData: code!.qrData, pin: customer.pin });
    await expectToast(page, 'Payment received', `${rupees(75)} from ${customer.fullName}`);
    await expect.poll(async () => (await chimesIn(page)).length, { message: 'a chime', timeout: alertWaitMs }).toBeGreaterThan(chimesBefore);
    await page.waitForTimeout(2_000);
    expect(await spokenIn(page), 'nothing spoken without a voice').toEqual([]);
  });
});
