import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./Icons.tsx";
import { StoredImage } from "./StoredImage.tsx";

export type HeroSlide = { eyebrow: string; title: string; text: string; cta: string; imageKey: string; tone: string };

/**
 * Two hero slides on a scroll-snap track: swipeable without any script. The buttons and dots are
 * run by the page script (app/page-script.ts, `data-carousel="scroll"`), on pages with or without React;
 * the dot of the slide shown has `aria-current`.
 * The first image loads eagerly with high priority (it is the page's largest paint).
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative" data-carousel="scroll">
      <ul
        data-carousel-track
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
          data-carousel-step="-1"
          aria-label="Previous slide"
          className="pointer-events-auto rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ChevronLeftIcon />
        </button>
        <span data-carousel-dots className="contents">
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              data-carousel-go={i}
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === 0 ? "true" : undefined}
              className="group pointer-events-auto flex h-6 min-w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <span className="block h-3 w-3 rounded-full bg-ink-400 transition-all group-aria-[current=true]:w-8 group-aria-[current=true]:bg-ink-900" />
            </button>
          ))}
        </span>
        <button
          type="button"
          data-carousel-step="1"
          aria-label="Next slide"
          className="pointer-events-auto rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ChevronRightIcon />
        </button>
      </div>
    </section>
  );
}
