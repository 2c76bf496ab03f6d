import { formatPrice } from "../../domain/shared/money.ts";

export type DayFigure = { day: string; orders: number; revenueCents: number };

const W = 600;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 12 };

/**
 * Revenue per day as bars in an SVG drawn on the server (readable before and without JavaScript),
 * with role="img", a title and a description for assistive technology, and the same figures as a
 * table inside <details> for anyone who wants the numbers.
 */
export function RevenueChart({ days, title }: { days: DayFigure[]; title: string }) {
  const max = Math.max(1, ...days.map((d) => d.revenueCents));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const best = days.reduce<DayFigure | null>((b, d) => (!b || d.revenueCents > b.revenueCents ? d : b), null);
  const slot = (W - PAD.left - PAD.right) / Math.max(1, days.length);
  const plotH = H - PAD.top - PAD.bottom;
  const description = `${formatPrice(total)} in ${days.length} days, from ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}${best && best.revenueCents > 0 ? `; the best day was ${best.day} with ${formatPrice(best.revenueCents)}` : "; no sales"}.`;
  return (
    <figure className="rounded-2xl border border-ink-100 p-4" data-testid="revenue-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="revenue-chart-title revenue-chart-desc"
        className="h-auto w-full"
        preserveAspectRatio="none"
      >
        <title id="revenue-chart-title">{title}</title>
        <desc id="revenue-chart-desc">{description}</desc>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          stroke="currentColor"
          className="text-ink-300"
        />
        {days.map((d, i) => {
          const h = (d.revenueCents / max) * plotH;
          return (
            <rect
              key={d.day}
              x={PAD.left + i * slot + slot * 0.15}
              y={H - PAD.bottom - h}
              width={slot * 0.7}
              height={Math.max(h, d.revenueCents > 0 ? 1 : 0)}
              className="fill-accent-600"
            >
              <title>{`${d.day}: ${formatPrice(d.revenueCents)}`}</title>
            </rect>
          );
        })}
        <text x={PAD.left} y={H - 8} className="fill-ink-600 text-[12px]">
          {days[0]?.day.slice(5)}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-ink-600 text-[12px]">
          {days.at(-1)?.day.slice(5)}
        </text>
        <text x={PAD.left} y={PAD.top - 4} className="fill-ink-600 text-[12px]">
          {formatPrice(max === 1 ? 0 : max)}
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-ink-700">{description}</figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Revenue per day as a table</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Orders
                </th>
                <th scope="col" className="py-1 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-ink-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={d.day}>{d.day}</time>
                  </th>
                  <td className="py-1 pr-4 text-right">{d.orders}</td>
                  <td className="py-1 text-right">{formatPrice(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
