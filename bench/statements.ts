/** The SQL of one payment, as pgbench runs it (before issue 11: the session lookup and khata_pay). */
import { idempotencyTtlSeconds, paymentPaiseMax, pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax } from '@common/limits';
import { pinCounter } from '../server/features/auth/pins.service';
import { counterSlots } from '../server/features/stats/stats.service';
import type { PaymentsDataset } from './lib';

export async function payStatementForPgbench(dataset: PaymentsDataset): Promise<string> {
  const attemptKeySql = `'${pinCounter.account("' || c.customer_id || '")}'`;
  return `
\\set n random(0, ${dataset.customers - 1})
\\set k random(0, 9)
SELECT u.id, u.role, u.name, u.phone, u.email, s.idle_expires_at FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = (SELECT token_hash FROM bench_clients WHERE n = :n) AND s.revoked_at IS NULL
   AND s.idle_expires_at > now() AND s.absolute_expires_at > now() LIMIT 1;
SELECT khata_pay(c.customer_id, ${attemptKeySql}, jsonb_build_object('1', u.pin_hash),
  (SELECT q.token FROM credit_accounts a JOIN qr_codes q ON q.business_id = a.business_id
    WHERE a.customer_id = c.customer_id ORDER BY a.business_id OFFSET :k LIMIT 1),
  1000, 'pgb-' || gen_random_uuid(), 'x', now(), now() + interval '${idempotencyTtlSeconds} seconds', gen_random_uuid(), (:k % ${counterSlots})::smallint,
  ${pinAttemptsMax}, ${pinLockSecondsBase}, ${pinLockSecondsMax}, ${paymentPaiseMax})
FROM bench_clients c JOIN users u ON u.id = c.customer_id WHERE c.n = :n;
`;
}
