/**
 * Backups of a PostgreSQL database with PostgreSQL's own tools: pg_dump's custom format
 * (consistent: one snapshot, while payments go on) and pg_restore into an empty database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, delimiter, dirname, join } from 'node:path';
import pg from 'pg';
import { BackupRefused, backupKind, notABackup } from './embedded';

const postgresBinRoot = '/usr/lib/postgresql';

/** pg_dump or pg_restore: on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = existsSync(postgresBinRoot)
    ? readdirSync(postgresBinRoot).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)),
    ...versions.map((v) => join(postgresBinRoot, v, 'bin', name)),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch { /* next */ }
  }
  throw new BackupRefused(`${name} was not found on PATH or in ${postgresBinRoot}/*/bin: install PostgreSQL's client tools `
    + `(for example apt-get install postgresql-client-15) of the server's major version or newer`);
}

/**
 * The URL without its password, which goes to the tool in PGPASSWORD instead: a command
 * line is visible to every user of the machine (ps), the environment is not.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${basename(tool)} failed (exit ${code}): ${errors.trim()}`))));
  });
}

/** pg_dump -Fc of `url` into `file` (which must not exist yet), through a temporary file and a rename. */
export async function backupPostgres(url: string, file: string): Promise<{ totalMs: number }> {
  if (existsSync(file)) throw new BackupRefused(`${file} exists already: choose a new file name`);
  const pgDump = findPostgresTool('pg_dump');
  mkdirSync(dirname(file), { recursive: true });
  const partial = join(dirname(file), `.${basename(file)}.partial-${randomBytes(4).toString('hex')}`);
  const started = performance.now();
  const { dbname, env } = connection(url);
  try {
    await run(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { totalMs: performance.now() - started };
}

const userSchema = (column: string) => `${column} not in ('pg_catalog', 'information_schema') `
  + `and ${column} not like 'pg\\_toast%' and ${column} not like 'pg\\_temp%'`;

/**
 * Tables, sequences, views, functions, types and extensions outside PostgreSQL's own schemas:
 * an empty database has none (plpgsql lives in pg_catalog).
 */
export async function userRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userSchema('n.nspname')})
        + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userSchema('n.nspname')})
        + (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${userSchema('n.nspname')})
        + (select count(*) from pg_extension e join pg_namespace n on n.oid = e.extnamespace where ${userSchema('n.nspname')})
        as count`);
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore of `file` into the empty database `url`, in one transaction: all or nothing.
 * Without owners and privileges (GRANTs): the roles they name may not exist where it is restored.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const kind = await backupKind(file);
  if (kind === 'embedded') {
    throw new BackupRefused(`${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR`);
  }
  if (kind !== 'postgres') throw new BackupRefused(notABackup(file));
  const relations = await userRelations(url);
  const database = new URL(url).pathname.slice(1);
  if (relations > 0) {
    throw new BackupRefused(`the database ${database} is not empty (${relations} tables, indexes, sequences, functions, types or extensions): `
      + `restore into a new, empty database (createdb NAME, then DATABASE_URL=…/NAME npm run restore -- ${file})`);
  }
  const pgRestore = findPostgresTool('pg_restore');
  const { dbname, env } = connection(url);
  await run(pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], env);
}
