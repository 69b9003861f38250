/** Dates as the admin reads them: India time (design.md §1). */

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric',
});
const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit',
});

const parsed = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "12 Mar 2025" in India time. */
export const formatIndiaDate = (iso: string): string => {
  const date = parsed(iso);
  return date ? indiaDate.format(date) : iso;
};

/** "12 Mar 2025, 1:30 am" in India time. */
export const formatIndiaDateTime = (iso: string): string => {
  const date = parsed(iso);
  return date ? indiaDateTime.format(date) : iso;
};

/** "2.00%" from the wire's "2.00". */
export const formatFeePercent = (wire: string): string => `${wire}%`;
