/**
 * English, Hindi and Tamil end to end (docs/product.md#languages): in each language, chosen with
 * the sign-in screens' picker, a customer and a business register, the admin approves the
 * business, the merchant generates a code and the customer pays it after a wrong PIN; then
 * the shop's dashboard, history and settings and the customer's account with the shop.
 * Every screen is checked at 360 px wide for English catalogue texts, overflow, names
 * cut short and one-line labels wrapping (layout-checks.ts), and those checks are shown
 * to find what they look for on a page made to fail them. The customer's credit account
 * is set up through the API: it is not what this is about.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiSignIn, businessQrCodes, createAdmin, customerPaymentCode, grantCredit } from './api-seeding';
import { journey, journeysDisabled } from './journey';
import { hiddenNames, overflows, screenChecker, wrappedLabels, type ScreenChecker } from './layout-checks';
import { button, expectHidden, expectToast, expectVisible, field, newMobileNumber, readDevelopmentOtp, rupees, waitForPath } from './pages';
import { otpSmsText } from '../server/sms/templates';
import type { Language } from '@common/languages';
import { errorText, translator, type Translator } from './translations';

/** People and shops named in the language's own script, as they would type them. */
const people = {
  en: {
    customerName: 'Lakshmi Narayanan',
    contactName: 'Amit Gupta',
    businessName: 'Gupta General Store',
    businessType: 'Kirana',
    address: '12, Gandhi Road, Jaipur',
    description: 'Monthly groceries',
  },
  hi: {
    customerName: 'सुनीता देवी',
    contactName: 'राकेश शर्मा',
    businessName: 'शर्मा किराना स्टोर',
    businessType: 'किराना',
    address: '12, गांधी मार्ग, जयपुर',
    description: 'महीने का राशन',
  },
  ta: {
    customerName: 'மீனா சுந்தரம்',
    contactName: 'முருகன் செல்வம்',
    businessName: 'முருகன் மளிகைக் கடை',
    businessType: 'மளிகை',
    address: '14, காந்தி சாலை, மதுரை',
    description: 'மாத மளிகைப் பொருட்கள்',
  },
} as const;

const languagePicker = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });

/**
 * Opens a sign-in screen, picks `language` with its picker (labelled in English on a first
 * visit) and checks that the choice sets `<html lang>` and survives a reload.
 */
async function chooseLanguageAt(page: Page, path: '/cust' | '/merchant' | '/admin', language: Language, tr: Translator) {
  await page.goto(path);
  await languagePicker(page, 'Language').selectOption(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `<html lang> after choosing ${language}` })
    .toBe(language);
  await page.reload();
  await expectVisible(languagePicker(page, tr('Language')), `the picker, labelled in ${language} after a reload`);
  expect(await languagePicker(page, tr('Language')).inputValue(), 'the language chosen, after a reload').toBe(language);
  expect(await page.evaluate(() => document.documentElement.lang), '<html lang> after a reload').toBe(language);
}

/**
 * The wizard's phone and OTP steps, checking each screen and that the OTP SMS went out in
 * the chosen language (the development provider's log).
 */
async function verifyPhone(
  page: Page, mobileNumber: string, tr: Translator, screens: ScreenChecker, who: string, sms: { log: string[]; language: Language },
) {
  await expectVisible(button(page, tr('Send OTP')), 'the phone step of the wizard');
  await screens.check(page, `${who}-wizard-phone`);
  await field(page, tr('Mobile Number')).fill(mobileNumber);
  await button(page, tr('Send OTP')).click();
  const otp = await readDevelopmentOtp(page);
  const sent = sms.log.filter((line) => line.includes(`+91${mobileNumber}`)).at(-1);
  expect(sent, `the ${who}'s OTP SMS`).toBe(
    `[sms:development] OTP for +91${mobileNumber}: ${otp} (${sms.language}) "${otpSmsText(otp, sms.language)}"`,
  );
  await screens.check(page, `${who}-wizard-otp`);
  await field(page, tr('OTP')).fill(otp);
  await button(page, tr('Verify OTP')).click();
  await expectToast(page, tr('Phone Verified'));
  await screens.check(page, `${who}-wizard-details`);
}

async function signIn(page: Page, id: { label: string; value: string }, pin: string, tr: Translator) {
  await field(page, id.label).fill(id.value);
  await field(page, tr('PIN')).fill(pin);
  await button(page, tr('Sign In')).click();
  await waitForPath(page, '/');
}

const detailIn = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** Waits until nothing in `scope` is loading: no Spinner (ui/spinner.tsx, a status with a spinning ring). */
const loaded = (scope: Locator, what: string) =>
  expectHidden(scope.locator('[role=status]:has(.animate-spin)'), `the loading of ${what}`);

/**
 * Opens the dialog or sheet named `title` with `opener`, checks it once it has loaded and
 * closes it with its Close button.
 */
async function checkDialog(page: Page, screens: ScreenChecker, tr: Translator, opener: Locator, title: string, screen: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await expectVisible(dialog, `the ${title} dialog`);
  await loaded(dialog, `the ${title} dialog`);
  await screens.check(page, screen);
  await button(dialog, tr('Close')).click();
  await expectHidden(dialog, `the ${title} dialog`);
}

function journeyIn(language: Language) {
  journey(`in ${language}: registration, approval, a QR code and a payment after a wrong PIN`, async ({ page, khata, openPhone }) => {
    const tr = translator(language);
    const screens = screenChecker(language);
    const names = people[language];
    const admin = { email: `${language}.admin@khata.test`, pin: '4826' };
    const customer = { mobileNumber: newMobileNumber(), fullName: names.customerName, pin: '5173' };
    const merchant = {
      mobileNumber: newMobileNumber(), email: `${language}.merchant.${Date.now()}@example.com`, pin: '3971', ...names,
    };
    await createAdmin(khata, admin.email, admin.pin);

    // The business registers at /merchant.
    const merchantPhone = await openPhone();
    await chooseLanguageAt(merchantPhone, '/merchant', language, tr);
    await screens.check(merchantPhone, 'merchant-login');
    await button(merchantPhone, tr('Register Your Business')).click();
    await verifyPhone(merchantPhone, merchant.mobileNumber, tr, screens, 'business', { log: khata.smsLog, language });
    await field(merchantPhone, tr('Contact Name')).fill(merchant.contactName);
    await field(merchantPhone, tr('Business Name')).fill(merchant.businessName);
    await field(merchantPhone, tr('Business Type')).fill(merchant.businessType);
    await field(merchantPhone, tr('Email Address')).fill(merchant.email);
    await field(merchantPhone, tr('Business Address')).fill(merchant.address);
    await field(merchantPhone, tr('PIN')).fill(merchant.pin);
    await field(merchantPhone, tr('Confirm PIN')).fill(merchant.pin);
    await screens.check(merchantPhone, 'business-wizard-details-filled');
    await button(merchantPhone, tr('Submit for Approval')).click();
    await expectToast(merchantPhone, tr('Registration Submitted'), tr('Your business account is pending admin approval'));
    const merchantHeader = merchantPhone.locator('header');
    await expectVisible(merchantHeader.getByText(tr('Pending'), { exact: true }), 'the Pending badge');
    await screens.check(merchantPhone, 'merchant-pending');

    // The customer registers at /cust.
    await chooseLanguageAt(page, '/cust', language, tr);
    await screens.check(page, 'customer-login');
    await button(page, tr('Create New Account')).click();
    await verifyPhone(page, customer.mobileNumber, tr, screens, 'customer', { log: khata.smsLog, language });
    await field(page, tr('Full Name')).fill(customer.fullName);
    await field(page, tr('PIN')).fill(customer.pin);
    await field(page, tr('Confirm PIN')).fill(customer.pin);
    await button(page, tr('Create Account')).click();
    await expectToast(page, tr('Registration Successful'), tr('Welcome! You can now start using the product'));
    await expectVisible(page.getByRole('heading', { name: customer.fullName, exact: true }), 'the customer home greeting');
    await screens.check(page, 'customer-home-new');

    // The admin approves the business.
    const adminPhone = await openPhone();
    await chooseLanguageAt(adminPhone, '/admin', language, tr);
    await screens.check(adminPhone, 'admin-login');
    await signIn(adminPhone, { label: tr('Admin Email'), value: admin.email }, admin.pin, tr);
    const approvalsTab = adminPhone.getByRole('tab', { name: tr('Business Approvals {pendingCount} pending', { pendingCount: 1 }), exact: true });
    await expectVisible(approvalsTab, 'the Business Approvals tab with 1 pending');
    await screens.check(adminPhone, 'admin-overview');
    await approvalsTab.click();
    await expectVisible(button(adminPhone, tr('Review {businessName}', { businessName: merchant.businessName })), 'the pending application');
    await screens.check(adminPhone, 'admin-approvals');
    await button(adminPhone, tr('Review {businessName}', { businessName: merchant.businessName })).click();
    const dialog = adminPhone.getByRole('dialog', { name: tr('Review Application') });
    await expectVisible(dialog.getByText(merchant.email, { exact: true }), 'the applicant in the Review Application dialog');
    await screens.check(adminPhone, 'admin-review-dialog');
    await button(dialog, tr('Approve')).click();
    await expectToast(adminPhone, tr('Success'), tr('Business applications updated successfully'));
    await expectHidden(dialog, 'the Review Application dialog');
    await screens.check(adminPhone, 'admin-approved');
    const adminSections = adminPhone.getByRole('tablist', { name: tr('Admin sections') });
    for (const [tab, screen] of [['All Businesses', 'admin-businesses'], ['Analytics', 'admin-analytics'], ['Security', 'admin-security']] as const) {
      await adminSections.getByRole('tab', { name: tr(tab), exact: true }).click();
      const panel = adminPhone.getByRole('tabpanel', { name: tr(tab), exact: true });
      await expectVisible(panel, `the admin's ${tab} tab`);
      await loaded(panel, `the admin's ${tab} tab`);
      await screens.check(adminPhone, screen);
    }

    // Set-up that is not the point: the merchant gives the customer ₹1,000 of credit.
    const merchantToken = await apiSignIn(khata, 'business', { email: merchant.email, pin: merchant.pin });
    const customerToken = await apiSignIn(khata, 'customer', { phoneNumber: `+91${customer.mobileNumber}`, pin: customer.pin });
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '1000.00');

    // The merchant signs in again, sees the dashboard and generates a code for ₹250.
    await button(merchantPhone, tr('Logout')).click();
    await waitForPath(merchantPhone, '/merchant');
    await expectVisible(button(merchantPhone, tr('Sign In')), 'the merchant login after logging out');
    await screens.check(merchantPhone, 'merchant-login-again');
    await signIn(merchantPhone, { label: tr('Business Email'), value: merchant.email }, merchant.pin, tr);
    await expectVisible(merchantHeader.getByText(tr('Approved'), { exact: true }), 'the Approved badge');
    await expectVisible(merchantPhone.getByRole('group', { name: tr('Total Revenue'), exact: true }), 'the Total Revenue card');
    await screens.check(merchantPhone, 'merchant-dashboard');
    await merchantPhone.getByRole('tablist', { name: tr('Sections') }).getByRole('tab', { name: tr('QR Codes'), exact: true }).click();
    await expectVisible(button(merchantPhone, tr('Generate New QR Code')), 'the QR Codes tab');
    await screens.check(merchantPhone, 'merchant-qr-codes');
    await button(merchantPhone, tr('Generate New QR Code')).click();
    const generator = merchantPhone.getByRole('dialog', { name: tr('QR Code Generator') });
    await expectVisible(generator, 'the QR Code Generator');
    await screens.check(merchantPhone, 'merchant-qr-generator');
    await field(generator, tr('Amount (₹)')).fill('250');
    await field(generator, tr('Description')).fill(merchant.description);
    await button(generator, tr('Generate QR Code')).click();
    await expectToast(merchantPhone, tr('QR Code Generated'), tr('Show it to your customer to pay'));
    await expectVisible(generator.getByRole('img', { name: tr('New payment QR code') }), 'the new code drawn');
    await screens.check(merchantPhone, 'merchant-qr-generated');
    const [code] = await businessQrCodes(khata, merchantToken);

    // The customer signs out and in again, then pays it: first with a wrong PIN.
    await page.reload();
    await page.getByRole('tab', { name: tr('Profile'), exact: true }).click();
    await expectVisible(button(page, tr('Logout')), 'the profile');
    await screens.check(page, 'customer-profile');
    await button(page, tr('Logout')).click();
    await waitForPath(page, '/cust');
    await expectVisible(button(page, tr('Sign In')), 'the customer login after logging out');
    await screens.check(page, 'customer-login-again');
    await signIn(page, { label: tr('Mobile Number'), value: customer.mobileNumber }, customer.pin, tr);
    const available = page.getByRole('region', { name: tr('Available Credit') }).getByTestId('available-credit');
    await expect.poll(() => available.innerText(), { message: 'Available Credit before paying' }).toBe(rupees(1000));
    await screens.check(page, 'customer-home');
    await button(page, `${tr('Scan QR')} ${tr('Make Payment')}`).click();
    const overlay = page.getByRole('dialog', { name: tr('Scan QR Code') });
    await expectVisible(overlay, 'the Scan QR Code overlay');
    await screens.check(page, 'customer-scan');
    const manual = button(overlay, tr('Enter code manually'));
    if (await manual.isVisible()) await manual.click();
    await field(overlay, tr('QR Code Data')).fill(code!.qrData);
    await screens.check(page, 'customer-scan-manual');
    await button(overlay, tr('Continue')).click();
    const confirm = overlay.getByRole('form', { name: tr('Confirm payment') });
    await expectVisible(confirm, 'the confirm step');
    await expect.poll(() => detailIn(overlay, tr('Total')).innerText(), { message: 'the total on the confirm step' }).toBe(rupees(255));
    await screens.check(page, 'customer-confirm');
    await button(overlay, tr('Continue to PIN')).click();
    await field(overlay, tr('PIN')).fill('0000');
    await screens.check(page, 'customer-pin');
    await button(overlay, tr('Pay Now')).click();
    // The server's refusal, shown by its code in the language.
    await expectToast(page, tr('Payment Failed'), errorText(language, 'pin_incorrect', { attemptsLeft: 4 }));
    await screens.check(page, 'customer-wrong-pin');
    await button(overlay, tr('Continue to PIN')).click();
    await field(overlay, tr('PIN')).fill(customer.pin);
    await button(overlay, tr('Pay Now')).click();
    await expectToast(page, tr('Payment Successful'),
      tr('{amount} paid to {businessName}', { amount: rupees(250), businessName: merchant.businessName }));
    await screens.check(page, 'customer-paid');
    await button(overlay, tr('Close')).click();
    await expectHidden(overlay, 'the Scan QR Code overlay');
    await expect.poll(() => available.innerText(), { message: 'Available Credit after paying ₹255' }).toBe(rupees(745));
    await screens.check(page, 'customer-home-after');
    await checkDialog(page, screens, tr, button(page, `${tr('My Code')} ${tr('Receive Payment')}`), tr('My Payment Code'), 'customer-my-code');
    await page.getByRole('link', { name: tr('View {merchant}', { merchant: merchant.businessName }), exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: merchant.businessName, exact: true }), 'the account with the shop');
    await screens.check(page, 'customer-account');

    // The shop sees the payment, with the customer now owing: every button of their card.
    await button(generator, tr('Close')).click();
    await expectHidden(generator, 'the QR Code Generator');
    const sections = merchantPhone.getByRole('tablist', { name: tr('Sections') });
    await sections.getByRole('tab', { name: tr('Dashboard'), exact: true }).click();
    const customerCard = merchantPhone.getByRole('article', { name: customer.fullName, exact: true });
    await expectVisible(button(customerCard, tr('Send reminder')), 'the customer owing on the dashboard');
    await screens.check(merchantPhone, 'merchant-dashboard-paid');
    for (const [action, screen] of [
      ['Change Limit', 'merchant-change-limit'], ['Record Repayment', 'merchant-record-repayment'],
      ['Send reminder', 'merchant-send-reminder'], ['Move due date', 'merchant-move-due-date'],
      ['Statement', 'merchant-statement'], ['Charge by SMS code', 'merchant-charge-by-sms'],
    ] as const) {
      await checkDialog(merchantPhone, screens, tr, button(customerCard, tr(action)), tr(action), screen);
    }
    await checkDialog(merchantPhone, screens, tr, button(merchantPhone, tr('Create Customer')), tr('Add Credit Account'), 'merchant-add-customer');
    await sections.getByRole('tab', { name: tr('History'), exact: true }).click();
    await expectVisible(merchantPhone.getByRole('heading', { name: tr('All Transactions'), exact: true }), 'the History tab');
    await screens.check(merchantPhone, 'merchant-history');
    await sections.getByRole('tab', { name: tr('Settings'), exact: true }).click();
    await expectVisible(merchantPhone.getByRole('heading', { name: tr('Business Settings'), exact: true }), 'the Settings tab');
    await screens.check(merchantPhone, 'merchant-settings');
    for (const [entry, note, screen] of [
      ['Staff', 'Invite people, and set their roles and limits.', 'merchant-staff'],
      ['Audit log', 'Who did what at the shop, kept for 2 years.', 'merchant-audit-log'],
    ] as const) {
      await button(merchantPhone, `${tr(entry)} ${tr(note)}`).click();
      const heading = merchantPhone.getByRole('heading', { name: tr(entry), exact: true });
      await expectVisible(heading, `the ${entry} screen`);
      await loaded(merchantPhone.getByRole('main'), `the ${entry} screen`);
      await screens.check(merchantPhone, screen);
      await button(merchantPhone, tr('Back')).click();
      await expectVisible(merchantPhone.getByRole('heading', { name: tr('Business Settings'), exact: true }), 'Settings again');
    }
  });
}

/**
 * A page made to fail the layout checks, beside what they must let be: a bold name cut
 * short, tabs on two rows, a badge and a fixed-height button broken over two lines, an
 * amount spilling out of its box; a paragraph, a button that grows with its text, a
 * description cut short and tabs scrolling sideways on one row are fine.
 */
const layoutFailures = `
<main style="width: 320px; font: 14px/20px sans-serif">
  <h1 style="font-weight: 700; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Gupta General Store and Sons, Jaipur</h1>
  <p style="white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Monthly groceries, rice, dal, oil, soap and the rest of the list</p>
  <div role="tablist" aria-label="Sections" style="display: flex; flex-wrap: wrap; width: 240px">
    <button role="tab" style="white-space: nowrap">Dashboard</button><button role="tab" style="white-space: nowrap">QR Codes</button>
    <button role="tab" style="white-space: nowrap">History</button><button role="tab" style="white-space: nowrap">Settings</button>
  </div>
  <div role="tablist" aria-label="Bottom" style="display: flex"><button role="tab">Home</button><button role="tab">Profile</button></div>
  <div role="tablist" aria-label="Scrolling" style="display: flex; overflow-x: auto; width: 150px">
    <button role="tab" style="white-space: nowrap">Overview</button><button role="tab" style="white-space: nowrap">Business Approvals</button>
  </div>
  <div id="amount" style="width: 100px"><span style="white-space: nowrap">₹1,00,000.00 owed after</span></div>
  <span data-variant="success" style="display: inline-flex; width: 60px">Approved today</span>
  <button class="h-9 px-2" style="height: 36px; width: 90px">Record Repayment</button>
  <button style="width: 90px">Grows with its text</button>
  <p style="width: 120px">A paragraph wraps over several lines, as paragraphs do.</p>
</main>`;

describe.skipIf(journeysDisabled)('languages', () => {
  journey('the layout checks find names cut short, tabs on two rows and one-line labels wrapped, and nothing else', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 844 });
    await page.setContent(layoutFailures);
    expect(await overflows(page), 'the amount spilling out of its box, not the tabs scrolling in theirs').toEqual([
      expect.stringMatching(/^div#amount "₹1,00,000.00 owed after": content \d+ px in a 100 px box, \d+ px out$/),
    ]);
    expect(await hiddenNames(page), 'the bold name cut short, not the description').toEqual([
      expect.stringMatching(/^h1 "Gupta General Store and Sons, Jaipur": \d+ px of text in 320 px, cut short$/),
    ]);
    expect(await wrappedLabels(page), 'the tabs, the badge and the fixed-height button, not the paragraph or the growing button').toEqual([
      'the tabs "Dashboard | QR Codes | History | Settings" on 2 rows',
      'span "Approved today" wraps onto 2 lines',
      'button "Record Repayment" wraps onto 2 lines',
    ]);
  });
  journeyIn('en');
  journeyIn('hi');
  journeyIn('ta');
});
