/**
 * What a person does on Khata's screens, in their words: the labels, buttons and toast
 * texts they see. Journeys read as a sequence of these steps plus what they check.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkAccessibility } from './accessibility';

// ---------------------------------------------------------------------------------------
// Seeing things

/** Waits until `locator` is visible; fails naming `what` when it never is. */
export async function expectVisible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible' });
  } catch {
    throw new Error(`expected to see ${what}, but it did not appear (the page is at ${pathOf(locator.page())})`);
  }
}

const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until `locator` is gone (or hidden). */
export async function expectHidden(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden' });
  } catch {
    throw new Error(`expected ${what} to go away, but it stayed`);
  }
}

/** Where an element is on screen, in CSS pixels. */
export interface Box { x: number; y: number; width: number; height: number }

export async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${what} is on screen`).not.toBeNull();
  return box!;
}

export const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** The value shown next to a label in a definition list (the profile's details). */
export const detailValue = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

export async function waitForPath(page: Page, path: string, timeoutMs?: number): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit', timeout: timeoutMs });
  } catch {
    throw new Error(`expected the address ${path}, but the page stayed at ${pathOf(page)}`);
  }
}

/**
 * Checks that the address bar settles on `path`. A soft check: the journey goes on, so a
 * wrong address does not hide what the rest of the journey would find.
 */
export async function expectPath(page: Page, path: string, why: string): Promise<void> {
  await waitForPath(page, path, 5_000).catch(() => {});
  expect.soft(pathOf(page), why).toBe(path);
}

// ---------------------------------------------------------------------------------------
// Toasts

/**
 * The toasts on screen. While a sheet or dialog is open, Radix marks the rest of the page
 * (the toast list with it) aria-hidden and announces each toast through a live region of
 * its own; a sighted person still sees the toast, so hidden-from-assistive-technology
 * toasts count here, and expectToast checks that they are visible. The area is named
 * "Notifications (F8)" in English and ends in "(F8)" in every language.
 */
const toastsOn = (page: Page) =>
  page.getByRole('region', { name: /^Notifications|\(F8\)$/, includeHidden: true }).getByRole('status', { includeHidden: true });

/**
 * Waits for the toast `title` (and `description`, when given) and checks it is the only
 * toast on screen (one at a time: docs/product.md#routes). Fails saying what the screen shows instead.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  let wanted = toastsOn(page).filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) wanted = wanted.filter({ has: page.getByText(description, { exact: true }) });
  try {
    await wanted.first().waitFor({ state: 'visible' });
  } catch {
    const shown = await toastsOn(page).allInnerTexts();
    const expected = description === undefined ? title : `${title} / ${description}`;
    throw new Error(`expected the toast "${expected}", but the toasts on screen are ${JSON.stringify(shown)}`);
  }
  await expect.poll(() => toastsOn(page).count(), { timeout: 2_000 }).toBe(1);
  return wanted.first();
}

/** The 6-digit code the development SMS provider shows in a toast. */
export async function readDevelopmentOtp(page: Page): Promise<string> {
  const toast = toastsOn(page).filter({ hasText: /\b\d{6}\b/ });
  try {
    await toast.first().waitFor({ state: 'visible' });
  } catch {
    const shown = await toastsOn(page).allInnerTexts();
    throw new Error(`expected a toast with the development OTP, but the toasts on screen are ${JSON.stringify(shown)}`);
  }
  const text = await toast.first().innerText();
  return /\b(\d{6})\b/.exec(text)![1]!;
}

// ---------------------------------------------------------------------------------------
// People

/** A fresh 10-digit mobile number starting 98, as a person would type it. */
export const newMobileNumber = (): string => `98${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

export interface CustomerDetails {
  mobileNumber: string;
  fullName: string;
  pin: string;
}

export interface BusinessDetails {
  mobileNumber: string;
  contactName: string;
  businessName: string;
  businessType: string;
  email: string;
  address: string;
  pin: string;
}

// ---------------------------------------------------------------------------------------
// Registration wizard

/** Steps 1 and 2 of the wizard: send the code, read it from the toast, verify it. */
export async function verifyPhoneInWizard(page: Page, mobileNumber: string): Promise<void> {
  await expectVisible(button(page, 'Send OTP'), 'the phone step of the wizard');
  await checkAccessibility(page, 'the wizard phone step');
  await field(page, 'Mobile Number').fill(mobileNumber);
  await button(page, 'Send OTP').click();
  const otp = await readDevelopmentOtp(page);
  await checkAccessibility(page, 'the wizard OTP step');
  await field(page, 'OTP').fill(otp);
  await button(page, 'Verify OTP').click();
  await expectToast(page, 'Phone Verified');
  await checkAccessibility(page, 'the wizard details step');
}

/** From /cust signed out: the whole customer wizard, ending on 'Registration Successful'. */
export async function registerCustomer(page: Page, customer: CustomerDetails): Promise<void> {
  await page.goto('/cust');
  await button(page, 'Create New Account').click();
  await verifyPhoneInWizard(page, customer.mobileNumber);
  await field(page, 'Full Name').fill(customer.fullName);
  await field(page, 'PIN').fill(customer.pin);
  await field(page, 'Confirm PIN').fill(customer.pin);
  await button(page, 'Create Account').click();
  await expectToast(page, 'Registration Successful', 'Welcome! You can now start using the product');
}

/**
 * Signed out, the business wizard, ending on 'Registration Submitted': opened by /merchant's
 * Register Your Business, or `from: '/cust'` by the customers' sign-in's "Register your shop".
 */
export async function registerBusiness(
  page: Page, business: BusinessDetails, { from = '/merchant' }: { from?: '/merchant' | '/cust' } = {},
): Promise<void> {
  await page.goto(from);
  if (from === '/cust') await page.getByRole('navigation').getByRole('link', { name: 'Register your shop', exact: true }).click();
  else await button(page, 'Register Your Business').click();
  await verifyPhoneInWizard(page, business.mobileNumber);
  await field(page, 'Contact Name').fill(business.contactName);
  await field(page, 'Business Name').fill(business.businessName);
  await field(page, 'Business Type').fill(business.businessType);
  await field(page, 'Email Address').fill(business.email);
  await field(page, 'Business Address').fill(business.address);
  await field(page, 'PIN').fill(business.pin);
  await field(page, 'Confirm PIN').fill(business.pin);
  await button(page, 'Submit for Approval').click();
  await expectToast(page, 'Registration Submitted', 'Your business account is pending admin approval');
}

// ---------------------------------------------------------------------------------------
// Signing in and out

export type Submit = 'click' | 'enter';

async function submitWith(page: Page, how: Submit, lastField: Locator): Promise<void> {
  if (how === 'enter') await lastField.press('Enter');
  else await button(page, 'Sign In').click();
}

/** Fills the /cust login form; the caller checks what follows. */
export async function signInAsCustomer(
  page: Page, mobileNumber: string, pin: string, how: Submit = 'click',
): Promise<void> {
  await page.goto('/cust');
  await expectVisible(field(page, 'Mobile Number'), 'the customer login form');
  await checkAccessibility(page, 'the login screen /cust');
  await field(page, 'Mobile Number').fill(mobileNumber);
  const pinField = field(page, 'PIN');
  await pinField.fill(pin);
  await submitWith(page, how, pinField);
}

/** Fills an e-mail login form (/merchant with "Business Email", /admin with "Admin Email"). */
export async function signInWithEmail(
  page: Page, at: '/merchant' | '/admin', email: string, pin: string, how: Submit = 'click',
): Promise<void> {
  await page.goto(at);
  const emailField = field(page, at === '/admin' ? 'Admin Email' : 'Business Email');
  await expectVisible(emailField, `the login form at ${at}`);
  await checkAccessibility(page, `the login screen ${at}`);
  await emailField.fill(email);
  const pinField = field(page, 'PIN');
  await pinField.fill(pin);
  await submitWith(page, how, pinField);
}

/** Taps Logout and waits for the login screen at `loginPath`. */
export async function logOut(page: Page, loginPath: '/cust' | '/merchant' | '/admin'): Promise<void> {
  await button(page, 'Logout').click();
  await waitForPath(page, loginPath);
  await expectVisible(button(page, 'Sign In'), `the login screen at ${loginPath}`);
}

// ---------------------------------------------------------------------------------------
// The apps

export async function expectCustomerLogin(page: Page): Promise<void> {
  await waitForPath(page, '/cust');
  await expectVisible(field(page, 'Mobile Number'), 'the customer login form (Mobile Number)');
  await expectVisible(button(page, 'Create New Account'), 'the customer login form (Create New Account)');
  await checkAccessibility(page, 'the login screen /cust');
}

/** The customer app at `path`: the greeting with the name, and the bottom bar. */
export async function expectCustomerApp(page: Page, fullName: string, path = '/'): Promise<void> {
  await expectVisible(page.getByRole('heading', { name: fullName, exact: true }), `the customer home greeting ${fullName}`);
  await expectVisible(page.getByRole('tab', { name: 'Home', exact: true }), 'Home in the bottom bar');
  await expectVisible(page.getByRole('tab', { name: 'Profile', exact: true }), 'Profile in the bottom bar');
  await expectPath(page, path, `the customer app is at ${path}`);
  await checkAccessibility(page, 'the customer home');
}

export async function openProfile(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Profile', exact: true }).click();
  await expectVisible(detailValue(page, 'User ID'), 'the profile details');
  await checkAccessibility(page, 'the customer profile');
}

/** The merchant app's header: business name, "Merchant Dashboard" and the status badge. */
export async function expectMerchantHeader(page: Page, businessName: string, status: string): Promise<void> {
  const header = page.locator('header');
  await expectVisible(header.getByRole('heading', { name: businessName, exact: true }), `the business name ${businessName} in the header`);
  await expectVisible(header.getByText('Merchant Dashboard', { exact: true }), '"Merchant Dashboard" in the header');
  await expectVisible(header.getByText(status, { exact: true }), `the status badge "${status}" in the header`);
  await expectPath(page, '/', 'after signing in the app navigates to /');
  await checkAccessibility(page, `the merchant dashboard (${status})`);
}

export async function expectAdminHeader(page: Page, email: string): Promise<void> {
  const header = page.locator('header');
  await expectVisible(header.getByText(email, { exact: true }), `the admin e-mail ${email} in the header`);
  await expectVisible(button(header, 'Toggle theme'), 'the theme toggle in the header');
  await expectVisible(button(header, 'Logout'), 'Logout in the header');
  await expectPath(page, '/', 'after signing in the app navigates to /');
  await checkAccessibility(page, 'the admin overview');
}

/** Whether <html> carries the `dark` class that switches the dark theme on. */
export const isDarkTheme = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

// ---------------------------------------------------------------------------------------
// Money

/** Rupees as the app shows them: ₹, Indian grouping, 2 decimals ("₹1,000.00"). */
export const rupees = (amount: number): string =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(amount);

// ---------------------------------------------------------------------------------------
// The admin's Business Approvals

/** Opens the Business Approvals tab, whose name carries the pending count when there is one. */
export async function openBusinessApprovals(page: Page, pendingCount: number): Promise<void> {
  const tab = page.getByRole('tab', { name: `Business Approvals ${pendingCount} pending`, exact: true });
  await expectVisible(tab, `the Business Approvals tab with the badge "${pendingCount}"`);
  await expectVisible(tab.getByText(String(pendingCount), { exact: true }), `the pending badge ${pendingCount} on the tab`);
  await tab.click();
  await checkAccessibility(page, 'the admin Business Approvals');
}

/** The list of one status (Pending / Approved / Rejected) in the approvals panel. */
export async function openApplications(page: Page, status: 'Pending' | 'Approved' | 'Rejected'): Promise<Locator> {
  await page.getByRole('tablist', { name: 'Applications by status' }).getByRole('tab', { name: status, exact: true }).click();
  const label = { Pending: 'Pending applications', Approved: 'Approved businesses', Rejected: 'Rejected businesses' }[status];
  const list = page.getByRole('list', { name: label, exact: true });
  await expectVisible(list, `the ${label} list`);
  await checkAccessibility(page, `the admin ${label} list`);
  return list;
}

/** Taps Review on a pending application and returns the Review Application dialog. */
export async function reviewApplication(page: Page, businessName: string): Promise<Locator> {
  await button(page, `Review ${businessName}`).click();
  const dialog = page.getByRole('dialog', { name: 'Review Application' });
  await expectVisible(dialog, `the Review Application dialog for ${businessName}`);
  await expectVisible(dialog.getByText(businessName, { exact: true }), `${businessName} in the dialog`);
  await checkAccessibility(page, 'the Review Application dialog');
  return dialog;
}

// ---------------------------------------------------------------------------------------
// The merchant app

export const merchantTab = (page: Page, name: 'Dashboard' | 'QR Codes' | 'History' | 'Settings') =>
  page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name, exact: true });

/** A stat card on the merchant Dashboard ("Total Revenue", "Customers", …). */
export const statCard = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** Opens Create Customer → the Add Credit Account sheet. */
export async function openAddCreditAccount(page: Page): Promise<Locator> {
  await button(page, 'Create Customer').click();
  const sheet = page.getByRole('dialog', { name: 'Add Credit Account' });
  await expectVisible(sheet, 'the Add Credit Account sheet');
  await checkAccessibility(page, 'the Add Credit Account sheet');
  return sheet;
}

/** A customer's card in the merchant's Customers list. */
export const customerCard = (page: Page, customerName: string) => page.getByRole('article', { name: customerName, exact: true });

/** A ledger entry as the merchant sees it ("Payment Asha Verma", "Repayment Asha Verma"). */
export const merchantEntry = (scope: Page | Locator, type: 'Payment' | 'Repayment', customerName: string) =>
  scope.getByRole('article', { name: `${type} ${customerName}`, exact: true });

// ---------------------------------------------------------------------------------------
// The customer app

/** The amount on the Available Credit card. */
export const availableCredit = (page: Page) =>
  page.getByRole('region', { name: 'Available Credit' }).getByTestId('available-credit');

/** A merchant's row in My Merchants. */
export const myMerchant = (page: Page, businessName: string) =>
  page.getByRole('region', { name: 'My Merchants' }).getByRole('button', { name: new RegExp(`^${businessName}\\b`) });

/** The View badge beside a merchant's row in My Merchants: it opens the account screen (docs/product.md#customer-app). */
export const myMerchantView = (page: Page, businessName: string) =>
  page.getByRole('region', { name: 'My Merchants' }).getByRole('link', { name: `View ${businessName}`, exact: true });

/** A ledger entry as the customer sees it ("Payment Kumar Kirana"). */
export const customerEntry = (page: Page, type: 'Payment' | 'Repayment', businessName: string) =>
  page.getByRole('region', { name: 'Transaction History' }).getByRole('article', { name: `${type} ${businessName}`, exact: true });

/** Opens "My Code" and reads the Payment ID from the My Payment Code sheet, then closes it. */
export async function readMyPaymentId(page: Page): Promise<string> {
  await button(page, 'My Code Receive Payment').click();
  const sheet = page.getByRole('dialog', { name: 'My Payment Code' });
  const id = sheet.locator('dt:text-is("Payment ID") + dd');
  await expectVisible(id, 'the Payment ID on the My Payment Code sheet');
  await checkAccessibility(page, 'the My Payment Code sheet');
  const handle = (await id.innerText()).trim();
  await page.keyboard.press('Escape');
  await expectHidden(sheet, 'the My Payment Code sheet');
  return handle;
}

/** Opens Scan QR (the overlay with the payment screen) from Home's Quick Actions. */
export async function openScanQr(page: Page): Promise<Locator> {
  await button(page, 'Scan QR Make Payment').click();
  const overlay = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expectVisible(overlay, 'the Scan QR Code overlay');
  await checkAccessibility(page, 'the payment scan step');
  return overlay;
}

/** On the scan step: switches to manual entry, pastes the code's text and taps Continue. */
export async function enterCodeManually(overlay: Locator, qrData: string): Promise<void> {
  const manual = button(overlay, 'Enter code manually');
  if (await manual.isVisible()) await manual.click();
  await field(overlay, 'QR Code Data').fill(qrData);
  await button(overlay, 'Continue').click();
}

/** The confirm step's figures, by their terms ("Amount", "Total", …). */
export const confirmFigure = (overlay: Locator, term: string) => overlay.locator(`dt:text-is("${term}") + dd`);

/** Checks the confirm step shows `figures` (term → text) exactly. */
export async function expectConfirmFigures(overlay: Locator, figures: Record<string, string>): Promise<void> {
  await expectVisible(overlay.getByRole('form', { name: 'Confirm payment' }), 'the confirm step');
  for (const [term, value] of Object.entries(figures)) {
    await expect.poll(() => confirmFigure(overlay, term).innerText(), { message: `the confirm step's ${term}` }).toBe(value);
  }
  await checkAccessibility(overlay.page(), 'the payment confirm step');
}

/** From the confirm step: Continue to PIN, type the PIN, Pay Now. */
export async function payWithPin(overlay: Locator, pin: string): Promise<void> {
  await button(overlay, 'Continue to PIN').click();
  await field(overlay, 'PIN').fill(pin);
  await checkAccessibility(overlay.page(), 'the payment PIN step');
  await button(overlay, 'Pay Now').click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Checks a My Merchants row: Given Credit (what is owed) and/or the Limit, and a View badge. */
export async function expectMyMerchant(
  page: Page, businessName: string, shows: { givenCredit?: string; limit?: string },
): Promise<void> {
  const row = myMerchant(page, businessName);
  await expectVisible(row, `${businessName} in My Merchants`);
  await expectVisible(myMerchantView(page, businessName).getByText('View', { exact: true }), `the View badge on ${businessName}`);
  if (shows.givenCredit !== undefined) {
    await expect.poll(() => row.innerText(), { message: `Given Credit on ${businessName}` })
      .toMatch(new RegExp(`Given Credit\\s*${escapeRegExp(shows.givenCredit)}`));
  }
  if (shows.limit !== undefined) {
    await expect.poll(() => row.innerText(), { message: `Limit on ${businessName}` })
      .toMatch(new RegExp(`Limit\\s*${escapeRegExp(shows.limit)}`));
  }
}
