/** Times are stored in UTC and shown in India time (design.md §1). */
const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "12 Jan 2025, 3:45 pm" in Asia/Kolkata from an ISO timestamp. */
export function formatIndiaDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : indiaDateTime.format(date);
}
