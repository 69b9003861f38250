/**
 * `npm run reconcile`: checks the ledger's invariants on the configured database and
 * exits non-zero on any drift.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { reconcile } from '../ledger/reconcile';

const database = await openConfiguredDatabase(loadConfig());
try {
  const report = await reconcile(database.db);
  for (const result of report.results) {
    const mark = result.violations === 0 ? 'ok  ' : 'FAIL';
    console.log(`${mark} ${result.name}${result.violations ? `: ${result.violations} (e.g. ${result.examples.join(', ')})` : ''}`);
  }
  console.log(report.clean ? 'Ledger reconciled: no drift.' : 'Ledger drift found.');
  process.exitCode = report.clean ? 0 : 1;
} finally {
  await database.close();
}
