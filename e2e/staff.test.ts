/**
 * Staff at the shop (docs/product.md#staff), in real Chromium at a phone's size, on two
 * phones. The owner invites Ravi as a cashier from Settings → Staff; Ravi opens the link of
 * the invitation SMS (read from the development provider's log, as he would read it on his
 * phone), proves his number with the OTP, chooses a PIN and works at the shop as a cashier,
 * seeing only what a cashier may use. He signs in again with the merchant sign-in's Staff
 * option, records a cash repayment and opens and closes counter mode with his own PIN. The
 * owner reads "by Ravi (Cashier)" in History and the audit log, then removes him: his open
 * screen is signed out at once, by the live stream, without a reload. axe runs on each new
 * screen.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Language } from '@common/languages';
import type { TransactionView } from '@common/api/types';
import type { SmsTemplate } from '../server/sms/provider';
import { smsRole, smsText } from '../server/sms/templates';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import {
  button, customerCard, expectHidden, expectMerchantHeader, expectToast, expectVisible, field, logOut, merchantEntry,
  merchantTab, newMobileNumber, rupees, signInWithEmail, waitForPath,
} from './pages';

// Generous: live news arrives within a second, but CI shares two cores with the server tests.
const liveWaitMs = 10_000;

/**
 * The text of the first SMS of `template` to `phone` logged after line `after`, once it is
 * there, sent in `language` (the development provider's log line, as
 * customers-without-the-app.test.ts reads it).
 */
async function smsSent(
  khata: RunningApp, { phone, template, language, after }: { phone: string; template: SmsTemplate; language: Language; after: number },
): Promise<string> {
  const prefix = template === 'otp' ? `[sms:development] OTP for ${phone}: ` : `[sms:development] ${template} for ${phone} (${language}) "`;
  const find = () => khata.smsLog.slice(after).find((line) => line.startsWith(prefix));
  await expect.poll(find, { message: `the ${template} SMS to ${phone} in the development log`, timeout: liveWaitMs }).toBeDefined();
  const line = find()!;
  if (template === 'otp') {
    const [, code, sentIn] = /^\[sms:development\] OTP for \S+: (\d{6}) \((\w+)\) ".*"$/s.exec(line)!;
    expect(sentIn, 'the OTP SMS language').toBe(language);
    return code!;
  }
  return line.slice(prefix.length, -1);
}

/** A figure beside its term in a definition list ("Owed"). */
const figure = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** What a person working at the shop sees on top: the shop, and who they are there. */
async function expectStaffHeader(page: Page, businessName: string, personLine: string): Promise<void> {
  const header = page.locator('header');
  await expectVisible(header.getByRole('heading', { level: 1, name: businessName, exact: true }), `the shop ${businessName} in the header`);
  await expectVisible(header.getByText(personLine, { exact: true }), `"${personLine}" in the header`);
}

/** Settings → Staff: the owner's Staff screen. */
async function openStaffScreen(page: Page): Promise<Locator> {
  await merchantTab(page, 'Settings').click();
  await expectVisible(page.getByRole('heading', { name: 'People at the shop', exact: true }), "Settings' People at the shop");
  await checkAccessibility(page, "the owner's Settings with People at the shop");
  // A Settings entry's name is its label and its note.
  await page.getByRole('button', { name: /^Staff / }).click();
  const screen = page.getByRole('region', { name: 'Staff', exact: true });
  await expectVisible(screen, 'the Staff screen');
  return screen;
}

/** Settings → Audit log: the log's list of entries, once it shows. */
async function openAuditLog(page: Page): Promise<Locator> {
  await merchantTab(page, 'Settings').click();
  await page.getByRole('button', { name: /^Audit log / }).click();
  const list = page.getByRole('list', { name: 'Audit log', exact: true });
  await expectVisible(list, 'the audit log');
  return list;
}

describe.skipIf(journeysDisabled)('staff at the shop', () => {
  journey('the owner invites a cashier, who works on another phone and is signed out live when removed', async ({ page, khata, openPhone }) => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Suresh Kumar', businessName: 'Kumar Kirana', businessType: 'Grocery',
      email: `staff.${Date.now()}@example.com`, address: '12 Gandhi Road, Indore', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Asha Verma', pin: '4826' };
    const ravi = { name: 'Ravi', mobileNumber: newMobileNumber(), pin: '5830' };
    const raviPhoneNumber = `+91${ravi.mobileNumber}`;
    const shopName = merchant.businessName;

    // A customer with dues at the shop: an account and a ₹1,000 purchase (₹1,020 with the 2% fee).
    const { token: ownerToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, ownerToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
    const code = await generateQrCode(khata, ownerToken, { amount: '1000' });
    await payByApi(khata, customerToken, { qrData: code.qrData, pin: customer.pin });

    // ---- The owner: Settings → Staff, where only the shop's own account is listed yet.
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, shopName, 'Approved');
    const staff = await openStaffScreen(page);
    const people = staff.getByRole('region', { name: 'People', exact: true });
    const owner = people.getByRole('article', { name: merchant.contactName, exact: true });
    await expectVisible(owner, "the shop's own account among the people");
    await expectVisible(owner.getByText('Shop account', { exact: true }), 'marked Shop account');
    await expectVisible(owner.getByText('Owner', { exact: true }), 'as Owner');
    await checkAccessibility(page, 'the Staff screen');

    // Invites Ravi as a cashier, by phone: the default role, with a cashier's limits.
    await button(staff, 'Invite a person').click();
    const invite = page.getByRole('dialog', { name: 'Invite a person', exact: true });
    await expectVisible(invite, 'the Invite a person dialog');
    const cashierRole = invite.getByRole('radio', { name: 'Cashier', exact: true });
    expect(await cashierRole.isChecked(), 'Cashier chosen to begin with').toBe(true);
    await expectVisible(field(invite, 'Limit for one entry (₹)'), "a cashier's limit for one entry");
    await expectVisible(field(invite, 'Daily limit (₹)'), "a cashier's daily limit");
    await checkAccessibility(page, 'the invite dialog');
    await field(invite, 'Phone number').fill(ravi.mobileNumber);
    await field(invite, 'Name').fill(ravi.name);
    await cashierRole.check();
    expect(await field(invite, 'SMS language').inputValue(), "the SMS in the owner's language").toBe('en');
    const beforeInvite = khata.smsLog.length;
    await button(invite, 'Send invitation').click();
    await expectToast(page, `Invitation sent to ${ravi.name}`);
    await button(invite.getByRole('region', { name: 'Invitation sent', exact: true }), 'Done').click();
    await expectHidden(invite, 'the Invite a person dialog');

    // The invitation's row: whom, as what, still open.
    const invitation = staff.getByRole('region', { name: 'Open invitations', exact: true }).getByRole('article', { name: ravi.name, exact: true });
    await expectVisible(invitation, "Ravi's invitation row");
    await expectVisible(invitation.getByText(raviPhoneNumber, { exact: true }), 'the invited number on the row');
    await expectVisible(invitation.getByText('Cashier', { exact: true }), 'the role on the row');
    await expectVisible(invitation.getByText('Invited', { exact: true }), 'the Invited badge');
    await checkAccessibility(page, 'the Staff screen with an open invitation');

    // The SMS, word for word as the template writes it, with the link to the join page.
    const sms = await smsSent(khata, { phone: raviPhoneNumber, template: 'staff_invite', language: 'en', after: beforeInvite });
    const link = /\S+$/.exec(sms)![0];
    expect(link, 'the join page of this app').toBe(`${khata.baseUrl}/merchant/join`);
    expect(sms).toBe(smsText({ template: 'staff_invite', language: 'en', variables: { shop: shopName, role: smsRole('cashier', 'en'), link } }));
    expect(sms).toBe(`${shopName} has invited you to work on its Khata as a cashier. Accept with this number at ${link}`);

    // ---- Ravi's phone: the link, his number proved by the OTP, the invitation, his own PIN.
    const raviPage = await openPhone();
    await raviPage.goto(link);
    await expectVisible(raviPage.getByRole('heading', { name: 'Verify your phone', exact: true }), 'the join page, asking for the phone');
    await checkAccessibility(raviPage, 'the join page');
    await field(raviPage, 'Mobile Number').fill(ravi.mobileNumber);
    const beforeOtp = khata.smsLog.length;
    await button(raviPage, 'Send OTP').click();
    const otp = await smsSent(khata, { phone: raviPhoneNumber, template: 'otp', language: 'en', after: beforeOtp });
    await field(raviPage, 'OTP').fill(otp);
    await button(raviPage, 'Verify OTP').click();
    const offer = raviPage.getByRole('article', { name: shopName, exact: true });
    await expectVisible(offer, `the invitation of ${shopName}`);
    await expectVisible(offer.getByText(`As Cashier, named ${ravi.name}`, { exact: true }), 'the role and the name invited');
    await checkAccessibility(raviPage, 'the join page, the invitations');
    await button(offer, 'Accept').click();
    const choosePin = raviPage.getByRole('form', { name: 'Choose your PIN', exact: true });
    await expectVisible(choosePin, 'a new staff account chooses its PIN');
    await checkAccessibility(raviPage, 'the join page, choosing the PIN');
    await field(choosePin, 'Choose a 4-digit PIN').fill(ravi.pin);
    await field(choosePin, 'Confirm PIN').fill(ravi.pin);
    await button(choosePin, 'Accept and sign in').click();
    await expectToast(raviPage, `Welcome to ${shopName}`, 'You work there as Cashier.');
    await waitForPath(raviPage, '/');

    // The shop's app as Ravi the cashier: no new customers, none of the shop's settings.
    await expectStaffHeader(raviPage, shopName, `${ravi.name} · Cashier`);
    const quickActions = raviPage.getByRole('region', { name: 'Quick Actions', exact: true });
    await expectVisible(button(quickActions, 'Generate QR Code'), 'Generate QR Code among the quick actions');
    expect(await button(raviPage, 'Create Customer').count(), 'no Create Customer for a cashier').toBe(0);
    await expectVisible(customerCard(raviPage, customer.fullName), `${customer.fullName} in the Customers list`);
    await merchantTab(raviPage, 'Settings').click();
    const raviSettings = raviPage.getByRole('tabpanel', { name: 'Settings', exact: true });
    await expectVisible(button(raviSettings, 'Change PIN'), 'his own Change PIN');
    expect(await raviSettings.getByRole('heading').allInnerTexts(), 'only his language and his PIN').toEqual(['Language', 'PIN']);
    for (const shopOnly of [/^Staff /, /^Audit log /]) {
      expect(await raviSettings.getByRole('button', { name: shopOnly }).count(), `no ${shopOnly.source} for a cashier`).toBe(0);
    }
    expect(await raviSettings.getByRole('form', { name: 'Credit terms' }).count(), 'no credit period or UPI ID').toBe(0);

    // He signs out, and in again with the merchant sign-in's Staff option: phone and PIN.
    await logOut(raviPage, '/merchant');
    await raviPage.getByRole('tablist', { name: 'Who is signing in', exact: true }).getByRole('tab', { name: 'Staff', exact: true }).click();
    const staffSignIn = raviPage.getByRole('tabpanel', { name: 'Staff', exact: true });
    await expectVisible(field(staffSignIn, 'Mobile Number'), "the Staff option's sign-in");
    await checkAccessibility(raviPage, 'the merchant sign-in, Staff');
    await field(staffSignIn, 'Mobile Number').fill(ravi.mobileNumber);
    await field(staffSignIn, 'PIN').fill(ravi.pin);
    await button(staffSignIn, 'Sign In').click();
    await waitForPath(raviPage, '/');
    await expectStaffHeader(raviPage, shopName, `${ravi.name} · Cashier`);
    await checkAccessibility(raviPage, "the cashier's dashboard");

    // ---- Ravi records a cash repayment of ₹300 from Asha.
    const card = customerCard(raviPage, customer.fullName);
    await expectVisible(card, `${customer.fullName} in the Customers list`);
    await expect.poll(() => figure(card, 'Owed').innerText(), { message: 'what Asha owes before' }).toBe(rupees(1020));
    await button(card, 'Record Repayment').click();
    const repay = raviPage.getByRole('dialog', { name: 'Record Repayment', exact: true });
    await expectVisible(repay, 'the Record Repayment dialog');
    await field(repay, 'Amount Received (₹)').fill('300');
    await button(repay, 'Record Repayment').click();
    await expectToast(raviPage, 'Repayment Recorded', `${rupees(300)} received from ${customer.fullName}`);
    await expectHidden(repay, 'the Record Repayment dialog');
    await expect.poll(() => figure(card, 'Owed').innerText(), { message: 'what Asha owes after' }).toBe(rupees(720));

    // ---- Counter mode, opened and closed with his own PIN.
    await button(raviPage, 'Counter mode').click();
    const start = raviPage.getByRole('dialog', { name: 'Start counter mode', exact: true });
    await expectVisible(start, 'the PIN asked to start counter mode');
    await field(start, 'Enter your PIN').fill(ravi.pin);
    await button(start, 'Start counter mode').click();
    const counter = raviPage.getByRole('dialog', { name: 'Counter mode', exact: true });
    await expectVisible(counter, 'counter mode');
    await expectVisible(counter.getByRole('img', { name: `Payment QR code for ${shopName}` }), "the shop's code at the counter");
    await checkAccessibility(raviPage, "counter mode opened by a cashier");
    await button(counter, 'Exit counter mode').click();
    await field(counter, "Enter your PIN or an owner's PIN").fill(ravi.pin);
    await button(counter, 'Exit').click();
    await expect.poll(() => counter.count(), { message: 'counter mode closed' }).toBe(0);
    await expectStaffHeader(raviPage, shopName, `${ravi.name} · Cashier`);
    const raviToken = await raviPage.evaluate(() => localStorage.getItem('sessionToken'));
    expect(raviToken, "the cashier's full session again").toBeTruthy();

    // ---- The owner's History: the repayment, by Ravi the cashier; the customer's own payment by no one.
    await button(staff, 'Back').click();
    await merchantTab(page, 'History').click();
    const history = page.getByRole('region', { name: 'All Transactions', exact: true });
    const repayment = merchantEntry(history, 'Repayment', customer.fullName);
    await expectVisible(repayment, 'the repayment in History');
    await expectVisible(repayment.getByText(`by ${ravi.name} (Cashier)`, { exact: true }), '"by Ravi (Cashier)" on the repayment');
    expect(await repayment.innerText()).toContain(rupees(300));
    const payment = merchantEntry(history, 'Payment', customer.fullName);
    await expectVisible(payment, "the customer's payment in History");
    expect(await payment.innerText(), "a customer's own payment names no one at the shop").not.toMatch(/\bby .+\(/);
    await checkAccessibility(page, 'History with a by-line');

    // The audit log: the repayment, then counter mode opened and closed, each by Ravi (Cashier), newest first.
    const log = await openAuditLog(page);
    const who = `${ravi.name} (Cashier)`;
    const repaidLine = `${who} recorded a cash repayment of ${rupees(300)} from ${customer.fullName}`;
    const openedLine = `${who} opened counter mode`;
    const closedLine = `${who} closed counter mode`;
    const invitedLine = `${merchant.contactName} (Owner) invited ${ravi.name} to work at the shop as Cashier`;
    const newestFirst = [closedLine, openedLine, repaidLine, invitedLine];
    const sentences = () => log.locator(':scope > li > p:first-child').allInnerTexts();
    await expect.poll(sentences, { message: "the audit log's lines" }).toEqual(expect.arrayContaining(newestFirst));
    const lines = await sentences();
    const positions = newestFirst.map((line) => lines.indexOf(line));
    expect(positions, 'newest first').toEqual([...positions].sort((a, b) => a - b));
    await checkAccessibility(page, 'the audit log');

    // ---- The owner removes Ravi; his open screen is signed out at once, without a reload.
    await raviPage.evaluate(() => {
      (window as unknown as { staffJourneyMark: boolean }).staffJourneyMark = true;
    });
    // The stream's signed_out ends the session on the phone before it asks anything: a
    // refused request (401) would mean the phone only found out by asking.
    const refusedToRavi: string[] = [];
    raviPage.on('response', (response) => {
      if (response.status() === 401) refusedToRavi.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await button(page.getByRole('region', { name: 'Audit log', exact: true }), 'Back').click();
    await openStaffScreen(page);
    const member = people.getByRole('article', { name: ravi.name, exact: true });
    await expectVisible(member, 'Ravi among the people');
    await expectVisible(member.getByText('Cashier', { exact: true }), 'as Cashier');
    await button(member, 'Remove from shop').click();
    const confirm = page.getByRole('dialog', { name: `Remove ${ravi.name} from the shop?`, exact: true });
    await expectVisible(confirm, 'the confirmation of the removal');
    await expectVisible(confirm.getByText(`${ravi.name} will be signed out at once. Their past entries stay.`, { exact: true }), 'what removing does');
    await checkAccessibility(page, 'the removal confirmation');
    await button(confirm, 'Remove').click();
    await expectToast(page, `${ravi.name} was removed from the shop`);
    await expectHidden(member, 'Ravi among the people');
    await expectVisible(staff.getByText('Former staff (1)', { exact: true }), 'Ravi among the former staff');

    await waitForPath(raviPage, '/merchant', liveWaitMs);
    await expectToast(raviPage, 'You have been signed out');
    await expectVisible(raviPage.getByRole('tablist', { name: 'Who is signing in', exact: true }), 'the merchant sign-in');
    expect(await raviPage.evaluate(() => (window as unknown as { staffJourneyMark?: boolean }).staffJourneyMark), 'the same page, not reloaded')
      .toBe(true);
    expect(await raviPage.evaluate(() => localStorage.getItem('sessionToken')), 'the session forgotten').toBeNull();
    expect(refusedToRavi, 'signed out by the live stream, not by a refused request').toEqual([]);
    await callApi(khata, 'GET', '/api/auth/me', { token: raviToken!, expected: [401] });

    // What he did stays his.
    const { transactions } = await callApi<{ transactions: TransactionView[] }>(khata, 'GET', '/api/transactions/business', { token: ownerToken });
    expect(transactions.find((row) => row.type === 'repayment')?.by, 'the repayment still by Ravi (Cashier)')
      .toEqual({ name: ravi.name, role: 'cashier' });
  });
});
