import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./Icons.tsx";
import { StoredImage } from "./StoredImage.tsx";

export type HeroSlide = { eyebrow: string; title: string; text: string; cta: string; imageKey: string; tone: string };

/**
 * Two hero slides on a scroll-snap track: swipeable before JavaScript loads; buttons and dots after.
 * The first image loads eagerly with high priority (it is the page's largest paint).
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / el.clientWidth));
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const target = (i + slides.length) % slides.length;
    el.scrollTo({ left: target * el.clientWidth, behavior: "smooth" });
    setCurrent(target);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative">
      <ul
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((s, i) => (
          <li
            key={s.title}
            className={`w-full shrink-0 snap-start ${s.tone}`}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            <div className="container-page grid items-center gap-6 py-10 md:grid-cols-2 md:py-16">
              <div>
                <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">{s.eyebrow}</p>
                {i === 0 ? (
                  <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{s.title}</h1>
                ) : (
                  <h2 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{s.title}</h2>
                )}
                <p className="mt-4 max-w-md text-lg text-ink-700">{s.text}</p>
                <Link to="/product" className="btn-primary mt-8 px-6 py-3 text-base">
                  {s.cta}
                </Link>
              </div>
              <StoredImage
                imageKey={s.imageKey}
                sizes="(min-width: 900px) 45vw, 90vw"
                alt=""
                width={480}
                height={480}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "auto"}
                className="mx-auto aspect-square w-full max-w-md rounded-3xl object-cover shadow-xl"
              />
            </div>
          </li>
        ))}
      </ul>
      <div className="pointer-events-none absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(current - 1)}
          aria-label="Previous slide"
          className="pointer-events-auto rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ChevronLeftIcon />
        </button>
        {slides.map((s, i) => (
          <button
            key={s.title}
            type="button"
            onClick={() => go(i)}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === current ? "true" : undefined}
            className="pointer-events-auto flex h-6 min-w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            <span
              className={`block h-3 rounded-full transition-all ${i === current ? "w-8 bg-ink-900" : "w-3 bg-ink-400"}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => go(current + 1)}
          aria-label="Next slide"
          className="pointer-events-auto rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ChevronRightIcon />
        </button>
      </div>
    </section>
  );
}
