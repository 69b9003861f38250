/** Admin accounts: made by the CLI (admins cannot register) and by the development start-up. */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { inTransaction, sqlState, type Db } from '../../db/client';
import { AppError } from '../../errors';
import * as repository from './auth.repository';
import { refuseWeakPin } from './accounts';
import type { PinService } from './pins.service';

export function createAdminService(deps: { db: Db; clock: Clock; pins: PinService }) {
  const { db, clock, pins } = deps;

  /**
   * Creates an admin, or sets the PIN of an existing one: running it twice leaves the
   * same state. Used by the CLI and by the development start-up.
   */
  async function ensureAdmin(email: string, pin: string, name = 'Administrator'): Promise<'created' | 'updated'> {
    refuseWeakPin(pin);
    const existing = await repository.findByEmail(db, 'admin', email);
    if (existing) {
      const fresh = pins.hashPin(existing.id, pin);
      // Setting a PIN from the command line is how a locked-out admin gets back in.
      await inTransaction(db, async (tx) => {
        await repository.updatePin(tx, existing.id, fresh.hash, fresh.keyVersion);
        await pins.clearCounters(tx, 'admin', email, existing.id);
      });
      return 'updated';
    }
    if (await repository.emailExists(db, email)) {
      throw new AppError('email_taken_by_business', { email });
    }
    const id = randomUUID();
    const hashed = pins.hashPin(id, pin);
    await inTransaction(db, async (tx) => {
      await repository.insertUser(tx, {
        id, role: 'admin', name, phone: null, email, pinHash: hashed.hash, pinKeyVersion: hashed.keyVersion, createdAt: clock(),
      });
      // Wrong sign-ins to this e-mail before the admin existed must not lock the new admin.
      await pins.clearCounters(tx, 'admin', email, id);
    });
    return 'created';
  }

  /**
   * Creates an admin unless one with this e-mail exists; false when it does, also when
   * another process made it a moment ago (two processes starting together), whose PIN
   * then stays as that process printed it.
   */
  async function createAdminIfAbsent(email: string, pin: string, name: string): Promise<boolean> {
    refuseWeakPin(pin);
    if (await repository.findByEmail(db, 'admin', email)) return false;
    const id = randomUUID();
    const hashed = pins.hashPin(id, pin);
    try {
      await inTransaction(db, (tx) => repository.insertUser(tx, {
        id, role: 'admin', name, phone: null, email, pinHash: hashed.hash, pinKeyVersion: hashed.keyVersion, createdAt: clock(),
      }));
    } catch (error) {
      if (sqlState(error) === '23505' && await repository.findByEmail(db, 'admin', email)) return false;
      throw error;
    }
    return true;
  }

  const anyAdminExists = () => repository.anyAdminExists(db);

  return { ensureAdmin, createAdminIfAbsent, anyAdminExists };
}
