/**
 * How the shop writes days and moments: "November 21, 2026", "Nov 21, 2026", "Nov 21, 2026, 5:35 PM UTC"
 * on its pages, "November 21, 2026 at 5:35 PM UTC" in its mail — the same on the server and in the browser. Written out rather than asked of Intl: a page's first
 * `Intl.DateTimeFormat` costs a fresh Chromium 10–30 ms of main thread (its data loaded on first use).
 * The text is Intl's `en-US` with `dateStyle: "long" | "medium"`, `timeStyle: "short"` in UTC (a test
 * compares them).
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const longDay = (at: Date) => `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
const mediumDay = (at: Date) => `${MONTHS[at.getUTCMonth()].slice(0, 3)} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
const shortTime = (at: Date) => {
  const hours = at.getUTCHours();
  return `${hours % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
};
/** A calendar day ("2022-03-14") or a moment's ISO text, read in UTC. */
const read = (isoOrDay: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T00:00:00Z` : isoOrDay);

/** "2026-11-21T17:35:00Z" → "Nov 21, 2026, 5:35 PM UTC" */
export const formatDateTime = (iso: string) => {
  const at = read(iso);
  return `${mediumDay(at)}, ${shortTime(at)} UTC`;
};
/** "2022-03-14" (or a moment) → "March 14, 2022" */
export const formatDate = (isoDate: string) => longDay(read(isoDate));
/** "2022-03-14" (or a moment) → "Mar 14, 2022" */
export const formatShortDate = (isoDate: string) => mediumDay(read(isoDate));
/** "2026-11-21T17:35:00Z" → "November 21, 2026 at 5:35 PM UTC" (mail, where there is room for it) */
export const formatLongDateTime = (iso: string) => {
  const at = read(iso);
  return `${longDay(at)} at ${shortTime(at)} UTC`;
};
