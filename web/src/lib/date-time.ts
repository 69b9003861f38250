/**
 * Dates and times as people read them: always India time (design.md §1), whatever the
 * phone's own zone. Text that is not a timestamp is shown as it came rather than
 * breaking the screen (the row it sits in still shows its amounts).
 */
const inIndia = { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' } as const;
const indiaDate = new Intl.DateTimeFormat('en-IN', inIndia);
const indiaDateTime = new Intl.DateTimeFormat('en-IN', { ...inIndia, hour: 'numeric', minute: '2-digit', hour12: true });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "12 Mar 2025" in India time. */
export const formatIndiaDate = (iso: string): string => format(indiaDate, iso);

/** "12 Jan 2025, 3:45 pm" in India time. */
export const formatIndiaDateTime = (iso: string): string => format(indiaDateTime, iso);
