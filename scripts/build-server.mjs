/**
 * npm run build:server — the server as one ES module for plain Node: what
 * `npm start` runs. Running the TypeScript through tsx instead costs a second V8 isolate
 * (Node 20 runs module hooks on a thread of their own) and the compiled sources: about
 * 80 MB of memory at rest (docs/decisions.md, "`npm start` runs the server built into one
 * ES module").
 *
 * dist/server/ mirrors the folders whose files find their neighbours through
 * import.meta.url: server/db/ (the migrations and the PGlite worker) and server/ledger/ (the
 * stored functions; their tests stay behind).
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist/server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', 'pglite-worker-thread': 'server/db/pglite-worker-thread.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dependencies load from node_modules as they are; only our own code is bundled.
  packages: 'external',
  alias: { '@common': './common' },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('server/ledger/functions', `${out}/functions`, { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
console.log(`Built the server into ${out}/`);
