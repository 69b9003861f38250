/**
 * The cursor of a keyset-paginated list (the histories, the admin's businesses): the last
 * row's (created_at, id), handed to the client as opaque base64url.
 */
import { isUuid } from '@common/schemas/params';
import { AppError } from './errors';

export interface KeysetCursor { createdAt: Date; id: string }

export const encodeCursor = (row: KeysetCursor): string =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor back, or `cursor_invalid`. */
export function decodeCursor(cursor: string): KeysetCursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // Exactly what encodeCursor writes: anything looser reaches the database as a bad uuid
  // or a timestamp out of its range, and fails there with a 500.
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || !timePattern.test(at ?? '') || Number.isNaN(createdAt.getTime())) {
    throw new AppError('cursor_invalid');
  }
  return { createdAt, id };
}
