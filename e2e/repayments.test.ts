/**
 * Getting paid back, in real Chromium. A merchant sets the credit period and UPI
 * ID in Settings and sends a Hindi-speaking customer a WhatsApp reminder whose text (shop,
 * amount, due date, link) the journey reads from the wa.me link and follows on the
 * customer's phone; a customer pays back by UPI (the intent's parameters and the QR code's
 * decoded text checked), claims it, and the merchant confirms it live; a declined claim
 * changes nothing and shows its reason.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { BusinessCreditAccount, CustomerCreditAccount, ReminderDraft, RepaymentClaim } from '@common/api/types';
import { rowsOf } from '../server/db/client';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
  setBusinessSettings, setBusinessTerms, setLanguage,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import {
  button, expectCustomerApp, expectCustomerLogin, expectHidden, expectMerchantHeader, expectToast, expectVisible, field,
  merchantTab, myMerchantView, newMobileNumber, rupees, signInAsCustomer, signInWithEmail, statCard, waitForPath,
} from './pages';
import { translator } from './translations';

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
async function seedShop(
  khata: RunningApp, names: { businessName: string; customerName: string }, creditLimit: string, maxCreditLimit?: string,
): Promise<Shop> {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: `${names.businessName} Owner`, businessName: names.businessName,
    businessType: 'Retail', email: `repayments.${serial}.${Date.now()}@example.com`, address: `${serial} Market Road, Pune`, pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: names.customerName, pin: '4826' };
  const { token: merchantToken, businessId } = await createApprovedBusiness(khata, merchant);
  if (maxCreditLimit) await setBusinessTerms(khata, businessId, { maxCreditLimit });
  const customerToken = await createCustomerSession(khata, customer);
  await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, creditLimit);
  const account = (await merchantAccounts(khata, merchantToken)).find((candidate) => candidate.customerName === customer.fullName)!;
  return { merchant, merchantToken, businessId, customer, customerToken, accountId: account.id };
}

/** The customer pays the shop `amount` (rupees) with a dynamic code, through the API. */
async function pay(khata: RunningApp, shop: Shop, amount: string): Promise<void> {
  const code = await generateQrCode(khata, shop.merchantToken, { amount });
  await payByApi(khata, shop.customerToken, { qrData: code.qrData, pin: shop.customer.pin });
}

async function merchantAccounts(khata: RunningApp, merchantToken: string): Promise<BusinessCreditAccount[]> {
  return (await callApi<{ creditAccounts: BusinessCreditAccount[] }>(khata, 'GET', '/api/credit-accounts/business', { token: merchantToken }))
    .creditAccounts;
}

/** The account as the merchant's API shows it. */
async function merchantView(khata: RunningApp, shop: Shop): Promise<BusinessCreditAccount> {
  return (await merchantAccounts(khata, shop.merchantToken)).find((account) => account.id === shop.accountId)!;
}

/** The account as the customer's API shows it. */
async function customerView(khata: RunningApp, shop: Shop): Promise<CustomerCreditAccount> {
  const { creditAccounts } = await callApi<{ creditAccounts: CustomerCreditAccount[] }>(
    khata, 'GET', '/api/credit-accounts/customer', { token: shop.customerToken },
  );
  return creditAccounts.find((account) => account.id === shop.accountId)!;
}

async function claimsOf(khata: RunningApp, shop: Shop): Promise<RepaymentClaim[]> {
  return (await callApi<{ claims: RepaymentClaim[] }>(
    khata, 'GET', `/api/credit-accounts/${shop.accountId}/repayment-claims`, { token: shop.customerToken },
  )).claims;
}

/**
 * An old purchase (no clock moves the server's today): the account's payments fell due on
 * `dueOn`, and its dues are recomputed by khata_refresh_dues as after any change. The
 * function takes today's India day as a second argument where it caches the overdue amount.
 */
async function backdatePayments(khata: RunningApp, accountId: string, dueOn: string): Promise<void> {
  const { db } = khata.database;
  await db.execute(sql`
    update transactions set due_on = ${dueOn}::date, created_at = now() - interval '33 days'
    where credit_account_id = ${accountId} and type = 'payment'`);
  const [refresh] = rowsOf<{ parameters: number }>(await db.execute(sql`
    select pronargs::int as parameters from pg_proc where proname = 'khata_refresh_dues'`));
  await db.execute(refresh?.parameters === 2
    ? sql`select khata_refresh_dues(${accountId}::uuid, ${indiaDayFromToday(0)}::date)`
    : sql`select khata_refresh_dues(${accountId}::uuid)`);
}

// ---------------------------------------------------------------------------------------
// Dates and money

const indiaCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const dayMs = 86_400_000;

/** The India calendar day `days` after today, YYYY-MM-DD. */
function indiaDayFromToday(days: number): string {
  const today = indiaCalendar.format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** An India day as the web app shows it in English: "9 Dec 2026". */
const shownDay = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', numberingSystem: 'latn', day: 'numeric', month: 'short', year: 'numeric' })
    .format(new Date(`${day}T12:00:00+05:30`));

/** An India day written out in Hindi, as a reminder says it: "9 दिसंबर 2026". */
const hindiDay = (day: string) =>
  new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(`${day}T12:00:00+05:30`));

/** "₹1,020.00" for a wire amount "1020.00". */
const shown = (wire: string) => rupees(Number(wire));
/** Wire strings to paise, for exact sums. */
const paiseOf = (wire: string) => Math.round(Number(wire) * 100);
const wireOf = (paise: number) => (paise / 100).toFixed(2);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------
// Screens

/** A figure beside its term in a definition list ("Owed", "Available credit"). */
const figure = (scope: Page | Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** The customer's account screen figures, once they show `owed` and `available`. */
async function expectAccountFigures(page: Page, owed: string, available: string, terms = { owed: 'Owed', available: 'Available credit' }): Promise<void> {
  await expect.poll(() => figure(page, terms.owed).innerText(), { message: 'Owed on the account screen', timeout: liveWaitMs }).toBe(owed);
  await expect.poll(() => figure(page, terms.available).innerText(), { message: 'Available credit on the account screen', timeout: liveWaitMs })
    .toBe(available);
}

/** A pending claim's card on the merchant's dashboard. */
const claimCard = (page: Page, customerName: string) =>
  page.getByRole('region', { name: 'Repayment claims', exact: true }).getByRole('article', { name: customerName, exact: true });

/** A customer's card in the merchant's Customers list. */
const customerRow = (page: Page, customerName: string) =>
  page.getByRole('region', { name: 'Customers', exact: true }).getByRole('article', { name: customerName, exact: true });

/** The customer signs in at /cust and opens their account at the shop from My Merchants. */
async function openAccountScreen(page: Page, shop: Shop): Promise<void> {
  await signInAsCustomer(page, shop.customer.mobileNumber, shop.customer.pin);
  await expectCustomerApp(page, shop.customer.fullName);
  await myMerchantView(page, shop.merchant.businessName).click();
  await waitForPath(page, `/accounts/${shop.businessId}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: shop.merchant.businessName, exact: true }), `the account screen of ${shop.merchant.businessName}`);
}

/** The merchant signs in on `page` and waits for the dashboard. */
async function openDashboard(page: Page, shop: Shop): Promise<void> {
  await signInWithEmail(page, '/merchant', shop.merchant.email, shop.merchant.pin);
  await expectMerchantHeader(page, shop.merchant.businessName, 'Approved');
  // The To collect card's figure shows once the dashboard's dues have loaded.
  await expectVisible(page.getByRole('group', { name: 'To collect' }).getByText(/^₹/), 'the To collect card, loaded');
}

// ---------------------------------------------------------------------------------------
// The QR code on screen, decoded by ZXing (the decoder html5-qrcode bundles, run in Node)

interface ZxingModule {
  RGBLuminanceSource: new (luminances: Uint8ClampedArray, width: number, height: number) => unknown;
  HybridBinarizer: new (source: unknown) => unknown;
  BinaryBitmap: new (binarizer: unknown) => unknown;
  QRCodeReader: new () => { decode(bitmap: unknown): { getText(): string } };
}

const zxing = createRequire(import.meta.url)('html5-qrcode/third_party/zxing-js.umd.js') as ZxingModule;

/** The text of the QR code a canvas shows, as a phone camera would read it; null when it does not read. */
async function decodeCanvasQr(canvas: Locator): Promise<string | null> {
  const image = await canvas.evaluate((element) => {
    const drawn = element as HTMLCanvasElement;
    const pixels = drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height);
    return { width: drawn.width, height: drawn.height, rgba: Array.from(pixels.data) };
  });
  const luminances = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0; pixel < luminances.length; pixel += 1) {
    const [r, g, b, a] = image.rgba.slice(pixel * 4, pixel * 4 + 4) as [number, number, number, number];
    // A transparent pixel (not yet drawn) reads as white paper.
    luminances[pixel] = a === 0 ? 255 : Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  try {
    const source = new zxing.RGBLuminanceSource(luminances, image.width, image.height);
    return new zxing.QRCodeReader().decode(new zxing.BinaryBitmap(new zxing.HybridBinarizer(source))).getText();
  } catch {
    return null;
  }
}

/** `upi://pay?…`'s parameters, each decoded. */
function upiParameters(url: string): Record<string, string> {
  const [scheme, query = ''] = url.split('?');
  expect(scheme, 'a UPI pay intent').toBe('upi://pay');
  return Object.fromEntries(query.split('&').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    return [name, decodeURIComponent(value)];
  }));
}

// ---------------------------------------------------------------------------------------

describe.skipIf(journeysDisabled)('getting paid back', () => {
  journey('the merchant sets the credit terms in Settings and reminds a Hindi-speaking customer on WhatsApp; the link opens their account', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Gupta General Store', customerName: 'Sunita Yadav' }, '200000', '300000');
    await setLanguage(khata, shop.customerToken, 'hi');

    // Settings → Credit terms: a 15-day period and the UPI ID, typed as a person might.
    await signInWithEmail(page, '/merchant', shop.merchant.email, shop.merchant.pin);
    await expectMerchantHeader(page, shop.merchant.businessName, 'Approved');
    await merchantTab(page, 'Settings').click();
    const terms = page.getByRole('form', { name: 'Credit terms', exact: true });
    await expectVisible(field(terms, 'Credit period (days)'), 'the credit period field');
    await expect.poll(() => field(terms, 'Credit period (days)').inputValue(), { message: 'the default credit period' }).toBe('30');
    await checkAccessibility(page, 'the merchant Settings with the credit terms');
    await field(terms, 'Credit period (days)').fill('15');
    await field(terms, 'UPI ID').fill(' Gupta.Store@OKAXIS ');
    await button(terms, 'Save').click();
    // Changing them asks for the PIN: a changed UPI ID would redirect repayments.
    const pinDialog = page.getByRole('dialog', { name: 'Enter your PIN', exact: true });
    await expectVisible(pinDialog, 'the PIN asked before the credit terms change');
    await checkAccessibility(page, 'the PIN asked before the credit terms change');
    await field(pinDialog, 'PIN').fill(shop.merchant.pin);
    await button(pinDialog, 'Confirm').click();
    await expectToast(page, 'Settings saved', 'New payments fall due after the period set here.');
    expect(await callApi(khata, 'GET', '/api/business/settings', { token: shop.merchantToken }))
      .toEqual({ creditPeriodDays: 15, upiId: 'gupta.store@okaxis' });

    // Two purchases, more than a lakh in all, fall due in 15 days.
    await pay(khata, shop, '99000');
    await pay(khata, shop, '24000');
    const account = await merchantView(khata, shop);
    const dueOn = indiaDayFromToday(15);
    expect(account.nextDueOn, 'due 15 days after the payments').toBe(dueOn);
    expect(account.language).toBe('hi');
    expect(account.lastRemindedAt).toBeNull();
    const owed = shown(account.owed);
    expect(owed, 'the amount in Indian grouping').toMatch(/^₹\d{1,2},\d{2},\d{3}\.\d{2}$/);

    // The customer's row: what is owed, due when, and Send reminder.
    await merchantTab(page, 'Dashboard').click();
    const row = customerRow(page, shop.customer.fullName);
    await expect.poll(() => figure(row, 'Owed').innerText(), { message: 'Owed on the row', timeout: liveWaitMs }).toBe(owed);
    await expectVisible(row.getByText(`Due ${shownDay(dueOn)}`, { exact: true }), 'the due badge on the row');
    await button(row, 'Send reminder').click();
    const dialog = page.getByRole('dialog', { name: 'Send reminder' });
    await expectVisible(dialog, 'the Send reminder dialog');
    const whatsapp = dialog.getByRole('button', { name: 'Send on WhatsApp', exact: true });
    await expectVisible(whatsapp, 'Send on WhatsApp');
    await expectVisible(dialog.getByText('No reminder sent yet', { exact: true }), 'no reminder sent yet');
    await checkAccessibility(page, 'the Send reminder dialog');

    // The wa.me link the button opens: the customer's number and the message, in Hindi.
    const draft = await callApi<ReminderDraft>(khata, 'GET', `/api/business/credit-accounts/${shop.accountId}/reminder`, { token: shop.merchantToken });
    const href = draft.whatsappUrl;
    const prefix = `https://wa.me/91${shop.customer.mobileNumber}?text=`;
    expect(href.startsWith(prefix), `${href} goes to the customer's WhatsApp`).toBe(true);
    const text = decodeURIComponent(href.slice(prefix.length));
    expect(encodeURIComponent(text), 'the text is one encoded parameter').toBe(href.slice(prefix.length));
    const link = `${khata.baseUrl}/accounts/${shop.businessId}`;
    expect(text).toContain(shop.merchant.businessName);
    expect(text, 'the amount owed, exactly as formatted').toContain(owed);
    expect(text, 'the due date, in Hindi').toContain(hindiDay(dueOn));
    expect(text.match(/https?:\/\/\S+/g), 'one link, to the account at this shop').toEqual([link]);
    // Without the shop, the amount, the date, the link and the brand, the words are Hindi.
    const words = [shop.merchant.businessName, owed, hindiDay(dueOn), link, 'Khata']
      .reduce((rest, known) => rest.replaceAll(known, ' '), text);
    expect(words, 'no Latin letters left').not.toMatch(/[A-Za-z]/);
    expect(words.match(/[\u0900-\u097F]/g)?.length ?? 0, 'written in Devanagari').toBeGreaterThan(40);
    await expect.poll(() => dialog.getByLabel('Message preview').innerText(), { message: 'the preview shows the message' }).toBe(text);
    expect(draft).toMatchObject({ language: 'hi', lastRemindedAt: null });
    expect(draft.smsUrl).toBe(`sms:+91${shop.customer.mobileNumber}?body=${encodeURIComponent(text)}`);

    // Tapping it opens a window at once (a popup opened later is blocked), records the
    // reminder, and only then sends that window to WhatsApp (here a stand-in page); Khata's
    // own tab stays where it was.
    const opened: { url: string; recorded: number }[] = [];
    await page.context().route('https://wa.me/**', async (route) => {
      const [sent] = rowsOf<{ n: number }>(await khata.database.db.execute(sql`
        select count(*)::int as n from reminders where credit_account_id = ${shop.accountId}`));
      opened.push({ url: decodeURIComponent(route.request().url()), recorded: sent!.n });
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
    const khataUrl = page.url();
    const [whatsappWindow] = await Promise.all([page.context().waitForEvent('page'), whatsapp.click()]);
    await whatsappWindow.waitForURL((url) => url.hostname === 'wa.me');
    expect(opened, 'WhatsApp opened with the message, after the reminder was recorded')
      .toEqual([{ url: decodeURIComponent(href), recorded: 1 }]);
    expect(await whatsappWindow.evaluate(() => window.opener), 'the window is cut from Khata, as noopener').toBeNull();
    expect(page.url(), "Khata's tab stays").toBe(khataUrl);
    await whatsappWindow.close();
    // The dialog is still open on Khata's tab: it notes the reminder sent; the row does too.
    await expectVisible(dialog.getByText('You already sent a reminder today', { exact: true }), 'the note, in the open dialog');
    await page.keyboard.press('Escape');
    await expectHidden(dialog, 'the Send reminder dialog');
    await expectVisible(row.getByText('Reminded today', { exact: true }), '"Reminded today" on the row');
    await button(row, 'Send reminder').click();
    await expectVisible(dialog.getByText('You already sent a reminder today', { exact: true }), 'the note that a reminder went today');
    await page.keyboard.press('Escape');
    await expectHidden(dialog, 'the Send reminder dialog');
    const reminded = await merchantView(khata, shop);
    expect(reminded.lastRemindedAt, 'the reminder recorded').not.toBeNull();
    expect(Math.abs(Date.parse(reminded.lastRemindedAt!) - Date.now()), 'just now').toBeLessThan(60_000);
    const reminders = rowsOf<{ channel: string }>(await khata.database.db.execute(sql`
      select channel from reminders where credit_account_id = ${shop.accountId}`));
    expect(reminders).toEqual([{ channel: 'whatsapp' }]);

    // The customer follows the link on their phone, signed out: sign in, and the account is there, in Hindi.
    const phone = await openPhone();
    await phone.goto(link);
    await expectCustomerLogin(phone);
    await field(phone, 'Mobile Number').fill(shop.customer.mobileNumber);
    await field(phone, 'PIN').fill(shop.customer.pin);
    await button(phone, 'Sign In').click();
    await waitForPath(phone, `/accounts/${shop.businessId}`);
    await expectVisible(phone.getByRole('heading', { level: 1, name: shop.merchant.businessName, exact: true }), 'the account screen of the shop');
    const tr = translator('hi');
    await expect.poll(() => figure(phone, tr('Owed')).innerText(), { message: 'बकाया (Owed) on the account screen', timeout: liveWaitMs }).toBe(owed);
    await expectVisible(button(phone.getByRole('region', { name: tr('Dues'), exact: true }), tr('Pay back')), 'Pay back, in Hindi, on the account screen');
    await checkAccessibility(phone, 'the account screen in Hindi, opened from the reminder');
  });

  journey('the customer pays back by UPI and claims it; the merchant confirms it live and the credit comes back exactly', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Lakshmi Provisions', customerName: 'Ravi Kumar' }, '5000');
    const upiId = 'lakshmi.provisions@oksbi';
    await setBusinessSettings(khata, shop.merchantToken, { creditPeriodDays: 30, upiId }, shop.merchant.pin);
    await pay(khata, shop, '1000');
    const before = await customerView(khata, shop);
    expect(before).toMatchObject({ owed: '1020.00', currentBalance: '3980.00', upiId, nextDueOn: indiaDayFromToday(30), overdue: '0.00' });

    // The merchant watches the dashboard on another phone.
    const counter = await openPhone();
    await openDashboard(counter, shop);
    await expectVisible(counter.getByRole('group', { name: 'To collect' }).getByText('Nothing overdue'), 'the dashboard, loaded');
    await expectHidden(counter.getByRole('heading', { name: 'Repayment claims' }), 'no claims yet');

    await openAccountScreen(page, shop);
    await expectAccountFigures(page, shown(before.owed), shown(before.currentBalance));
    const dues = page.getByRole('region', { name: 'Dues', exact: true });
    await expect.poll(() => dues.innerText(), { message: 'the next due date' })
      .toMatch(new RegExp(`${escapeRegExp(shown(before.owed))}\\s+due on ${escapeRegExp(shownDay(before.nextDueOn!))}`));
    await checkAccessibility(page, 'the account screen with its dues');
    const availableBefore = await figure(page, 'Available credit').innerText();

    // Pay back: the amount starts at what is owed, never more.
    await button(dues, 'Pay back').click();
    const sheet = page.getByRole('dialog', { name: `Pay back ${shop.merchant.businessName}` });
    await expectVisible(sheet, 'the Pay back sheet');
    const amountField = field(sheet, 'Amount (₹)');
    expect(await amountField.inputValue(), 'the default is what is owed').toBe('1020.00');
    const payLink = sheet.getByRole('link', { name: 'Pay with UPI app', exact: true });
    const intentOf = async (amount: string) => {
      const qr = sheet.getByRole('img', { name: `UPI QR code to pay ${rupees(Number(amount))} to ${shop.merchant.businessName}`, exact: true });
      await expectVisible(qr, `the QR code for ${amount}`);
      const href = (await payLink.getAttribute('href'))!;
      expect(upiParameters(href), `the intent for ${amount}`).toEqual({
        pa: upiId, pn: shop.merchant.businessName, am: amount, cu: 'INR', tn: 'Khata repayment',
      });
      expect(href, 'the UPI ID as shops write it').toContain(`pa=${upiId}&`);
      await expect.poll(() => decodeCanvasQr(qr), { message: `the QR code reads as the intent for ${amount}` }).toBe(href);
      return href;
    };
    await intentOf('1020.00');
    await expectVisible(sheet.getByText(upiId, { exact: true }), 'the UPI ID to copy');
    await checkAccessibility(page, 'the Pay back sheet');

    await amountField.fill('1500');
    await expectVisible(sheet.getByRole('alert').getByText(`Repayment cannot be more than what is owed (${rupees(1020)})`, { exact: true }), 'the refusal of more than is owed');
    await expectHidden(payLink, 'the pay link for too much');
    await amountField.fill('400.5');
    await intentOf('400.50');

    // "I have paid", with the UPI reference.
    await button(sheet, 'I have paid').click();
    const reference = '412345678901';
    await field(sheet, 'UPI reference (optional)').fill(reference);
    await checkAccessibility(page, 'the Pay back sheet’s claim step');
    await button(sheet, `Send to ${shop.merchant.businessName}`).click();
    await expectVisible(sheet.getByText(`Waiting for ${shop.merchant.businessName} to confirm`, { exact: true }), 'the claim sent');
    await button(sheet, 'Done').click();
    await expectHidden(sheet, 'the Pay back sheet');
    const claims = page.getByRole('list', { name: 'UPI repayments' });
    await expectVisible(claims.getByText(`UPI reference ${reference}`), 'the claim on the account screen');
    await expectVisible(claims.getByText('Pending', { exact: true }), 'the claim pending');
    // A claim is not a repayment: nothing changes until the merchant confirms it.
    expect(await customerView(khata, shop)).toMatchObject({ owed: before.owed, currentBalance: before.currentBalance });
    await expectAccountFigures(page, shown(before.owed), availableBefore);

    // The merchant's dashboard shows it without a reload, and one tap confirms it.
    const card = claimCard(counter, shop.customer.fullName);
    await expectVisible(card, 'the claim on the merchant dashboard, live');
    await expectVisible(card.getByText(rupees(400.5), { exact: true }), 'the claimed amount');
    await expectVisible(card.getByText(`UPI ref ${reference}`, { exact: true }), 'the reference');
    await checkAccessibility(counter, 'the merchant dashboard with a repayment claim');
    await button(card, 'Confirm').click();
    // The repayment's own ledger row is silent on the merchant's screen, so this answer stays.
    await expectToast(counter, 'Repayment confirmed', `${rupees(400.5)} from ${shop.customer.fullName} is on the ledger`);
    await expectHidden(card, 'the confirmed claim');

    // The customer's credit comes back by exactly the confirmed amount, on the API and on screen.
    const after = await customerView(khata, shop);
    expect(after.currentBalance).toBe(wireOf(paiseOf(before.currentBalance) + 40_050));
    expect(after.owed).toBe(wireOf(paiseOf(before.owed) - 40_050));
    await expectAccountFigures(page, shown(after.owed), rupees(Number(availableBefore.replace(/[₹,]/g, '')) + 400.5));
    expect(await figure(page, 'Available credit').innerText()).toBe(shown(after.currentBalance));
    await expectVisible(claims.getByText('Confirmed', { exact: true }), 'the claim confirmed on the account screen');
    const [claim] = await claimsOf(khata, shop);
    expect(claim).toMatchObject({ status: 'confirmed', amount: '400.50', confirmedAmount: '400.50', upiReference: reference });
    const [repayment] = rowsOf<{ description: string; amount_paise: string }>(await khata.database.db.execute(sql`
      select description, amount_paise::text from transactions where id = ${claim!.transactionId}`));
    expect(repayment).toEqual({ description: `UPI ${reference}`, amount_paise: '40050' });
  });

  journey('a declined claim changes nothing: the customer sees the reason, and the overdue amount stays', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, { businessName: 'Meena Fabrics', customerName: 'Farida Khan' }, '5000');
    await setBusinessSettings(khata, shop.merchantToken, { creditPeriodDays: 30, upiId: 'meena.fabrics@okicici' }, shop.merchant.pin);
    await pay(khata, shop, '800');
    // An old purchase: it fell due three days ago.
    const dueOn = indiaDayFromToday(-3);
    await backdatePayments(khata, shop.accountId, dueOn);
    const before = await customerView(khata, shop);
    expect(before).toMatchObject({ owed: '816.00', overdue: '816.00', nextDueOn: dueOn, currentBalance: '4184.00' });

    // The customer sees it overdue and claims to have paid it all (through the API, as the sheet does).
    const reference = '998877665544';
    const { claim } = await callApi<{ claim: RepaymentClaim }>(
      khata, 'POST', `/api/credit-accounts/${shop.accountId}/repayment-claims`, { token: shop.customerToken, body: { amount: 816, upiReference: reference } },
    );
    await openAccountScreen(page, shop);
    const dues = page.getByRole('region', { name: 'Dues', exact: true });
    await expectVisible(dues.getByText('Overdue', { exact: true }), 'the Overdue badge');
    await expect.poll(() => dues.innerText(), { message: 'what is overdue, since when' })
      .toMatch(new RegExp(`${escapeRegExp(rupees(816))}\\s+overdue since ${escapeRegExp(shownDay(dueOn))}`));
    const claims = page.getByRole('list', { name: 'UPI repayments' });
    await expectVisible(claims.getByText('Pending', { exact: true }), 'the pending claim');
    await expectAccountFigures(page, rupees(816), rupees(4184));

    // The merchant finds no such payment and declines it with a reason.
    const counter = await openPhone();
    await openDashboard(counter, shop);
    const toCollect = statCard(counter, 'To collect');
    const expectToCollect = () => expect.poll(() => toCollect.innerText(), { message: 'the To collect card', timeout: liveWaitMs })
      .toMatch(new RegExp(`^To collect\\s+${escapeRegExp(rupees(816))}\\s+Overdue from 1 customer$`));
    await expectToCollect();
    const card = claimCard(counter, shop.customer.fullName);
    await button(card, 'Decline').click();
    const dialog = counter.getByRole('dialog', { name: 'Decline claim' });
    await expectVisible(dialog, 'the Decline claim dialog');
    await checkAccessibility(counter, 'the Decline claim dialog');
    const reason = 'No payment with this reference reached my account';
    await field(dialog, 'Reason').fill(reason);
    await button(dialog, 'Decline claim').click();
    await expectToast(counter, 'Claim declined', `${shop.customer.fullName} will see your reason.`);
    await expectHidden(card, 'the declined claim');
    await expectToCollect();

    // The customer sees the reason live; what is owed, overdue and available stay as they were.
    await expectVisible(claims.getByText(`Declined: ${reason}`, { exact: true }), 'the reason on the account screen');
    await expectVisible(claims.getByText('Declined', { exact: true }), 'the Declined badge');
    const after = await customerView(khata, shop);
    expect(after).toMatchObject({ owed: before.owed, overdue: before.overdue, currentBalance: before.currentBalance, nextDueOn: dueOn });
    await expectAccountFigures(page, rupees(816), rupees(4184));
    await expectVisible(dues.getByText('Overdue', { exact: true }), 'still overdue');
    expect(await claimsOf(khata, shop)).toEqual([expect.objectContaining({ id: claim.id, status: 'declined', declineReason: reason, transactionId: null })]);
    const repayments = rowsOf<{ count: string }>(await khata.database.db.execute(sql`
      select count(*)::text as count from transactions where credit_account_id = ${shop.accountId} and type = 'repayment'`));
    expect(repayments).toEqual([{ count: '0' }]);
  });
});
