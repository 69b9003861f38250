/**
 * The ledger's stored functions (server/ledger/functions), in dependency order, as
 * server/db/migrate.ts applies them after the migrations. Read through import.meta.url, so
 * the built server (scripts/build-server.mjs copies the folder beside its bundle) finds them too.
 */
import { readFileSync } from 'node:fs';

/** In dependency order: each file calls only functions of files before it. */
const functionFiles = [
  'khata_session.sql', 'khata_rules.sql', 'khata_pay.sql', 'khata_repay.sql', 'khata_refund.sql', 'khata_reverse.sql',
  'khata_charge.sql',
];

/** The stored functions' SQL, each file a CREATE OR REPLACE statement (after a DROP where a signature changed). */
export const storedFunctions = (): string[] =>
  functionFiles.map((file) => readFileSync(new URL(`./functions/${file}`, import.meta.url), 'utf8'));
