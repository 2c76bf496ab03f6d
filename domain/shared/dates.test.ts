import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatLongDateTime, formatShortDate } from "./dates.ts";

/** Moments spread over 1970–2100, every hour of the day and the turn of each half day among them. */
function moments(): Date[] {
  const out: Date[] = [];
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < 2_000; i++) out.push(new Date(Math.floor(next() * Date.UTC(2100, 0, 1))));
  for (let hour = 0; hour < 24; hour++) out.push(new Date(Date.UTC(2026, 10, 21, hour, hour === 12 ? 0 : 7)));
  out.push(new Date(Date.UTC(2026, 4, 1, 0, 0)), new Date(Date.UTC(2026, 11, 31, 23, 59)));
  return out;
}

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

describe("dates written without Intl", () => {
  it("write every moment as Intl's en-US long, medium, medium-with-time and long-with-time styles in UTC", () => {
    const long = intl({ dateStyle: "long" });
    const medium = intl({ dateStyle: "medium" });
    const withTime = intl({ dateStyle: "medium", timeStyle: "short" });
    const longWithTime = intl({ dateStyle: "long", timeStyle: "short" });
    const differences: string[] = [];
    for (const at of moments()) {
      const iso = at.toISOString();
      const day = iso.slice(0, 10);
      const pairs = [
        [formatDate(day), long.format(at)],
        [formatShortDate(day), medium.format(at)],
        [formatDate(iso), long.format(at)],
        [formatDateTime(iso), `${withTime.format(at)} UTC`],
        [formatLongDateTime(iso), `${longWithTime.format(at)} UTC`],
      ];
      for (const [ours, theirs] of pairs) if (ours !== theirs) differences.push(`${iso}: ${ours} ≠ ${theirs}`);
    }
    expect(differences).toEqual([]);
  });

  it("reads a calendar day as that day in UTC, whatever the server's zone", () => {
    expect(formatDate("2022-03-14")).toBe("March 14, 2022");
    expect(formatShortDate("2022-09-01")).toBe("Sep 1, 2022");
    expect(formatDateTime("2026-11-21T00:05:00.000Z")).toBe("Nov 21, 2026, 12:05 AM UTC");
    expect(formatDateTime("2026-11-21T12:00:00.000Z")).toBe("Nov 21, 2026, 12:00 PM UTC");
  });
});
