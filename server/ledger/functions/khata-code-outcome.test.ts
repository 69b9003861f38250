/**
 * khata_code_outcome, the one rule of a consent code sent by SMS (a charge's in khata_charge,
 * a sign-up's in the charges feature), on PGlite and PostgreSQL: which outcome wins when
 * several hold, and where a wrong code makes the code void.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodeAttemptsMax } from '@common/limits';
import { rowsOf, type Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';

const now = new Date('2025-03-01T10:00:00.000Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 1);

describe('khata_code_outcome', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(); });
  afterAll(async () => { await database.close(); });

  const outcome = async (code: { status: string; attempts: number; expiresAt: Date; typed: string }): Promise<string> => {
    const [row] = rowsOf<{ outcome: string }>(await database.db.execute(sql`select khata_code_outcome(${code.status},
      ${code.attempts}::int, ${code.expiresAt.toISOString()}::timestamptz, 'kept', ${code.typed},
      ${now.toISOString()}::timestamptz, ${smsCodeAttemptsMax}::int) as outcome`));
    return row?.outcome ?? '';
  };

  it('refuses a used code, then a void one, then an expired one, before looking at the code typed', async () => {
    for (const typed of ['kept', 'other']) {
      expect(await outcome({ status: 'used', attempts: 4, expiresAt: earlier, typed })).toBe('sms_code_used');
      expect(await outcome({ status: 'void', attempts: 5, expiresAt: earlier, typed })).toBe('sms_code_void');
      expect(await outcome({ status: 'pending', attempts: 4, expiresAt: earlier, typed })).toBe('sms_code_expired');
      // Expired at the very instant: the code is valid only before expires_at.
      expect(await outcome({ status: 'pending', attempts: 0, expiresAt: now, typed })).toBe('sms_code_expired');
    }
  });

  it('takes the right code with tries left, counts a wrong one, and makes the code void at the last try', async () => {
    expect(await outcome({ status: 'pending', attempts: 4, expiresAt: later, typed: 'kept' })).toBe('correct');
    for (const attempts of [0, 1, 2, 3]) {
      expect(await outcome({ status: 'pending', attempts, expiresAt: later, typed: 'other' })).toBe('incorrect');
    }
    expect(await outcome({ status: 'pending', attempts: smsCodeAttemptsMax - 1, expiresAt: later, typed: 'other' })).toBe('voided');
  });
});
