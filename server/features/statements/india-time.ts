/**
 * India time for statements (design.md §1: stored as UTC, shown in India time). Asia/Kolkata
 * has been UTC+05:30 all year since 1945, with no daylight saving, so a fixed offset is
 * exact for every date a statement accepts (2000–2999) and needs no time-zone database.
 */

const indiaOffsetMs = (5 * 60 + 30) * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The instant an India calendar day ("2026-11-01") begins: 2026-10-31T18:30:00Z. */
export const indiaDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - indiaOffsetMs);

/** The instant the India calendar day after `day` begins: the end, excluded, of a range ending on `day`. */
export const indiaDayEnd = (day: string): Date => new Date(indiaDayStart(day).getTime() + dayMs);

/** "2026-11-22 15:30": the India date and time of an instant, to the minute. */
export const indiaMinute = (at: Date): string =>
  new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 16).replace('T', ' ');
