/**
 * Bearer secrets (sessions, trusted devices, OTP proofs): 32 random bytes handed out once,
 * only their SHA-256 stored, so a copy of the database opens nothing.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new secret, as the client holds it (43 characters, base64url). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, in hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
