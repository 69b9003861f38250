/**
 * Only the ledger writes the ledger (docs/architecture.md): the tables that hold money, its
 * balances, counters, rollups and dues change in server/ledger/ and nowhere else, so a rule
 * of money has one owner. The ESLint rule khata-ledger/ledger-writes (eslint.config.js)
 * reports, outside the exceptions below, drizzle's .insert(X), .update(X) and .delete(X) of
 * a ledger table object from server/db/schema.ts, and raw SQL that writes a ledger table in
 * a string or template. `node scripts/eslint-rules/ledger-writes.mjs` (run by `npm run
 * lint`) checks the .sql files, which ESLint does not read, the same way.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The ledger's tables: their SQL names and the names of their objects in server/db/schema.ts. */
export const ledgerTables = [
  { table: 'transactions', object: 'transactions' },
  { table: 'credit_accounts', object: 'creditAccounts' },
  { table: 'business_counters', object: 'businessCounters' },
  { table: 'business_daily', object: 'businessDaily' },
  { table: 'customer_last_paid_days', object: 'customerLastPaidDays' },
];

/** Code that may write those tables all the same, each with its reason. Paths from the repository's root. */
export const ledgerWriteExceptions = [
  { path: /^server\/ledger\//, reason: 'the ledger itself, the one owner of these writes' },
  { path: /^server\/db\/migrations\//, reason: 'migrations: each changes the schema or backfills it once, as a record' },
  { path: /\.test\.tsx?$/, reason: 'test fixtures: a test sets up a state or corrupts a row to show that reconcile finds it' },
  { path: /^server\/test\//, reason: "the server tests' harness and fixtures" },
  { path: /^e2e\//, reason: "the browser journeys' fixtures" },
  { path: /^resilience\//, reason: "the crash, restart and failover tests' fixtures" },
  { path: /^bench\/(seed|dues)\.ts$/, reason: 'the benchmark seeder: it writes a large ledger in bulk, then reconciles it' },
];

/** Whether a file (a path from the repository's root) may write the ledger's tables. */
export const isLedgerWriteException = (path) => ledgerWriteExceptions.some((exception) => exception.path.test(path));

const tableNames = ledgerTables.map((t) => t.table).join('|');
/** A write, in raw SQL, to one of the ledger's tables (schema-qualified or quoted alike). */
const sqlWrite = new RegExp(
  String.raw`\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(${tableNames})\b`,
  'gi',
);
/** A template's text just before a table object interpolated into it (sql`update ${creditAccounts} …`). */
const sqlWriteBefore = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?$/i;

/** Every raw SQL write to a ledger table in `text`: where it starts, the words and the table. */
export function findLedgerWrites(text) {
  return [...text.matchAll(sqlWrite)].map((m) => ({ index: m.index, text: m[0].replace(/\s+/g, ' '), table: m[2].toLowerCase() }));
}

const advice = 'call the ledger (server/ledger/ledger.ts) instead, or name the exception with its reason in ledgerWriteExceptions (scripts/eslint-rules/ledger-writes.mjs)';

const tableOfObject = new Map(ledgerTables.map((t) => [t.object, t.table]));
const isSchemaModule = (source) => /(^|\/)schema(\.ts)?$/.test(source);

/** The variable `name` refers to from `scope`, looking outwards. */
function variableOf(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(name);
    if (variable) return variable;
  }
  return null;
}

/** The ledger table an expression names, if it is a ledger table object imported from the schema. */
function ledgerTableOf(context, node) {
  const scope = context.sourceCode.getScope(node);
  if (node.type === 'Identifier') {
    const def = variableOf(scope, node.name)?.defs[0];
    if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportSpecifier' || !isSchemaModule(def.parent.source.value)) return null;
    const imported = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
    return tableOfObject.get(imported) ?? null;
  }
  // import * as schema from '../db/schema'; db.insert(schema.transactions)
  if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier' && node.property.type === 'Identifier') {
    const def = variableOf(scope, node.object.name)?.defs[0];
    if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportNamespaceSpecifier' || !isSchemaModule(def.parent.source.value)) return null;
    return tableOfObject.get(node.property.name) ?? null;
  }
  return null;
}

/** The ESLint rule. */
export const ledgerWrites = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { write: '{{what}} writes the ledger table {{table}} outside server/ledger/: {{advice}}.' },
  },
  create(context) {
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    if (isLedgerWriteException(file)) return {};
    const reportText = (node, text) => {
      for (const found of findLedgerWrites(text)) {
        context.report({ node, messageId: 'write', data: { what: `"${found.text}"`, table: found.table, advice } });
      }
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (!['insert', 'update', 'delete'].includes(method) || node.arguments.length === 0) return;
        const table = ledgerTableOf(context, node.arguments[0]);
        if (table) context.report({ node, messageId: 'write', data: { what: `.${method}(${context.sourceCode.getText(node.arguments[0])})`, table, advice } });
      },
      Literal(node) {
        if (typeof node.value === 'string') reportText(node, node.value);
      },
      TemplateLiteral(node) {
        // The whole text at once, so a statement split over lines or around an interpolation
        // is still read; an interpolation stands as a space.
        reportText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '));
        node.expressions.forEach((expression, index) => {
          const before = node.quasis[index].value.cooked ?? node.quasis[index].value.raw;
          const words = before.match(sqlWriteBefore);
          const table = words && ledgerTableOf(context, expression);
          if (table) {
            context.report({ node, messageId: 'write', data: { what: `"${words[1].replace(/\s+/g, ' ')} \${${context.sourceCode.getText(expression)}}"`, table, advice } });
          }
        });
      },
    };
  },
};

/** The .sql files outside the exceptions: each raw write to a ledger table, as file:line:column. */
function main() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.sql'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).filter((file) => !isLedgerWriteException(file));
  let count = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    for (const found of findLedgerWrites(text)) {
      const before = text.slice(0, found.index).split('\n');
      console.log(`${file}:${before.length}:${before.at(-1).length + 1}: "${found.text}" writes the ledger table ${found.table} outside server/ledger/: ${advice}.`);
      count += 1;
    }
  }
  if (count > 0) {
    console.log(`\n${count} write${count === 1 ? '' : 's'} to the ledger's tables outside server/ledger/ in ${files.length} SQL files checked.`);
    process.exit(1);
  }
  console.log(`No writes to the ledger's tables outside server/ledger/ in ${files.length} SQL files outside the exceptions (ESLint reads no SQL).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
