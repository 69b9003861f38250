/**
 * Account statements (docs/product.md#statements), in real Chromium: the customer's account screen (also
 * opened signed out, resumed after sign-in) and the merchant's customer row show the same
 * statement, equal to the ledger row by row, the shop's copy also naming who at the shop
 * wrote each row. On a phone each row is a card with its amounts in view; the table is for
 * paper and for a column wide enough for it. Download CSV saves the API's file byte for byte,
 * under a name with the shop and the customer (two customers' files differ), and the print
 * view, as Chromium prints it to PDF, reads back through pdftotext (poppler-utils) with the
 * totals and the Devanagari and Tamil names exactly as written.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import type { AccountStatement, BusinessCreditAccount } from '@common/api/types';
import { rowsOf } from '../server/db/client';
import {
  callApi, createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi,
} from './api-seeding';
import type { RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  button, customerCard, expectCustomerApp, expectCustomerLogin, expectHidden, expectMerchantHeader, expectVisible, field, myMerchantView,
  newMobileNumber, rupees, signInWithEmail, waitForPath,
} from './pages';
import { checkAccessibility } from './accessibility';

/** The JSON statement, as its schema gives it. */
type Statement = AccountStatement;

const hindiName = 'क्षत्रिय';
const tamilName = 'தமிழ்செல்வி';

/** Today in India and the 1st of its month: the range the statement opens at. */
function thisMonthInIndia(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** "₹1,234.50" for a wire amount "1234.50", as the app writes it. */
const shown = (wire: string) => rupees(Number(wire));
const wire = (paise: string) => (Number(paise) / 100).toFixed(2);

interface Shop {
  businessName: string;
  /** The shop's own account, its first owner: who wrote the seeded repayments. */
  owner: { name: string; role: 'owner' };
  email: string;
  pin: string;
  businessId: string;
  merchantToken: string;
  customers: { fullName: string; mobileNumber: string; pin: string; token: string; accountId: string }[];
  /** The customer at `index` pays the shop `amount` through the API. */
  pay(index: number, amount: string, description?: string): Promise<void>;
}

/**
 * A merchant with two customers, one named in Devanagari and one in Tamil, each with
 * payments and repayments in a known order, all through the API.
 */
async function seedShop(khata: RunningApp): Promise<Shop> {
  const merchant = {
    mobileNumber: newMobileNumber(), contactName: 'Kaveri Iyer', businessName: 'Kaveri Stores', businessType: 'Retail',
    email: `statements.${Date.now()}@example.com`, address: '7 Temple Street, Madurai', pin: '3971',
  };
  const { token: merchantToken, businessId } = await createApprovedBusiness(khata, merchant);
  const people = [
    { fullName: hindiName, mobileNumber: newMobileNumber(), pin: '4826' },
    { fullName: tamilName, mobileNumber: newMobileNumber(), pin: '5937' },
  ];
  const tokens: string[] = [];
  for (const person of people) {
    const token = await createCustomerSession(khata, person);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, token)).paymentHandle, '5000');
    tokens.push(token);
  }
  const { creditAccounts } = await callApi<{ creditAccounts: BusinessCreditAccount[] }>(
    khata, 'GET', '/api/credit-accounts/business', { token: merchantToken },
  );
  const customers = people.map((person, index) => ({
    ...person, token: tokens[index]!, accountId: creditAccounts.find((account) => account.customerName === person.fullName)!.id,
  }));

  const pay = async (customer: (typeof customers)[number], amount: string, description?: string) => {
    const code = await generateQrCode(khata, merchantToken, { amount, description });
    await payByApi(khata, customer.token, { qrData: code.qrData, pin: customer.pin });
  };
  const repay = (customer: (typeof customers)[number], amount: string) =>
    callApi(khata, 'POST', `/api/business/credit-accounts/${customer.accountId}/repayment`, { token: merchantToken, body: { amount } });

  const [hindi, tamil] = customers as [(typeof customers)[number], (typeof customers)[number]];
  await pay(hindi, '1250.00', 'Rice and dal');
  await repay(hindi, '600.00');
  await pay(hindi, '349.50', 'Coconut oil');
  await pay(hindi, '99.99');
  await pay(tamil, '500.00', 'Notebooks');
  await repay(tamil, '200.50');
  await pay(tamil, '75.25', '=1+1 pens');
  return {
    businessName: merchant.businessName, owner: { name: merchant.contactName, role: 'owner' }, email: merchant.email, pin: merchant.pin, businessId, merchantToken, customers,
    pay: (index, amount, description) => pay(customers[index]!, amount, description),
  };
}

function statementPath(accountId: string, file: 'statement' | 'statement.csv'): string {
  const { from, to } = thisMonthInIndia();
  return `/api/credit-accounts/${accountId}/${file}?from=${from}&to=${to}`;
}

async function apiStatement(khata: RunningApp, accountId: string, token: string): Promise<Statement> {
  return (await callApi<{ statement: Statement }>(khata, 'GET', statementPath(accountId, 'statement'), { token })).statement;
}

/** The API's CSV, its bytes as sent. */
async function apiCsv(khata: RunningApp, accountId: string, token: string): Promise<Buffer> {
  const response = await fetch(`${khata.baseUrl}${statementPath(accountId, 'statement.csv')}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, 'the API CSV').toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

interface LedgerRow {
  id: string;
  type: string;
  amount_paise: string;
  fee_paise: string;
  total_paise: string;
  owed_paise_after: string;
}

/** The account's ledger rows in order, and what it owes now, from the database itself. */
async function ledgerOf(khata: RunningApp, accountId: string): Promise<{ rows: LedgerRow[]; owedPaise: string }> {
  const rows = rowsOf<LedgerRow>(await khata.database.db.execute(sql`
    select id, type, amount_paise::text, fee_paise::text, total_paise::text, owed_paise_after::text
    from transactions where credit_account_id = ${accountId}
    order by created_at, id`));
  const [account] = rowsOf<{ owed_paise: string }>(await khata.database.db.execute(sql`
    select owed_paise::text from credit_accounts where id = ${accountId}`));
  return { rows, owedPaise: account!.owed_paise };
}

/** The statement equals the ledger to the paisa: every row in order, the totals, the closing amount. */
async function expectStatementIsLedger(khata: RunningApp, statement: Statement): Promise<void> {
  const ledger = await ledgerOf(khata, statement.accountId);
  expect(statement.openingOwed, 'nothing was owed before this month').toBe('0.00');
  expect(statement.rows.map((row) => [row.id, row.type, row.amount, row.fee, row.total, row.owedAfter])).toEqual(
    ledger.rows.map((row) => [row.id, row.type, wire(row.amount_paise), wire(row.fee_paise), wire(row.total_paise), wire(row.owed_paise_after)]),
  );
  expect(statement.closingOwed).toBe(wire(ledger.owedPaise));
  const sum = (type: string, pick: (row: LedgerRow) => string) =>
    wire(String(ledger.rows.filter((row) => row.type === type).reduce((total, row) => total + Number(pick(row)), 0)));
  expect(statement.totals).toEqual({
    payments: ledger.rows.filter((row) => row.type === 'payment').length,
    paymentAmount: sum('payment', (row) => row.amount_paise),
    fees: sum('payment', (row) => row.fee_paise),
    paymentTotal: sum('payment', (row) => row.total_paise),
    repayments: ledger.rows.filter((row) => row.type === 'repayment').length,
    repaymentAmount: sum('repayment', (row) => row.amount_paise),
    refunds: ledger.rows.filter((row) => row.type === 'refund').length,
    refundAmount: sum('refund', (row) => row.amount_paise),
    refundFees: sum('refund', (row) => row.fee_paise),
    refundTotal: sum('refund', (row) => row.total_paise),
    reversals: ledger.rows.filter((row) => row.type === 'reversal').length,
    reversalAmount: sum('reversal', (row) => row.amount_paise),
  });
}

/**
 * The customer's statement as the shop's copy gives it: the same, each repayment naming who
 * at the shop recorded it (the seeding's are all the owner's); the customer's names nobody.
 */
function asTheShopSees(statement: Statement, owner: Shop['owner']): Statement {
  expect(statement.rows.map((row) => row.by), "the customer's copy names nobody at the shop").toEqual(statement.rows.map(() => null));
  return { ...statement, rows: statement.rows.map((row) => (row.type === 'repayment' ? { ...row, by: owner } : row)) };
}

const roleNames = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' } as const;

/** A summary figure of the statement on screen, by its term. */
const figure = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/**
 * Checks the statement on screen (in `scope`) shows `statement`'s figures, row by row, as a
 * phone shows them: one card per row, no table, every amount inside the screen's width. The
 * merchant's copy (`merchant`) ends each card with its buttons: Refund on a payment, Reverse on
 * a cash repayment, while the server says they are open.
 */
async function expectStatementOnScreen(scope: Locator, statement: Statement, merchant = false): Promise<void> {
  const figures: Record<string, string> = {
    'Opening amount owed': shown(statement.openingOwed),
    Payments: String(statement.totals.payments),
    'Amount paid': shown(statement.totals.paymentAmount),
    Fees: shown(statement.totals.fees),
    'Payment total': shown(statement.totals.paymentTotal),
    Repayments: String(statement.totals.repayments),
    Repaid: shown(statement.totals.repaymentAmount),
    'Closing amount owed': shown(statement.closingOwed),
  };
  for (const [term, value] of Object.entries(figures)) {
    await expect.poll(() => figure(scope, term).innerText(), { message: `the statement's ${term}` }).toBe(value);
  }
  const cards = scope.getByRole('list', { name: 'Statement' }).getByRole('listitem');
  await expect.poll(() => cards.count(), { message: 'one card per ledger row' }).toBe(statement.rows.length);
  expect(await scope.getByRole('table', { name: 'Statement' }).count(), 'no table on a phone (it is display: none)').toBe(0);
  const screenWidthPx = scope.page().viewportSize()!.width;
  for (const [index, row] of statement.rows.entries()) {
    const card = cards.nth(index);
    const owedBefore = index === 0 ? statement.openingOwed : statement.rows[index - 1]!.owedAfter;
    const lines = [
      row.type === 'payment' ? 'Payment' : 'Repayment',
      ...(row.description ? [row.description] : []),
      // On the shop's copy: "by Kaveri Iyer (Owner)".
      ...(row.by ? [`by ${row.by.name} (${roleNames[row.by.role]})`] : []),
      shown(row.amount),
      Number(row.owedAfter) > Number(owedBefore) ? 'Owed more' : 'Owed less',
    ];
    for (const line of lines) await expectVisible(card.getByText(line, { exact: true }), `"${line}" on card ${index + 1}`);
    const cardFigures: [string, string][] = [
      ...(Number(row.fee) > 0 ? [['Fee', shown(row.fee)], ['Total', shown(row.total)]] as [string, string][] : []),
      ['Owed after', shown(row.owedAfter)],
    ];
    for (const [term, value] of cardFigures) expect(await figure(card, term).innerText(), `${term} on card ${index + 1}`).toBe(value);
    // The money is on the screen, not off to the side.
    for (const amount of [card.getByText(shown(row.amount), { exact: true }).first(), figure(card, 'Owed after')]) {
      const box = (await amount.boundingBox())!;
      expect(box.x + box.width, `card ${index + 1}'s amounts inside the ${screenWidthPx} px screen`).toBeLessThanOrEqual(screenWidthPx);
    }
    const actions = row.refundableUntil ? ['Refund'] : row.reversibleUntil ? ['Reverse'] : [];
    expect(await card.getByRole('button').allInnerTexts(), `the buttons on card ${index + 1}`).toEqual(merchant ? actions : []);
  }
}

/**
 * The same statement in a column wide enough for its seven columns (a wide screen's): the
 * table shows and the cards do not, row by row as the ledger has it.
 */
async function expectTableWhenWide(page: Page, scope: Locator, statement: Statement): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  // Every screen keeps to a phone's column today; widened here as a wider layout would be.
  await page.evaluate(() => {
    for (const column of document.querySelectorAll<HTMLElement>('.max-w-mobile')) column.style.maxWidth = 'none';
  });
  try {
    const rows = scope.getByRole('table', { name: 'Statement' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { message: 'one table row per ledger row, in a wide column' }).toBe(statement.rows.length);
    expect(await scope.getByRole('list', { name: 'Statement' }).count(), 'no cards beside the table').toBe(0);
    for (const [index, row] of statement.rows.entries()) {
      const cells = (await rows.nth(index).locator('td').allInnerTexts()).map((text) => text.trim());
      expect(cells.slice(3, 7), `table row ${index + 1}`).toEqual([shown(row.amount), shown(row.fee), shown(row.total), shown(row.owedAfter)]);
    }
  } finally {
    await page.evaluate(() => {
      for (const column of document.querySelectorAll<HTMLElement>('.max-w-mobile')) column.style.maxWidth = '';
    });
    await page.setViewportSize(viewport);
  }
}

/** What "Print or save as PDF" calls the document while it prints: the name Chromium gives the PDF. */
async function printTitle(page: Page, scope: Locator): Promise<string> {
  await page.evaluate(() => {
    window.print = () => { document.body.dataset.printedTitle = document.title; };
  });
  await button(scope, 'Print or save as PDF').click();
  await expect.poll(() => page.evaluate(() => document.body.dataset.printedTitle ?? '')).not.toBe('');
  const title = await page.evaluate(() => document.body.dataset.printedTitle!);
  await page.evaluate(() => {
    delete document.body.dataset.printedTitle;
    window.dispatchEvent(new Event('afterprint'));
  });
  return title;
}

/**
 * "khata-statement-kaveri-stores-<name>-<reference>-<from>-to-<to>": the shop, the customer and
 * the account's short reference (its id's last eight hex digits, "9f3a-1c07"), as the file is named.
 */
const fileStem = (statement: Statement) => {
  const reference = `${statement.accountId.slice(-8, -4)}-${statement.accountId.slice(-4)}`.toLowerCase();
  return `khata-statement-kaveri-stores-${statement.customerName}-${reference}-${statement.from}-to-${statement.to}`;
};

/** One line of a CSV file split into its cells as written: quoted texts, plain figures. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  const cell = /("(?:[^"]|"")*"|[^,"]*)(,?)/y;
  for (;;) {
    const [, text, comma] = cell.exec(line)!;
    cells.push(text!);
    if (!comma) return cells;
  }
}

/** A CSV file's lines (CRLF, after the byte-order mark), each as its cells. */
const csvCells = (bytes: Buffer): string[][] =>
  bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map(cellsOf);

/** Download CSV: the file Chromium saves, its name and bytes. */
async function downloadCsv(page: Page, scope: Locator): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await button(scope, 'Download CSV').click();
  const saved = await download;
  return { name: saved.suggestedFilename(), bytes: readFileSync(await saved.path()) };
}

const pdfDir = mkdtempSync(join(tmpdir(), 'khata-e2e-statements-'));
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

/** The print view as Chromium prints it to PDF, read back by pdftotext -layout. */
async function printedText(page: Page, name: string): Promise<string> {
  const path = join(pdfDir, `${name}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path, format: 'A4' });
  await page.emulateMedia({ media: null });
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The printed statement names both parties exactly and carries every total, each beside its term. */
function expectPrinted(text: string, statement: Statement): void {
  expect(text, 'the customer name, exactly as written').toContain(statement.customerName);
  expect(text).toContain(statement.businessName);
  expect(text).toContain('Khata statement');
  const totals: [string, string][] = [
    ['Opening amount owed', shown(statement.openingOwed)],
    ['Amount paid', shown(statement.totals.paymentAmount)],
    ['Fees', shown(statement.totals.fees)],
    ['Payment total', shown(statement.totals.paymentTotal)],
    ['Repaid', shown(statement.totals.repaymentAmount)],
    ['Closing amount owed', shown(statement.closingOwed)],
  ];
  for (const [term, value] of totals) {
    expect(text, `${term} ${value} in the PDF`).toMatch(new RegExp(`${escapeRegExp(term)}\\s+${escapeRegExp(value)}`));
  }
  for (const row of statement.rows) expect(text, `the row owing ${row.owedAfter}`).toContain(shown(row.owedAfter));
  // Only the statement prints: not the screen around it.
  for (const screenOnly of ['Download CSV', 'Print or save as PDF', 'This month', 'Merchant Transactions', 'Customers']) {
    expect(text, `"${screenOnly}" is not printed`).not.toContain(screenOnly);
  }
}

describe.skipIf(journeysDisabled)('statements', () => {
  journey('a customer opens their account at a merchant signed out, signs in, and gets the ledger’s statement as CSV and PDF', async ({ page, khata }) => {
    const shop = await seedShop(khata);
    const customer = shop.customers[0]!;
    const statement = await apiStatement(khata, customer.accountId, customer.token);
    await expectStatementIsLedger(khata, statement);
    expect(statement.customerName).toBe(hindiName);
    // The merchant's copy of the statement is the same statement, naming who recorded each repayment.
    expect(await apiStatement(khata, customer.accountId, shop.merchantToken)).toEqual(asTheShopSees(statement, shop.owner));

    // Signed out, the account's address leads to the login and back to the account.
    await page.goto(`/accounts/${shop.businessId}`);
    await expectCustomerLogin(page);
    await field(page, 'Mobile Number').fill(customer.mobileNumber);
    await field(page, 'PIN').fill(customer.pin);
    await button(page, 'Sign In').click();
    await waitForPath(page, `/accounts/${shop.businessId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: shop.businessName, exact: true }), 'the account screen of Kaveri Stores');
    const account = page.getByLabel('Credit account', { exact: true });
    await expect.poll(() => figure(account, 'Limit').innerText()).toBe(rupees(5000));
    await expect.poll(() => figure(account, 'Owed').innerText()).toBe(shown(statement.closingOwed));
    await expect.poll(() => figure(account, 'Available credit').innerText()).toBe(rupees(5000 - Number(statement.closingOwed)));
    const history = page.getByRole('region', { name: 'Merchant Transactions' });
    await expect.poll(() => history.getByRole('article').count(), { message: "this account's transactions" }).toBe(statement.rows.length);

    const panel = page.getByRole('region', { name: 'Statement', exact: true });
    await expectStatementOnScreen(panel, statement);
    await checkAccessibility(page, 'the account screen with its statement');
    const titleBefore = await page.title();

    await expectTableWhenWide(page, panel, statement);

    const csv = await downloadCsv(page, panel);
    expect(csv.name, 'the file names the shop and the customer').toBe(`${fileStem(statement)}.csv`);
    expect(csv.bytes.equals(await apiCsv(khata, customer.accountId, customer.token)), 'the saved CSV is the API’s, byte for byte').toBe(true);
    expect([...csv.bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.bytes.toString('utf8')).toContain(hindiName);

    expectPrinted(await printedText(page, 'customer'), statement);
    expect(await printTitle(page, panel), 'the PDF is named as the CSV is').toBe(fileStem(statement));
    expect(await page.title(), 'the title is back after printing').toBe(titleBefore);

    // Back on the home, the View badge opens the same screen.
    await button(page, 'Back').click();
    await expectCustomerApp(page, hindiName);
    await myMerchantView(page, shop.businessName).click();
    await waitForPath(page, `/accounts/${shop.businessId}`);
    await expectStatementOnScreen(page.getByRole('region', { name: 'Statement', exact: true }), statement);
  });

  journey('the merchant opens a customer’s statement from their row: the same figures, the same CSV, a PDF with the Tamil name', async ({ page, khata }) => {
    const shop = await seedShop(khata);
    const customer = shop.customers[1]!;
    const statement = await apiStatement(khata, customer.accountId, shop.merchantToken);
    await expectStatementIsLedger(khata, statement);
    expect(statement.customerName).toBe(tamilName);
    const customersCopy = await apiStatement(khata, customer.accountId, customer.token);
    expect(asTheShopSees(customersCopy, shop.owner)).toEqual(statement);

    await signInWithEmail(page, '/merchant', shop.email, shop.pin);
    await expectMerchantHeader(page, shop.businessName, 'Approved');
    await button(customerCard(page, tamilName), 'Statement').click();
    const dialog = page.getByRole('dialog', { name: 'Statement' });
    await expectVisible(dialog, 'the Statement dialog');
    await expectStatementOnScreen(dialog, statement, true);
    await checkAccessibility(page, 'the merchant’s Statement dialog');

    const csv = await downloadCsv(page, dialog);
    expect(csv.bytes.equals(await apiCsv(khata, customer.accountId, shop.merchantToken)), 'the saved CSV is the API’s, byte for byte').toBe(true);
    expect(csv.name, 'the file names the shop and the customer').toBe(`${fileStem(statement)}.csv`);
    // The customer's file, with a By column after the description.
    const shopLines = csvCells(csv.bytes);
    const customerLines = csvCells(await apiCsv(khata, customer.accountId, customer.token));
    expect(shopLines[0]).toEqual(['"Date"', '"Type"', '"Description"', '"By"', '"Amount"', '"Fee"', '"Total"', '"Owed after"']);
    expect(shopLines.map((cells) => cells.filter((_, at) => at !== 3)), 'the file the customer gets, but for By').toEqual(customerLines);
    expect(shopLines.slice(2, 2 + statement.rows.length).map((cells) => cells[3]), 'who wrote each row')
      .toEqual(statement.rows.map((row) => (row.by ? `"${row.by.name} (${roleNames[row.by.role]})"` : '""')));
    expect(csv.bytes.toString('utf8')).toContain(`'=1+1 pens`);

    expectPrinted(await printedText(page, 'merchant'), statement);

    // A payment landing while the statement is open shows in it (the live ledger updates).
    await shop.pay(1, '40.00', 'Chalk');
    const later = await apiStatement(khata, customer.accountId, shop.merchantToken);
    expect(later.rows).toHaveLength(statement.rows.length + 1);
    await expectStatementIsLedger(khata, later);
    await expectStatementOnScreen(dialog, later, true);

    expect(await printTitle(page, dialog), 'the PDF is named as the CSV is').toBe(fileStem(statement));

    // Last month: an empty period, its opening and closing equal.
    await button(dialog, 'Last month').click();
    await expectVisible(dialog.getByText('No transactions in this period.'), 'an empty last month');
    await expect.poll(() => figure(dialog, 'Closing amount owed').innerText()).toBe(rupees(0));

    // The shop's other customer: their files are named for them, so neither overwrites the other.
    await button(dialog, 'Close').click();
    await expectHidden(dialog, 'the Statement dialog');
    const other = shop.customers[0]!;
    await button(customerCard(page, other.fullName), 'Statement').click();
    await expectVisible(dialog, 'the Statement dialog of the other customer');
    const otherStatement = await apiStatement(khata, other.accountId, shop.merchantToken);
    await expectStatementOnScreen(dialog, otherStatement, true);
    const otherCsv = await downloadCsv(page, dialog);
    expect(otherCsv.name).toBe(`${fileStem(otherStatement)}.csv`);
    expect(otherCsv.name, 'two customers, two file names').not.toBe(csv.name);
    for (const name of [csv.name, otherCsv.name]) expect(name).toContain('kaveri-stores');
    expect(csv.name).toContain(tamilName);
    expect(otherCsv.name).toContain(hindiName);
    expect(await printTitle(page, dialog)).toBe(fileStem(otherStatement));
  });
});
