/**
 * Creates an administrator, or resets the PIN of an existing one (running it twice
 * leaves the same state):
 *
 *   npm run admin -- create --email admin@example.com --pin 4826
 *
 * Uses the same configuration as the server (DATABASE_URL, DATA_DIR, PIN_PEPPER).
 */
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { email as emailSchema, pin as pinSchema } from '@common/schemas/identity';
import { createServices } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { AppError } from '../errors';
import { developmentSmsProvider } from '../sms/development';

const usage = 'Usage: npm run admin -- create --email <email> --pin <4 digits> [--name <name>]';

function fail(message: string): never {
  console.error(`Error: ${message}`);
  console.error(usage);
  process.exit(2);
}

async function run(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, pin: { type: 'string' }, name: { type: 'string' } },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const [command] = parsed.positionals;
  if (command !== 'create') fail(command ? `unknown command "${command}"` : 'missing command');
  const email = z.safeParse(emailSchema, parsed.values.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? 'invalid'}`);
  const pin = z.safeParse(pinSchema, parsed.values.pin ?? '');
  if (!pin.success) fail(`--pin: ${pin.error.issues[0]?.message ?? 'invalid'}`);

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const { auth } = createServices({ db: database.db, config, sms: developmentSmsProvider(() => {}) });
    const outcome = await auth.ensureAdmin(email.data, pin.data, parsed.values.name ?? 'Administrator');
    console.log(outcome === 'created'
      ? `Admin ${email.data} created. Sign in at /admin.`
      : `Admin ${email.data} already existed: PIN updated.`);
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof AppError || error instanceof ConfigError) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
