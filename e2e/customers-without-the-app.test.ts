/**
 * Customers without the app (docs/product.md#invitations, docs/product.md#sms-approval), in
 * real Chromium at a phone's size. Every SMS is read from the development provider's log, as
 * the customer would read it on their phone: the invitation's link, the registration OTP and
 * the codes that approve a purchase or an account opened at the counter. A merchant invites a
 * new number and watches the Invited row become the account the customer opened from the
 * link; charges them by SMS code once they allow it; opens an account at the counter, in
 * Hindi, for a customer with a basic phone and charges it; and an app customer accepts an
 * offer that arrives on their home. axe runs on each new screen.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { errors, type ErrorKey } from '@common/errors';
import type { Language } from '@common/languages';
import { smsCodeDigits } from '@common/limits';
import type { invitationList } from '@common/schemas/responses';
import type * as z from 'zod/mini';
import type { SmsTemplate } from '../server/sms/provider';
import { smsText } from '../server/sms/templates';
import { callApi, createApprovedBusiness, createCustomerSession } from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import {
  button, customerEntry, expectCustomerApp, expectHidden, expectMerchantHeader, expectMyMerchant, expectToast, expectVisible,
  field, newMobileNumber, rupees, signInAsCustomer, signInWithEmail, waitForPath, type BusinessDetails,
} from './pages';
import { translator, type Translator } from './translations';

// Generous: live news arrives within a second, but CI shares two cores with the server tests.
const liveWaitMs = 10_000;

// ---------------------------------------------------------------------------------------
// Seeding

let serial = 0;

interface Shop {
  merchant: BusinessDetails;
  merchantToken: string;
  businessId: string;
}

/** An approved shop, through the API (the default 2% fee). */
async function seedShop(khata: RunningApp, businessName: string): Promise<Shop> {
  serial += 1;
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: `${businessName} Owner`, businessName, businessType: 'Grocery',
    email: `without-app.${serial}.${Date.now()}@example.com`, address: `${serial} Station Road, Bhopal`, pin: '3971',
  };
  const { token: merchantToken, businessId } = await createApprovedBusiness(khata, merchant);
  return { merchant, merchantToken, businessId };
}

// ---------------------------------------------------------------------------------------
// The SMS, as the development provider logged them

/**
 * The text of the first SMS of `template` to `phone` logged after line `after`, once it is
 * there, checked to be in `language`.
 */
async function smsSent(
  khata: RunningApp, { phone, template, language, after }: { phone: string; template: SmsTemplate; language: Language; after: number },
): Promise<string> {
  const prefix = template === 'otp' ? `[sms:development] OTP for ${phone}: ` : `[sms:development] ${template} for ${phone} (${language}) "`;
  const find = () => khata.smsLog.slice(after).find((line) => line.startsWith(prefix));
  await expect.poll(find, { message: `the ${template} SMS to ${phone} in the development log`, timeout: liveWaitMs }).toBeDefined();
  const line = find()!;
  if (template === 'otp') {
    const [, , sentIn, text] = /^\[sms:development\] OTP for \S+: (\d{6}) \((\w+)\) "(.*)"$/s.exec(line)!;
    expect(sentIn, 'the OTP SMS language').toBe(language);
    return text!;
  }
  return line.slice(prefix.length, -1);
}

/** The 6-digit code that opens an SMS (OTP, charge and counter codes all start with it). */
const codeIn = (text: string): string => {
  const code = /^(\d{6}) /.exec(text)?.[1];
  expect(code, `a code at the start of "${text}"`).toBeDefined();
  return code!;
};

/** A server refusal as the web shows it in English (the error catalogue, by key). */
const englishError = (key: ErrorKey, values: Record<string, string | number> = {}) =>
  new IntlMessageFormat(errors[key].message, 'en-IN').format(values) as string;

/** An amount as an SMS says it: "Rs 250.00" in English (the GSM alphabet has no "₹"), "₹250.00" otherwise. */
const inSms = (amount: number, language: Language) => (language === 'en' ? rupees(amount).replace('₹', 'Rs ') : rupees(amount));

// ---------------------------------------------------------------------------------------
// Screens

/** The English texts, as a translator: journeys in English name their labels the same way. */
const english: Translator = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

type Invitation = z.output<typeof invitationList>['invitations'][number];

const dayMs = 86_400_000;

/** "12 Mar 2025", an instant's day in India, as the app writes dates in English. */
const indiaDate = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** A ledger row in the merchant's Recent Payments ("Payment Meena Kumari"). */
const merchantRow = (page: Page, customerName: string, tr: Translator = english) =>
  page.getByRole('region', { name: tr('Recent Payments'), exact: true }).getByRole('article', { name: `${tr('Payment')} ${customerName}`, exact: true });

/** A figure beside its term in a definition list ("Owed", "Limit"). */
const figure = (scope: Page | Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** The merchant's Customers list on the dashboard. */
const customersList = (page: Page, tr: Translator = english) =>
  page.getByRole('region', { name: tr('Customers'), exact: true });

/** An invited customer's row in the Customers list, with its Invited badge. */
const invitedRow = (page: Page, name: string, tr: Translator = english) =>
  customersList(page, tr).getByRole('article', { name, exact: true }).filter({ has: page.getByText(tr('Invited'), { exact: true }) });

/** A customer's account card in the Customers list (the one that can be charged). */
const accountCard = (page: Page, name: string, tr: Translator = english) =>
  customersList(page, tr).getByRole('article', { name, exact: true }).filter({ has: button(page, tr('Charge by SMS code')) });

/** Create Customer → the sheet, on the tab `way` ("Invite by phone", "At the counter"). */
async function openNewCustomerTab(page: Page, way: string, tr: Translator = english): Promise<Locator> {
  await button(page, tr('Create Customer')).click();
  const sheet = page.getByRole('dialog', { name: tr('Add Credit Account'), exact: true });
  await expectVisible(sheet, 'the Add Credit Account sheet');
  await sheet.getByRole('tab', { name: tr(way), exact: true }).click();
  const form = sheet.getByRole('form', { name: tr(way), exact: true });
  await expectVisible(form, `the ${way} form`);
  return form;
}

/** Types a new customer's name, number (after +91) and limit; the SMS language is left as it is. */
async function fillNewCustomer(form: Locator, customer: { name: string; mobileNumber: string; creditLimit: string }, tr: Translator = english) {
  await field(form, tr('Name')).fill(customer.name);
  await field(form, tr('Phone number')).fill(customer.mobileNumber);
  await field(form, tr('Credit limit')).fill(customer.creditLimit);
}

/** Opens Charge by SMS code on a customer's card, types the amount and asks for the code. */
async function startCharge(page: Page, customerName: string, amount: string, tr: Translator = english): Promise<Locator> {
  await button(accountCard(page, customerName, tr), tr('Charge by SMS code')).click();
  const dialog = page.getByRole('dialog', { name: tr('Charge by SMS code'), exact: true });
  await expectVisible(dialog, 'the Charge by SMS code dialog');
  await field(dialog, tr('Amount')).fill(amount);
  return dialog;
}

// ---------------------------------------------------------------------------------------

describe.skipIf(journeysDisabled)('customers without the app', () => {
  journey('the merchant invites a new number; the customer opens the SMS link, registers and has the account; then pays by SMS code', async ({ page, khata, openPhone }) => {
    const shop = await seedShop(khata, 'Verma General Store');
    const shopName = shop.merchant.businessName;
    const meena = { name: 'Meena', fullName: 'Meena Kumari', mobileNumber: newMobileNumber(), pin: '5173', creditLimit: '3000' };
    const meenaPhoneNumber = `+91${meena.mobileNumber}`;

    // ---- The merchant invites Meena by phone: the invitation goes by SMS in the merchant's language.
    await signInWithEmail(page, '/merchant', shop.merchant.email, shop.merchant.pin);
    await expectMerchantHeader(page, shopName, 'Approved');
    const invite = await openNewCustomerTab(page, 'Invite by phone');
    expect(await field(invite, 'SMS language').inputValue(), "the SMS language starts as the merchant's").toBe('en');
    await checkAccessibility(page, 'the Create Customer sheet, Invite by phone');
    await fillNewCustomer(invite, meena);
    const beforeInvite = khata.smsLog.length;
    await button(invite, 'Send invitation').click();
    await expectToast(page, 'Invitation sent');
    const invitation = await smsSent(khata, { phone: meenaPhoneNumber, template: 'invite', language: 'en', after: beforeInvite });
    const link = /\S+$/.exec(invitation)![0];
    expect(link, 'the link: the app, /i/ and a code of 10 letters and digits').toMatch(new RegExp(`^${khata.baseUrl}/i/[A-Za-z0-9]{10}$`));
    expect(invitation).toBe(smsText({ template: 'invite', language: 'en', variables: { shop: shopName, limit: inSms(3000, 'en'), link } }));

    // The sheet offers the same link on WhatsApp, to the invited number.
    const sent = page.getByRole('dialog', { name: 'Add Credit Account' }).getByRole('region', { name: 'Invitation sent', exact: true });
    const whatsApp = sent.getByRole('link', { name: 'Also send on WhatsApp', exact: true });
    await expectVisible(whatsApp, 'Also send on WhatsApp');
    const whatsAppUrl = new URL((await whatsApp.getAttribute('href'))!);
    expect(whatsAppUrl.origin + whatsAppUrl.pathname).toBe(`https://wa.me/91${meena.mobileNumber}`);
    expect(whatsAppUrl.searchParams.get('text'))
      .toBe(`${shopName} has invited you to a Khata credit account with a limit of ${rupees(3000)}. Open: ${link}`);
    await button(sent, 'Done').click();
    await expectHidden(sent, 'the Add Credit Account sheet');

    // The Invited row: what the merchant typed, until when the link works.
    const invited = invitedRow(page, meena.name);
    await expectVisible(invited, 'the Invited row');
    await expectVisible(invited.getByText(meenaPhoneNumber, { exact: true }), 'the invited number on the row');
    await expect.poll(() => figure(invited, 'Limit').innerText(), { message: 'the limit on the Invited row' }).toBe(rupees(3000));
    const [listed] = (await callApi<{ invitations: Invitation[] }>(khata, 'GET', '/api/business/invitations', { token: shop.merchantToken }))
      .invitations;
    expect(Date.parse(listed!.expiresAt) - Date.now(), 'the link works for 30 days').toBeGreaterThan(30 * dayMs - 60_000);
    await expectVisible(invited.getByText(`Expires ${indiaDate(listed!.expiresAt)}`, { exact: true }), 'until when the invitation lasts');
    await expectVisible(button(invited, 'Cancel invitation'), 'Cancel invitation on the row');
    await checkAccessibility(page, 'the Customers list with an Invited row');

    // ---- Meena opens the link on her phone, signed out, and creates her Khata from it.
    const meenaPage = await openPhone();
    await meenaPage.goto(link);
    await expectVisible(meenaPage.getByRole('heading', {
      name: `${shopName} offers ${meena.name} a Khata credit account with a limit of ${rupees(3000)}`, exact: true,
    }), 'the offer on the link page');
    await expectVisible(button(meenaPage, 'I already have Khata'), 'I already have Khata');
    await expectVisible(button(meenaPage, "I don't want this"), "I don't want this");
    await checkAccessibility(meenaPage, 'the invitation link page, signed out');
    await button(meenaPage, 'Create my Khata').click();
    await expectVisible(button(meenaPage, 'Send OTP'), 'the phone step of the wizard');
    expect(await field(meenaPage, 'Mobile Number').inputValue(), 'the invited number, filled in').toBe(meena.mobileNumber);
    const beforeOtp = khata.smsLog.length;
    await button(meenaPage, 'Send OTP').click();
    const otp = codeIn(await smsSent(khata, { phone: meenaPhoneNumber, template: 'otp', language: 'en', after: beforeOtp }));
    await field(meenaPage, 'OTP').fill(otp);
    await button(meenaPage, 'Verify OTP').click();
    await expectToast(meenaPage, 'Phone Verified');
    await field(meenaPage, 'Full Name').fill(meena.fullName);
    await field(meenaPage, 'PIN').fill(meena.pin);
    await field(meenaPage, 'Confirm PIN').fill(meena.pin);
    await button(meenaPage, 'Create Account').click();
    await expectToast(meenaPage, `Account opened with ${shopName}`);
    await waitForPath(meenaPage, `/accounts/${shop.businessId}`);
    await expectVisible(meenaPage.getByRole('heading', { level: 1, name: shopName, exact: true }), 'the new account screen');
    await expect.poll(() => figure(meenaPage, 'Limit').innerText(), { message: 'the limit of the new account' }).toBe(rupees(3000));
    await expect.poll(() => figure(meenaPage, 'Available credit').innerText()).toBe(rupees(3000));

    // The merchant's Invited row has become Meena's account, without a reload.
    await expectHidden(invited, 'the Invited row');
    const card = accountCard(page, meena.fullName);
    await expectVisible(card, "Meena's account in the Customers list, live");
    await expect.poll(() => figure(card, 'Limit').innerText(), { message: 'the limit on her card' }).toBe(rupees(3000));

    // ---- A charge by SMS code is refused until Meena allows it.
    const dialog = await startCharge(page, meena.fullName, '250');
    await field(dialog, 'Note (optional)').fill('Rice and dal');
    await expect.poll(() => figure(dialog, 'Total').innerText(), { message: 'the total with the fee, before sending' }).toBe(rupees(255));
    await button(dialog, 'Send code').click();
    await expectVisible(dialog.getByRole('alert').getByText(englishError('sms_approval_off', { customerName: meena.fullName }), { exact: true }),
      'the refusal: approval by SMS code is off');

    // Meena turns it on in her profile.
    await meenaPage.getByRole('button', { name: 'Back', exact: true }).click();
    await expectCustomerApp(meenaPage, meena.fullName);
    await meenaPage.getByRole('tab', { name: 'Profile', exact: true }).click();
    const approval = meenaPage.getByRole('switch', { name: 'Approve purchases by SMS code', exact: true });
    await expectVisible(approval, 'the Approve purchases by SMS code switch');
    expect(await approval.getAttribute('aria-checked'), 'off for a customer of the app').toBe('false');
    await expectVisible(meenaPage.getByText('A shop can charge your Khata when you tell them a code we send to your phone.', { exact: true }),
      'what the switch allows');
    await checkAccessibility(meenaPage, 'the profile with the SMS approval switch');
    await approval.click();
    await expectToast(meenaPage, 'Approval by SMS code is on');
    expect(await approval.getAttribute('aria-checked')).toBe('true');
    await meenaPage.getByRole('tab', { name: 'Home', exact: true }).click();
    await expectCustomerApp(meenaPage, meena.fullName);

    // ---- The merchant sends the code again; Meena reads it out; the payment is made.
    const beforeCharge = khata.smsLog.length;
    await button(dialog, 'Send code').click();
    const chargeSms = await smsSent(khata, { phone: meenaPhoneNumber, template: 'charge', language: 'en', after: beforeCharge });
    const code = codeIn(chargeSms);
    expect(chargeSms).toBe(smsText({
      template: 'charge', language: 'en',
      variables: { shop: shopName, amount: inSms(250, 'en'), fee: inSms(5, 'en'), total: inSms(255, 'en'), otp: code },
    }));
    await expectVisible(dialog.getByText(`Ask ${meena.fullName} for the code sent to their phone`, { exact: true }), 'the code step');
    await expectVisible(dialog.getByText(`${rupees(250)} + ${rupees(5)} fee = ${rupees(255)}`, { exact: true }), 'the figures of the charge');
    await expectVisible(dialog.getByRole('timer').getByText(/^Code expires in [45]:\d\d$/), 'the count down');
    await checkAccessibility(page, 'the charge dialog, code step');
    const wrong = code === '000000' ? '111111' : '000000';
    await field(dialog, 'Code').fill(wrong);
    await button(dialog, 'Confirm payment').click();
    await expectVisible(dialog.getByRole('alert').getByText(englishError('sms_code_incorrect', { attemptsLeft: 4 }), { exact: true }), 'a wrong code refused');
    await field(dialog, 'Code').fill(code);
    await button(dialog, 'Confirm payment').click();
    await expectToast(page, 'Payment received', `${rupees(250)} from ${meena.fullName}`);
    await expectHidden(dialog, 'the Charge by SMS code dialog');
    await expect.poll(() => figure(card, 'Owed').innerText(), { message: 'Owed on her card', timeout: liveWaitMs }).toBe(rupees(255));
    const paid = merchantRow(page, meena.fullName);
    await expectVisible(paid.getByText('Approved by SMS code', { exact: true }), "the payment in the merchant's Recent Payments, marked");
    await expectVisible(paid.getByText('Rice and dal', { exact: true }), 'with its note');

    // Meena's open home shows the payment, approved by SMS code, without a reload.
    const payment = customerEntry(meenaPage, 'Payment', shopName);
    await expectVisible(payment, 'the payment in her history, live');
    await expectVisible(payment.getByText('Approved by SMS code', { exact: true }), 'marked Approved by SMS code');
    await expectMyMerchant(meenaPage, shopName, { givenCredit: rupees(255), limit: rupees(3000) });
  });

  journey('in Hindi: a customer with a basic phone gets an account at the counter by SMS code, then buys by SMS code', async ({ page, khata }) => {
    const tr = translator('hi');
    const shop = await seedShop(khata, 'शर्मा किराना स्टोर');
    const shopName = shop.merchant.businessName;
    const ramesh = { name: 'रमेश यादव', mobileNumber: newMobileNumber(), creditLimit: '2000' };
    const rameshPhoneNumber = `+91${ramesh.mobileNumber}`;

    // ---- The merchant works in हिन्दी, chosen on the sign-in screen.
    await page.goto('/merchant');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('hi');
    await field(page, tr('Business Email')).fill(shop.merchant.email);
    await field(page, tr('PIN')).fill(shop.merchant.pin);
    await button(page, tr('Sign In')).click();
    await expectVisible(page.locator('header').getByText(tr('Approved'), { exact: true }), 'the Approved badge, in Hindi');

    // ---- At the counter: name, number, limit; the code goes by SMS in Hindi, the merchant's language.
    const counter = await openNewCustomerTab(page, 'At the counter', tr);
    expect(await field(counter, tr('SMS language')).inputValue(), "the SMS language starts as the merchant's").toBe('hi');
    await checkAccessibility(page, 'the Create Customer sheet, At the counter');
    await fillNewCustomer(counter, ramesh, tr);
    const beforeEnrol = khata.smsLog.length;
    await button(counter, tr('Send code')).click();
    const sheet = page.getByRole('dialog', { name: tr('Add Credit Account'), exact: true });
    await expectVisible(sheet.getByText(tr('Ask {name} for the {digits}-digit code we sent by SMS', { name: ramesh.name, digits: smsCodeDigits }), { exact: true }),
      'the code step of the sign-up');
    const enrolSms = await smsSent(khata, { phone: rameshPhoneNumber, template: 'enrol', language: 'hi', after: beforeEnrol });
    const enrolCode = codeIn(enrolSms);
    expect(enrolSms).toBe(smsText({ template: 'enrol', language: 'hi', variables: { shop: shopName, limit: inSms(2000, 'hi'), otp: enrolCode } }));
    await field(sheet, tr('Code')).fill(enrolCode);
    await button(sheet, tr('Confirm')).click();
    await expectToast(page, tr('Customer added'), ramesh.name);
    await expectHidden(sheet, 'the Add Credit Account sheet');
    const card = accountCard(page, ramesh.name, tr);
    await expectVisible(card, "Ramesh's account in the Customers list");
    await expect.poll(() => figure(card, tr('Limit')).innerText(), { message: 'the limit on his card' }).toBe(rupees(2000));
    // He has no app and no PIN: signing in with any PIN is refused, as a wrong PIN is.
    await callApi(khata, 'POST', '/api/auth/customer/login', { body: { phoneNumber: rameshPhoneNumber, pin: '1234' }, expected: [401] });

    // ---- He buys ₹500: the code comes in Hindi, with the amount, the fee and the total.
    const dialog = await startCharge(page, ramesh.name, '500', tr);
    await expect.poll(() => figure(dialog, tr('Total')).innerText(), { message: 'the total with the fee' }).toBe(rupees(510));
    const beforeCharge = khata.smsLog.length;
    await button(dialog, tr('Send code')).click();
    const chargeSms = await smsSent(khata, { phone: rameshPhoneNumber, template: 'charge', language: 'hi', after: beforeCharge });
    const code = codeIn(chargeSms);
    expect(chargeSms).toBe(smsText({
      template: 'charge', language: 'hi',
      variables: { shop: shopName, amount: inSms(500, 'hi'), fee: inSms(10, 'hi'), total: inSms(510, 'hi'), otp: code },
    }));
    await expectVisible(dialog.getByText(tr('Ask {customerName} for the code sent to their phone', { customerName: ramesh.name }), { exact: true }),
      'the code step of the charge');
    await field(dialog, tr('Code')).fill(code);
    await button(dialog, tr('Confirm payment')).click();
    await expectToast(page, tr('Payment received'), tr('{amount} from {name}', { amount: rupees(500), name: ramesh.name }));
    await expectHidden(dialog, 'the Charge by SMS code dialog');
    await expect.poll(() => figure(card, tr('Owed')).innerText(), { message: 'Owed on his card', timeout: liveWaitMs }).toBe(rupees(510));
    await expectVisible(merchantRow(page, ramesh.name, tr).getByText(tr('Approved by SMS code'), { exact: true }),
      'the payment in Recent Payments, marked in Hindi');
  });

  journey('a shop offers credit to an app customer: the offer arrives on their open home, and they accept it', async ({ page, khata }) => {
    const shop = await seedShop(khata, 'Gupta Medicals');
    const shopName = shop.merchant.businessName;
    const asha = { mobileNumber: newMobileNumber(), fullName: 'Asha Verma', pin: '4826' };
    await createCustomerSession(khata, asha);
    await signInAsCustomer(page, asha.mobileNumber, asha.pin);
    await expectCustomerApp(page, asha.fullName);

    const beforeInvite = khata.smsLog.length;
    await callApi(khata, 'POST', '/api/business/invitations', {
      token: shop.merchantToken, body: { name: 'Asha', phoneNumber: `+91${asha.mobileNumber}`, creditLimit: '1500', language: 'en' },
    });
    await smsSent(khata, { phone: `+91${asha.mobileNumber}`, template: 'invite', language: 'en', after: beforeInvite });
    const offer = page.getByRole('region', { name: 'Credit offers', exact: true })
      .getByRole('article', { name: `${shopName} offers you credit of ${rupees(1500)}`, exact: true });
    await expectVisible(offer, 'the offer on her home, live');
    await checkAccessibility(page, 'the customer home with a credit offer');
    await button(offer, 'Accept').click();
    await expectToast(page, `Account opened with ${shopName}`);
    await expectHidden(offer, 'the offer, once accepted');
    await expectMyMerchant(page, shopName, { givenCredit: rupees(0), limit: rupees(1500) });
  });
});
