// Lint keeps the boundaries of docs/architecture.md, so they hold without anyone
// watching: no import circles; common/ imports nothing of server or web; web features
// reach each other only through a feature's public.ts or api/; lib/ and components/ never import
// a feature; server features never import each other's routes; files are kebab-case.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import lingui from 'eslint-plugin-lingui';

const featuresOf = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const webFeatures = featuresOf('web/src/features');
const serverFeatures = featuresOf('server/features');

/** A file name is kebab-case words, then dotted parts (`payments.service.test.ts`). */
const fileNaming = {
  meta: { type: 'problem', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop();
    const ok = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/.test(name);
    return ok ? {} : { Program(node) { context.report({ node, messageId: 'name', data: { name } }); } };
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
          { target: ['./web/src/lib', './web/src/components'], from: './web/src/features', message: 'lib/ and components/ never import a feature.' },
          ...webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            // A feature's api/ (its queries, their keys, its calls) and its public.ts are what
            // others may use; components and the rest stay its own.
            except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap((other) => [`./${other}/public.ts`, `./${other}/api`])],
            message: "A feature reaches another only through its public.ts or its api/.",
          })),
          ...serverFeatures.map((feature) => ({
            target: `./server/features/${feature}`,
            from: serverFeatures.filter((other) => other !== feature).map((other) => `./server/features/${other}/${other}.routes.ts`),
            message: "A server feature never imports another feature's routes.",
          })),
        ],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Every text a person reads goes through Lingui (issue 13), so a literal one fails here
    // and in web/src/i18n/literal-strings.test.ts. A single word without spaces that does not
    // start with a capital is taken for a key, not a text: ids, test ids, routes, URLs, storage
    // keys, MIME types, event names, states and `type="button"`; so are class lists and the
    // arguments of calls that never reach the screen.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', '**/test-fixtures.ts'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': ['error', {
        ignore: ['^(?![A-Z])\\S+$', '^Khata$'],
        ignoreNames: [{ regex: { pattern: 'class(es|Name)?$', flags: 'i' } }, 'name', 'timeZone', 'errorCorrectionLevel'],
        ignoreFunctions: ['apiRequest', 'Error', 'console.*', 'headers.set', '*.headers.get', '*.matchMedia'],
      }],
      // The rule above lets a native element's other attributes through; these are read aloud or shown.
      'no-restricted-syntax': ['error', {
        selector: 'JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name=/^(title|aria-description|aria-roledescription|aria-valuetext)$/] > Literal[value=/[A-Za-z]/]',
        message: 'Attribute not marked for translation. Wrap it with t`` from useLingui().',
      }],
    },
  },
);
