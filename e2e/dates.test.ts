/**
 * The app's own date field (web/src/components/ui/date-field.tsx), in real Chromium: day,
 * month and year in India's order wherever a date is chosen (the due date, a statement's
 * range, the audit log's days), never the browser's mm/dd/yyyy, with the month named in the
 * language the shopkeeper chose and Western digits; what is wrong is said under the field as
 * well as in the toast, and axe finds nothing on the dialogs it sits in.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { BusinessCreditAccount } from '@common/api/types';
import type { Language } from '@common/languages';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi, setLanguage,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { checkAccessibility } from './accessibility';
import { journey, journeysDisabled } from './journey';
import { screenChecker } from './layout-checks';
import {
  button, customerCard, expectHidden, expectMerchantHeader, expectToast, expectVisible, merchantTab, newMobileNumber, signInWithEmail,
} from './pages';
import { translator } from './translations';

const dayMs = 86_400_000;

/** Today in India, "2026-11-28". */
const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** `day` moved by `days` calendar days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The last day of the month before `day`'s. */
const endOfLastMonth = (day: string) => addDays(`${day.slice(0, 8)}01`, -1);

/** "8 Dec 2026", as the app writes an India day in English. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' })
    .format(new Date(`${day}T12:00:00+05:30`));

/** "Dec", as the month select names it in English. */
const shortMonth = (day: string) => new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The three selects of the date field named `label`, each named with the field's label and its
 * part ("From Day"), their names as Chromium gives them, and what each shows, in order.
 */
function dateField(scope: Locator, label: string) {
  const group = scope.getByRole('group', { name: label, exact: true });
  const parts = group.getByRole('combobox');
  return {
    group,
    part: (name: 'Day' | 'Month' | 'Year') => group.getByRole('combobox', { name: `${label} ${name}`, exact: true }),
    names: async () => Promise.all(Array.from({ length: await parts.count() }, async (_, index) =>
      /^- combobox "([^"]*)"/.exec(await parts.nth(index).ariaSnapshot())?.[1])),
    shown: () => parts.evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).selectedOptions[0]?.text ?? '')),
  };
}

/** Chooses `day` ("2026-12-08") in a date field as a finger does: the year, the month, then the day. */
async function choose(field: ReturnType<typeof dateField>, day: string): Promise<void> {
  const [year, month, date] = day.split('-').map(Number);
  await field.part('Year').selectOption(String(year));
  await field.part('Month').selectOption(String(month));
  await field.part('Day').selectOption(String(date));
}

interface Shop {
  businessName: string;
  email: string;
  pin: string;
  token: string;
  customerName: string;
}

/** A shop with one customer who owes it for a ₹1,000 purchase, all through the API. */
async function seedShop(khata: RunningApp): Promise<Shop> {
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: 'Meena Iyer', businessName: 'Meena Provisions', businessType: 'Grocery',
    email: `dates.${Date.now()}@example.com`, address: '4 Car Street, Thanjavur', pin: '3971',
  };
  const customer = { mobileNumber: newMobileNumber(), fullName: 'Ravi Shankar', pin: '4826' };
  const { token } = await createApprovedBusiness(khata, merchant);
  const customerToken = await createCustomerSession(khata, customer);
  await grantCredit(khata, token, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
  const code = await generateQrCode(khata, token, { amount: '1000', description: 'Rice' });
  await payByApi(khata, customerToken, { qrData: code.qrData, pin: customer.pin });
  return { businessName: merchant.businessName, email: merchant.email, pin: merchant.pin, token, customerName: customer.fullName };
}

async function accountOf(khata: RunningApp, shop: Shop): Promise<BusinessCreditAccount> {
  const { creditAccounts } = await callApi<{ creditAccounts: BusinessCreditAccount[] }>(
    khata, 'GET', '/api/credit-accounts/business', { token: shop.token },
  );
  return creditAccounts.find((account) => account.customerName === shop.customerName)!;
}

/** The month select's names, as Chromium writes them in `language` (the app's language, not the phone's). */
const monthNamesIn = (page: Page, language: Language) =>
  page.evaluate((tag) => Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, index, 15)))), `${language}-IN`);

describe.skipIf(journeysDisabled)('dates', () => {
  journey('the shopkeeper moves a due date and picks a statement range and audit days, day-month-year', async ({ page, khata }) => {
    const shop = await seedShop(khata);
    const today = indiaToday();
    const before = await accountOf(khata, shop);
    expect(before.nextDueOn, 'the purchase is due a credit period from today').not.toBeNull();

    await signInWithEmail(page, '/merchant', shop.email, shop.pin);
    await expectMerchantHeader(page, shop.businessName, 'Approved');
    const card = customerCard(page, shop.customerName);

    // Move due date: the app's own field, empty until chosen.
    await button(card, 'Move due date').click();
    const dialog = page.getByRole('dialog', { name: 'Move due date' });
    await expectVisible(dialog, 'the Move due date dialog');
    expect(await dialog.locator('input[type="date"]').count(), "no browser's date input").toBe(0);
    const due = dateField(dialog, 'New due date');
    expect(await due.names()).toEqual(['New due date Day', 'New due date Month', 'New due date Year']);
    expect(await due.shown()).toEqual(['Day', 'Month', 'Year']);
    // From tomorrow to a year ahead: this year and, but on 1 January, the next.
    const years = await due.part('Year').locator('option').allInnerTexts();
    expect(years.slice(1)).toEqual([...new Set([addDays(today, 1).slice(0, 4), addDays(today, 365).slice(0, 4)])]);
    await checkAccessibility(page, 'the Move due date dialog');

    // Nothing chosen: said under the field and in the toast, the day in focus.
    await button(dialog, 'Move due date').click();
    await expectToast(page, 'Choose a date', 'Choose the new due date');
    await expectVisible(due.group.getByText('Choose the new due date', { exact: true }), 'the error under the field');
    expect(await due.part('Day').getAttribute('aria-invalid')).toBe('true');
    expect(await due.part('Day').evaluate((select) => select === document.activeElement), 'the day in focus').toBe(true);
    await checkAccessibility(page, 'the Move due date dialog with its error');

    // Today is too early: said under the field as soon as it is chosen, in the form's words.
    await choose(due, today);
    await expectVisible(due.group.getByText('Choose a due date from tomorrow to one year ahead', { exact: true }), 'the range under the field');

    // Two weeks after the current due date: it moves there.
    const chosen = addDays(before.nextDueOn!, 14);
    await choose(due, chosen);
    expect(await due.shown()).toEqual([chosen.slice(8, 10), shortMonth(chosen), chosen.slice(0, 4)]);
    await button(dialog, 'Move due date').click();
    await expectToast(page, 'Due date moved', `${shop.customerName} now has until ${longDay(chosen)}`);
    await expectHidden(dialog, 'the Move due date dialog');
    expect((await accountOf(khata, shop)).nextDueOn, 'the day chosen, as ISO').toBe(chosen);
    await expectVisible(card.getByText(`Due ${longDay(chosen)} (moved)`, { exact: true }), 'the moved due date on the card');

    // A statement's custom range: it opens at this month, day-month-year.
    await button(card, 'Statement').click();
    const statement = page.getByRole('dialog', { name: 'Statement' });
    await expectVisible(statement, 'the Statement dialog');
    await button(statement, 'Custom').click();
    const from = dateField(statement, 'From');
    const to = dateField(statement, 'To');
    // Two fields side by side: each part says which one it belongs to.
    expect(await from.names()).toEqual(['From Day', 'From Month', 'From Year']);
    expect(await to.names()).toEqual(['To Day', 'To Month', 'To Year']);
    const firstOfMonth = `${today.slice(0, 8)}01`;
    expect(await from.shown()).toEqual(['01', shortMonth(today), today.slice(0, 4)]);
    expect(await to.shown()).toEqual([today.slice(8, 10), shortMonth(today), today.slice(0, 4)]);

    // Last month's whole range: empty, the purchase being this month's.
    const lastMonthEnd = endOfLastMonth(today);
    await choose(from, `${lastMonthEnd.slice(0, 8)}01`);
    await choose(to, lastMonthEnd);
    await expectVisible(statement.getByText(`${longDay(`${lastMonthEnd.slice(0, 8)}01`)} to ${longDay(lastMonthEnd)}`, { exact: true }), 'last month’s range');
    await expectVisible(statement.getByText('No transactions in this period.', { exact: true }), 'an empty last month');

    // A start after the end is refused; the start back to this month's 1st and the end to today shows the purchase.
    await choose(from, firstOfMonth);
    await expectVisible(statement.getByText('Choose a start date on or before the end date.', { exact: true }), 'the range refused');
    await choose(to, today);
    await expectVisible(statement.getByText(`${longDay(firstOfMonth)} to ${longDay(today)}`, { exact: true }), 'this month’s range');
    await expect.poll(() => statement.getByRole('list', { name: 'Statement' }).getByRole('listitem').count()).toBe(1);
    await checkAccessibility(page, 'the Statement dialog with a custom range');
    await button(statement, 'Close').click();
    await expectHidden(statement, 'the Statement dialog');

    // The audit log's days: the due date moved today is found from today.
    await merchantTab(page, 'Settings').click();
    await page.getByRole('button', { name: /^Audit log / }).click();
    const audit = page.getByRole('region', { name: 'Audit log', exact: true });
    const log = audit.getByRole('list', { name: 'Audit log', exact: true });
    await expectVisible(log, 'the audit log');
    const auditFrom = dateField(audit, 'From');
    expect(await auditFrom.shown(), 'no day: no filter').toEqual(['Day', 'Month', 'Year']);
    await choose(auditFrom, today);
    await expectVisible(log.getByText(new RegExp(`${shop.customerName}.*${longDay(chosen)}`)), 'the due date moved, in the filtered log');
    await checkAccessibility(page, 'the audit log with its days');
    await button(audit, `Clear From`).click();
    expect(await auditFrom.shown()).toEqual(['Day', 'Month', 'Year']);
    // Clear is gone with the date: the focus goes on to the day, not back to the page.
    expect(await auditFrom.part('Day').evaluate((select) => select === document.activeElement), 'the day in focus after Clear').toBe(true);
  });

  journey('the date field names the months in Hindi and Tamil, and it and the statement’s cards fit a 360 px phone', async ({ page, khata }) => {
    const shop = await seedShop(khata);
    await signInWithEmail(page, '/merchant', shop.email, shop.pin);
    await expectMerchantHeader(page, shop.businessName, 'Approved');
    for (const language of ['hi', 'ta'] as const) {
      const tr = translator(language);
      // The language saved on the shopkeeper follows them at the next start.
      await setLanguage(khata, shop.token, language);
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await button(customerCard(page, shop.customerName), tr('Move due date')).click();
      const dialog = page.getByRole('dialog', { name: tr('Move due date') });
      await expectVisible(dialog, `the Move due date dialog in ${language}`);
      const due = dateField(dialog, tr('New due date'));
      const selects = due.group.getByRole('combobox');
      const chosen = addDays((await accountOf(khata, shop)).nextDueOn!, 1);
      const [year, month, day] = chosen.split('-').map(Number);
      await selects.nth(2).selectOption(String(year));
      await selects.nth(1).selectOption(String(month));
      await selects.nth(0).selectOption(String(day));
      expect(await due.names(), `the parts named in ${language}`)
        .toEqual([tr('Day'), tr('Month'), tr('Year')].map((part) => `${tr('New due date')} ${part}`));
      const months = await monthNamesIn(page, language);
      expect(await selects.nth(1).locator('option').allInnerTexts(), `the months in ${language}`).toEqual(months);
      expect(await selects.evaluateAll((all) => all.map((select) => (select as HTMLSelectElement).selectedOptions[0]!.text)))
        .toEqual([chosen.slice(8, 10), months[month! - 1], chosen.slice(0, 4)]);
      const screens = screenChecker(language);
      await screens.check(page, 'move-due-date');
      await checkAccessibility(page, `the Move due date dialog in ${language}`);
      await page.keyboard.press('Escape');
      await expectHidden(dialog, `the Move due date dialog in ${language}`);

      // The statement's cards and its custom range's two date fields, on the same phone.
      await button(customerCard(page, shop.customerName), tr('Statement')).click();
      const statement = page.getByRole('dialog', { name: tr('Statement') });
      await expectVisible(statement.getByRole('list', { name: tr('Statement') }), `the statement's cards in ${language}`);
      await button(statement, tr('Custom')).click();
      const from = statement.getByRole('group', { name: tr('From'), exact: true }).getByRole('combobox');
      expect(await from.nth(1).locator('option').allInnerTexts(), `the range's months in ${language}`).toEqual(months);
      await screens.check(page, 'statement-custom-range');
      await checkAccessibility(page, `the Statement dialog with a custom range in ${language}`);
      await page.keyboard.press('Escape');
      await expectHidden(statement, `the Statement dialog in ${language}`);
    }
  });
});
