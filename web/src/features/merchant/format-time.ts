/** Dates and times as the merchant reads them: always India time (design.md §1). */
const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "5 Jan 2025, 3:04 pm" in Asia/Kolkata from an ISO timestamp. */
export const formatIndiaDateTime = (iso: string): string => indiaDateTime.format(new Date(iso));
