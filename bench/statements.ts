/**
 * The SQL of one payment as pgbench runs it: the very statement the endpoint prepares
 * (payStatement in server/ledger/ledger.ts), with each parameter
 * replaced by a SQL expression for a random bench client, so the two cannot drift.
 */
import {
  idempotencyTtlSeconds, paymentPaiseMax, pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax, sessionIdleTtlSeconds,
  sessionTouchIntervalSeconds,
} from '@common/limits';
import { pinCounter } from '../server/features/auth/pins.service';
import { counterSlots, payStatement } from '../server/ledger/ledger';
import type { PaymentsDataset } from './lib';

const client = (column: string) => `(SELECT ${column} FROM bench_clients WHERE n = :n)`;
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A UUIDv7 made in SQL (PostgreSQL 15 has no uuidv7()), time-ordered like the server's ids. */
const uuidv7Sql = `(lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
  || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid`;

/** $1…$18 of payStatement, in the order ledger.pay passes them (server/ledger/ledger.ts). */
const parameters = [
  client('token_hash'),
  `now() + interval '${sessionIdleTtlSeconds} seconds'`,
  String(sessionTouchIntervalSeconds),
  client('customer_id'),
  `${quote(pinCounter.account(''))} || ${client('customer_id')}`,
  `(SELECT jsonb_build_object(pin_key_version::text, pin_hash) FROM users WHERE id = ${client('customer_id')})`,
  `(SELECT q.token FROM credit_accounts a JOIN qr_codes q ON q.business_id = a.business_id
     WHERE a.customer_id = ${client('customer_id')} ORDER BY a.business_id OFFSET :k LIMIT 1)`,
  '1000',
  `'pgbench-' || gen_random_uuid()`,
  `'x'`,
  'now()',
  `now() + interval '${idempotencyTtlSeconds} seconds'`,
  uuidv7Sql,
  ':slot',
  String(pinAttemptsMax),
  String(pinLockSecondsBase),
  String(pinLockSecondsMax),
  String(paymentPaiseMax),
];

export function payStatementForPgbench(dataset: PaymentsDataset): string {
  const used = new Set([...payStatement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  if (used.size !== parameters.length) {
    throw new Error(`payStatement takes ${used.size} parameters; bench/statements.ts maps ${parameters.length}`);
  }
  const sql = payStatement.replace(/\$(\d+)/g, (_, k: string) => `(${parameters[Number(k) - 1]})`);
  return `\\set n random(0, ${dataset.customers - 1})
\\set k random(0, ${dataset.accounts - 1})
\\set slot random(0, ${counterSlots - 1})
${sql.replace(/\s+/g, ' ').trim()};
`;
}
