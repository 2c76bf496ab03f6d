import { Link } from "react-router";
import * as content from "../../domain/content/index.ts";
import { formatDate } from "../../domain/shared/dates.ts";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { FacebookIcon, LinkedInIcon, TwitterIcon } from "../components/Icons.tsx";
import { StoredImage } from "../components/StoredImage.tsx";
import { useImageUrls } from "../lib/images.ts";
import { absoluteImageUrl, pageMeta, shopNameFrom } from "../lib/meta.ts";
import { notFoundPage, requestCtx } from "../lib/request.server.ts";
import { type ShareLink, shareLinks } from "../lib/share.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/blog-article";

/** A static article: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

/** The four static articles: blogDetails1 … blogDetails4. Anything else is the not-found page. */
const ARTICLE_SLUG = /^blogDetails[1-4]$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!ARTICLE_SLUG.test(params.slug)) notFoundPage();
  const ctx = requestCtx(context);
  const articles = await content.listArticles(ctx);
  const article = articles.find((a) => a.slug === params.slug);
  if (!article) notFoundPage();
  const more = articles
    .filter((a) => a.slug !== article.slug)
    .map(({ slug, title, publishedOn, imageKey }) => ({ slug, title, publishedOn, imageKey }));
  return { article, more, shareUrl: `${ctx.config.publicUrl}/blogs/${article.slug}` };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${shopNameFrom(matches)}` }];
  const { article, shareUrl } = loaderData;
  const image = absoluteImageUrl(matches, article.imageKey, 1200);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishedOn,
    image,
    url: shareUrl,
    keywords: article.tags.join(", "),
    publisher: { "@type": "Organization", name: shopNameFrom(matches) },
  };
  return [
    ...pageMeta(matches, { title: article.title, description: article.excerpt }),
    { property: "og:type", content: "article" },
    { property: "og:url", content: shareUrl },
    { property: "og:image", content: image },
    { property: "article:published_time", content: article.publishedOn },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: shareUrl },
    { "script:ld+json": jsonLd },
  ];
}

/** The networks' marks beside the article's share links (e-mail is not offered here). */
const NETWORK_ICONS: Partial<Record<ShareLink["name"], typeof FacebookIcon>> = {
  Facebook: FacebookIcon,
  Twitter: TwitterIcon,
  LinkedIn: LinkedInIcon,
};

function NetworkIcon({ name }: { name: ShareLink["name"] }) {
  const Icon = NETWORK_ICONS[name];
  return Icon ? <Icon className="h-4 w-4" /> : null;
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { article, more, shareUrl } = loaderData;
  return (
    <>
      <div className="container-page pt-8">
        <Breadcrumb trail={[{ to: "/blogs", label: "Blogs" }]} current={article.title} />

        <article aria-labelledby="article-title">
          <header className="mx-auto mt-8 max-w-3xl text-center">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">
              <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time>
            </p>
            <h1
              id="article-title"
              className="mt-3 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl lg:text-5xl"
            >
              {article.title}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-ink-700">{article.excerpt}</p>
          </header>

          <StoredImage
            imageKey={article.imageKey}
            fallbackWidth={1200}
            sizes="(min-width: 1200px) 1024px, 92vw"
            alt=""
            width={1200}
            height={675}
            fetchPriority="high"
            className="mx-auto mt-10 aspect-video w-full max-w-5xl rounded-3xl bg-ink-50 object-cover shadow-sm"
          />

          <div className="prose-shop mx-auto mt-10 max-w-3xl text-lg">
            {article.body.map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed article never reorder
              <p key={i}>{paragraph}</p>
            ))}
          </div>

          <footer className="mx-auto mt-10 flex max-w-3xl flex-col gap-6 border-t border-ink-100 pt-8 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="mr-1 text-sm font-semibold text-ink-900">Tags:</h2>
              <ul className="flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-ink-100 px-3 py-1 text-sm font-medium text-ink-700">
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-2 min-[420px]:flex-row min-[420px]:items-center">
              <h2 className="mr-1 text-sm font-semibold text-ink-900">Share:</h2>
              <ul className="grid grid-cols-3 gap-2">
                {shareLinks(shareUrl, article.title)
                  .filter((t) => t.name in NETWORK_ICONS)
                  .map((t) => (
                    <li key={t.name}>
                      <a
                        href={t.href}
                        target="_blank"
                        data-window={t.window}
                        rel="noopener noreferrer"
                        className="btn-secondary w-full gap-1.5 px-2.5 py-1.5 text-sm"
                      >
                        <NetworkIcon name={t.name} />
                        {t.name}
                        <span className="sr-only"> (opens in a new window)</span>
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          </footer>
        </article>
      </div>

      {more.length > 0 && (
        <section aria-labelledby="more-articles" className="mt-16 bg-ink-50 py-12">
          <div className="container-page">
            <div className="mb-6 flex items-end justify-between gap-4">
              <h2 id="more-articles" className="section-title">
                More from the blog
              </h2>
              <Link to="/blogs" className="whitespace-nowrap text-sm font-semibold text-accent-700 hover:underline">
                All articles
              </Link>
            </div>
            <ul className="grid gap-6 md:grid-cols-3">
              {more.map((a) => (
                <li key={a.slug}>
                  <Link
                    to={`/blogs/${a.slug}`}
                    className="group block h-full overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                  >
                    <span className="block aspect-video overflow-hidden bg-ink-50">
                      <img
                        src={images.url(a.imageKey, 480)}
                        alt=""
                        width={480}
                        height={270}
                        loading="lazy"
                        decoding="async"
                        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                      />
                    </span>
                    <span className="block p-5">
                      <time dateTime={a.publishedOn} className="block text-sm text-ink-600">
                        {formatDate(a.publishedOn)}
                      </time>
                      <span className="mt-1 block font-bold leading-snug text-ink-900 group-hover:text-accent-700">
                        {a.title}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
