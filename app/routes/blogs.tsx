import { Link } from "react-router";
import * as content from "../../domain/content/index.ts";
import { formatDate, formatShortDate } from "../../domain/shared/dates.ts";
import { StoredImage } from "../components/StoredImage.tsx";
import { useImageUrls } from "../lib/images.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/blogs";

/** The blog list: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Blogs",
    description:
      "Stories, guides and care tips from our team: travel kits, smartwatches, capsule wardrobes and making your things last.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const articles = await content.listArticles(requestCtx(context));
  return {
    articles: articles.map(({ slug, title, publishedOn, imageKey, excerpt, tags }) => ({
      slug,
      title,
      publishedOn,
      imageKey,
      excerpt,
      tags,
    })),
  };
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { articles } = loaderData;
  return (
    <>
      <section
        aria-labelledby="blogs-title"
        className="border-b border-ink-100 bg-gradient-to-br from-accent-50 via-white to-ink-100"
      >
        <div className="container-page py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">News &amp; stories</p>
          <h1 id="blogs-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            Blogs
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-700">
            Guides, ideas and care tips from the people who test our gadgets and wear our clothes.
          </p>
        </div>
      </section>

      <div className="container-page mt-10 grid gap-10 lg:grid-cols-12">
        <section aria-label="Articles" className="lg:col-span-8">
          <ul className="grid gap-6 sm:grid-cols-2">
            {articles.map((a, i) => {
              const href = `/blogs/${a.slug}`;
              const titleId = `article-${a.slug}`;
              return (
                <li key={a.slug}>
                  <article
                    aria-labelledby={titleId}
                    className="group flex h-full flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-md"
                  >
                    <Link
                      to={href}
                      tabIndex={-1}
                      aria-hidden="true"
                      className="block aspect-video overflow-hidden bg-ink-50"
                    >
                      <StoredImage
                        imageKey={a.imageKey}
                        fallbackWidth={480}
                        sizes="(min-width: 1200px) 400px, (min-width: 600px) 45vw, 92vw"
                        alt=""
                        width={1200}
                        height={675}
                        loading={i < 2 ? "eager" : "lazy"}
                        fetchPriority={i === 0 ? "high" : "auto"}
                        decoding="async"
                        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                      />
                    </Link>
                    <div className="flex flex-1 flex-col p-5 sm:p-6">
                      {a.tags.length > 0 && (
                        <p className="text-xs font-semibold uppercase tracking-wider text-accent-800">
                          <span className="sr-only">Tags: </span>
                          {a.tags.join(" · ")}
                        </p>
                      )}
                      <h2 id={titleId} className="mt-2 text-xl font-bold leading-snug text-ink-900">
                        <Link
                          to={href}
                          className="hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                        >
                          {a.title}
                        </Link>
                      </h2>
                      <p className="mt-3 flex-1 leading-relaxed text-ink-700">{a.excerpt}</p>
                      <div className="mt-5 flex items-center justify-between gap-4 border-t border-ink-100 pt-4">
                        <time dateTime={a.publishedOn} className="text-sm text-ink-600">
                          {formatDate(a.publishedOn)}
                        </time>
                        <Link
                          to={href}
                          className="group/more inline-flex shrink-0 items-center gap-1 rounded font-semibold text-accent-700 hover:text-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                        >
                          <span className="underline decoration-2 underline-offset-4">Read more</span>
                          <span className="sr-only">: {a.title}</span>
                          <span aria-hidden="true" className="transition-transform group-hover/more:translate-x-0.5">
                            →
                          </span>
                        </Link>
                      </div>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </section>

        <aside aria-labelledby="recent-title" className="lg:col-span-4">
          <div className="rounded-2xl bg-ink-50 p-6 lg:sticky lg:top-24">
            <h2 id="recent-title" className="text-lg font-bold text-ink-900">
              Recent articles
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              {[...articles]
                .sort((x, y) => (x.publishedOn < y.publishedOn ? 1 : x.publishedOn > y.publishedOn ? -1 : 0)) // ISO days: no collator
                .map((a) => (
                  <li key={a.slug}>
                    <Link
                      to={`/blogs/${a.slug}`}
                      className="group flex items-center gap-4 rounded-xl p-1 focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      <img
                        src={images.url(a.imageKey, 480)}
                        alt=""
                        width={96}
                        height={54}
                        loading="lazy"
                        decoding="async"
                        className="aspect-video w-24 shrink-0 rounded-lg bg-white object-cover"
                      />
                      <span>
                        <span className="block font-semibold leading-snug text-ink-900 group-hover:text-accent-700 group-hover:underline">
                          {a.title}
                        </span>
                        <time dateTime={a.publishedOn} className="mt-1 block text-sm text-ink-600">
                          {formatShortDate(a.publishedOn)}
                        </time>
                      </span>
                    </Link>
                  </li>
                ))}
            </ul>
            <div className="mt-6 border-t border-ink-200 pt-6">
              <h2 className="text-lg font-bold text-ink-900">Shop the stories</h2>
              <p className="mt-1 text-sm text-ink-600">Everything we write about is in the catalogue.</p>
              <Link to="/product" className="btn-primary mt-4 w-full">
                Browse products
              </Link>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
