import { Link } from "react-router";
import * as content from "../../domain/content/index.ts";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "../components/Icons.tsx";
import { telHref } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/store-locations";

/** A static page: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

/** One line of a store card: an icon standing for its label, then the value. */
function Detail({
  icon: Icon,
  label,
  children,
}: {
  icon: (p: { className?: string }) => React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <dt>
        <Icon className="mt-0.5 h-5 w-5 text-ink-500" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Store locations",
    description:
      "Visit us in Sofia (Bulgaria), Dubai and Jakarta (Indonesia): addresses, phone numbers and opening hours, every day 9:00 to 17:00.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { stores: await content.listStoreLocations(requestCtx(context)) };
}

/** Each card gets its own soft band of colour, in the landing page's palette. */
const bands = ["from-accent-100 to-accent-50", "from-ink-200 to-ink-50", "from-accent-50 to-ink-100"];

const mapHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export default function StoreLocations({ loaderData }: Route.ComponentProps) {
  const { stores } = loaderData;
  return (
    <>
      <section
        aria-labelledby="stores-title"
        className="border-b border-ink-100 bg-gradient-to-br from-accent-50 via-white to-ink-100"
      >
        <div className="container-page py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">Come and say hello</p>
          <h1 id="stores-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            Store locations
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-700">
            Try on the clothes, test the gadgets and get honest advice in one of our stores. Every store has a repair
            desk and takes back old devices and clothing.
          </p>
        </div>
      </section>

      <section aria-label="Stores" className="container-page mt-10">
        <ul className="grid gap-6 md:grid-cols-3">
          {stores.map((store, i) => {
            const titleId = `store-${store.id}`;
            return (
              <li key={store.id}>
                <article
                  aria-labelledby={titleId}
                  className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-md"
                >
                  <div className={`relative bg-gradient-to-br px-6 pb-6 pt-8 ${bands[i % bands.length]}`}>
                    <span className="absolute right-5 top-5 rounded-full bg-white p-3 text-accent-700 shadow-sm">
                      <PinIcon className="h-6 w-6" />
                    </span>
                    <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">{store.country}</p>
                    <h2 id={titleId} className="mt-1 pr-14 text-2xl font-bold text-ink-900">
                      {store.name}
                    </h2>
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    <dl className="space-y-4 text-ink-700">
                      <Detail icon={PinIcon} label="Address">
                        <address className="not-italic">{store.address}</address>
                      </Detail>
                      <Detail icon={PhoneIcon} label="Phone">
                        <a href={telHref(store.phone)} className="hover:text-accent-700 hover:underline">
                          {store.phone}
                        </a>
                      </Detail>
                      <Detail icon={MailIcon} label="Email">
                        <a href={`mailto:${store.email}`} className="break-words hover:text-accent-700 hover:underline">
                          {store.email}
                        </a>
                      </Detail>
                      <Detail icon={ClockIcon} label="Opening hours">
                        {store.hours}
                      </Detail>
                    </dl>
                    <a
                      href={mapHref(store.address)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="btn-secondary mt-6 self-start text-sm"
                    >
                      Get directions<span className="sr-only"> to {store.name} (opens in a new tab)</span>
                    </a>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="stores-help" className="container-page mt-16">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-ink-50 p-8 sm:flex-row sm:items-center sm:p-10">
          <div>
            <h2 id="stores-help" className="text-xl font-bold text-ink-900">
              Can't make it to a store?
            </h2>
            <p className="mt-1 text-ink-700">
              Shop online with free shipping on all US orders or orders above $100, and 30 days to return.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/product" className="btn-primary">
              Shop online
            </Link>
            <Link to="/contact" className="btn-secondary">
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
