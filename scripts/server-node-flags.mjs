/**
 * The Node flags the server's engine needs beyond those every start has: `npm start` runs
 * `node … $(node scripts/server-node-flags.mjs) dist/server/main.mjs`, so they are chosen
 * before the process exists (V8 sizes its heap when the isolate is made; a flag set later is ignored).
 *
 * On the embedded database (no DATABASE_URL, as server/config.ts decides) the main thread's
 * young generation is kept small: its semi-spaces, 16 MB each by default, were most of the
 * memory the embedded server held beyond what it used, and there the PGlite worker, not the
 * main thread, bounds the rate. On PostgreSQL the main thread bounds it, and small
 * semi-spaces cost bench:payments 16–22 %, so that start gets nothing here
 * (docs/decisions.md).
 */
import { pathToFileURL } from 'node:url';

/** The main thread's semi-space on the embedded database, in MB (V8's --max-semi-space-size). */
const embeddedSemiSpaceMb = 2;

/** The flags for the engine `env` selects: the embedded one's, or none on PostgreSQL. */
function serverNodeFlags(env) {
  return env.DATABASE_URL ? [] : [`--max-semi-space-size=${embeddedSemiSpaceMb}`];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(serverNodeFlags(process.env).join(' '));
