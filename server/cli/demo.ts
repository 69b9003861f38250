/**
 * `npm run demo`: fills an empty database with two months of demo shops, customers,
 * payments and repayments (server/demo/demo.ts), then prints how to sign in as each side:
 *
 *   npm run demo && npm start
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL, PIN_PEPPER), so the
 * app started next finds the data and the PINs work. Refuses production and a database that
 * already has shops or customers, changing nothing (exit code 1); an admin alone (a first `npm start`'s) is taken over.
 */
import { loadConfig, ConfigError } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { DemoRefusedError, hasPeople, rupeesOf, seedDemo, type DemoReport } from '../demo/demo';
import { reconcile } from '../ledger/reconcile';

function refuse(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

/** Refused after the database is open: thrown, so it is closed before the exit. */
const refusal = (message: string) => new DemoRefusedError(message);

function printReport(report: DemoReport, where: string, baseUrl: string): void {
  const { figures, signIns } = report;
  const { shop } = figures;
  console.log(`Demo data written to ${where}: ${report.from} to ${report.to} (India days).`);
  console.log('');
  console.log(`  Shops: ${figures.shops.approved} approved, ${figures.shops.pending} waiting for approval; `
    + `${figures.customers} customers, ${figures.creditAccounts} credit accounts`);
  console.log(`  Payments: ${figures.payments} (${rupeesOf(figures.paymentVolume)}); repayments: ${figures.repayments}; `
    + `refunds: ${figures.refunds}; reminders: ${figures.reminders}`);
  console.log(`  UPI repayment claims: ${figures.claims.confirmed} confirmed, ${figures.claims.declined} declined, `
    + `${figures.claims.pending} waiting for the shop`);
  console.log(`  ${signIns.shop.businessName}: to collect ${rupeesOf(shop.overdue)} overdue from ${shop.overdueCustomers} customers; `
    + `this month ${rupeesOf(shop.thisMonth.revenue)} in ${shop.thisMonth.transactions} payments `
    + `(the same days last month: ${rupeesOf(shop.lastMonth.revenue)} in ${shop.lastMonth.transactions})`);
  console.log('');
  console.log('Start the app with the same DATA_DIR or DATABASE_URL (npm start), then sign in:');
  console.log(`  Admin     ${baseUrl}/admin     e-mail ${signIns.admin.email}, PIN ${signIns.admin.pin}`);
  console.log(`  Shop      ${baseUrl}/merchant  e-mail ${signIns.shop.email}, PIN ${signIns.shop.pin} (${signIns.shop.businessName})`);
  console.log(`  Shop      ${baseUrl}/merchant  e-mail ${signIns.secondShop.email}, PIN ${signIns.secondShop.pin} (${signIns.secondShop.businessName})`);
  console.log(`  Cashier   ${baseUrl}/merchant  Staff, mobile ${signIns.cashier.mobileNumber}, PIN ${signIns.cashier.pin} `
    + `(${signIns.cashier.name} at ${signIns.cashier.businessName})`);
  for (const customer of signIns.customers) {
    console.log(`  Customer  ${baseUrl}/cust      mobile ${customer.mobileNumber}, PIN ${customer.pin} (${customer.name})`);
  }
}

async function run(): Promise<void> {
  // Checked before the configuration, which in production asks for secrets the demo must never be near.
  if (process.env.NODE_ENV === 'production') {
    refuse('npm run demo writes made-up shops and customers and never runs with NODE_ENV=production.');
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded PGlite in ${config.dataDir}`;
  try {
    if (await hasPeople(database.db)) {
      throw refusal(`${where} already has shops or customers, so the demo changed nothing. It fills only a database with none: `
        + 'point DATA_DIR at a new folder (DATA_DIR=./demo-data npm run demo, then DATA_DIR=./demo-data npm start) '
        + 'or DATABASE_URL at an empty database.');
    }
    const startedAt = Date.now();
    const report = await seedDemo({ db: database.db, config });
    // The demo checks its own work: the ledger's invariants hold on what it wrote.
    const check = await reconcile(database.db);
    if (!check.clean) {
      const failed = check.results.filter((result) => result.violations > 0).map((result) => result.name);
      throw refusal(`the demo's ledger does not reconcile (${failed.join(', ')}); please report this.`);
    }
    printReport(report, where, config.publicUrl ?? `http://localhost:${config.port}`);
    console.log('');
    console.log(`Ledger reconciled: no drift. (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  } finally {
    await database.close();
  }
}

try {
  await run();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DemoRefusedError) refuse(error.message);
  throw error;
}
