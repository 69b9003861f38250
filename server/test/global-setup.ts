/**
 * Prepares one migrated database per test run, which every test file then copies:
 * a PGlite dump (PGlite mode) or a template database (PostgreSQL mode, when
 * TEST_DATABASE_URL or DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrateEmbedded, migratePostgres } from '../db/migrate';
import { adminUrl, databaseUrlFor, testServerUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
    testRunId: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  const serverUrl = testServerUrl();

  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'khata-test-'));
    const database = await openPglite();
    await migrateEmbedded(database.client);
    const dump = await database.client.dumpDataDir('none');
    await database.close();
    const path = join(dir, 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDumpPath', path);
    project.provide('postgresTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const template = `khata_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = openPostgres({ connectionString: databaseUrlFor(serverUrl, template), poolSize: 1 });
  await migratePostgres(database.pool);
  await database.close();
  project.provide('pgliteDumpPath', '');
  project.provide('postgresTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1', [`khata_%${runId}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
