import { StarIcon } from "./Icons.tsx";

export type TestimonialView = { id: string; name: string; role: string; quote: string; rating: number };

/** Milliseconds between two pages of the autoplay (the spec's slide speed, 500 ms, is the CSS transition). */
const AUTOPLAY_MS = 5000;

/**
 * How many testimonials a page shows: one below 480 px, two from 480 px. Each has its own row of
 * dots; CSS shows the row for the screen's width and sizes the slides, and the page script reads how
 * many a page holds from the row whose media query (`data-media`, the same width) matches.
 */
// as Tailwind writes `min-[480px]:` in the stylesheet, so that a browser reads both alike
const WIDE = "(width >= 480px)";
const LAYOUTS = [
  { perView: 2, media: WIDE, dots: "hidden min-[480px]:flex" },
  { perView: 1, media: `not all and ${WIDE}`, dots: "flex min-[480px]:hidden" },
] as const;

/**
 * 'What People Say About Us': two testimonials at a time (one below 480 px), dots, autoplay with
 * 500 ms transitions. Run by the page script (app/page-script.ts, `data-carousel="pages"`), on pages
 * with or without React: it moves the track, marks the slides not shown `aria-hidden` and the current
 * dot `aria-current`, and plays every `data-autoplay` ms — paused on hover and focus (the track's
 * changes are then announced), off for reduced motion. As written here, before the script runs, the
 * first page of two is shown.
 */
export function TestimonialSlider({ items }: { items: TestimonialView[] }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names a region; <section> would add nothing here
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer testimonials"
      data-carousel="pages"
      data-autoplay={AUTOPLAY_MS}
    >
      <div className="overflow-hidden">
        <ul data-carousel-track className="flex transition-transform duration-500 ease-in-out" aria-live="off">
          {items.map((t, i) => (
            <li
              key={t.id}
              className="w-full shrink-0 px-2 min-[480px]:w-1/2"
              aria-hidden={i >= LAYOUTS[0].perView}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
            >
              <figure className="h-full rounded-2xl border border-ink-100 bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-accent-600" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  {[1, 2, 3, 4, 5].map((s) => (
                    <StarIcon key={s} filled={s <= t.rating} className="h-4 w-4" />
                  ))}
                </div>
                <blockquote className="mt-4 text-ink-700">“{t.quote}”</blockquote>
                <figcaption className="mt-4">
                  <span className="block font-semibold text-ink-900">{t.name}</span>
                  <span className="text-sm text-ink-600">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      {LAYOUTS.map(({ perView, media, dots }) => {
        const pages = Math.ceil(items.length / perView);
        return (
          <div
            key={perView}
            data-carousel-dots
            data-per-view={perView}
            data-media={media}
            className={`mt-6 justify-center gap-1 ${dots}`}
          >
            {pages > 1 &&
              Array.from({ length: pages }, (_, i) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its page number
                  key={i}
                  type="button"
                  data-carousel-go={i}
                  aria-label={`Show testimonials ${i * perView + 1} to ${Math.min(items.length, (i + 1) * perView)}`}
                  aria-current={i === 0 ? "true" : undefined}
                  className="group flex h-6 min-w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-600"
                >
                  <span className="block h-3 w-3 rounded-full bg-ink-300 transition-all group-hover:bg-ink-400 group-aria-[current=true]:w-8 group-aria-[current=true]:bg-accent-700" />
                </button>
              ))}
          </div>
        );
      })}
    </div>
  );
}
