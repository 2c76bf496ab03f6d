import { useCallback, useEffect, useRef, useState } from "react";
import { StarIcon } from "./Icons.tsx";

export type TestimonialView = { id: string; name: string; role: string; quote: string; rating: number };

const AUTOPLAY_MS = 5000;
const TRANSITION_MS = 500;

function usePerView(): number {
  const [perView, setPerView] = useState(2);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 479.98px)");
    const update = () => setPerView(query.matches ? 1 : 2);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return perView;
}

/**
 * 'What People Say About Us': two testimonials at a time (one below 480 px), dots, autoplay with
 * 500 ms transitions. Autoplay pauses on hover and focus, and is off for reduced motion.
 */
export function TestimonialSlider({ items }: { items: TestimonialView[] }) {
  const perView = usePerView();
  const pages = Math.max(1, Math.ceil(items.length / perView));
  const [page, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const q = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(q.matches);
    const update = () => setReducedMotion(q.matches);
    q.addEventListener("change", update);
    return () => q.removeEventListener("change", update);
  }, []);

  useEffect(() => setPage((p) => Math.min(p, pages - 1)), [pages]);

  const next = useCallback(() => setPage((p) => (p + 1) % pages), [pages]);
  useEffect(() => {
    if (paused || reducedMotion || pages < 2) return;
    const id = window.setInterval(next, AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [paused, reducedMotion, pages, next]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names a region; <section> would add nothing here
    <div
      ref={region}
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer testimonials"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!region.current?.contains(e.relatedTarget as Node)) setPaused(false);
      }}
    >
      <div className="overflow-hidden">
        <ul
          className="flex ease-in-out"
          style={{
            transform: `translateX(-${page * 100}%)`,
            transitionProperty: "transform",
            transitionDuration: `${TRANSITION_MS}ms`,
          }}
          aria-live={paused ? "polite" : "off"}
        >
          {items.map((t, i) => {
            const visible = Math.floor(i / perView) === page;
            return (
              <li
                key={t.id}
                className="shrink-0 px-2"
                style={{ width: `${100 / perView}%` }}
                aria-hidden={!visible}
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
            );
          })}
        </ul>
      </div>
      {pages > 1 && (
        <div className="mt-6 flex justify-center gap-1">
          {Array.from({ length: pages }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its page number
              key={i}
              type="button"
              onClick={() => setPage(i)}
              aria-label={`Show testimonials ${i * perView + 1} to ${Math.min(items.length, (i + 1) * perView)}`}
              aria-current={i === page ? "true" : undefined}
              className="group flex h-6 min-w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <span
                className={`block h-3 rounded-full transition-all ${i === page ? "w-8 bg-accent-700" : "w-3 bg-ink-300 group-hover:bg-ink-400"}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
