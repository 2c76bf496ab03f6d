import { Link } from "react-router";
import * as content from "../../domain/content/index.ts";
import { formatDate } from "../../domain/shared/dates.ts";
import { Breadcrumb } from "../components/Breadcrumb.tsx";
import { pageMeta, shopNameFrom } from "../lib/meta.ts";
import { orNotFoundPage, requestCtx } from "../lib/request.server.ts";
import type { PageHandle } from "../root.tsx";
import type { Route } from "./+types/help-page";

/** A page of text: served without React's scripts (decision 028). */
export const handle: PageHandle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await orNotFoundPage(content.getHelpPage(requestCtx(context), params.slug));
  const { slug, title, blocks, updatedAt } = page;
  return { slug, title, blocks, updatedAt };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${shopNameFrom(matches)}` }];
  const { title, blocks } = loaderData;
  const first = blocks.find((b) => b.kind === "text");
  return [
    ...pageMeta(matches, {
      title,
      description: first?.text.slice(0, 160) ?? `${title}: ${shopNameFrom(matches)}'s help page.`,
    }),
    // a page the shop has not written yet is not for search engines
    ...(blocks.length ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { title, blocks, updatedAt } = loaderData;
  return (
    <div className="container-page py-8">
      <Breadcrumb trail={[]} current={title} />
      <article className="mx-auto mt-8 max-w-3xl" aria-labelledby="help-title">
        <h1 id="help-title" className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
          {title}
        </h1>
        {updatedAt && (
          <p className="mt-2 text-sm text-ink-600">
            Last updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
          </p>
        )}
        <div className="prose-shop mt-8 text-lg break-words">
          {blocks.length === 0 && (
            <p>
              This page has not been written yet. For any question about it,{" "}
              <Link to="/contact" className="font-semibold text-accent-700 underline">
                contact us
              </Link>{" "}
              and we will answer.
            </p>
          )}
          {blocks.map((block, i) => {
            const key = `${block.kind}-${i}`;
            if (block.kind === "heading")
              return (
                <h2 key={key} className="mb-3 mt-8 text-xl font-bold text-ink-900">
                  {block.text}
                </h2>
              );
            if (block.kind === "list")
              return (
                <ul key={key} className="mb-4 list-disc space-y-1 pl-6 text-ink-700">
                  {block.items.map((item, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items of one saved text never reorder
                    <li key={j}>{item}</li>
                  ))}
                </ul>
              );
            return <p key={key}>{block.text}</p>;
          })}
        </div>
      </article>
    </div>
  );
}
