/** How the shop writes a moment in time: "Nov 21, 2026, 5:35 PM UTC" (the same on server and browser). */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
export const formatDate = (isoDate: string) => date.format(new Date(isoDate));

/** A phone number as a `tel:` link: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
