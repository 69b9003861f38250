/**
 * Build-time only (Node: vite.config.ts and the tests import it, the app never does).
 *
 * The `app` catalogue (web/src/locales/<language>/app.po) is one file per language for the
 * translators; a signed-in home does not wait for all of it. Each home part is the subset
 * of `app` whose messages come from a file the home's first screen loads: the static
 * import closure (no `import()`, no type-only import) of its entry files. The closure is
 * read from the sources and the messages' files from the catalogue's own `#:` origins, so
 * both follow the code: a component moved into a home brings its texts into the home's
 * part at the next build, with nothing to keep by hand (docs/decisions.md "Languages").
 * A screen the home opens later (a lazy sheet, another tab) loads the whole `app` part; a
 * lazy piece its first screen shows without a touch is listed below with the home's entry,
 * and home-parts.test.tsx, which renders each home with its part alone, fails until it is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The parts carved out of `app`, each with the files whose static closure it covers:
 * app/full-app.tsx (what the app shows around any screen: the offline banner, the update
 * bar, routing's own toasts) and the home.
 */
export const homeParts = {
  customer: [
    'web/src/app/full-app.tsx',
    'web/src/app/customer-app.tsx',
    // Lazy, but shown at once when the list has something (an offer waits).
    'web/src/features/invitation-offers/components/invitation-offers.tsx',
  ],
  merchant: [
    'web/src/app/full-app.tsx',
    'web/src/app/merchant-app.tsx',
    // Lazy, but shown at once when the list has something (a report, a claim) or failed.
    'web/src/features/payment-reports/components/reports-card.tsx',
    'web/src/features/repayment-claims/public.ts',
    // Lazy, but spoken without a touch when a payment arrives.
    'web/src/features/payment-alerts/announcer.ts',
  ],
  admin: ['web/src/app/full-app.tsx', 'web/src/app/admin-dashboard.tsx'],
} as const;

export type HomePart = keyof typeof homeParts;

export const isHomePart = (name: string): name is HomePart => Object.hasOwn(homeParts, name);

/**
 * A static import or re-export (`import … from '…'`, `export … from '…'`, `import '…'`):
 * 1 `import` or `export`, 2 `type` when type-only, 3 what it names, 4 the module. The text
 * between the keyword and `from` holds no quote, `;` or `=`, so a match never spans two
 * statements.
 */
const staticImport = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:([^;='"`]*?)\sfrom\s*)?['"]([^'"\n]+)['"]/g;
const blockComment = /\/\*[\s\S]*?\*\//g;
const lineComment = /^\s*\/\/.*$/gm;

const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file `specifier` names from `importer` (both relative to `rootDir`), if it is one of ours. */
function resolveImport(rootDir: string, importer: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(rootDir, dirname(importer), specifier);
  else if (specifier.startsWith('@/')) base = join(rootDir, 'web/src', specifier.slice(2));
  // @common holds no texts; packages and aliases of packages are not ours.
  else return undefined;
  for (const suffix of candidates) {
    const file = base + suffix;
    if (/\.tsx?$/.test(file) && existsSync(file)) return relative(rootDir, file).split('\\').join('/');
  }
  return undefined;
}

/** Every export of a module, or the names asked for. */
type Wanted = 'all' | Set<string>;

/** `{ a, b as c, type T }` → [[a, a], [b, c]] (local or imported name, exported or local name). */
function namedList(list: string): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !item.startsWith('type '))
    .map((item) => {
      const [from, as] = item.split(/\s+as\s+/);
      return [from!.trim(), (as ?? from!).trim()];
    });
}

/** What an `import` clause takes from its module: its names, or all of it (`* as`). */
function importedNames(clause: string | undefined): Wanted {
  if (!clause) return new Set();
  if (clause.includes('*')) return 'all';
  const names = new Set<string>();
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces) for (const [from] of namedList(braces[1]!)) names.add(from);
  if (/^\s*[\w$]+\s*(,|$)/.test(clause)) names.add('default');
  return names;
}

/**
 * The static import closure of `entries` (paths relative to `rootDir`), the entries included.
 * A module's own imports are followed whole, whatever is taken from it; its re-exports
 * (`export … from`, a feature's public.ts) only for the names something imports, as the
 * build's tree-shaking does (vite.config's moduleSideEffects), so a barrel does not bring
 * in every screen of its feature.
 */
export function staticClosure(rootDir: string, entries: readonly string[]): Set<string> {
  const wanted = new Map<string, Wanted>();
  const queue: [string, Wanted][] = entries.map((entry) => [entry, 'all']);
  while (queue.length > 0) {
    const [file, names] = queue.pop()!;
    const before = wanted.get(file);
    let now: Wanted;
    if (before === undefined) now = names;
    else if (before === 'all' || names === 'all') now = 'all';
    else now = new Set([...before, ...names]);
    if (before !== undefined && (before === 'all' || (now !== 'all' && now.size === before.size))) continue;
    wanted.set(file, now);
    const firstVisit = before === undefined;
    const source = readFileSync(join(rootDir, file), 'utf8').replace(blockComment, '').replace(lineComment, '');
    for (const match of source.matchAll(staticImport)) {
      const [, keyword, typeOnly, clause, specifier] = match;
      if (typeOnly) continue;
      const target = resolveImport(rootDir, file, specifier!);
      if (!target) continue;
      if (keyword === 'import') {
        // The module's own code runs whatever is taken from it: once is enough.
        if (firstVisit) queue.push([target, importedNames(clause)]);
        continue;
      }
      // A re-export: `export * from`, `export * as ns from`, `export { a as b } from`.
      const star = /^\s*\*\s*(?:as\s+([\w$]+))?\s*$/.exec(clause ?? '');
      if (star) {
        if (star[1]) {
          if (now === 'all' || now.has(star[1])) queue.push([target, 'all']);
        } else queue.push([target, now]);
        continue;
      }
      const braces = /\{([^}]*)\}/.exec(clause ?? '');
      const taken = new Set<string>();
      for (const [from, as] of namedList(braces?.[1] ?? '')) if (now === 'all' || now.has(as)) taken.add(from);
      if (taken.size > 0) queue.push([target, taken]);
    }
  }
  return new Set(wanted.keys());
}

/** The files of each home part (relative to `rootDir`). */
export function homePartFiles(rootDir: string, part: HomePart): Set<string> {
  return staticClosure(rootDir, homeParts[part]);
}

/** An entry of a Lingui catalogue, as `catalog.read()` gives it: where the message is used. */
interface CatalogueEntry {
  origin?: [filename: string, line?: number][];
}

/** The ids of `catalogue`'s messages used in one of `files`. */
export function idsUsedIn(catalogue: Record<string, CatalogueEntry>, files: Set<string>): Set<string> {
  const ids = new Set<string>();
  for (const [id, entry] of Object.entries(catalogue)) {
    if ((entry.origin ?? []).some(([file]) => files.has(file))) ids.add(id);
  }
  return ids;
}
