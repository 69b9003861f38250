/**
 * A first session on the demo's data: `npm run demo` (the real command, as a separate
 * process) fills a fresh data directory, the app starts on it, and the demo customer, the
 * shop owner and the admin each walk their screens, finding them filled: what is owed and
 * overdue, a UPI repayment waiting, this month's trend, the analytics chart's bars, histories.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { parseRupees } from '@common/money';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/open';
import { developmentSmsProvider } from '../server/sms/development';
import { createServerDatabase, testServerUrl } from '../server/test/database-url';
import { checkAccessibility } from './accessibility';
import type { RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  availableCredit, button, customerCard, expectAdminHeader, expectCustomerApp, expectMerchantHeader, expectVisible,
  merchantTab, myMerchant, myMerchantView, openApplications, openBusinessApprovals, openProfile, signInAsCustomer,
  signInWithEmail, statCard,
} from './pages';

interface DemoSignIns {
  admin: { email: string; pin: string };
  shop: { email: string; pin: string };
  priya: { mobileNumber: string; pin: string };
}

/** The sign-ins `npm run demo` printed. */
function signInsOf(stdout: string): DemoSignIns {
  const line = (pattern: RegExp) => {
    const match = pattern.exec(stdout);
    if (!match) throw new Error(`npm run demo printed no line matching ${pattern}:\n${stdout}`);
    return [match[1]!, match[2]!] as const;
  };
  const [adminEmail, adminPin] = line(/Admin +\S+\/admin +e-mail (\S+), PIN (\d{4})/);
  const [shopEmail, shopPin] = line(/Shop +\S+\/merchant +e-mail (\S+), PIN (\d{4}) \(Sharma General Store\)/);
  const [priyaMobile, priyaPin] = line(/Customer +\S+\/cust +mobile (\d{10}), PIN (\d{4}) \(Priya Nair\)/);
  return { admin: { email: adminEmail, pin: adminPin }, shop: { email: shopEmail, pin: shopPin }, priya: { mobileNumber: priyaMobile, pin: priyaPin } };
}

function runDemo(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/demo.ts'], { env, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run demo failed: ${stderr || error.message}\n${stdout}`));
      else resolve(stdout);
    });
  });
}

/**
 * The demo's database, filled by the command, served by the app as `npm start` would serve
 * it (its configuration read from the same environment), with the journeys' built web app.
 */
async function startDemoApp(): Promise<RunningApp & { signIns: DemoSignIns }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'khata-e2e-demo-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, DATA_DIR: dataDir, PIN_PEPPER: randomBytes(32).toString('hex'), NODE_ENV: 'development',
  };
  const serverUrl = testServerUrl();
  const serverDatabase = serverUrl ? await createServerDatabase(serverUrl, `khata_e2e_demo_${randomBytes(6).toString('hex')}`) : undefined;
  if (serverDatabase) env.DATABASE_URL = serverDatabase.url;
  const signIns = signInsOf(await runDemo(env));
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  const smsLog: string[] = [];
  const app = await buildApp({
    db: database.db,
    config: { ...config, webDir: inject('e2eWebDir'), rateLimitPerMinute: 0, sessionRateLimitPerMinute: 0 },
    sms: developmentSmsProvider((line) => smsLog.push(line)),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`, app, services: app.services, database, smsLog, signIns,
    async close() {
      await app.close();
      await database.close();
      await serverDatabase?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const demoJourney = journey.extend<{ khata: RunningApp & { signIns: DemoSignIns } }>({
  khata: [
    async ({}, use) => {
      const khata = await startDemoApp();
      await use(khata);
      await khata.close();
    },
    { scope: 'file' },
  ],
});

/** A rupee figure on screen ("₹4,615.16", "Overdue ₹812.10") as paise. */
async function paiseShown(locator: Locator): Promise<number> {
  const text = await locator.innerText();
  const figure = /₹([\d,]+\.\d{2})/.exec(text);
  if (!figure) throw new Error(`expected a rupee figure in "${text}"`);
  return parseRupees(figure[1]!.replaceAll(',', ''))!;
}

/** How many pixels of the chart's canvas are drawn in the volume bars' green. */
const greenPixels = (canvas: Locator) => canvas.evaluate((element: HTMLCanvasElement) => {
  const context = element.getContext('2d');
  if (!context) return 0;
  const { data } = context.getImageData(0, 0, element.width, element.height);
  let count = 0;
  for (let index = 0; index < data.length; index += 4) {
    const [red, green, blue, alpha] = [data[index]!, data[index + 1]!, data[index + 2]!, data[index + 3]!];
    if (alpha > 64 && green > red + 60 && green > blue) count += 1;
  }
  return count;
});

const expectTrend = async (card: Locator, what: string) => {
  await expectVisible(card.getByText(/^([+-]\d+(\.\d)?%|New) this month$/), `this month's trend on ${what}`);
};

/** The account screen's own Back, in its header (its history has another). */
const back = (page: Page) => button(page.locator('header'), 'Back').click();

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

// The first journey also waits for the demo itself (tsx, a new database, two months of shopping).
describe.skipIf(journeysDisabled)('the demo data, toured', { timeout: 240_000 }, () => {
  demoJourney('the demo customer finds what she owes, an overdue bill, her pending UPI repayment and her history', async ({ page, khata }) => {
    const { priya } = khata.signIns;
    await signInAsCustomer(page, priya.mobileNumber, priya.pin);
    await expectCustomerApp(page, 'Priya Nair');

    expect(await paiseShown(availableCredit(page)), 'some credit is left to spend').toBeGreaterThan(0);
    await expectVisible(myMerchant(page, 'Sharma General Store'), 'the kirana in My Merchants');
    await expectVisible(myMerchant(page, 'Annapurna Medicals'), 'the chemist in My Merchants');
    await expectVisible(region(page, 'My Merchants').getByText('Overdue', { exact: true }), 'an Overdue badge in My Merchants');
    const history = region(page, 'Transaction History').getByRole('article');
    await expectVisible(history, 'rows in the Transaction History');
    expect(await history.count(), 'the history has many rows').toBeGreaterThanOrEqual(5);

    // The kirana: what she owes, and the UPI repayment the shop has not confirmed yet.
    await myMerchantView(page, 'Sharma General Store').click();
    await expectVisible(page.getByRole('heading', { name: 'Sharma General Store', level: 1 }), 'the kirana account screen');
    const owed = page.getByRole('region', { name: 'Credit account' }).locator('dt:text-is("Owed") + dd');
    await expectVisible(owed, 'what is owed at the kirana');
    expect(await paiseShown(owed)).toBeGreaterThan(0);
    const claims = page.getByRole('list', { name: 'UPI repayments' });
    await expectVisible(claims.getByText('Pending', { exact: true }), 'the pending UPI repayment');
    await expectVisible(region(page, 'Merchant Transactions').getByRole('article'), 'the kirana account history');
    await checkAccessibility(page, 'the demo customer account screen');

    // The chemist: a bill past its due date.
    await back(page);
    await myMerchantView(page, 'Annapurna Medicals').click();
    await expectVisible(page.getByRole('heading', { name: 'Annapurna Medicals', level: 1 }), 'the chemist account screen');
    await expectVisible(region(page, 'Dues').getByText('Overdue', { exact: true }), 'the Overdue badge at the chemist');
    await back(page);

    await openProfile(page);
    await expectVisible(page.getByText('Priya Nair', { exact: true }).first(), 'her name on the profile');
  });

  demoJourney('the shop owner finds money to collect, overdue customers, a claim to confirm, the month trend and a full history', async ({ page, khata }) => {
    const { shop } = khata.signIns;
    await signInWithEmail(page, '/merchant', shop.email, shop.pin);
    await expectMerchantHeader(page, 'Sharma General Store', 'Approved');

    const revenue = statCard(page, 'Total Revenue');
    await expectTrend(revenue, 'Total Revenue');
    expect(await paiseShown(revenue)).toBeGreaterThan(0);
    await expectTrend(statCard(page, 'Transactions'), 'Transactions');

    const toCollect = page.getByRole('group', { name: 'To collect', exact: true });
    await expectVisible(toCollect.getByText(/^Overdue from \d+ customers$/), 'the number of overdue customers');
    expect(await paiseShown(toCollect), 'an amount to collect').toBeGreaterThan(0);
    const overdue = region(page, 'Overdue customers');
    await expectVisible(overdue.getByRole('heading', { name: 'Rahul Verma' }), 'Rahul among the overdue customers');
    await expectVisible(overdue.getByText(/^Reminded 2 days ago$/), 'the reminder sent two days ago');

    const claims = region(page, 'Repayment claims');
    const claim = claims.getByRole('article', { name: 'Priya Nair' });
    await expectVisible(claim, "Priya's UPI repayment waiting for the shop");
    await expectVisible(button(claim, 'Confirm'), 'Confirm on the claim');
    expect(await paiseShown(claim)).toBeGreaterThan(0);

    await expectVisible(customerCard(page, 'Rahul Verma').getByText(/^Overdue ₹/), "the Overdue badge on Rahul's card");
    await checkAccessibility(page, 'the demo shop dashboard');

    await merchantTab(page, 'History').click();
    const rows = region(page, 'All Transactions').getByRole('article');
    await expectVisible(rows, 'rows in All Transactions');
    expect(await rows.count(), 'a page of the history').toBeGreaterThanOrEqual(10);
    await checkAccessibility(page, 'the demo shop history');

    await merchantTab(page, 'Settings').click();
    await expectVisible(page.getByText('1.50%', { exact: true }), 'the fee rate the admin set');
  });

  demoJourney('the admin finds the shops, one application to review, and analytics with bars', async ({ page, khata }) => {
    const { admin } = khata.signIns;
    await signInWithEmail(page, '/admin', admin.email, admin.pin);
    await expectAdminHeader(page, admin.email);
    const count = (label: string) => page.locator(`dt:text-is("${label}") + dd`).first();
    await expect.poll(() => count('Approved').innerText()).toBe('2');
    expect(await count('Pending').innerText()).toBe('1');
    expect(await count('Customers').innerText()).toBe('14');

    await openBusinessApprovals(page, 1);
    const pending = await openApplications(page, 'Pending');
    await expectVisible(pending.getByText('Patel Hardware & Paints', { exact: true }), 'the application waiting for review');

    const sections = page.getByRole('tablist', { name: 'Admin sections' });
    await sections.getByRole('tab', { name: 'All Businesses', exact: true }).click();
    await expectVisible(page.getByText('Annapurna Medicals', { exact: true }).first(), 'the chemist among all businesses');

    await sections.getByRole('tab', { name: 'Analytics', exact: true }).click();
    await expect.poll(async () => Number(await count('Payments').innerText()), { message: 'payments in the last 30 days' }).toBeGreaterThan(50);
    const chart = page.getByRole('img', { name: 'Volume and fees per day', exact: true }).locator('canvas');
    await expectVisible(chart, 'the chart');
    await expect.poll(() => greenPixels(chart), { message: 'the chart draws volume bars' }).toBeGreaterThan(500);
    await region(page, 'Volume and fees per day').getByText('Show as a table', { exact: true }).click();
    const days = page.getByRole('table', { name: 'Volume and fees per day', exact: true }).getByRole('row');
    await expectVisible(days, 'the daily table');
    const payingDays = await days.evaluateAll((rows) => rows.slice(1).filter((row) => Number(row.children[1]?.textContent ?? 0) > 0).length);
    expect(payingDays, 'days with payments among the 30').toBeGreaterThan(20);
    await expectVisible(page.getByRole('table', { name: 'Top merchants by volume' }).getByText('Sharma General Store'), 'the kirana among the top merchants');
    await checkAccessibility(page, 'the demo admin analytics');
  });
});
