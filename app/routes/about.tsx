import { Link } from "react-router";
import { HeadsetIcon, ReturnIcon, ShieldIcon } from "../components/Icons.tsx";
import { aboutContent } from "../content/pages.ts";
import { pageMeta } from "../lib/meta.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/about";

/** A static page: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "About us",
    description:
      "Who we are: a hand-picked shop for electronics and clothing, with stores in Sofia, Dubai and Jakarta. Our mission, story, approach and the team behind it.",
  });
}

/** Static copy, sent from the server so that the content module stays out of the browser bundle. */
export function loader() {
  return { about: aboutContent };
}

const facts = [
  { value: "2016", label: "Our first shop window opens in Sofia" },
  { value: "3 stores", label: "Sofia, Dubai and Jakarta, shipping worldwide" },
  { value: "1 week", label: "Of real-world testing before we list a device" },
];

/** Avatar tones: dark enough for white initials (contrast above 4.5:1). */
const tones = [
  ["#c2410c", "#9a3412"],
  ["#334155", "#0f172a"],
  ["#0f766e", "#115e59"],
] as const;

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

/** A drawn avatar: initials on a gradient disc with a soft shoulders motif. No network image. */
function Avatar({ name, index }: { name: string; index: number }) {
  const [from, to] = tones[index % tones.length] ?? tones[0];
  const id = `avatar-${index}`;
  return (
    <svg viewBox="0 0 96 96" width={96} height={96} className="h-24 w-24 shrink-0" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        <clipPath id={`${id}-clip`}>
          <circle cx="48" cy="48" r="48" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-clip)`}>
        <rect width="96" height="96" fill={`url(#${id})`} />
        <path d="M10 104c0-22 17-34 38-34s38 12 38 34z" fill="#ffffff" opacity="0.12" />
      </g>
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontSize="32"
        fontWeight="700"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        letterSpacing="1"
      >
        {initials(name)}
      </text>
    </svg>
  );
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <>
      <section aria-labelledby="about-title" className="bg-gradient-to-br from-accent-50 via-white to-ink-100">
        <div className="container-page grid items-center gap-10 py-14 md:grid-cols-5 md:py-20">
          <div className="md:col-span-3">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">About us</p>
            <h1 id="about-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
              Good things, easy to find
            </h1>
            <h2 className="mt-8 text-sm font-semibold uppercase tracking-widest text-ink-600">Our mission</h2>
            <p className="mt-2 max-w-2xl text-lg leading-relaxed text-ink-700">{about.mission}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/product" className="btn-primary px-6 py-3 text-base">
                Browse the shop
              </Link>
              <Link to="/storeLocation" className="btn-secondary px-6 py-3 text-base">
                Visit a store
              </Link>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-3 md:col-span-2 md:grid-cols-1">
            {facts.map((f) => (
              <li key={f.value} className="rounded-2xl border border-ink-100 bg-white/80 p-5 shadow-sm">
                <span className="block text-3xl font-extrabold tracking-tight text-accent-700">{f.value}</span>
                <span className="mt-1 block text-sm text-ink-700">{f.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="story" className="container-page mt-16 grid gap-8 md:grid-cols-3 md:gap-12">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">Since 2016</p>
          <h2 id="story" className="section-title mt-2">
            Our story
          </h2>
        </div>
        <div className="prose-shop md:col-span-2">
          <p className="text-lg">{about.stories}</p>
        </div>
      </section>

      <section aria-label="How we work" className="container-page mt-16 grid gap-6 sm:grid-cols-2">
        <article aria-labelledby="approach" className="rounded-2xl bg-ink-50 p-6 sm:p-8">
          <span className="inline-flex rounded-full bg-white p-3 text-accent-700 shadow-sm">
            <ShieldIcon className="h-6 w-6" />
          </span>
          <h2 id="approach" className="mt-4 text-xl font-bold text-ink-900">
            Our approach
          </h2>
          <p className="mt-3 leading-relaxed text-ink-700">{about.approach}</p>
        </article>
        <article aria-labelledby="philosophy" className="rounded-2xl bg-accent-50 p-6 sm:p-8">
          <span className="inline-flex rounded-full bg-white p-3 text-accent-700 shadow-sm">
            <ReturnIcon className="h-6 w-6" />
          </span>
          <h2 id="philosophy" className="mt-4 text-xl font-bold text-ink-900">
            Our philosophy
          </h2>
          <p className="mt-3 leading-relaxed text-ink-700">{about.philosophy}</p>
        </article>
      </section>

      <section aria-labelledby="team" className="container-page mt-16">
        <div className="mb-8 max-w-2xl">
          <h2 id="team" className="section-title">
            Meet the team
          </h2>
          <p className="mt-2 text-ink-600">The people who choose, test and wear what we sell.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {about.team.map((member, i) => (
            <li
              key={member.name}
              className="flex flex-col rounded-2xl border border-ink-100 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <div className="flex items-center gap-4 md:flex-col md:items-start lg:flex-row lg:items-center">
                <Avatar name={member.name} index={i} />
                <div>
                  <h3 className="text-lg font-bold text-ink-900">{member.name}</h3>
                  <p className="text-sm font-medium text-accent-700">{member.role}</p>
                </div>
              </div>
              <p className="mt-4 leading-relaxed text-ink-700">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="help" className="container-page mt-16">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-ink-900 p-8 text-white sm:flex-row sm:items-center sm:p-10">
          <div className="flex items-start gap-4">
            <span className="rounded-full bg-white/10 p-3 text-accent-400">
              <HeadsetIcon className="h-6 w-6" />
            </span>
            <div>
              <h2 id="help" className="text-xl font-bold">
                Questions before you buy?
              </h2>
              <p className="mt-1 text-ink-300">Our team answers every message, every day from 9:00 to 17:00.</p>
            </div>
          </div>
          <Link
            to="/contact"
            className="btn shrink-0 whitespace-nowrap bg-white text-ink-900 hover:bg-ink-100 focus-visible:outline-white"
          >
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
