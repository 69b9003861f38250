/**
 * Reminder SMS that go by themselves (docs/product.md#automatic-reminders), in real Chromium
 * with Twilio's local fake as the SMS vendor: the merchant turns on automatic reminders in
 * Settings, sends one SMS to every overdue customer from the dashboard and watches it go;
 * Twilio reports delivery (and one failure, which is tried once more) to the app's own
 * PUBLIC_URL; a Hindi-speaking customer follows the short link in her SMS, signs in and lands
 * on Pay back. What reached Twilio is checked as Twilio documents it. axe runs on each screen.
 */
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { AccountSmsReminders, BusinessCreditAccount, ReminderSchedule } from '@common/api/types';
import { loadConfig, type Config } from '../server/config';
import { rowsOf } from '../server/db/client';
import { providerFromConfig } from '../server/sms/providers';
import type { SmsProvider } from '../server/sms/provider';
import { startTwilioFake, type TwilioFake, type TwilioMessage } from '../server/test/fakes/twilio';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
  setBusinessSettings, setLanguage,
} from './api-seeding';
import { startApp, type RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import {
  button, expectCustomerLogin, expectHidden, expectMerchantHeader, expectToast, expectVisible, field, merchantTab, newMobileNumber,
  rupees, signInWithEmail, waitForPath,
} from './pages';
import { translator } from './translations';

// Generous: the SMS go in the background, and CI shares two cores with the server tests.
const sendWaitMs = 15_000;

/** The Twilio number the SMS come from (TWILIO_FROM); Twilio's fake knows it as the account's. */
const twilioFrom = '+15005550006';

// ---------------------------------------------------------------------------------------
// The app, with Twilio as its SMS vendor

/**
 * The app configured as an operator configures Twilio (SMS_PROVIDER=twilio and its variables,
 * PUBLIC_URL the app's own address, so Twilio's StatusCallback reaches it), through the same
 * loadConfig and providerFromConfig as main.ts. One-time codes still go to the development
 * provider: the API seeding reads them back, and no journey here is about them.
 */
async function startAppWithTwilio(twilio: TwilioFake): Promise<RunningApp> {
  let loaded: Config | undefined;
  const configFor = (baseUrl: string) => (loaded ??= loadConfig({
    SMS_PROVIDER: 'twilio', TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilioFrom, PUBLIC_URL: baseUrl, PIN_PEPPER: 'e2e-reminders-pepper-not-a-secret-0123456789',
  }));
  return startApp({
    config: (baseUrl) => ({ publicUrl: baseUrl, twilioAuthToken: configFor(baseUrl).twilioAuthToken }),
    sms: ({ baseUrl, development }): SmsProvider => {
      const vendor = providerFromConfig(configFor(baseUrl));
      return { name: vendor.name, send: (message, options) => (message.template === 'otp' ? development : vendor).send(message, options) };
    },
  });
}

/** A journey whose app sends its SMS to Twilio's fake (file-scoped, like the app it replaces). */
const reminderJourney = journey
  .extend<{ twilio: TwilioFake }>({
    twilio: [
      async ({}, use) => {
        const twilio = await startTwilioFake({ numbers: [twilioFrom] });
        await use(twilio);
        await twilio.close();
      },
      { scope: 'file' },
    ],
  })
  .override('khata', { scope: 'file' }, async ({ twilio }, { onCleanup }) => {
    const khata = await startAppWithTwilio(twilio);
    onCleanup(() => khata.close());
    return khata;
  });

// ---------------------------------------------------------------------------------------
// Seeding

interface Customer {
  mobileNumber: string;
  fullName: string;
  pin: string;
  token: string;
  accountId: string;
  /** +91 and the 10 digits, as stored and as Twilio gets it. */
  phone: string;
}

interface Shop {
  merchant: { mobileNumber: string; contactName: string; businessName: string; businessType: string; email: string; address: string; pin: string };
  merchantToken: string;
  businessId: string;
  upiId: string;
}

async function seedShop(khata: RunningApp, businessName: string): Promise<Shop> {
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: `${businessName} Owner`, businessName, businessType: 'Grocery',
    email: `reminders.${Date.now()}@example.com`, address: '7 Station Road, Indore', pin: '3971',
  };
  const { token: merchantToken, businessId } = await createApprovedBusiness(khata, merchant);
  const upiId = 'sharma.kirana@okhdfc';
  await setBusinessSettings(khata, merchantToken, { creditPeriodDays: 30, upiId }, merchant.pin);
  return { merchant, merchantToken, businessId, upiId };
}

/** A customer of the shop who bought `amount` (rupees) on credit: an account with something owed. */
async function seedCustomer(khata: RunningApp, shop: Shop, fullName: string, amount: string): Promise<Customer> {
  const details = { mobileNumber: newMobileNumber(), fullName, pin: '4826' };
  const token = await createCustomerSession(khata, details);
  await grantCredit(khata, shop.merchantToken, (await customerPaymentCode(khata, token)).paymentHandle, '20000');
  const code = await generateQrCode(khata, shop.merchantToken, { amount });
  await payByApi(khata, token, { qrData: code.qrData, pin: details.pin });
  const account = (await merchantAccounts(khata, shop)).find((candidate) => candidate.customerName === fullName)!;
  return { ...details, token, accountId: account.id, phone: `+91${details.mobileNumber}` };
}

async function merchantAccounts(khata: RunningApp, shop: Shop): Promise<BusinessCreditAccount[]> {
  return (await callApi<{ creditAccounts: BusinessCreditAccount[] }>(khata, 'GET', '/api/credit-accounts/business', { token: shop.merchantToken }))
    .creditAccounts;
}

/**
 * An old purchase (no clock moves the server's today): the account's payments fell due on
 * `dueOn`, and its dues are recomputed by khata_refresh_dues as after any change.
 */
async function backdatePayments(khata: RunningApp, accountId: string, dueOn: string): Promise<void> {
  const { db } = khata.database;
  await db.execute(sql`
    update transactions set due_on = ${dueOn}::date, created_at = now() - interval '40 days'
    where credit_account_id = ${accountId} and type = 'payment'`);
  const [refresh] = rowsOf<{ parameters: number }>(await db.execute(sql`
    select pronargs::int as parameters from pg_proc where proname = 'khata_refresh_dues'`));
  await db.execute(refresh?.parameters === 2
    ? sql`select khata_refresh_dues(${accountId}::uuid, ${indiaDayFromToday(0)}::date)`
    : sql`select khata_refresh_dues(${accountId}::uuid)`);
}

function accountSms(khata: RunningApp, shop: Shop, customer: Customer): Promise<AccountSmsReminders> {
  return callApi<AccountSmsReminders>(khata, 'GET', `/api/business/credit-accounts/${customer.accountId}/sms-reminders`, { token: shop.merchantToken });
}

// ---------------------------------------------------------------------------------------
// Dates and texts

const indiaCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const dayMs = 86_400_000;

/** The India calendar day `days` after today, YYYY-MM-DD. */
function indiaDayFromToday(days: number): string {
  const today = indiaCalendar.format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** An India day written out as an SMS says it: "9 December 2026", "9 दिसंबर 2026". */
const longDay = (day: string, locale: 'en-IN' | 'hi-IN') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(`${day}T12:00:00+05:30`));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A reminder's short link: the app's address, /r/ and a random code of 10 letters and digits. */
const shortLink = (origin: string) => new RegExp(`^${escapeRegExp(origin)}/r/[A-Za-z0-9]{10}$`);

/** The English reminder (docs/operations.md, "SMS"), up to its link. */
const englishReminder = (shop: string, owed: string, overdue: string, dueOn: string) =>
  `${shop}: ${inSms(owed)} is owed on your Khata account, ${inSms(overdue)} of it overdue. Next payment due ${longDay(dueOn, 'en-IN')}. `
  + 'Pay or stop these SMS: ';

/** An amount as an English SMS says it: "Rs", since "₹" would make the SMS Unicode. */
const inSms = (amount: string) => amount.replace('₹', 'Rs ');

/** Splits a reminder into its words and its one link (a link is the text's last word). */
function splitLink(text: string): { words: string; link: string } {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  expect(links, `one link in "${text}"`).toHaveLength(1);
  expect(text.endsWith(links[0]!), 'the link ends the text').toBe(true);
  return { words: text.slice(0, -links[0]!.length), link: links[0]! };
}

/** Checks a Hindi reminder: the shop, the amount, the date in Hindi, and otherwise Devanagari words. */
function expectHindiReminder(words: string, shop: string, owed: string, dueOn: string): void {
  expect(words).toContain(shop);
  expect(words, 'the amount owed, as formatted').toContain(owed);
  expect(words, 'the due date, in Hindi').toContain(longDay(dueOn, 'hi-IN'));
  const rest = [shop, owed, longDay(dueOn, 'hi-IN'), 'Khata', 'SMS'].reduce((text, known) => text.replaceAll(known, ' '), words);
  expect(rest, 'no Latin letters but the brand and "SMS"').not.toMatch(/[A-Za-z]/);
  expect(rest.match(/[\u0900-\u097F]/g)?.length ?? 0, 'written in Devanagari').toBeGreaterThan(40);
}

// ---------------------------------------------------------------------------------------
// Screens

/** A customer's row in the dashboard's Overdue customers. */
const overdueRow = (page: Page, fullName: string): Locator =>
  page.getByRole('region', { name: 'Overdue customers', exact: true }).getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: fullName, exact: true }) });

/** One customer's line in a list of the dialog (the preview, the statuses). */
const lineOf = (list: Locator, fullName: string): Locator =>
  list.getByRole('listitem').filter({ hasText: fullName });

// ---------------------------------------------------------------------------------------

describe.skipIf(journeysDisabled)('reminder SMS that go by themselves', () => {
  reminderJourney('the merchant turns reminders on and sends one to every overdue customer by Twilio; the delivery reports come back; a Hindi-speaking customer follows her link to Pay back', async ({ page, khata, twilio, openPhone }) => {
    // ---- An approved shop with four overdue customers; one has stopped its reminder SMS.
    const shop = await seedShop(khata, 'Sharma Kirana');
    const shopName = shop.merchant.businessName;
    const asha = await seedCustomer(khata, shop, 'Asha Verma', '1200');
    const sunita = await seedCustomer(khata, shop, 'Sunita Yadav', '800');
    const ravi = await seedCustomer(khata, shop, 'Ravi Kumar', '2500');
    const farida = await seedCustomer(khata, shop, 'Farida Khan', '600');
    await setLanguage(khata, sunita.token, 'hi');
    const dueOn = new Map([[asha, indiaDayFromToday(-5)], [sunita, indiaDayFromToday(-3)], [ravi, indiaDayFromToday(-12)], [farida, indiaDayFromToday(-2)]]);
    for (const [customer, day] of dueOn) await backdatePayments(khata, customer.accountId, day);
    await callApi(khata, 'POST', `/api/credit-accounts/${farida.accountId}/reminder-opt-out`, { token: farida.token, body: { optedOut: true } });
    const accounts = await merchantAccounts(khata, shop);
    const owed = new Map([asha, sunita, ravi].map((customer) => {
      const account = accounts.find((candidate) => candidate.id === customer.accountId)!;
      expect(account.overdue, `all of ${customer.fullName}'s purchase is overdue`).toBe(account.owed);
      expect(account.nextDueOn).toBe(dueOn.get(customer));
      return [customer, rupees(Number(account.owed))];
    }));

    // ---- Settings → Automatic SMS reminders: every 3 days while overdue.
    await signInWithEmail(page, '/merchant', shop.merchant.email, shop.merchant.pin);
    await expectMerchantHeader(page, shopName, 'Approved');
    await merchantTab(page, 'Settings').click();
    const card = page.getByRole('form', { name: 'Automatic SMS reminders', exact: true });
    const overdueSwitch = card.getByRole('switch', { name: 'Remind overdue customers', exact: true });
    await expectVisible(overdueSwitch, 'the "Remind overdue customers" switch');
    expect(await overdueSwitch.getAttribute('aria-checked'), 'reminders start off').toBe('false');
    await expectVisible(card.getByText('0 of 200 reminder SMS sent today', { exact: true }), 'the SMS used today');
    await checkAccessibility(page, 'the merchant Settings with the automatic SMS reminders card');
    await overdueSwitch.click();
    expect(await overdueSwitch.getAttribute('aria-checked')).toBe('true');
    await field(card, 'Every').selectOption({ label: 'Every 3 days' });
    expect(await field(card, 'Send at').inputValue(), 'the default hour, 10 AM').toBe('10');
    await button(card, 'Save reminders').click();
    await expectToast(page, 'Reminder settings saved');
    expect(await callApi<ReminderSchedule>(khata, 'GET', '/api/business/reminder-settings', { token: shop.merchantToken }))
      .toEqual({ overdueEveryDays: 3, beforeDueDays: null, hour: 10, dailyLimit: 200, sentToday: 0 });

    // ---- Dashboard → Overdue customers → Send to all overdue: the preview.
    await merchantTab(page, 'Dashboard').click();
    await expectVisible(overdueRow(page, ravi.fullName), 'Ravi among the overdue customers');
    await button(page, 'Send to all overdue').click();
    const dialog = page.getByRole('dialog', { name: 'Send reminders to all overdue customers', exact: true });
    await expectVisible(dialog, 'the Send to all overdue dialog');
    await expectVisible(dialog.getByText('3 customers will get an SMS', { exact: true }), 'how many will get an SMS');
    await expectVisible(dialog.getByText('Left out: 1 opted out', { exact: true }), 'who is left out and why');
    await expectVisible(dialog.getByText('0 of 200 reminder SMS sent today', { exact: true }), 'the SMS used today, in the preview');
    const preview = dialog.getByRole('list', { name: 'Reminders to send', exact: true });
    await expect.poll(() => preview.getByRole('listitem').count(), { message: 'one preview per customer to remind' }).toBe(3);
    await expectHidden(lineOf(preview, farida.fullName), 'the opted-out customer in the preview');
    for (const customer of [asha, ravi]) {
      const line = lineOf(preview, customer.fullName);
      await expectVisible(line.getByText(`Overdue ${owed.get(customer)!}`, { exact: true }), `${customer.fullName}'s overdue amount`);
      const { words, link } = splitLink(await line.locator('blockquote').innerText());
      expect(words, `${customer.fullName}'s SMS, in English`).toBe(englishReminder(shopName, owed.get(customer)!, owed.get(customer)!, dueOn.get(customer)!));
      expect(link).toMatch(shortLink(khata.baseUrl));
    }
    const sunitaPreview = lineOf(preview, sunita.fullName).locator('blockquote');
    expect(await sunitaPreview.getAttribute('lang'), 'the Hindi text is marked as Hindi').toBe('hi');
    expectHindiReminder(splitLink(await sunitaPreview.innerText()).words, shopName, owed.get(sunita)!, dueOn.get(sunita)!);
    await checkAccessibility(page, 'the Send to all overdue preview');

    // ---- Send SMS: the progress reaches all three, each "Sent".
    await button(dialog, 'Send SMS').click();
    const progress = dialog.getByRole('progressbar', { name: 'Sending reminders', exact: true });
    await expectVisible(progress, 'the progress bar');
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { message: 'the progress reaches all three', timeout: sendWaitMs }).toBe('3');
    expect(await progress.getAttribute('aria-valuemax')).toBe('3');
    await expectVisible(dialog.getByText('Sent 3 of 3', { exact: true }), '"Sent 3 of 3"');
    const statuses = dialog.getByRole('list', { name: 'Reminder statuses', exact: true });
    for (const customer of [asha, sunita, ravi]) {
      await expectVisible(lineOf(statuses, customer.fullName).getByText('Sent', { exact: true }), `"Sent" for ${customer.fullName}`);
    }
    await expectHidden(lineOf(statuses, farida.fullName), 'the opted-out customer in the progress');
    await checkAccessibility(page, 'the Send to all overdue dialog in progress');

    // ---- What Twilio got: one Create Message request per customer, as Twilio documents it.
    expect(twilio.messages, 'one SMS per customer reminded').toHaveLength(3);
    const basic = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
    const sentTo = new Map<Customer, TwilioMessage>();
    for (const customer of [asha, sunita, ravi]) {
      const message = twilio.messages.find((candidate) => candidate.form.To === customer.phone);
      expect(message, `an SMS to ${customer.fullName} at ${customer.phone} (E.164)`).toBeDefined();
      sentTo.set(customer, message!);
      expect(message!.authorization).toBe(basic);
      expect(message!.contentType).toMatch(/^application\/x-www-form-urlencoded\b/);
      expect(Object.keys(message!.form).sort()).toEqual(['Body', 'From', 'StatusCallback', 'To']);
      expect(message!.form.From).toBe(twilioFrom);
      expect(message!.form.StatusCallback, 'delivery reports go to PUBLIC_URL').toBe(`${khata.baseUrl}/api/sms/twilio/status`);
      const { words, link } = splitLink(message!.form.Body!);
      expect(link, 'a short link to this app').toMatch(shortLink(khata.baseUrl));
      if (customer === sunita) expectHindiReminder(words, shopName, owed.get(sunita)!, dueOn.get(sunita)!);
      else expect(words).toBe(englishReminder(shopName, owed.get(customer)!, owed.get(customer)!, dueOn.get(customer)!));
    }
    const links = [...sentTo.values()].map((message) => splitLink(message.form.Body!).link);
    expect(new Set(links).size, 'each SMS its own link').toBe(3);

    // ---- Twilio reports: two delivered; Ravi's failed, so it is tried once more, then delivered.
    for (const customer of [asha, sunita]) {
      expect(await twilio.sendStatus(sentTo.get(customer)!.sid, 'delivered'), `Khata takes ${customer.fullName}'s report`)
        .toMatchObject({ status: 200 });
    }
    expect(await twilio.sendStatus(sentTo.get(ravi)!.sid, 'failed'), "Khata takes Ravi's failure").toMatchObject({ status: 200 });
    expect((await accountSms(khata, shop, ravi)).messages).toEqual([expect.objectContaining({ kind: 'bulk', status: 'queued', attempts: 1 })]);
    // The scheduler's next round (every minute in main.ts) sends it again: the same text, a new Twilio message.
    expect(await khata.services.sms.drain(), 'the retry went').toBe(1);
    expect(twilio.messages).toHaveLength(4);
    const retry = twilio.messages[3]!;
    expect(retry.form, 'the retry is the same SMS').toEqual(sentTo.get(ravi)!.form);
    expect(retry.sid).not.toBe(sentTo.get(ravi)!.sid);
    expect(await twilio.sendStatus(retry.sid, 'delivered')).toMatchObject({ status: 200 });
    for (const customer of [asha, sunita, ravi]) {
      expect((await accountSms(khata, shop, customer)).messages, `${customer.fullName}'s SMS delivered`)
        .toEqual([expect.objectContaining({ kind: 'bulk', status: 'delivered', attempts: customer === ravi ? 2 : 1 })]);
    }

    // ---- The open dialog keeps asking while delivery reports may come: every line ends "Delivered".
    for (const customer of [asha, sunita, ravi]) {
      await expect.poll(() => lineOf(statuses, customer.fullName).getByText('Delivered', { exact: true }).count(), {
        message: `"Delivered" for ${customer.fullName} in the open dialog`, timeout: 15_000,
      }).toBe(1);
    }

    // ---- The merchant sees each delivery on the customer's reminders: Ravi's says it was retried.
    await button(dialog, 'Done').click();
    await expectHidden(dialog, 'the Send to all overdue dialog');
    for (const customer of [asha, ravi]) {
      await button(overdueRow(page, customer.fullName), 'Send reminder').click();
      const reminder = page.getByRole('dialog', { name: 'Send reminder' });
      const sent = reminder.getByRole('region', { name: 'Reminder SMS', exact: true }).getByRole('list', { name: 'Reminder SMS sent', exact: true });
      await expectVisible(sent, `${customer.fullName}'s reminder SMS`);
      const line = sent.getByRole('listitem');
      await expect.poll(() => line.count(), { message: `one reminder SMS to ${customer.fullName}` }).toBe(1);
      await expectVisible(line.getByText('Sent to all overdue', { exact: true }), 'the kind of SMS');
      await expectVisible(line.getByText('Delivered', { exact: true }), `"Delivered" for ${customer.fullName}`);
      if (customer === ravi) await expectVisible(line.getByText('Retried', { exact: true }), '"Retried" on the SMS that failed once');
      else await expectHidden(line.getByText('Retried', { exact: true }), '"Retried" on an SMS that went at once');
      await checkAccessibility(page, 'a customer\'s reminder SMS, delivered');
      await page.keyboard.press('Escape');
      await expectHidden(reminder, 'the Send reminder dialog');
    }

    // ---- Sunita opens the link in her SMS, signed out: sign in, and Pay back is open, in Hindi.
    const phone = await openPhone();
    await phone.goto(splitLink(sentTo.get(sunita)!.form.Body!).link);
    await expectCustomerLogin(phone);
    await field(phone, 'Mobile Number').fill(sunita.mobileNumber);
    await field(phone, 'PIN').fill(sunita.pin);
    await button(phone, 'Sign In').click();
    await waitForPath(phone, `/accounts/${shop.businessId}`);
    const tr = translator('hi');
    const sheet = phone.getByRole('dialog', { name: tr('Pay back {shop}', { shop: shopName }), exact: true });
    await expectVisible(sheet, 'the Pay back sheet, open on arrival');
    await expectVisible(sheet.getByRole('img', { name: tr('UPI QR code to pay {amount} to {shop}', { amount: owed.get(sunita)!, shop: shopName }), exact: true }),
      'the UPI QR code for what she owes');
    await expectVisible(sheet.getByText(shop.upiId, { exact: true }), 'the UPI ID to pay to');
    await checkAccessibility(phone, 'the Pay back sheet opened from a reminder SMS');
  });
});
