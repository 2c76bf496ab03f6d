import { Link } from "react-router";
import * as catalog from "../../domain/catalog/index.ts";
import * as content from "../../domain/content/index.ts";
import { HeroCarousel, type HeroSlide } from "../components/HeroCarousel.tsx";
import { HeadsetIcon, ReturnIcon, TruckIcon } from "../components/Icons.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { TestimonialSlider } from "../components/TestimonialSlider.tsx";
import { useImageUrls } from "../lib/images.ts";
import { pageMeta } from "../lib/meta.ts";
import { HOME_STRIP_SIZE } from "../lib/page-sizes.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/home";

/** Links and two carousels that the page script runs: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

/** Landing page sections take the first HOME_STRIP_SIZE catalogue positions, then the next HOME_STRIP_SIZE. */
const BEST_SELLING = [0, HOME_STRIP_SIZE] as const;
const FEATURED = [HOME_STRIP_SIZE, 2 * HOME_STRIP_SIZE] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Electronics and clothing, delivered",
    description:
      "Phones, watches, laptops and TVs next to denim, shoes and everyday clothing. Free shipping on US orders and orders above $100.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const [{ items }, testimonials] = await Promise.all([
    catalog.listProducts(ctx, { limit: FEATURED[1], offset: 0 }),
    content.listTestimonials(ctx),
  ]);
  const summary = items.map(({ id, title, priceCents, imageKey, imageWidth, imageHeight, categories, available }) => ({
    id,
    title,
    priceCents,
    imageKey,
    imageWidth,
    imageHeight,
    categories,
    available,
  }));
  return { products: summary, testimonials };
}

const perks = [
  { Icon: TruckIcon, title: "Free shipping", text: "On all US orders or orders above $100" },
  { Icon: HeadsetIcon, title: "Support 24/7", text: "Real people, any hour of the day" },
  { Icon: ReturnIcon, title: "30 days return", text: "Changed your mind? Send it back" },
];

function Banner({
  title,
  text,
  to,
  imageKey,
  tone,
  cta = "Shop now",
}: {
  title: string;
  text: string;
  to: string;
  imageKey?: string;
  tone: string;
  cta?: string;
}) {
  const images = useImageUrls();
  return (
    <Link
      to={to}
      className={`group relative flex min-h-48 items-center overflow-hidden rounded-2xl p-6 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${tone}`}
    >
      <div className="relative z-10 max-w-[60%]">
        <h3 className="text-xl font-bold text-ink-900">{title}</h3>
        <p className="mt-1 text-sm text-ink-700">{text}</p>
        <span className="mt-4 inline-block text-sm font-semibold text-ink-900 underline decoration-2 underline-offset-4 group-hover:decoration-accent-600">
          {cta}
        </span>
      </div>
      {imageKey && (
        <img
          src={images.url(imageKey)}
          alt=""
          width={480}
          height={480}
          loading="lazy"
          decoding="async"
          className="absolute -right-6 bottom-0 h-44 w-44 rounded-full object-cover shadow-lg transition-transform group-hover:scale-105"
        />
      )}
    </Link>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { products, testimonials } = loaderData;
  const bestSelling = products.slice(...BEST_SELLING);
  const featured = products.slice(...FEATURED);
  const inCategory = (slug: string) => products.find((p) => p.categories.some((c) => c.slug === slug))?.imageKey;
  const slides: HeroSlide[] = [
    {
      eyebrow: "New season tech",
      title: "Smarter gear for every day",
      text: "Phones, watches, laptops and TVs picked for how you really use them.",
      cta: "Explore Now",
      imageKey: inCategory("phones") ?? products[0]?.imageKey ?? "",
      tone: "bg-gradient-to-br from-accent-50 via-white to-ink-100",
    },
    {
      eyebrow: "Denim & essentials",
      title: "Clothes that keep up",
      text: "Jeans, jackets and shoes made to be worn, washed and worn again.",
      cta: "SHOP NOW",
      imageKey: inCategory("denim") ?? products[1]?.imageKey ?? "",
      tone: "bg-gradient-to-br from-ink-100 via-white to-accent-100",
    },
  ];
  return (
    <>
      {products.length > 0 && <HeroCarousel slides={slides} />}

      <section aria-label="Why shop with us" className="border-y border-ink-100 bg-ink-50">
        <ul className="container-page grid gap-6 py-6 sm:grid-cols-3">
          {perks.map(({ Icon, title, text }) => (
            <li key={title} className="flex items-center gap-4">
              <span className="rounded-full bg-white p-3 text-accent-700 shadow-sm">
                <Icon className="h-6 w-6" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="text-sm text-ink-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Promotions" className="container-page mt-12 grid gap-4 md:grid-cols-2">
        <Banner
          title="Watches that do more"
          text="Track, pay and reply from your wrist."
          to="/product?category=watches"
          imageKey={inCategory("watches")}
          tone="bg-accent-100"
        />
        <Banner
          title="Step into comfort"
          text="Sneakers and boots for every season."
          to="/product?category=shoes"
          imageKey={inCategory("shoes")}
          tone="bg-ink-100"
        />
      </section>

      <section aria-labelledby="best-selling" className="container-page mt-16">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="best-selling" className="section-title">
            Best Selling
          </h2>
          <Link to="/product" className="text-sm font-semibold text-accent-700 hover:underline">
            See all products
          </Link>
        </div>
        <ProductGrid products={bestSelling} />
      </section>

      <section aria-label="Collections" className="container-page mt-16 grid gap-4 md:grid-cols-3">
        <Banner
          title="Men"
          text="Shirts, jackets and everyday layers."
          to="/product?category=men"
          imageKey={inCategory("men")}
          tone="bg-ink-100"
        />
        <Banner
          title="Women"
          text="Dresses, knits and smart staples."
          to="/product?category=women"
          imageKey={inCategory("women")}
          tone="bg-accent-50"
        />
        <Banner
          title="Laptops"
          text="Light, fast and built to last."
          to="/product?category=laptops"
          imageKey={inCategory("laptops")}
          tone="bg-ink-100"
        />
      </section>

      <section aria-labelledby="featured" className="container-page mt-16">
        <h2 id="featured" className="section-title mb-6">
          Featured Collection
        </h2>
        <ProductGrid products={featured} />
      </section>

      {testimonials.length > 0 && (
        <section aria-labelledby="testimonials" className="mt-16 bg-ink-50 py-14">
          <div className="container-page">
            <h2 id="testimonials" className="section-title mb-8 text-center">
              What People Say About Us
            </h2>
            <TestimonialSlider items={testimonials} />
          </div>
        </section>
      )}
    </>
  );
}
