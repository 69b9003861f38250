// Lint keeps the boundaries of docs/architecture.md, so they hold without anyone
// watching: no import circles; common/ imports nothing of server or web; the web app's
// folders (i18n, lib, components, features, app) and its features import only lower layers,
// features reach each other only through a feature's public.ts or api/, and screens are
// compositions of those; server features import only lower layers, never each other's
// routes; files are kebab-case; only the ledger (server/ledger/) writes the ledger's tables.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import lingui from 'eslint-plugin-lingui';
import { findOutsideReferences, outsideReferenceAdvice } from './scripts/check-references.mjs';
import { ledgerWrites } from './scripts/eslint-rules/ledger-writes.mjs';

const featuresOf = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const webFeatures = featuresOf('web/src/features');
const serverFeatures = featuresOf('server/features');

// The server's features in layers, lowest first. A feature imports only features of lower
// layers, never one of its own layer or above, so no two features depend on each other,
// even through a third (import-x/no-cycle sees only circles of files). A new feature
// folder takes its place here, or lint stops.
const serverLayers = [
  // The audit log's record is written by every shop feature, in its own transaction.
  ['analytics', 'audit', 'customers', 'maintenance', 'otp', 'sessions', 'stats'],
  ['businesses'],
  ['admin', 'auth', 'events', 'qr', 'transactions'],
  // A statement shows what became of each row (refunds, reversals) as the histories do.
  // A shop's people: invited with an OTP (auth), revoked live (events).
  ['credit', 'health', 'staff', 'statements'],
  // An invitation opens an account (credit) and tells both sides (events); a charge approved
  // by SMS code answers as a payment does, with the account and its ledger row.
  ['charges', 'claims', 'dues', 'invitations', 'payments', 'reports'],
  // A refund may answer a customer's report, so refunds sit above reports.
  ['refunds', 'reminders'],
];
const layered = serverLayers.flat();
const unplaced = [...serverFeatures.filter((f) => !layered.includes(f)), ...layered.filter((f) => !serverFeatures.includes(f))];
if (unplaced.length > 0 || new Set(layered).size !== layered.length) {
  throw new Error(`eslint.config.js: place each server feature once in serverLayers (check ${unplaced.join(', ') || 'duplicates'}).`);
}
const serverLayerZones = serverLayers.flatMap((layer, index) => layer.map((feature) => ({
  target: `./server/features/${feature}`,
  from: serverLayers.slice(index).flat().filter((other) => other !== feature).map((other) => `./server/features/${other}`),
  message: `Server features import only lower layers (serverLayers in eslint.config.js): ${feature} is on layer ${index}.`,
}))).filter((zone) => zone.from.length > 0);

// The web app in layers, lowest first: i18n/ (the language and its catalogues), lib/ (the
// API client, stores, formatting), components/ (UI with no business logic), features/ (one
// folder per domain), app/ (the shells, the signed-out routes and the screens). A folder
// imports only lower ones, so no two depend on each other; a test of i18n/ or lib/ may reach
// up to render what it checks.
const webSources = (folder) => `./web/src/${folder}/**/!(*.test).{ts,tsx}`;
const webLayerZones = [
  { target: webSources('i18n'), from: ['./web/src/lib', './web/src/components', './web/src/features', './web/src/app'], message: 'i18n/ is the bottom of the web app: it imports no lib, component, feature or app code.' },
  { target: webSources('lib'), from: ['./web/src/components', './web/src/app'], message: 'lib/ imports no component and no app code.' },
  { target: ['./web/src/lib', './web/src/components'], from: './web/src/features', message: 'lib/ and components/ never import a feature.' },
  { target: './web/src/components', from: './web/src/app', message: 'components/ never import the app.' },
  { target: './web/src/features', from: './web/src/app', message: 'Features never import the app (its shells, routes and screens): the app composes them.' },
  {
    target: './web/src/app/screens',
    from: './web/src/features',
    except: webFeatures.flatMap((feature) => [`./${feature}/public.ts`, `./${feature}/api`]),
    message: "A screen is a thin composition: it uses a feature through its public.ts or its api/.",
  },
];

// The web features in layers, lowest first, as serverLayers: a feature uses (through its
// public.ts or api/) only features of lower layers, so no two features depend on each other,
// even through a third. A new feature folder takes its place here, or lint stops.
const webFeatureLayers = [
  // The merchant's refund and reversal dialogs; a customer's report is answered with the refund dialog.
  ['refunds'],
  ['payment-reports'],
  ['auth', 'payment-alerts', 'payment-code', 'phone-verification', 'profile', 'qr-codes', 'receipt', 'reminders', 'repayment', 'repayment-claims', 'scanner'],
  // The merchant's Invited rows and charges by SMS code, on the customer list and its add sheet;
  // a statement names who wrote each row (auth's by-line).
  ['invitations', 'sms-charge', 'statements'],
  // The shop's people: the owner's Staff screen and audit log, and a person's way in (joining, picking the shop).
  ['audit-log', 'staff', 'staff-join'],
  ['admin', 'business', 'counter-mode', 'credit-accounts', 'payment', 'pin-reset', 'registration', 'transactions'],
  ['dues', 'reminder-link'],
  // The customer's side of invitations: the offers on the home, then the link page, which
  // accepts and declines through the offers' calls and registers through registration.
  ['invitation-offers'],
  ['invitation-link'],
];
const webLayered = webFeatureLayers.flat();
const webUnplaced = [...webFeatures.filter((f) => !webLayered.includes(f)), ...webLayered.filter((f) => !webFeatures.includes(f))];
if (webUnplaced.length > 0 || new Set(webLayered).size !== webLayered.length) {
  throw new Error(`eslint.config.js: place each web feature once in webFeatureLayers (check ${webUnplaced.join(', ') || 'duplicates'}).`);
}
const webFeatureLayerZones = webFeatureLayers.flatMap((layer, index) => layer.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: webFeatureLayers.slice(index).flat().filter((other) => other !== feature).map((other) => `./web/src/features/${other}`),
  message: `Web features use only lower layers (webFeatureLayers in eslint.config.js): ${feature} is on layer ${index}.`,
}))).filter((zone) => zone.from.length > 0);

/** A file name is kebab-case words, then dotted parts (`payments.service.test.ts`). */
const fileNaming = {
  meta: { type: 'problem', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop();
    const ok = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/.test(name);
    return ok ? {} : { Program(node) { context.report({ node, messageId: 'name', data: { name } }); } };
  },
};

/**
 * Code points into docs/ (docs/product.md says what the product must do), never at the
 * old specification or design notes outside the repository, or at issue numbers: comments,
 * strings, templates and JSX text alike. The same patterns are checked in the SQL and
 * shell files ESLint does not read by scripts/check-references.mjs.
 */
const noOutsideReferences = {
  meta: { type: 'suggestion', schema: [], messages: { outside: '"{{text}}" points at {{what}}; {{advice}}.' } },
  create(context) {
    const report = (node, text, loc) => {
      for (const found of findOutsideReferences(text)) {
        context.report({ node, loc: loc?.(found.index), messageId: 'outside', data: { text: found.text, what: found.what, advice: outsideReferenceAdvice } });
      }
    };
    const source = context.sourceCode;
    return {
      Program() {
        for (const comment of source.getAllComments()) {
          // The comment's value starts after its two-character opener, // or /*.
          report(comment, comment.value, (index) => {
            const start = source.getLocFromIndex(comment.range[0] + 2 + index);
            return { start, end: start };
          });
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') report(node, node.value);
      },
      TemplateElement(node) {
        report(node, node.value.cooked ?? node.value.raw);
      },
      JSXText(node) {
        report(node, node.value);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, khata: { rules: { 'file-naming': fileNaming } } },
    settings: {
      // Without these, import-x parses only .js dependencies and finds no cycle among .ts files.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'khata/file-naming': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './common', from: ['./server', './web', './e2e', './bench', './resilience'], message: 'common/ is shared: it imports nothing of either side.' },
          { target: './web', from: ['./server'], message: 'The web app meets the server only in common/.' },
          { target: './server', from: ['./web'], message: 'The server meets the web app only in common/.' },
          ...webLayerZones,
          ...webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            // A feature's api/ (its queries, their keys, its calls) and its public.ts are what
            // others may use; components and the rest stay its own.
            except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap((other) => [`./${other}/public.ts`, `./${other}/api`])],
            message: "A feature reaches another only through its public.ts or its api/.",
          })),
          ...webFeatureLayerZones,
          ...serverFeatures.map((feature) => ({
            target: `./server/features/${feature}`,
            from: serverFeatures.filter((other) => other !== feature).map((other) => `./server/features/${other}/${other}.routes.ts`),
            message: "A server feature never imports another feature's routes.",
          })),
          ...serverLayerZones,
          { target: './server/db', from: './server/features', message: 'The database layer sits under every feature: it imports none.' },
        ],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Every text a person reads goes through Lingui, so a literal one fails here
    // and in web/src/i18n/literal-strings.test.ts. A single word without spaces that does not
    // start with a capital is taken for a key, not a text: ids, test ids, routes, URLs, storage
    // keys, MIME types, event names, states and `type="button"`; so are the API's route keys
    // ("POST /api/payments/process"), class lists and the arguments of calls that never reach
    // the screen.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', '**/test-fixtures.ts'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': ['error', {
        ignore: ['^(?![A-Z])\\S+$', '^Khata$', '^(GET|POST|PUT|PATCH|DELETE) /api/\\S*$'],
        ignoreNames: [{ regex: { pattern: 'class(es|Name)?$', flags: 'i' } }, 'name', 'timeZone', 'errorCorrectionLevel'],
        ignoreFunctions: ['Error', 'console.*', 'headers.set', '*.headers.get', '*.matchMedia'],
      }],
      // The rule above lets a native element's other attributes through; these are read aloud or shown.
      'no-restricted-syntax': ['error', {
        selector: 'JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name=/^(title|aria-description|aria-roledescription|aria-valuetext)$/] > Literal[value=/[A-Za-z]/]',
        message: 'Attribute not marked for translation. Wrap it with t`` from useLingui().',
      }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'khata-docs': { rules: { 'no-outside-references': noOutsideReferences } } },
    rules: { 'khata-docs/no-outside-references': 'error' },
  },
  {
    // Writes to transactions, credit_accounts, counters, rollups and last-paid days go through
    // server/ledger/; the exceptions (migrations, test fixtures, the benchmark seeder) are
    // named with their reasons in ledgerWriteExceptions, which the rule reads.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'khata-ledger': { rules: { 'ledger-writes': ledgerWrites } } },
    rules: { 'khata-ledger/ledger-writes': 'error' },
  },
);
